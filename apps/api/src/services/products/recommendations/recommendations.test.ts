import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cart, orders, reviews } from '@santap/contract';
import type { MenuItem } from '@santap/contract';
import { AuthRequired } from '@santap/api-client';
import { MESSAGE } from '@santap/domain';
import { carts, menuItems } from '../../../db/schema';
import { ENGINES, LUNCHTIME, startTestServer } from '../../../../test/harness';
import type { TestServer } from '../../../../test/harness';
import type { Client } from '../../../../test/journeys';
import { addPlainItem, menuOf } from '../../../../test/journeys';
import { completeByStaff, dineIn, login } from '../../../../test/promotions-kit';
import { refusal } from '../../../../test/refusal';
import { BEST_SELLER_DAYS } from './recommendations';

const KOPITIAM = 'kopitiam-ali';
const DAY = 86_400_000;

type Menu = Awaited<ReturnType<typeof menuOf>>;

/** The dishes of a menu in menu order (category by category), as a diner sees them. */
const inMenuOrder = (menu: Menu) => {
  const byId = new Map(menu.items.map((item) => [item.id, item]));
  return menu.categories.flatMap((category) => category.item_ids.map((id) => byId.get(id)!));
};
const orderable = (item: MenuItem) => item.in_stock && !item.is_voucher;
const ids = (list: { item_id: number }[]) => list.map((entry) => entry.item_id);

