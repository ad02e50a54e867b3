import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cart, orders, staff } from '@santap/contract';
import { MESSAGE } from '@santap/domain';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { refusal } from '../../test/refusal';
import { menuOf, plainItem, scanTable } from '../../test/journeys';
import type { Client } from '../../test/journeys';
import { menuItems, restaurants } from '../db/schema';
import { MENU_PUBLISH_LEASE_MS, publishMenuChange } from '../services/flows/staff/menu';

describe.each(ENGINES)('staff menu edit on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function login(username: string, password = 'santap-demo') {
    const session = await server.client().call(staff.staffLogin, { body: { username, password } });
    return server.client({ authToken: session.token });
  }

  /** A diner at kopitiam-ali table T3 with one plain dish in the cart, ready to order (pay later). */
  async function dinerReady(): Promise<{ diner: Client; itemId: number; price: number }> {
    const diner = server.client();
    const item = plainItem((await menuOf(diner, 'kopitiam-ali')).items);
    await diner.call(cart.cartUpdate, { body: { scope: 'kopitiam-ali', item_id: item.id, quantity: 1 } });
    await scanTable(diner, 1001, 5003);
    await diner.call(cart.cartDetails, {
      body: { scope: 'kopitiam-ali', context: { orderType: 1, tableId: 5003 } },
    });
    return { diner, itemId: item.id, price: item.price };
  }

  const create = (diner: Client, extra: { accept_prices?: boolean } = {}) =>
    diner.call(orders.orderCreate, { body: { scope: 'kopitiam-ali', payment_mode: 'pay_later', ...extra } });

  const cartLines = async (diner: Client) =>
    (await diner.call(cart.cartGet, { query: { scope: 'kopitiam-ali' } })).items;

  it('the staff menu: every category and dish of the restaurant with names in en/id/my; kitchen reads it; server 403', async () => {
    const manager = await login('kopitiam-ali-manager');
    const menu = await manager.call(staff.staffMenu, {});
    const diners = await menuOf(server.client(), 'kopitiam-ali');
    expect(menu.currency).toBe('MYR');
    expect(menu.categories.map((category) => category.id)).toEqual(diners.categories.map((c) => c.id));
    expect(menu.items.map((item) => item.id)).toEqual(diners.items.map((item) => item.id));
    const roti = menu.items.find((item) => item.names.en === 'Roti Canai')!;
    expect(roti.names.my).not.toBe('');
    expect(roti.order_types).toEqual([1, 2, 3]);
    expect((await (await login('kopitiam-ali-kitchen')).call(staff.staffMenu, {})).items).toHaveLength(
      menu.items.length,
    );
    const owner = await login('kopitiam-ali-manager');
    await owner.call(staff.staffCreateAccount, {
      body: { username: 'ali-floor-menu', password: 'floor-pass-1', role: 'server' },
    });
    const floor = await login('ali-floor-menu', 'floor-pass-1');
    expect(await refusal(floor.call(staff.staffMenu, {}))).toMatchObject({ statusCode: 403 });
  });

  it("a manager's edit (price, names trimmed, category, order types) shows in the diner's menu at once", async () => {
    const manager = await login('kopitiam-ali-manager');
    const diner = server.client();
    const before = await menuOf(diner, 'kopitiam-ali'); // fills this instance's menu cache
    const dish = before.items.find((item) => item.name === 'Teh Tarik')!;
    const otherCategory = before.categories.find((category) => category.id !== dish.category_id)!;
    const edited = await manager.call(staff.staffUpdateItem, {
      params: { itemId: dish.id },
      body: {
        price: dish.price + 50,
        names: { en: '  Teh Tarik Special ', id: 'Teh Tarik Spesial', my: 'Teh Tarik Istimewa' },
        category_id: otherCategory.id,
        order_types: [1, 3],
      },
    });
    expect(edited).toMatchObject({
      id: dish.id,
      price: dish.price + 50,
      names: { en: 'Teh Tarik Special', id: 'Teh Tarik Spesial', my: 'Teh Tarik Istimewa' },
      category_id: otherCategory.id,
      order_types: [1, 3],
    });
    const after = await menuOf(diner, 'kopitiam-ali');
    expect(after.items.find((item) => item.id === dish.id)).toMatchObject({
      name: 'Teh Tarik Special',
      price: dish.price + 50,
      category_id: otherCategory.id,
      order_types: [1, 3],
    });
    const malay = await menuOf(server.client({ language: 'my' }), 'kopitiam-ali');
    expect(malay.items.find((item) => item.id === dish.id)?.name).toBe('Teh Tarik Istimewa');
    // The lease of the publish is gone once it committed.
    const [row] = await server.app.santap.db
      .select({ until: restaurants.menuPublishingUntil })
      .from(restaurants)
      .where(eq(restaurants.id, 1001));
    expect(row?.until).toBeNull();
  });

  it('bad input is 400; another restaurant’s dish or category 404; kitchen 403', async () => {
    const manager = await login('kopitiam-ali-manager');
    const own = (await manager.call(staff.staffMenu, {})).items[0]!;
    const other = await menuOf(server.client(), 'warung-sari');
    const bad = [
      { price: 0 },
      { price: -100 },
      { price: 12.5 },
      { price: 100_000_001 },
      { names: { en: '   ', id: 'a', my: 'a' } },
      { names: { en: 'x'.repeat(121), id: 'a', my: 'a' } },
      { names: { en: 'Only English' } },
      { order_types: [] },
      { order_types: [4] },
      { order_types: [1, 1] },
      { category_id: 0 },
    ];
    for (const body of bad) {
      const error = await refusal(
        manager.call(staff.staffUpdateItem, { params: { itemId: own.id }, body: body as never }),
      );
      expect(error.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      await refusal(
        manager.call(staff.staffUpdateItem, { params: { itemId: other.items[0]!.id }, body: { price: 100 } }),
      ),
    ).toMatchObject({ statusCode: 404 });
    expect(
      await refusal(
        manager.call(staff.staffUpdateItem, {
          params: { itemId: own.id },
          body: { category_id: other.categories[0]!.id },
        }),
      ),
    ).toMatchObject({ statusCode: 404 });
    const kitchen = await login('kopitiam-ali-kitchen');
    expect(
      await refusal(
        kitchen.call(staff.staffUpdateItem, { params: { itemId: own.id }, body: { price: 100 } }),
      ),
    ).toMatchObject({ statusCode: 403 });
    // Nothing changed, and no refused edit left the menu "being updated".
    const [row] = await server.app.santap.db.select().from(menuItems).where(eq(menuItems.id, own.id));
    expect(row?.price).toBe(own.price);
    const [place] = await server.app.santap.db.select().from(restaurants).where(eq(restaurants.id, 1001));
    expect(place?.menuPublishingUntil).toBeNull();
  });

  it("a price changed since the dish went into the cart: 'Price Warning' at checkout, the cart kept; accepted -> ordered at the new price", async () => {
    const manager = await login('kopitiam-ali-manager');
    const { diner, itemId, price } = await dinerReady();
    await manager.call(staff.staffUpdateItem, { params: { itemId }, body: { price: price + 100 } });
    const details = await diner.call(cart.cartGet, { query: { scope: 'kopitiam-ali' } });
    expect(details.warnings).toContain(MESSAGE.priceWarning);
    expect(await refusal(create(diner))).toMatchObject({ code: MESSAGE.priceWarning });
    expect(await cartLines(diner)).toHaveLength(1);
    const placed = await create(diner, { accept_prices: true });
    expect(placed.amount).toBeGreaterThanOrEqual(price + 100);
    await manager.call(staff.staffUpdateItem, { params: { itemId }, body: { price } });
  });

  it("a dish taken off dine-in: the dine-in cart marks it unavailable and order create is 'Items not available'", async () => {
    const manager = await login('kopitiam-ali-manager');
    const { diner, itemId } = await dinerReady();
    await manager.call(staff.staffUpdateItem, { params: { itemId }, body: { order_types: [2, 3] } });
    // The cart says so before checkout: the line is unavailable, with the warning.
    const details = await diner.call(cart.cartGet, { query: { scope: 'kopitiam-ali' } });
    expect(details.warnings).toContain(MESSAGE.itemsNotAvailable);
    expect(details.items.find((line) => line.item_id === itemId)?.available).toBe(false);
    expect(await refusal(create(diner))).toMatchObject({ code: MESSAGE.itemsNotAvailable });
    await manager.call(staff.staffUpdateItem, { params: { itemId }, body: { order_types: [1, 2, 3] } });
    await expect(create(diner)).resolves.toHaveProperty('order_id');
  });

  it("while a menu change is being published: order create is 'Menu items are being updated' and the cart is kept; a second publish is refused; after it, the order goes through", async () => {
    const manager = await login('kopitiam-ali-manager');
    const { diner, itemId } = await dinerReady();
    const ctx = server.app.santap;
    // The state a publish commits first (its claim), as an import or an edit holds it.
    await ctx.db
      .update(restaurants)
      .set({ menuPublishingUntil: new Date(ctx.now().getTime() + MENU_PUBLISH_LEASE_MS) })
      .where(eq(restaurants.id, 1001));
    const refused = await refusal(create(diner));
    expect(refused).toMatchObject({ statusCode: 422, code: MESSAGE.menuBeingUpdated });
    expect(refused.message).toBe('Menu items are being updated, please try again later');
    expect((await cartLines(diner)).map((line) => line.item_id)).toEqual([itemId]);
    expect(
      await refusal(manager.call(staff.staffUpdateItem, { params: { itemId }, body: { price: 990 } })),
    ).toMatchObject({ code: MESSAGE.menuBeingUpdated });
    // A publisher that died: its lease lapses and orders go on.
    server.clock.advance(MENU_PUBLISH_LEASE_MS / 1000 + 1);
    await expect(create(diner)).resolves.toHaveProperty('order_id');
  });

  it('publishMenuChange holds the lease (committed) while its change is applied and clears it with the change; a failed change clears it too', async () => {
    const ctx = server.app.santap;
    const diner = engine === 'postgres' ? (await dinerReady()).diner : undefined;
    const seen = await publishMenuChange(ctx, 1001, async (tx) => {
      const [row] = await tx
        .select({ until: restaurants.menuPublishingUntil })
        .from(restaurants)
        .where(eq(restaurants.id, 1001));
      // On PostgreSQL another connection can order meanwhile: it is told the menu is being updated.
      // (PGlite runs one transaction at a time: a create waits for the publish and then goes ahead.)
      const during = diner ? await refusal(create(diner)) : undefined;
      return { until: row?.until, code: during?.code };
    });
    expect(seen.until).toBeInstanceOf(Date);
    if (diner) expect(seen.code).toBe(MESSAGE.menuBeingUpdated);
    await expect(
      publishMenuChange(ctx, 1001, () => Promise.reject(new Error('import row 3 is wrong'))),
    ).rejects.toThrow('import row 3');
    const [row] = await ctx.db
      .select({ until: restaurants.menuPublishingUntil })
      .from(restaurants)
      .where(eq(restaurants.id, 1001));
    expect(row?.until).toBeNull();
    if (diner) await expect(create(diner)).resolves.toHaveProperty('order_id');
  });
});
