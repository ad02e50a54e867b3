import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auth, cart, orders, promotions } from '@santap/contract';
import { AuthRequired } from '@santap/api-client';
import { ORDER_STATUS, nextAfterOrderCreated } from '@santap/domain';
import { loyaltyLedger, payments } from '../db/schema';
import { afterOrderStatusChange } from '../services/flows/promotions/bills';
import { ENGINES, LUNCHTIME, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import type { Client } from '../../test/journeys';
import { addFood, completeByStaff, dineIn, login, orderRow, pickup } from '../../test/promotions-kit';
import { refusal } from '../../test/refusal';

const DAY = 24 * 60 * 60 * 1000;
const KOPITIAM = 'kopitiam-ali';

describe.each(ENGINES)('loyalty cashback on %s', (engine) => {
  let server: TestServer;
  let week = 0;

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });
  // A later Tuesday 12:00 in Kuala Lumpur per case (every outlet open, OTP limits afresh).
  beforeEach(() => {
    week += 1;
    server.clock.set(new Date(Date.parse(LUNCHTIME) + (week * 7 + 1) * DAY));
  });

  const wallet = async (client: Client, scope: string) =>
    (await client.call(promotions.walletAmount, { query: { scope } })).balance;

  /** A dine-in pay-later order at kopitiam-ali with at least `food` of food, completed by the manager. */
  async function completedOrder(client: Client, food: number, table = 5006) {
    await addFood(client, KOPITIAM, KOPITIAM, food);
    await dineIn(client, KOPITIAM, table);
    const placed = await client.call(orders.orderCreate, {
      body: { scope: KOPITIAM, payment_mode: 'pay_later' },
    });
    await completeByStaff(server, placed.order_id, KOPITIAM);
    return orderRow(server, placed.order_id);
  }

  it('completed order from RM 20 -> 5% of what was paid, once (a repeated completion hook changes nothing)', async () => {
    const { client } = await login(server);
    const order = await completedOrder(client, 2500);
    const earned = Math.floor((order.total * 500) / 10_000);
    expect(earned).toBeGreaterThan(0);
    const { accounts } = await client.call(promotions.userLoyalty, { query: { scope: KOPITIAM } });
    expect(accounts).toEqual([
      expect.objectContaining({
        scope: 'restaurant:1001',
        slug: KOPITIAM,
        currency: 'MYR',
        balance: earned,
        earned,
        spent: 0,
        loyalty: { min_order: 2000, percent_bps: 500 },
        history: [expect.objectContaining({ kind: 'earn', amount: earned, order_id: order.id })],
      }),
    ]);

    await server.db.database.db.transaction((tx) =>
      afterOrderStatusChange(tx, order, ORDER_STATUS.COMPLETED, server.clock.now()),
    );
    expect(await wallet(client, KOPITIAM)).toBe(earned);
  });

  it('under the minimum order, or a guest -> no cashback', async () => {
    const { client } = await login(server);
    await completedOrder(client, 1);
    expect(await wallet(client, KOPITIAM)).toBe(0);

    const session = await server.client().call(auth.registerGuest, {});
    const guest = server.client({ authToken: session.token });
    const order = await completedOrder(guest, 2500, 5007);
    const rows = await server.db.database.db
      .select()
      .from(loyaltyLedger)
      .where(eq(loyaltyLedger.orderId, order.id));
    expect(rows).toEqual([]);
    expect(await guest.call(promotions.walletAmount, { query: { scope: KOPITIAM } })).toMatchObject({
      logged_in: false,
      balance: 0,
    });
  });

  it('cashback covers the whole bill -> amount 0, paid by loyalty without a gateway, loyaltyComplete next', async () => {
    const { client } = await login(server);
    await completedOrder(client, 60_000);
    const balance = await wallet(client, KOPITIAM);

    await addFood(client, KOPITIAM, KOPITIAM, 1);
    await pickup(client, KOPITIAM);
    const { bill: preview } = await client.call(cart.cartBill, { query: { scope: KOPITIAM } });
    expect(balance).toBeGreaterThan(preview.total);
    const placed = await client.call(orders.orderCreate, {
      body: { scope: KOPITIAM, payment_mode: 'online', use_loyalty: true },
    });
    expect(placed.amount).toBe(0);
    expect(
      nextAfterOrderCreated({
        orderId: placed.order_id,
        orderType: placed.order_type,
        pickupType: 'pickup',
        prepay: placed.prepay,
        amount: placed.amount,
      }),
    ).toEqual({ kind: 'loyaltyComplete', orderId: String(placed.order_id) });

    const details = await client.call(orders.orderDetails, { query: { order_id: placed.order_id } });
    expect(details).toMatchObject({ payment_status: 'paid', payment_mode: 'loyalty', total: 0 });
    expect(details.bill.lines.find((l) => l.key === 'bill.discount.loyalty')).toMatchObject({
      amount: -preview.total,
      label: 'Loyalty cashback',
    });
    expect((await orderRow(server, placed.order_id)).loyaltyUsed).toBe(preview.total);
    expect(await wallet(client, KOPITIAM)).toBe(balance - preview.total);
    const gateway = await server.db.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, placed.order_id));
    expect(gateway).toEqual([]);
  });

  it('cashback spent, then the order is cancelled before acceptance -> the cashback comes back once (reverse)', async () => {
    const { client } = await login(server);
    await completedOrder(client, 2500);
    const balance = await wallet(client, KOPITIAM);
    await addFood(client, KOPITIAM, KOPITIAM, 3000);
    await pickup(client, KOPITIAM);
    const placed = await client.call(orders.orderCreate, {
      body: { scope: KOPITIAM, payment_mode: 'online', use_loyalty: true },
    });
    const order = await orderRow(server, placed.order_id);
    expect(order.loyaltyUsed).toBe(balance);
    expect(order.paymentStatus).toBe('unpaid');
    expect(await wallet(client, KOPITIAM)).toBe(0);

    await client.call(orders.orderCancel, { body: { order_id: placed.order_id } });
    expect(await wallet(client, KOPITIAM)).toBe(balance);
    await server.db.database.db.transaction((tx) =>
      afterOrderStatusChange(tx, order, ORDER_STATUS.CANCELLED, server.clock.now()),
    );
    expect(await wallet(client, KOPITIAM)).toBe(balance);
    const { accounts } = await client.call(promotions.userLoyalty, { query: { scope: KOPITIAM } });
    expect(accounts[0]!.history.map((h) => [h.kind, h.amount])).toEqual([
      ['reverse', balance],
      ['spend', -balance],
      ['earn', balance],
    ]);
    expect(accounts[0]!.spent).toBe(0);
  });

  it("a guest asking for cashback -> 'invalid token' at create and on the food-court switch", async () => {
    const guest = server.client();
    await addFood(guest, KOPITIAM, KOPITIAM, 1500);
    await pickup(guest, KOPITIAM);
    const refused = await refusal(
      guest.call(orders.orderCreate, {
        body: { scope: KOPITIAM, payment_mode: 'online', use_loyalty: true },
      }),
    );
    expect(refused).toBeInstanceOf(AuthRequired);
    expect(
      await refusal(
        guest.call(promotions.foodCourtLoyaltyUpdate, { body: { mall: 'mall-demo', use_loyalty: true } }),
      ),
    ).toBeInstanceOf(AuthRequired);
    expect(await refusal(guest.call(promotions.userLoyalty, { query: {} }))).toBeInstanceOf(AuthRequired);
  });

  it('food court -> the mall earns on an outlet order; the loyalty switch spends it on the next food-court cart', async () => {
    const { client } = await login(server);
    await addFood(client, 'mall-demo', 1011, 20_000);
    await pickup(client, 'mall-demo');
    const first = await client.call(orders.foodCourtOrderCreate, {
      body: { scope: 'mall-demo', payment_mode: 'online' },
    });
    await completeByStaff(server, first.order_id, 'mall-demo-nasi-lemak');
    const order = await orderRow(server, first.order_id);
    const earned = Math.floor((order.total * 300) / 10_000);
    expect(await wallet(client, 'mall-demo')).toBe(earned);
    expect(await wallet(client, 'mall-demo-nasi-lemak')).toBe(0);

    await addFood(client, 'mall-demo', 1013, 2000);
    await pickup(client, 'mall-demo');
    const on = await client.call(promotions.foodCourtLoyaltyUpdate, {
      body: { mall: 'mall-demo', use_loyalty: true },
    });
    expect(on).toMatchObject({ use_loyalty: true, balance: earned, applied_amount: earned });
    expect(on.bill.lines.find((l) => l.key === 'bill.discount.loyalty')?.amount).toBe(-earned);
    const off = await client.call(promotions.foodCourtLoyaltyUpdate, {
      body: { mall: 'mall-demo', use_loyalty: false },
    });
    expect(off.applied_amount).toBe(0);
    await client.call(promotions.foodCourtLoyaltyUpdate, { body: { mall: 'mall-demo', use_loyalty: true } });
    const second = await client.call(orders.foodCourtOrderCreate, {
      body: { scope: 'mall-demo', payment_mode: 'online' },
    });
    expect((await orderRow(server, second.order_id)).loyaltyUsed).toBe(earned);
    expect(second.amount).toBe(on.bill.total);
    expect(await wallet(client, 'mall-demo')).toBe(0);
  });

  it('earning and saving total -> cashback earned plus coupon and cashback savings of standing orders', async () => {
    const { client } = await login(server);
    await completedOrder(client, 2500);
    const earned = await wallet(client, KOPITIAM);
    await addFood(client, KOPITIAM, KOPITIAM, 3000);
    await pickup(client, KOPITIAM);
    await client.call(cart.cartDiscount, { body: { scope: KOPITIAM, discount_code: 'WELCOME10' } });
    const placed = await client.call(orders.orderCreate, {
      body: { scope: KOPITIAM, payment_mode: 'online', use_loyalty: true },
    });
    const order = await orderRow(server, placed.order_id);
    const coupon = -(
      (order.bill as { lines: { key: string; amount: number }[] }).lines.find(
        (l) => l.key === 'bill.discount.coupon',
      )?.amount ?? 0
    );
    expect(coupon).toBeGreaterThan(0);
    const { totals } = await client.call(promotions.earningSavingTotal, {});
    expect(totals).toEqual([
      {
        currency: 'MYR',
        earned_cashback: earned,
        saved_coupons: coupon,
        saved_referral: 0,
        saved_cashback: earned,
        saved_total: coupon + earned,
        earning_and_saving_total: earned + coupon + earned,
      },
    ]);
  });
});
