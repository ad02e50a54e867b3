import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuthRequired } from '@santap/api-client';
import { cart, orders, promotions, reservations } from '@santap/contract';
import { MESSAGE } from '@santap/domain';
import type { SimulatorProvider } from '../services/adapters/payments/gateways/simulator/simulator';
import { ENGINES, LUNCHTIME, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import type { Client } from '../../test/journeys';
import { addFood, completeByStaff, dineIn, login, orderRow, pickup } from '../../test/promotions-kit';
import { book, diner, payOnPage } from '../../test/reservations-kit';
import { refusal } from '../../test/refusal';

const DAY = 24 * 60 * 60 * 1000;
const KOPITIAM = 'kopitiam-ali';
const LOYALTY = 'bill.discount.loyalty';
const DEPOSIT = 'bill.discount.deposit';

type Bill = { lines: { key: string; amount: number }[]; total: number };
const lineOf = (bill: Bill, key: string) => bill.lines.find((line) => line.key === key)?.amount;

/** The restaurant cart's cashback switch (promotions.cartLoyaltyUpdate) and what the cart bill shows. */
describe.each(ENGINES)('restaurant cart promotions on %s', (engine) => {
  let server: TestServer;
  let simulator: SimulatorProvider;
  let week = 0;

  beforeAll(async () => {
    server = await startTestServer(engine);
    simulator = server.app.santap.payments.simulator;
  });
  afterAll(async () => {
    await server?.close();
  });
  // A later Monday 12:00 in Kuala Lumpur per case (OTP limits afresh, a booking day of its own).
  beforeEach(() => {
    week += 1;
    server.clock.set(new Date(Date.parse(LUNCHTIME) + week * 7 * DAY));
    simulator.configure({ delivery: 'immediate', delayMs: 0, autoSettle: false });
  });

  const billOf = async (client: Client) =>
    (await client.call(cart.cartBill, { query: { scope: KOPITIAM } })).bill;
  const setLoyalty = (client: Client, use: boolean) =>
    client.call(promotions.cartLoyaltyUpdate, { body: { scope: KOPITIAM, use_loyalty: use } });

  /** A logged-in diner with cashback at kopitiam-ali from a completed order of at least `food`. */
  async function dinerWithCashback(food: number) {
    const { client } = await login(server);
    await addFood(client, KOPITIAM, KOPITIAM, food);
    await dineIn(client, KOPITIAM, 5006);
    const placed = await client.call(orders.orderCreate, {
      body: { scope: KOPITIAM, payment_mode: 'pay_later' },
    });
    await completeByStaff(server, placed.order_id, KOPITIAM);
    const { balance } = await client.call(promotions.walletAmount, { query: { scope: KOPITIAM } });
    expect(balance).toBeGreaterThan(0);
    return { client, balance };
  }

  describe('cashback on a restaurant cart', () => {
    it('use -> the cart bill spends it; order create (no use_loyalty in the body) spends the same; the total matches', async () => {
      const { client, balance } = await dinerWithCashback(2500);
      await addFood(client, KOPITIAM, KOPITIAM, 4000);
      await pickup(client, KOPITIAM);
      const before = await billOf(client);
      expect(lineOf(before, LOYALTY)).toBeUndefined();

      const on = await setLoyalty(client, true);
      expect(on).toMatchObject({ scope: KOPITIAM, use_loyalty: true, balance, applied_amount: balance });
      expect(lineOf(on.bill, LOYALTY)).toBe(-balance);
      expect(on.bill.total).toBe(before.total - balance);
      // The switch is kept on the cart: the cart's own bill read shows the same.
      const kept = await billOf(client);
      expect(lineOf(kept, LOYALTY)).toBe(-balance);
      expect(kept.total).toBe(on.bill.total);

      const placed = await client.call(orders.orderCreate, {
        body: { scope: KOPITIAM, payment_mode: 'online' },
      });
      expect(placed.amount).toBe(kept.total);
      expect((await orderRow(server, placed.order_id)).loyaltyUsed).toBe(balance);
      expect((await client.call(promotions.walletAmount, { query: { scope: KOPITIAM } })).balance).toBe(0);
      // The order took the switch off the cart: the next cart pays in full.
      await addFood(client, KOPITIAM, KOPITIAM, 1000);
      expect(lineOf(await billOf(client), LOYALTY)).toBeUndefined();
    });

    it('unuse -> the bill spends nothing and order create keeps the balance', async () => {
      const { client, balance } = await dinerWithCashback(2500);
      await addFood(client, KOPITIAM, KOPITIAM, 4000);
      await pickup(client, KOPITIAM);
      await setLoyalty(client, true);
      const off = await setLoyalty(client, false);
      expect(off).toMatchObject({ use_loyalty: false, balance, applied_amount: 0 });
      expect(lineOf(off.bill, LOYALTY)).toBeUndefined();
      const placed = await client.call(orders.orderCreate, {
        body: { scope: KOPITIAM, payment_mode: 'online' },
      });
      expect((await orderRow(server, placed.order_id)).loyaltyUsed).toBe(0);
      expect((await client.call(promotions.walletAmount, { query: { scope: KOPITIAM } })).balance).toBe(
        balance,
      );
    });

    it('cashback covering the whole order -> bill total 0, order amount 0, paid by loyalty', async () => {
      const { client, balance } = await dinerWithCashback(25_000);
      await addFood(client, KOPITIAM, KOPITIAM, 1);
      await pickup(client, KOPITIAM);
      const full = await billOf(client);
      expect(full.total).toBeLessThan(balance);
      const on = await setLoyalty(client, true);
      expect(on.applied_amount).toBe(full.total);
      expect(on.bill.total).toBe(0);
      const placed = await client.call(orders.orderCreate, {
        body: { scope: KOPITIAM, payment_mode: 'online' },
      });
      expect(placed.amount).toBe(0);
      expect(await orderRow(server, placed.order_id)).toMatchObject({
        paymentStatus: 'paid',
        paymentMode: 'loyalty',
        loyaltyUsed: full.total,
      });
      const left = (await client.call(promotions.walletAmount, { query: { scope: KOPITIAM } })).balance;
      expect(left).toBe(balance - full.total);
    });

    it('a guest -> use refused as a login (invalid token); unuse allowed; an unknown place -> 404; the wallet read names the referral offer', async () => {
      const guest = (await diner(server, { status: 'GUEST' })).client;
      await addFood(guest, KOPITIAM, KOPITIAM, 1000);
      expect(await refusal(setLoyalty(guest, true))).toBeInstanceOf(AuthRequired);
      expect(await setLoyalty(guest, false)).toMatchObject({
        use_loyalty: false,
        balance: 0,
        applied_amount: 0,
      });
      const { client } = await login(server);
      expect(
        await refusal(
          client.call(promotions.cartLoyaltyUpdate, { body: { scope: 'no-such-place', use_loyalty: true } }),
        ),
      ).toMatchObject({ statusCode: 404, code: MESSAGE.notFound });
      // The cart's referral info for a guest too: the offer of the place's country.
      expect(await guest.call(promotions.walletAmount, { query: { scope: KOPITIAM } })).toMatchObject({
        logged_in: false,
        balance: 0,
        referral_offer: { country: 'MY', currency: 'MYR', discount_up_to: 1000, discount_percent_bps: 1000 },
      });
    });
  });

  describe('a paid booking deposit on the cart bill', () => {
    const today = () => server.clock.now().toISOString().slice(0, 10);

    /** A diner whose RM 20 token for a booking at kopitiam-ali today is paid. */
    async function paidBooking() {
      const who = await diner(server);
      const booking = await book(who.client, { date: today(), slot: '15:00' });
      const started = await who.client.call(reservations.reservationPaymentId, {
        body: { reservation_id: booking.reservation_id, method: 'Wallet', channel: 'grab_pay_app' },
      });
      await payOnPage(server, started.redirect_url!, 'success');
      return who.client;
    }

    it('dine-in there today -> the cart bill takes the deposit off; the placed order has the same total', async () => {
      const client = await paidBooking();
      await addFood(client, KOPITIAM, KOPITIAM, 3000);
      await pickup(client, KOPITIAM);
      // Pickup: no deposit (the rule of order create: dine-in only).
      const asPickup = await billOf(client);
      expect(lineOf(asPickup, DEPOSIT)).toBeUndefined();

      await dineIn(client, KOPITIAM, 5003);
      const bill = await billOf(client);
      expect(lineOf(bill, DEPOSIT)).toBe(-2000);
      expect(bill.lines.find((line) => line.key === DEPOSIT)).toMatchObject({ label: 'Booking deposit' });
      const placed = await client.call(orders.orderCreate, {
        body: { scope: KOPITIAM, payment_mode: 'online' },
      });
      expect(placed.amount).toBe(bill.total);
      const order = await client.call(orders.orderDetails, { query: { order_id: placed.order_id } });
      expect(lineOf(order.bill, DEPOSIT)).toBe(-2000);

      // The token is used: the next cart shows the full price, as its order will be charged.
      await addFood(client, KOPITIAM, KOPITIAM, 1000);
      expect(lineOf(await billOf(client), DEPOSIT)).toBeUndefined();
    });

    it('a bill below the token -> cart total 0 and the order goes the amount-0 path', async () => {
      const client = await paidBooking();
      await addFood(client, KOPITIAM, KOPITIAM, 500);
      await dineIn(client, KOPITIAM, 5004);
      const bill = await billOf(client);
      expect(bill.total).toBe(0);
      const placed = await client.call(orders.orderCreate, {
        body: { scope: KOPITIAM, payment_mode: 'online' },
      });
      expect(placed.amount).toBe(0);
      expect((await orderRow(server, placed.order_id)).paymentStatus).toBe('paid');
    });

    it('no paid booking today -> no deposit line', async () => {
      const { client } = await diner(server);
      await addFood(client, KOPITIAM, KOPITIAM, 3000);
      await dineIn(client, KOPITIAM, 5005);
      expect(lineOf(await billOf(client), DEPOSIT)).toBeUndefined();
    });
  });
});
