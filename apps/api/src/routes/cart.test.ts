import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cart } from '@santap/contract';
import { carts, menuItems } from '../db/schema';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { refusal } from '../../test/refusal';
import { addPlainItem, menuOf } from '../../test/journeys';

describe.each(ENGINES)('cart calls on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  const cartOf = (client: ReturnType<TestServer['client']>, scope: string) =>
    client.call(cart.cartGet, { query: { scope } });

  it('a delivery address as long as a saved one can be -> kept whole; longer than any -> refused', async () => {
    const browser = server.client();
    await addPlainItem(browser, 'kopitiam-ali');
    // A saved address at its limits: apartment, street and landmark 200, city 100, a postcode.
    const address = {
      line: `${'A'.repeat(200)}, ${'S'.repeat(200)}, 59100 ${'K'.repeat(100)}`,
      house: 'A'.repeat(200),
      landmark: 'L'.repeat(200),
      city: 'K'.repeat(100),
      location: [101.6711, 3.1466] as [number, number],
    };
    const saved = await browser.call(cart.cartDetails, {
      body: { scope: 'kopitiam-ali', context: { orderType: 2 }, address },
    });
    expect(saved.context.address).toEqual(address);
    const refused = await refusal(
      browser.call(cart.cartDetails, {
        body: {
          scope: 'kopitiam-ali',
          context: { orderType: 2 },
          address: { ...address, line: 'x'.repeat(601) },
        },
      }),
    );
    expect(refused.statusCode).toBe(400);
  });

  it('reading the cart of a token without one -> an empty cart for that token, and no cart saved until its first change', async () => {
    const browser = server.client();
    const savedCarts = () =>
      server.db.database.db.select({ id: carts.id }).from(carts).where(eq(carts.token, browser.cartToken));
    const empty = await cartOf(browser, 'warung-sari');
    expect(empty).toMatchObject({
      scope: 'warung-sari',
      currency: 'IDR',
      context: {},
      special_note: null,
      discount_code: null,
      items: [],
      item_count: 0,
      warnings: [],
      locked: false,
    });
    expect(await savedCarts()).toHaveLength(0);

    const item = await addPlainItem(browser, 'warung-sari');
    expect(await savedCarts()).toHaveLength(1);
    expect((await cartOf(browser, 'warung-sari')).items.map((line) => line.item_id)).toEqual([item.id]);
  });

  it.each(['kopitiam-ali', 'mall-demo'])(
    'the bill and the out-of-stock list of a token without a cart (%s) -> the replies of an empty cart, and no cart saved',
    async (scope) => {
      const browser = server.client();
      const savedCarts = () =>
        server.db.database.db.select({ id: carts.id }).from(carts).where(eq(carts.token, browser.cartToken));
      const bill = await browser.call(cart.cartBill, { query: { scope } });
      expect(await savedCarts()).toHaveLength(0);
      const outOfStock = await browser.call(cart.foodCourtOutOfStock, { query: { scope } });
      expect(await savedCarts()).toHaveLength(0);

      // The same calls for a saved cart that is empty (a dish added, then the cart cleared).
      const emptied = server.client();
      await addPlainItem(emptied, scope, scope === 'mall-demo' ? 1011 : scope);
      await emptied.call(cart.cartClear, { body: { scope } });
      expect(bill).toEqual(await emptied.call(cart.cartBill, { query: { scope } }));
      expect(outOfStock).toEqual(await emptied.call(cart.foodCourtOutOfStock, { query: { scope } }));
      expect(outOfStock).toEqual({ items: [] });
      expect(bill.bill).toMatchObject({ currency: 'MYR', subtotal: 0, total: 0 });
      expect(bill.by_restaurant.map((outlet) => outlet.restaurant_id)).toEqual(
        scope === 'mall-demo' ? [] : [1001],
      );
    },
  );

  it("special note 'No chilli, please' -> on the cart; blank -> null; another cart token's note stays its own", async () => {
    const diner = server.client();
    await addPlainItem(diner, 'kopitiam-ali');
    const noted = await diner.call(cart.cartSpecialNote, {
      body: { scope: 'kopitiam-ali', special_note: '  No chilli, please ' },
    });
    expect(noted.special_note).toBe('No chilli, please');
    expect(noted.items).toHaveLength(1);
    expect((await cartOf(diner, 'kopitiam-ali')).special_note).toBe('No chilli, please');

    const stranger = server.client();
    expect((await cartOf(stranger, 'kopitiam-ali')).special_note).toBeNull();
    const theirs = await stranger.call(cart.cartSpecialNote, {
      body: { scope: 'kopitiam-ali', special_note: 'Extra spicy' },
    });
    expect(theirs.special_note).toBe('Extra spicy');
    expect((await cartOf(diner, 'kopitiam-ali')).special_note).toBe('No chilli, please');

    const cleared = await diner.call(cart.cartSpecialNote, {
      body: { scope: 'kopitiam-ali', special_note: '   ' },
    });
    expect(cleared.special_note).toBeNull();
  });

  it('special note over 500 characters -> 400 envelope, the earlier note kept', async () => {
    const diner = server.client();
    await diner.call(cart.cartSpecialNote, { body: { scope: 'kopitiam-ali', special_note: 'Less ice' } });
    const response = await fetch(`${server.baseUrl}/api/orders/cart/update_special_note.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cart-token': diner.cartToken },
      body: JSON.stringify({ scope: 'kopitiam-ali', special_note: 'x'.repeat(501) }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 0, statusCode: 400 });
    expect((await cartOf(diner, 'kopitiam-ali')).special_note).toBe('Less ice');
  });

  it("line notes 'less sugar' -> on that line only; another cart token's line id -> 404, notes unchanged", async () => {
    const diner = server.client();
    const { items } = await menuOf(diner, 'kopitiam-ali');
    const [first, second] = items.filter(
      (i) => i.in_stock && !i.is_voucher && i.option_groups.every((g) => !g.required),
    );
    await diner.call(cart.cartUpdate, { body: { scope: 'kopitiam-ali', item_id: first!.id, quantity: 1 } });
    const before = await diner.call(cart.cartUpdate, {
      body: { scope: 'kopitiam-ali', item_id: second!.id, quantity: 1 },
    });
    const line = before.items.find((l) => l.item_id === second!.id)!;
    const view = await diner.call(cart.cartNotes, {
      body: { scope: 'kopitiam-ali', cart_item_id: line.cart_item_id, notes: ' less sugar ' },
    });
    expect(view.items.find((l) => l.cart_item_id === line.cart_item_id)?.notes).toBe('less sugar');
    expect(view.items.find((l) => l.item_id === first!.id)?.notes).toBeNull();

    const stranger = server.client();
    await addPlainItem(stranger, 'kopitiam-ali');
    const refused = await refusal(
      stranger.call(cart.cartNotes, {
        body: { scope: 'kopitiam-ali', cart_item_id: line.cart_item_id, notes: 'hacked' },
      }),
    );
    expect(refused.statusCode).toBe(404);
    expect(refused.code).toBe('errors.notFound');
    const after = await cartOf(diner, 'kopitiam-ali');
    expect(after.items.find((l) => l.cart_item_id === line.cart_item_id)?.notes).toBe('less sugar');
    expect((await cartOf(stranger, 'kopitiam-ali')).items.every((l) => l.notes === null)).toBe(true);
  });

  it('clear cart -> no lines, no note, no discount code; a second cart token clearing its own leaves this one', async () => {
    const diner = server.client();
    await addPlainItem(diner, 'kopitiam-ali', 'kopitiam-ali', 4);
    await diner.call(cart.cartSpecialNote, { body: { scope: 'kopitiam-ali', special_note: 'Window seat' } });
    const discounted = await diner.call(cart.cartDiscount, {
      body: { scope: 'kopitiam-ali', discount_code: 'WELCOME10' },
    });
    expect(discounted.discount_code).toBe('WELCOME10');

    const stranger = server.client();
    await addPlainItem(stranger, 'kopitiam-ali');
    const theirs = await stranger.call(cart.cartClear, { body: { scope: 'kopitiam-ali' } });
    expect(theirs.items).toEqual([]);
    const untouched = await cartOf(diner, 'kopitiam-ali');
    expect(untouched.item_count).toBe(4);
    expect(untouched.special_note).toBe('Window seat');

    const cleared = await diner.call(cart.cartClear, { body: { scope: 'kopitiam-ali' } });
    expect(cleared).toMatchObject({
      scope: 'kopitiam-ali',
      items: [],
      item_count: 0,
      special_note: null,
      discount_code: null,
      warnings: [],
    });
    expect((await cartOf(diner, 'kopitiam-ali')).items).toEqual([]);
  });

  it('food-court cart, one outlet dish out of stock -> only that line listed; another cart token sees none', async () => {
    const diner = server.client();
    const kept = await addPlainItem(diner, 'mall-demo', 1011);
    const gone = await addPlainItem(diner, 'mall-demo', 1013);
    expect((await diner.call(cart.foodCourtOutOfStock, { query: { scope: 'mall-demo' } })).items).toEqual([]);
    const stranger = server.client();
    await addPlainItem(stranger, 'mall-demo', 1014);
    await server.app.santap.db.update(menuItems).set({ inStock: false }).where(eq(menuItems.id, gone.id));
    try {
      const view = await cartOf(diner, 'mall-demo');
      const goneLine = view.items.find((l) => l.item_id === gone.id)!;
      expect(goneLine.available).toBe(false);
      expect(view.items.find((l) => l.item_id === kept.id)?.available).toBe(true);
      const reply = await diner.call(cart.foodCourtOutOfStock, { query: { scope: 'mall-demo' } });
      expect(reply.items).toEqual([
        { cart_item_id: goneLine.cart_item_id, item_id: gone.id, restaurant_id: 1013, name: gone.name },
      ]);
      expect(
        (await stranger.call(cart.foodCourtOutOfStock, { query: { scope: 'mall-demo' } })).items,
      ).toEqual([]);
    } finally {
      await server.app.santap.db.update(menuItems).set({ inStock: true }).where(eq(menuItems.id, gone.id));
    }
  });

  it("food-court slot on a Monday -> taken for Nasi Lemak's lines; refused once Char Kway Teow (closed Mondays) is in the cart", async () => {
    const diner = server.client();
    // Monday 23 Nov 2026, 14:00 in Kuala Lumpur: the test clock's day, two hours on.
    const context = {
      orderType: 3,
      orderTime: 'SCHEDULED',
      epoch: Date.parse('2026-11-23T06:00:00Z') / 1000,
    } as const;
    const setSlot = () => diner.call(cart.cartDetails, { body: { scope: 'mall-demo', context } });
    expect((await setSlot()).context).toMatchObject({ orderTime: 'SCHEDULED', epoch: context.epoch });
    await addPlainItem(diner, 'mall-demo', 1011);
    expect((await setSlot()).context).toMatchObject({ orderTime: 'SCHEDULED', epoch: context.epoch });
    await addPlainItem(diner, 'mall-demo', 1012);
    const refused = await refusal(setSlot());
    expect(refused.statusCode).toBe(422);
    expect(refused.code).toBe('errors.invalidSlot');
  });

  it('out-of-stock list for an unknown mall -> 404, never a 500', async () => {
    const refused = await refusal(
      server.client().call(cart.foodCourtOutOfStock, { query: { scope: 'no-such-mall' } }),
    );
    expect(refused.statusCode).toBe(404);
  });
});