describe.each(ENGINES)('recommendations on %s', (engine) => {
  let server: TestServer;
  let menu: Menu;
  /** In-stock dishes without required choices, per category id, in menu order. */
  let plain: Map<number, MenuItem[]>;
  let categoryIds: number[];

  beforeAll(async () => {
    server = await startTestServer(engine);
    menu = await menuOf(server.client(), KOPITIAM);
    categoryIds = menu.categories.map((category) => category.id);
    plain = new Map();
    for (const item of inMenuOrder(menu)) {
      if (!orderable(item) || item.option_groups.some((group) => group.required)) continue;
      plain.set(item.category_id, [...(plain.get(item.category_id) ?? []), item]);
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  /**
   * Each test takes its own dishes, so the orders of one test never show in another's figures:
   * `dish(category, n)` is the n-th plain dish of the category-th category.
   */
  const dish = (category: number, n: number) => {
    const found = plain.get(categoryIds[category]!)?.[n];
    if (!found) throw new Error(`no plain dish ${n} in category ${category}`);
    return found;
  };

  /** A dine-in pay-later order at kopitiam-ali of the given dishes and quantities. */
  async function order(client: Client, lines: [MenuItem, number][], complete: boolean) {
    for (const [item, quantity] of lines) {
      await client.call(cart.cartUpdate, { body: { scope: KOPITIAM, item_id: item.id, quantity } });
    }
    await dineIn(client, KOPITIAM, 5008);
    const placed = await client.call(orders.orderCreate, {
      body: { scope: KOPITIAM, payment_mode: 'pay_later' },
    });
    if (complete) await completeByStaff(server, placed.order_id, KOPITIAM);
    return placed.order_id;
  }

  const setInStock = (item: MenuItem, inStock: boolean) =>
    server.db.database.db.update(menuItems).set({ inStock }).where(eq(menuItems.id, item.id));

  it('no orders yet (coto-makassar) -> the flagged best sellers in menu order, sold 0, none sold out or a voucher', async () => {
    const coto = await menuOf(server.client(), 'coto-makassar');
    const flagged = inMenuOrder(coto).filter((item) => item.best_seller && orderable(item));
    expect(flagged.length).toBeGreaterThan(0);
    const reply = await server
      .client()
      .call(reviews.bestSellers, { query: { restaurant_id: 'coto-makassar', limit: 20 } });
    expect(reply).toEqual({
      restaurant_id: coto.restaurant_id,
      days: BEST_SELLER_DAYS,
      items: flagged.map((item) => ({ item_id: item.id, sold: 0 })),
    });
  });

  it('completed orders -> best sellers by quantity sold; running, old and sold-out dishes left out; flags fill the rest', async () => {
    const [top, second, running, old] = [dish(2, 0), dish(2, 1), dish(2, 2), dish(3, 0)];
    const diner = server.client();
    await order(diner, [[top, 3]], true);
    await order(
      diner,
      [
        [second, 1],
        [top, 1],
      ],
      true,
    );
    await order(diner, [[running, 9]], false);
    // Completed 40 days ago: outside the window.
    server.clock.set(new Date(Date.parse(LUNCHTIME) - 40 * DAY));
    await order(server.client(), [[old, 9]], true);
    server.clock.set(LUNCHTIME);

    const flagged = inMenuOrder(menu)
      .filter((item) => item.best_seller && orderable(item))
      .map((item) => ({ item_id: item.id, sold: 0 }));
    const reply = await server
      .client()
      .call(reviews.bestSellers, { query: { restaurant_id: KOPITIAM, limit: 20 } });
    expect(reply.items).toEqual([{ item_id: top.id, sold: 4 }, { item_id: second.id, sold: 1 }, ...flagged]);

    // Sold out now: gone from the list (another limit, so not the reply cached a moment ago).
    await setInStock(top, false);
    const soldOut = await server
      .client()
      .call(reviews.bestSellers, { query: { restaurant_id: 1001, limit: 2 } });
    expect(soldOut.items).toEqual([{ item_id: second.id, sold: 1 }, flagged[0]]);
    await setInStock(top, true);
  });

  it("repeat items -> the caller's own dishes at this restaurant, latest first; cancelled, sold out and others' left out", async () => {
    const [first, later, cancelled, soldOut] = [dish(1, 0), dish(1, 1), dish(1, 2), dish(1, 3)];
    const { client } = await login(server);
    await order(client, [[first, 1]], true);
    server.clock.advance(3600);
    await order(
      client,
      [
        [first, 2],
        [soldOut, 1],
      ],
      true,
    );
    server.clock.advance(3600);
    await order(client, [[later, 1]], false);
    const toCancel = await order(client, [[cancelled, 1]], false);
    await client.call(orders.orderCancel, { body: { order_id: toCancel } });
    await setInStock(soldOut, false);
    server.clock.set(LUNCHTIME);

    const reply = await client.call(reviews.repeatItems, { query: { restaurant_id: KOPITIAM } });
    expect(reply.items.map((item) => [item.item_id, item.times_ordered])).toEqual([
      [later.id, 1],
      [first.id, 2],
    ]);
    expect(reply.items[0]!.last_ordered_epoch).toBe(Date.parse(LUNCHTIME) / 1000 + 7200);
    await setInStock(soldOut, true);

    // Nothing ordered at coto-makassar; another diner has no history; no login -> go to login.
    expect(
      (await client.call(reviews.repeatItems, { query: { restaurant_id: 'coto-makassar' } })).items,
    ).toEqual([]);
    const other = await login(server);
    expect(
      (await other.client.call(reviews.repeatItems, { query: { restaurant_id: KOPITIAM } })).items,
    ).toEqual([]);
    expect(
      await refusal(server.client().call(reviews.repeatItems, { query: { restaurant_id: KOPITIAM } })),
    ).toBeInstanceOf(AuthRequired);
  });

  it('frequently bought with -> dishes by orders shared (cancelled orders ignored), then one lead dish per other category', async () => {
    const [base, often, once, never] = [dish(0, 0), dish(4, 0), dish(3, 1), dish(1, 4)];
    const diner = server.client();
    await order(
      diner,
      [
        [base, 1],
        [often, 1],
      ],
      true,
    );
    await order(
      diner,
      [
        [base, 1],
        [often, 2],
      ],
      false,
    );
    await order(
      diner,
      [
        [base, 1],
        [once, 1],
      ],
      true,
    );
    const cancelled = await order(
      diner,
      [
        [base, 1],
        [never, 1],
      ],
      false,
    );
    await diner.call(orders.orderCancel, { body: { order_id: cancelled } });

    const reply = await server.client().call(reviews.frequentlyBoughtWith, {
      query: { restaurant_id: KOPITIAM, item_id: base.id, limit: 20 },
    });
    expect(reply.items.slice(0, 2)).toEqual([
      { item_id: often.id, together: 2 },
      { item_id: once.id, together: 1 },
    ]);
    const filled = reply.items.slice(2);
    expect(filled.every((item) => item.together === 0)).toBe(true);
    expect(ids(filled)).not.toContain(never.id);
    // One dish per category other than the base dish's own, starting after it; vouchers never.
    const categoryOf = new Map(menu.items.map((item) => [item.id, item.category_id]));
    const fillCategories = ids(filled).map((id) => categoryOf.get(id));
    expect(fillCategories).not.toContain(base.category_id);
    expect(new Set(fillCategories).size).toBe(fillCategories.length);
    expect(fillCategories[0]).toBe(categoryIds[1]);
    const byId = new Map(menu.items.map((item) => [item.id, item]));
    expect(reply.items.every((item) => orderable(byId.get(item.item_id)!))).toBe(true);

    // Limit 1 -> only the most frequent; a dish of another restaurant -> 404.
    expect(
      (
        await server.client().call(reviews.frequentlyBoughtWith, {
          query: { restaurant_id: KOPITIAM, item_id: base.id, limit: 1 },
        })
      ).items,
    ).toEqual([{ item_id: often.id, together: 2 }]);
    const warung = await menuOf(server.client(), 'warung-sari');
    expect(
      await refusal(
        server.client().call(reviews.frequentlyBoughtWith, {
          query: { restaurant_id: KOPITIAM, item_id: warung.items[0]!.id },
        }),
      ),
    ).toMatchObject({ statusCode: 404, code: MESSAGE.notFound });
  });

  it("complete your cart -> a lead dish from each category the cart lacks, those ordered with the cart's dishes first", async () => {
    const [main, drink, dessert] = [dish(0, 1), dish(4, 1), dish(3, 2)];
    const history = server.client();
    await order(
      history,
      [
        [main, 1],
        [drink, 5],
      ],
      true,
    );
    await order(
      history,
      [
        [main, 1],
        [drink, 5],
      ],
      true,
    );
    await order(
      history,
      [
        [main, 1],
        [dessert, 1],
      ],
      true,
    );

    const diner = server.client();
    const empty = await diner.call(reviews.completeYourCart, { query: { scope: KOPITIAM } });
    expect(empty).toEqual({ scope: KOPITIAM, items: [] });

    await diner.call(cart.cartUpdate, { body: { scope: KOPITIAM, item_id: main.id, quantity: 1 } });
    const reply = await diner.call(reviews.completeYourCart, { query: { scope: KOPITIAM, limit: 20 } });
    const byId = new Map(menu.items.map((item) => [item.id, item]));
    expect(reply.items.map((item) => item.category_id)).toEqual([
      drink.category_id,
      dessert.category_id,
      // The rest in menu order; the cart's own category and the vouchers-only one never.
      ...categoryIds.filter(
        (id) =>
          id !== main.category_id &&
          id !== drink.category_id &&
          id !== dessert.category_id &&
          menu.items.some((item) => item.category_id === id && orderable(item)),
      ),
    ]);
    // The drink most sold is the drinks' lead dish.
    expect(reply.items[0]).toEqual({
      item_id: drink.id,
      restaurant_id: 1001,
      category_id: drink.category_id,
    });
    expect(reply.items.every((item) => orderable(byId.get(item.item_id)!))).toBe(true);
    const limited = await diner.call(reviews.completeYourCart, { query: { scope: KOPITIAM, limit: 1 } });
    expect(ids(limited.items)).toEqual([drink.id]);
  });

  it.each([KOPITIAM, 'mall-demo'])(
    'complete your cart for a token without a cart (%s) -> no dishes, as for an empty cart, and no cart saved',
    async (scope) => {
      const browser = server.client();
      const reply = await browser.call(reviews.completeYourCart, { query: { scope, limit: 20 } });
      expect(reply).toEqual({ scope, items: [] });
      expect(
        await server.db.database.db
          .select({ id: carts.id })
          .from(carts)
          .where(eq(carts.token, browser.cartToken)),
      ).toEqual([]);

      const emptied = server.client();
      await addPlainItem(emptied, scope, scope === 'mall-demo' ? 1011 : scope);
      await emptied.call(cart.cartClear, { body: { scope } });
      expect(await emptied.call(reviews.completeYourCart, { query: { scope, limit: 20 } })).toEqual(reply);
    },
  );

  it('complete your cart at a food court -> dishes for each outlet in the cart', async () => {
    const diner = server.client();
    await addPlainItem(diner, 'mall-demo', 1011);
    await addPlainItem(diner, 'mall-demo', 1013);
    const reply = await diner.call(reviews.completeYourCart, { query: { scope: 'mall-demo', limit: 20 } });
    expect(new Set(reply.items.map((item) => item.restaurant_id))).toEqual(new Set([1011, 1013]));
  });

  it('unknown restaurant -> 404; limit 0 or 21 -> 400', async () => {
    const client = server.client();
    expect(
      await refusal(client.call(reviews.bestSellers, { query: { restaurant_id: 'no-such-place' } })),
    ).toMatchObject({ statusCode: 404 });
    for (const limit of [0, 21]) {
      expect(
        await refusal(client.call(reviews.bestSellers, { query: { restaurant_id: KOPITIAM, limit } })),
      ).toMatchObject({ statusCode: 400, code: MESSAGE.invalidInput });
    }
  });
});
