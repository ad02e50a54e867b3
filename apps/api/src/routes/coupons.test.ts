import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, or } from 'drizzle-orm';
import { cart, orders, promotions } from '@santap/contract';
import { AuthRequired } from '@santap/api-client';
import { MESSAGE } from '@santap/domain';
import { carts, couponRedemptions, orders as orderTable } from '../db/schema';
import { ENGINES, LUNCHTIME, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import type { Client } from '../../test/journeys';
import { addFood, couponRow, dineIn, insertCoupon, login, orderRow, pickup } from '../../test/promotions-kit';
import { refusal } from '../../test/refusal';

const DAY = 24 * 60 * 60 * 1000;
const KOPITIAM = 'kopitiam-ali';

describe.each(ENGINES)('coupons on %s', (engine) => {
  let server: TestServer;
  let week = 0;

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });
  // Every case starts on a later Monday at 12:00 in Kuala Lumpur: OTP rate limits start afresh and the
  // recurring-hours coupons see a known weekday.
  beforeEach(() => {
    week += 1;
    server.clock.set(new Date(Date.parse(LUNCHTIME) + week * 7 * DAY));
  });

  const now = () => server.clock.now().getTime();
  const apply = (client: Client, scope: string, code: string | null) =>
    client.call(cart.cartDiscount, { body: { scope, discount_code: code } });
  const couponIn = async (client: Client, scope: string, code: string) =>
    (await client.call(promotions.couponsList, { query: { scope } })).coupons.find((c) => c.code === code)!;
  const billOf = (client: Client, scope: string) => client.call(cart.cartBill, { query: { scope } });
  const lineOf = (bill: { lines: { key: string; amount: number }[] }, key: string) =>
    bill.lines.find((line) => line.key === key)?.amount ?? 0;
  const create = (client: Client, scope: string, payment_mode: 'online' | 'pay_later' = 'online') =>
    client.call(orders.orderCreate, { body: { scope, payment_mode } });

  /** A client as a guest or a newly logged-in diner, and the carts saved for its token or its user. */
  const diner = async (loggedIn: boolean) => {
    const { client, userId } = loggedIn ? await login(server) : { client: server.client(), userId: null };
    const savedCarts = () =>
      server.db.database.db
        .select({ id: carts.id })
        .from(carts)
        .where(
          userId === null
            ? eq(carts.token, client.cartToken)
            : or(eq(carts.token, client.cartToken), eq(carts.userId, userId)),
        );
    return { client, savedCarts };
  };
  /** A client whose saved cart at `scope` had a dish and was then cleared. */
  const emptiedCart = async (scope: string, loggedIn: boolean) => {
    const { client } = await diner(loggedIn);
    await addFood(client, scope, scope === 'mall-demo' ? 1011 : scope, 1);
    await client.call(cart.cartClear, { body: { scope } });
    return client;
  };

  it.each([
    [KOPITIAM, false],
    ['mall-demo', false],
    [KOPITIAM, true],
    ['mall-demo', true],
  ])(
    'coupons list of %s for a token without a cart (logged in: %s) -> the reply of an emptied cart, and no cart saved',
    async (scope, loggedIn) => {
      const { client, savedCarts } = await diner(loggedIn);
      const reply = await client.call(promotions.couponsList, { query: { scope } });
      expect(await savedCarts()).toEqual([]);

      const emptied = await emptiedCart(scope, loggedIn);
      expect(reply).toEqual(await emptied.call(promotions.couponsList, { query: { scope } }));
      const minOrder = reply.coupons.find(
        (c) => c.code === (scope === KOPITIAM ? 'WELCOME10' : 'FOODCOURT10'),
      );
      expect(minOrder).toMatchObject({
        usable: false,
        reason_key: MESSAGE.couponMinOrder,
        applied: false,
        discount_amount: 0,
      });
    },
  );

  it.each([false, true])(
    'food-court active coupons for a token without a cart (logged in: %s) -> the reply of an emptied cart, and no cart saved',
    async (loggedIn) => {
      const { client, savedCarts } = await diner(loggedIn);
      const query = { mall: 'mall-demo' };
      const reply = await client.call(promotions.foodCourtCouponsActive, { query });
      expect(await savedCarts()).toEqual([]);

      const emptied = await emptiedCart('mall-demo', loggedIn);
      expect(reply).toEqual(await emptied.call(promotions.foodCourtCouponsActive, { query }));
      expect(reply).toMatchObject({ mall: 'mall-demo', mall_coupon: null, applied: [] });
      expect(reply.bill).toMatchObject({ subtotal: 0, total: 0 });
      expect(reply.coupons.map((c) => c.code)).toEqual(expect.arrayContaining(['FOODCOURT10', 'SAMBAL2']));
    },
  );

  it('WELCOME10 under RM 20 -> minimum order with the amount, listed as not usable; from RM 20 -> 10% off; null removes', async () => {
    const client = server.client();
    await addFood(client, KOPITIAM, KOPITIAM, 1);
    await dineIn(client, KOPITIAM, 5003);
    const refused = await refusal(apply(client, KOPITIAM, 'welcome10'));
    expect(refused).toMatchObject({ code: MESSAGE.couponMinOrder, statusCode: 422 });
    expect(refused.message).toBe("Your order hasn't reached the minimum amount of RM 20.00 for this coupon");
    expect(await couponIn(client, KOPITIAM, 'WELCOME10')).toMatchObject({
      usable: false,
      reason_key: MESSAGE.couponMinOrder,
      applied: false,
      discount_amount: 0,
    });

    await addFood(client, KOPITIAM, KOPITIAM, 2000);
    const view = await apply(client, KOPITIAM, 'welcome10');
    expect(view.discount_code).toBe('WELCOME10');
    const { bill } = await billOf(client, KOPITIAM);
    const expected = Math.min(Math.floor(bill.subtotal / 10), 1000);
    expect(lineOf(bill, 'bill.discount.coupon')).toBe(-expected);
    expect(await couponIn(client, KOPITIAM, 'WELCOME10')).toMatchObject({
      usable: true,
      applied: true,
      discount_amount: expected,
    });

    expect((await apply(client, KOPITIAM, null)).discount_code).toBeNull();
    expect(lineOf((await billOf(client, KOPITIAM)).bill, 'bill.discount.coupon')).toBe(0);
  });

  it('expired or not yet valid -> refused with its reason; expired between apply and create -> create refused, nothing ordered', async () => {
    const expired = await insertCoupon(server, {
      restaurantId: 1001,
      validUntil: new Date(now() - 3_600_000),
    });
    const later = await insertCoupon(server, { restaurantId: 1001, validFrom: new Date(now() + DAY) });
    const soon = await insertCoupon(server, {
      restaurantId: 1001,
      validUntil: new Date(now() + 10 * 60_000),
    });
    const client = server.client();
    await addFood(client, KOPITIAM, KOPITIAM, 1500);
    await pickup(client, KOPITIAM);
    expect(await refusal(apply(client, KOPITIAM, expired.code))).toMatchObject({
      code: MESSAGE.couponExpired,
      message: 'This coupon has expired',
    });
    expect(await refusal(apply(client, KOPITIAM, later.code))).toMatchObject({
      code: MESSAGE.couponNotStarted,
    });

    await apply(client, KOPITIAM, soon.code);
    server.clock.advance(20 * 60);
    expect(await refusal(create(client, KOPITIAM))).toMatchObject({
      code: MESSAGE.couponExpired,
      statusCode: 422,
    });
    const still = await client.call(cart.cartGet, { query: { scope: KOPITIAM } });
    expect(still.items.length).toBeGreaterThan(0);
    expect((await couponRow(server, soon.id)).usedCount).toBe(0);
  });

  it("recurring days and hours -> read in the restaurant's own time zone", async () => {
    // Monday 11:00-14:00 at kopitiam-ali (Kuala Lumpur).
    const lunch = await insertCoupon(server, {
      restaurantId: 1001,
      rules: { days: [1], fromMinute: 11 * 60, toMinute: 14 * 60 },
    });
    const client = server.client();
    await addFood(client, KOPITIAM, KOPITIAM, 1500);
    expect(await couponIn(client, KOPITIAM, lunch.code)).toMatchObject({ usable: true, days: [1] });
    server.clock.advance(3 * 3600); // Monday 15:00 in KL
    expect(await couponIn(client, KOPITIAM, lunch.code)).toMatchObject({
      usable: false,
      reason_key: MESSAGE.couponNotAvailableNow,
    });
    server.clock.advance(21 * 3600); // Tuesday 12:00 in KL
    expect(await refusal(apply(client, KOPITIAM, lunch.code))).toMatchObject({
      code: MESSAGE.couponNotAvailableNow,
    });

    // 11:00-12:00 at warung-sari (Jakarta): at 04:30Z it is 11:30 there (and 12:30 in KL).
    server.clock.set(new Date(Date.parse(LUNCHTIME) + week * 7 * DAY + 30 * 60_000));
    const jakarta = await insertCoupon(server, {
      restaurantId: 1002,
      rules: { fromMinute: 11 * 60, toMinute: 12 * 60 },
    });
    const diner = server.client({ country: 'ID' });
    expect(await couponIn(diner, 'warung-sari', jakarta.code)).toMatchObject({ usable: true });
    server.clock.advance(3600);
    expect(await couponIn(diner, 'warung-sari', jakarta.code)).toMatchObject({
      usable: false,
      reason_key: MESSAGE.couponNotAvailableNow,
    });
  });

  it('delivery-only ALI5 on a pickup cart -> order type refused; order type changed after apply -> create refused', async () => {
    const client = server.client();
    await addFood(client, KOPITIAM, KOPITIAM, 3500);
    await pickup(client, KOPITIAM);
    expect(await refusal(apply(client, KOPITIAM, 'ALI5'))).toMatchObject({
      code: MESSAGE.couponOrderType,
      message: 'This coupon is not valid for this order type',
    });

    const pickupOnly = await insertCoupon(server, { restaurantId: 1001, orderTypeMask: 4 });
    await apply(client, KOPITIAM, pickupOnly.code);
    await dineIn(client, KOPITIAM, 5005);
    expect(await refusal(create(client, KOPITIAM, 'pay_later'))).toMatchObject({
      code: MESSAGE.couponOrderType,
    });
  });

  it("outlets -> a mall coupon for one outlet refuses a cart without its food and discounts only that outlet; another restaurant's code is unknown", async () => {
    const oneOutlet = await insertCoupon(server, {
      mallId: 1,
      kind: 'percent',
      value: 1000,
      rules: { outlets: [1011] },
    });
    const client = server.client();
    await addFood(client, 'mall-demo', 1012, 1000);
    await pickup(client, 'mall-demo');
    expect(await refusal(apply(client, 'mall-demo', oneOutlet.code))).toMatchObject({
      code: MESSAGE.couponOutlet,
      message: 'This coupon is not valid at this outlet',
    });
    const { food } = await addFood(client, 'mall-demo', 1011, 1000);
    await apply(client, 'mall-demo', oneOutlet.code);
    const { by_restaurant } = await billOf(client, 'mall-demo');
    const of = (id: number) => by_restaurant.find((b) => b.restaurant_id === id)!.bill;
    expect(lineOf(of(1011), 'bill.discount.coupon')).toBe(-Math.floor(food / 10));
    expect(lineOf(of(1012), 'bill.discount.coupon')).toBe(0);

    expect(await refusal(apply(client, KOPITIAM, 'COTO10'))).toMatchObject({ code: MESSAGE.couponInvalid });
  });

  it('total limit 1 -> the first checkout takes it; a second diner who applied earlier is refused at create', async () => {
    const once = await insertCoupon(server, { restaurantId: 1001, totalLimit: 1 });
    const first = server.client();
    const second = server.client();
    for (const diner of [first, second]) {
      await addFood(diner, KOPITIAM, KOPITIAM, 1500);
      await pickup(diner, KOPITIAM);
      await apply(diner, KOPITIAM, once.code);
    }
    const placed = await create(first, KOPITIAM);
    expect((await orderRow(server, placed.order_id)).discountCode).toBe(once.code);
    expect(await refusal(create(second, KOPITIAM))).toMatchObject({
      code: MESSAGE.couponLimitReached,
      message: 'This coupon has been fully redeemed',
    });
    expect(await couponIn(second, KOPITIAM, once.code)).toMatchObject({
      usable: false,
      remaining: 0,
      reason_key: MESSAGE.couponLimitReached,
    });
    expect((await couponRow(server, once.id)).usedCount).toBe(1);
  });

  it("per-user limit 1 -> a guest must log in ('invalid token'); a user uses it once, then it is refused; history shows the use", async () => {
    const perUser = await insertCoupon(server, { restaurantId: 1001, perUserLimit: 1, value: 150 });
    const guest = server.client();
    await addFood(guest, KOPITIAM, KOPITIAM, 1500);
    const asGuest = await refusal(apply(guest, KOPITIAM, perUser.code));
    expect(asGuest).toBeInstanceOf(AuthRequired);
    expect(asGuest).toMatchObject({ message: 'invalid token', statusCode: 401 });
    expect(await couponIn(guest, KOPITIAM, perUser.code)).toMatchObject({
      usable: false,
      reason_key: MESSAGE.couponLoginRequired,
      reason: 'Please log in to use this coupon',
    });

    const { client } = await login(server);
    await addFood(client, KOPITIAM, KOPITIAM, 1500);
    await pickup(client, KOPITIAM);
    await apply(client, KOPITIAM, perUser.code);
    const placed = await create(client, KOPITIAM);
    await addFood(client, KOPITIAM, KOPITIAM, 1500);
    expect(await refusal(apply(client, KOPITIAM, perUser.code))).toMatchObject({
      code: MESSAGE.couponUserLimitReached,
      message: 'You have already used this coupon',
    });
    const { redemptions } = await client.call(promotions.couponHistory, {});
    expect(redemptions).toEqual([
      expect.objectContaining({
        code: perUser.code,
        amount: 150,
        order_id: placed.order_id,
        restaurant_id: 1001,
      }),
    ]);
  });

  it('per-user limit 1, ten concurrent creates by one user over five carts holding the coupon -> exactly one redemption', async () => {
    server.clock.advance(24 * 3600); // Tuesday: every outlet is open (char kway teow closes on Mondays)
    const perUser = await insertCoupon(server, { mallId: 1, perUserLimit: 1, value: 100 });
    const { client, userId } = await login(server);
    const carts: [string, number][] = [
      ['mall-demo', 1011],
      ['mall-demo-nasi-lemak', 1011],
      ['mall-demo-char-kway-teow', 1012],
      ['mall-demo-roti-canai', 1013],
      ['mall-demo-teh-tarik-bar', 1014],
    ];
    for (const [scope, outlet] of carts) {
      await addFood(client, scope, outlet, 500);
      await pickup(client, scope);
      await apply(client, scope, perUser.code);
    }
    const results = await Promise.allSettled(
      carts.flatMap(([scope]) => [create(client, scope), create(client, scope)]),
    );
    const placed = results.filter((r) => r.status === 'fulfilled');
    expect(placed).toHaveLength(1);
    const reasons = results.flatMap((r) =>
      r.status === 'rejected' ? [(r.reason as { code?: string }).code] : [],
    );
    for (const code of reasons) expect([MESSAGE.couponUserLimitReached, MESSAGE.cartEmpty]).toContain(code);

    const rows = await server.db.database.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.discountId, perUser.id));
    expect(new Set(rows.map((row) => row.fcOrderId ?? `o${row.orderId}`)).size).toBe(1);
    expect(rows.every((row) => row.userId === userId)).toBe(true);
    expect((await couponRow(server, perUser.id)).usedCount).toBe(1);
  });

  it('food court -> mall coupon split over outlets; remove-rest drops one outlet; outlet coupon takes its place; remove-all; checkout redeems once', async () => {
    const { client } = await login(server);
    const nasi = await addFood(client, 'mall-demo', 1011, 2600);
    const roti = await addFood(client, 'mall-demo', 1013, 1400);
    await pickup(client, 'mall-demo');
    const active = await client.call(promotions.foodCourtCouponsActive, { query: { mall: 'mall-demo' } });
    expect(active.coupons.find((c) => c.code === 'FOODCOURT10')).toMatchObject({
      mall_coupon: true,
      usable: true,
    });
    expect(active.coupons.find((c) => c.code === 'SAMBAL2')).toMatchObject({
      mall_coupon: false,
      restaurant_id: 1011,
    });

    const applied = await client.call(promotions.foodCourtCouponApply, {
      body: { mall: 'mall-demo', code: 'foodcourt10' },
    });
    const total = Math.min(Math.floor((nasi.food + roti.food) / 10), 800);
    const share = (state: typeof applied, id: number) => state.applied.find((a) => a.restaurant_id === id)!;
    expect(applied.mall_coupon).toBe('FOODCOURT10');
    expect(share(applied, 1011).code).toBe('FOODCOURT10');
    expect(share(applied, 1011).amount + share(applied, 1013).amount).toBe(total);
    expect(lineOf(applied.bill, 'bill.discount.coupon')).toBe(-total);

    const withoutRoti = await client.call(promotions.foodCourtCouponRemoveRest, {
      body: { mall: 'mall-demo', restaurant_id: 1013 },
    });
    expect(share(withoutRoti, 1013)).toMatchObject({ code: null, amount: 0 });
    expect(share(withoutRoti, 1011)).toMatchObject({
      code: 'FOODCOURT10',
      amount: Math.min(Math.floor(nasi.food / 10), 800),
    });

    const sambal = await client.call(promotions.foodCourtCouponApply, {
      body: { mall: 'mall-demo', code: 'SAMBAL2' },
    });
    expect(share(sambal, 1011)).toMatchObject({ code: 'SAMBAL2', amount: 200 });
    expect(share(sambal, 1013).code).toBeNull();

    const none = await client.call(promotions.foodCourtCouponRemoveAll, { body: { mall: 'mall-demo' } });
    expect(none.mall_coupon).toBeNull();
    expect(none.applied.every((a) => a.code === null && a.amount === 0)).toBe(true);

    await client.call(promotions.foodCourtCouponApply, { body: { mall: 'mall-demo', code: 'FOODCOURT10' } });
    const before = (
      await couponRow(server, applied.coupons.find((c) => c.code === 'FOODCOURT10')!.discount_id)
    ).usedCount;
    const placed = await client.call(orders.foodCourtOrderCreate, {
      body: { scope: 'mall-demo', payment_mode: 'online' },
    });
    expect(placed.order_ids).toHaveLength(2);
    const discountId = applied.coupons.find((c) => c.code === 'FOODCOURT10')!.discount_id;
    const rows = await server.db.database.db
      .select()
      .from(couponRedemptions)
      .where(
        and(
          eq(couponRedemptions.discountId, discountId),
          eq(couponRedemptions.fcOrderId, placed.fc_order_id!),
        ),
      );
    expect(rows.map((row) => row.orderId).sort()).toEqual([...placed.order_ids].sort());
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(total);
    expect((await couponRow(server, discountId)).usedCount).toBe(before + 1);
    const placedOrders = await server.db.database.db
      .select()
      .from(orderTable)
      .where(eq(orderTable.fcOrderId, placed.fc_order_id!));
    expect(placedOrders.map((o) => o.discountCode)).toEqual(['FOODCOURT10', 'FOODCOURT10']);
  });

  it('cancelled before acceptance -> the coupon is given back (per-user limit usable again)', async () => {
    const perUser = await insertCoupon(server, { restaurantId: 1001, perUserLimit: 1 });
    const { client } = await login(server);
    await addFood(client, KOPITIAM, KOPITIAM, 1500);
    await pickup(client, KOPITIAM);
    await apply(client, KOPITIAM, perUser.code);
    const placed = await create(client, KOPITIAM);
    expect((await couponRow(server, perUser.id)).usedCount).toBe(1);
    await client.call(orders.orderCancel, { body: { order_id: placed.order_id } });
    expect((await couponRow(server, perUser.id)).usedCount).toBe(0);
    await addFood(client, KOPITIAM, KOPITIAM, 1500);
    expect((await apply(client, KOPITIAM, perUser.code)).discount_code).toBe(perUser.code);
  });
});
