/**
 * Security replays (README: Two modes): with the simulator on beside a real gateway, a diner cannot
 * pay through it where the restaurant does not offer it, nor mark an order paid on its pay page
 * without the signed link issued for that payment. Each test replays the attack over HTTP and fails
 * if it comes back.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments as api } from '@santap/contract';
import { MESSAGE } from '@santap/domain';
import { restaurants } from '../db/schema';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { placeOnlineOrder } from '../../test/journeys';
import { refusal } from '../../test/refusal';

describe.each(ENGINES)('finding 3: the simulator where it is not offered (%s)', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine);
  });

  afterAll(async () => {
    await server.close();
  });

  const paidOf = async (client: ReturnType<TestServer['client']>, orderId: number) =>
    (await client.call(orders.orderDetails, { query: { order_id: orderId } })).payment_status;

  it('provider "simulator" at a restaurant whose providers do not name it -> refused, and never chosen as the fallback', async () => {
    const db = server.db.database.db;
    const [row] = await db.select().from(restaurants).where(eq(restaurants.id, 1001));
    const settings = { ...row!.settings, paymentProviders: ['grabpay'] };
    await db.update(restaurants).set({ settings }).where(eq(restaurants.id, 1001));
    try {
      const diner = server.client();
      const placed = await placeOnlineOrder(diner);
      for (const provider of ['simulator' as const, undefined]) {
        const refused = await refusal(
          diner.call(api.paymentInitiate, {
            body: { order_id: placed.order_id, method: 'Wallet', ...(provider ? { provider } : {}) },
          }),
        );
        expect(refused.code).toBe(MESSAGE.paymentMethodNotOffered);
      }
      expect(await paidOf(diner, placed.order_id)).not.toBe('paid');
    } finally {
      await db.update(restaurants).set({ settings: row!.settings }).where(eq(restaurants.id, 1001));
    }
  });

  it("the pay page of a payment without its signed link, with a wrong sig or with another payment's sig -> 404, the order stays unpaid", async () => {
    const diner = server.client();
    const placed = await placeOnlineOrder(diner);
    const started = await diner.call(api.paymentInitiate, {
      body: { order_id: placed.order_id, method: 'Wallet', channel: 'grab_pay_app' },
    });
    const other = server.client();
    const otherPlaced = await placeOnlineOrder(other);
    const otherStarted = await other.call(api.paymentInitiate, {
      body: { order_id: otherPlaced.order_id, method: 'Wallet', channel: 'grab_pay_app' },
    });
    const page = new URL(started.redirect_url!);
    const otherSig = new URL(otherStarted.redirect_url!).searchParams.get('sig')!;
    for (const search of ['', '?sig=', `?sig=${'0'.repeat(32)}`, `?sig=${otherSig}`]) {
      const url = page.pathname + search;
      expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      const submitted = await server.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'channel=grab_pay_app&outcome=success',
      });
      expect(submitted.statusCode).toBe(404);
    }
    expect(await paidOf(diner, placed.order_id)).not.toBe('paid');
    // The link the gateway issued still works for its payer.
    const own = await server.app.inject({ method: 'GET', url: page.pathname + page.search });
    expect(own.statusCode).toBe(200);
  });
});
