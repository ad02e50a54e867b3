import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import { cart, orders as orderApi, payments as api, promotions, staff as staffApi } from '@santap/contract';
import { MESSAGE, ORDER_STATUS } from '@santap/domain';
import { orders, paymentEvents, payments, refunds } from '../db/schema';
import { DEMO_STAFF_PASSWORD } from '../seed/ids';
import { connectSimulator } from '../services/adapters/payments/providers';
import { EXPIRY_MARGIN_MINUTES } from '../services/flows/payments/reconcile';
import { reconcile } from '../services/flows/ordering/orders/expiry';
import { GATEWAY_EXPIRY_MINUTES } from '../services/flows/payments/service';
import type { SimulatorProvider } from '../services/adapters/payments/gateways/simulator/simulator';
import type { SimulatorOutcome } from '../services/adapters/payments/gateways/simulator/protocol';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { refusal } from '../../test/refusal';
import type { Client } from '../../test/journeys';
import {
  addPlainItem,
  menuOf,
  placeFoodCourtOrder,
  placeOnlineOrder,
  plainItem,
  scanTable,
} from '../../test/journeys';
import { addFood, completeByStaff, dineIn, login } from '../../test/promotions-kit';
import { watch } from '../../test/reservations-kit';
import { eventually } from '../../test/eventually';

/** Waits up to 5 s (polling every 20 ms) for an assertion about something settling in the background. */
describe.each(ENGINES)('payments on %s', (engine) => {
  let server: TestServer;
  let simulator: SimulatorProvider;

  beforeAll(async () => {
    server = await startTestServer(engine);
    simulator = server.app.santap.payments.simulator;
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    simulator.configure({ delivery: 'immediate', delayMs: 0, autoSettle: false });
  });
  afterEach(() => {
    // A test may have put its own transport between the gateway and our webhook route.
    connectSimulator(server.app, simulator);
  });

  const db = () => server.db.database.db;

  /** Initiates paying an order online with GrabPay (a channel kopitiam-ali offers). */
  const initiate = (client: Client, orderId: number) =>
    client.call(api.paymentInitiate, {
      body: { order_id: orderId, method: 'Wallet', channel: 'grab_pay_app' },
    });

  /** Submits the hosted page's form like a browser; returns the redirect. */
  async function payOnPage(redirectUrl: string, outcome: SimulatorOutcome, channel = 'grab_pay_app') {
    const response = await fetch(
      `${server.baseUrl}${new URL(redirectUrl).pathname}${new URL(redirectUrl).search}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ channel, outcome }).toString(),
        redirect: 'manual',
      },
    );
    return { status: response.status, location: new URL(response.headers.get('location') ?? 'http://x/') };
  }

  const postWebhook = (notification: { headers: Record<string, string>; body: string }) =>
    fetch(`${server.baseUrl}/api/payments/webhook/simulator`, {
      method: 'POST',
      headers: notification.headers,
      body: notification.body,
    });

  const statusOf = (client: Client, paymentId: number) =>
    client.call(api.paymentStatusCheck, { query: { payment_id: paymentId } });

  const eventCount = async (paymentId: number) =>
    Number(
      (await db().select({ n: count() }).from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId)))[0]
        ?.n,
    );

  async function staffClient(username: string) {
    const session = await server
      .client()
      .call(staffApi.staffLogin, { body: { username, password: DEMO_STAFF_PASSWORD } });
    return server.client({ authToken: session.token });
  }

  /** An online dine-in order paid through the simulator (success). */
  async function paidOrder(client = server.client()) {
    const placed = await placeOnlineOrder(client);
    const started = await initiate(client, placed.order_id);
    await payOnPage(started.redirect_url!, 'success');
    return { client, orderId: placed.order_id, paymentId: started.payment_id, amount: placed.amount };
  }

  it('get_payment_methods kopitiam-ali -> its methods, channels and providers; pay later for dine-in only', async () => {
    const client = server.client();
    const dineIn = await client.call(api.paymentMethodsGet, {
      query: { restaurant_id: 1001, order_type: 1 },
    });
    expect(dineIn).toMatchObject({
      currency: 'MYR',
      channels: ['duitnow_qr', 'tng_ewallet', 'grab_pay_app', 'boost', 'shopeepay', 'PNCO'],
      providers: ['razer', 'grabpay', 'simulator'],
      // No GrabPay keys on this server: the simulator stands in.
      default_provider: 'simulator',
      speed_modes: ['fast', 'secure'],
      pay_later_allowed: true,
      pay_later_order_types: [1],
    });
    expect(dineIn.methods).toContain('pay later');
    const delivery = await client.call(api.paymentMethodsGet, {
      query: { restaurant_id: 1001, order_type: 2 },
    });
    expect(delivery.pay_later_allowed).toBe(false);
    expect(delivery.methods).not.toContain('pay later');
    const fc = await client.call(api.paymentMethodsGet, { query: { mall: 'mall-demo', is_kiosk: '1' } });
    expect(fc).toMatchObject({ mall: 'mall-demo', default_speed_mode: 'fast' });
    expect(fc.methods).toContain('Cash kiosk');
  });

  it('simulator journey over HTTP: initiate -> hosted page -> success -> 302 to /payment/response -> webhook -> status 1', async () => {
    const client = server.client({ language: 'id' });
    const placed = await placeOnlineOrder(client);
    const started = await initiate(client, placed.order_id);
    expect(started).toMatchObject({
      state: 'processing',
      page_state: 'processing',
      amount: placed.amount,
      currency: 'MYR',
      provider: 'simulator',
      resumed: false,
      lock: { locked: true, can_unlock: false, seconds_left: 60 },
    });
    expect(started.redirect_url).toMatch(/\/simulator\/pay\/SNTP-\d+-[0-9a-f]{6}\?sig=[0-9a-f]{32}$/);
    expect((await statusOf(client, started.payment_id)).result).toBe(0);

    // The hosted page, in the payer's language, with the amount from the order.
    const page = await fetch(
      `${server.baseUrl}${new URL(started.redirect_url!).pathname}${new URL(started.redirect_url!).search}`,
    );
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<html lang="id">');
    expect(html).toContain('Lanjutkan');
    expect(html).toContain(`RM ${(placed.amount / 100).toFixed(2)}`);
    expect(html).toContain('name="outcome" value="pending_success"');

    const { status, location } = await payOnPage(started.redirect_url!, 'success');
    expect(status).toBe(302);
    expect(location.pathname).toBe('/payment/response');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      status: '1',
      order_id: String(placed.order_id),
      type: 'dinein',
      amount: String(placed.amount),
      redirect: '1',
      paymentType: 'grab_pay_app',
      isKiosk: '0',
    });

    // The signed webhook arrived before the redirect (delay 0): the payment and the order are paid.
    expect(await statusOf(client, started.payment_id)).toMatchObject({
      result: 1,
      page_state: 'success',
      state: 'success',
      order_payment_status: 'paid',
      lock: { locked: false },
    });
    const order = await client.call(orderApi.orderDetails, { query: { order_id: placed.order_id } });
    expect(order.payment_status).toBe('paid');
    const history = await client.call(api.orderPayments, { params: { orderId: placed.order_id } });
    expect(history).toMatchObject({ paid_amount: placed.amount, refunded_amount: 0, refunds: [] });
    expect(history.payments.map((p) => p.state)).toEqual(['success']);

    // Paying again is refused; the page now says the payment is finished.
    expect(await refusal(initiate(client, placed.order_id))).toMatchObject({
      code: MESSAGE.paymentAlreadyPaid,
    });
    expect(
      await (
        await fetch(
          `${server.baseUrl}${new URL(started.redirect_url!).pathname}${new URL(started.redirect_url!).search}`,
        )
      ).text(),
    ).toContain('sudah selesai');
  });

  it('failure -> redirect status=2, result 2, order payment failed; a new initiate starts another payment', async () => {
    const client = server.client();
    const placed = await placeOnlineOrder(client);
    const first = await initiate(client, placed.order_id);
    const { location } = await payOnPage(first.redirect_url!, 'failure', 'PNCO');
    expect(location.searchParams.get('status')).toBe('2');
    expect(location.searchParams.get('paymentType')).toBe('PNCO');
    expect(await statusOf(client, first.payment_id)).toMatchObject({
      result: 2,
      page_state: 'failed',
      order_payment_status: 'failed',
    });
    const second = await initiate(client, placed.order_id);
    expect(second.payment_id).not.toBe(first.payment_id);
    expect(second.resumed).toBe(false);
    await payOnPage(second.redirect_url!, 'success');
    expect((await statusOf(client, second.payment_id)).order_payment_status).toBe('paid');
  });

  it('expire -> redirect status=2, payment expired, order payment failed', async () => {
    const client = server.client();
    const placed = await placeOnlineOrder(client);
    const started = await initiate(client, placed.order_id);
    const { location } = await payOnPage(started.redirect_url!, 'expire');
    expect(location.searchParams.get('status')).toBe('2');
    expect(await statusOf(client, started.payment_id)).toMatchObject({ state: 'expired', result: 2 });
  });

  it('pending then success by webhook -> result 0 pending, then 1 success', async () => {
    const client = server.client();
    const placed = await placeOnlineOrder(client);
    const started = await initiate(client, placed.order_id);
    const { location } = await payOnPage(started.redirect_url!, 'pending_success');
    expect(location.searchParams.get('status')).toBe('0');
    expect(await statusOf(client, started.payment_id)).toMatchObject({
      result: 0,
      page_state: 'pending',
      order_payment_status: 'pending',
    });
    await simulator.releasePending(started.reference);
    expect(await statusOf(client, started.payment_id)).toMatchObject({
      result: 1,
      page_state: 'success',
      order_payment_status: 'paid',
    });
    expect(await eventCount(started.payment_id)).toBe(2);
  });

  it('the same webhook five times -> one state change, one event row', async () => {
    const client = server.client();
    const placed = await placeOnlineOrder(client);
    const started = await initiate(client, placed.order_id);
    const notification = simulator.signedNotification(started.reference, 'success');
    const replies = [];
    for (let i = 0; i < 5; i++) {
      const response = await postWebhook(notification);
      replies.push({
        status: response.status,
        body: (await response.json()) as { data: { duplicate: boolean } },
      });
    }
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(replies.map((r) => r.body.data.duplicate)).toEqual([false, true, true, true, true]);
    expect(await eventCount(started.payment_id)).toBe(1);
    const history = await client.call(api.orderPayments, { params: { orderId: placed.order_id } });
    expect(history).toMatchObject({ payment_status: 'paid', paid_amount: placed.amount });
  });

  it('the same webhook five times at once -> one state change, one event row, paid once', async () => {
    const client = server.client();
    const placed = await placeOnlineOrder(client);
    const started = await initiate(client, placed.order_id);
    const topic = `order:${placed.order_id}`;
    const feed = await watch(server, { cart_token: client.cartToken }, topic);
    expect(feed.reply).toEqual({ type: 'subscribed', topic });
    const notification = simulator.signedNotification(started.reference, 'success');
    const replies = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const response = await postWebhook(notification);
        return {
          status: response.status,
          body: (await response.json()) as { data: { duplicate: boolean } },
        };
      }),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(replies.map((r) => r.body.data.duplicate).sort()).toEqual([false, true, true, true, true]);
    expect(await eventCount(started.payment_id)).toBe(1);
    const history = await client.call(api.orderPayments, { params: { orderId: placed.order_id } });
    expect(history).toMatchObject({ payment_status: 'paid', paid_amount: placed.amount, refunds: [] });
    // One state change on the live channel: a single capture event for this payment.
    const captures = () =>
      feed.events.filter((e) => e.type === 'order.payment' && e.data.payment_state === 'success');
    try {
      await eventually(() => expect(captures()).toHaveLength(1));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(captures()).toHaveLength(1);
    } finally {
      feed.close();
    }
  });

  it('the gateway delivering every notification twice -> each recorded once, order paid once', async () => {
    simulator.configure({ delivery: 'duplicate' });
    const client = server.client();
    const placed = await placeOnlineOrder(client);
    const started = await initiate(client, placed.order_id);
    await payOnPage(started.redirect_url!, 'pending_success');
    await simulator.releasePending(started.reference);
    expect(await eventCount(started.payment_id)).toBe(2);
    const history = await client.call(api.orderPayments, { params: { orderId: placed.order_id } });
    expect(history).toMatchObject({ payment_status: 'paid', paid_amount: placed.amount, refunds: [] });
  });

  it('webhooks out of order: success, then a late pending -> stays success', async () => {
    const client = server.client();
    const placed = await placeOnlineOrder(client);
    const started = await initiate(client, placed.order_id);
    expect((await postWebhook(simulator.signedNotification(started.reference, 'success'))).status).toBe(200);
    expect((await postWebhook(simulator.signedNotification(started.reference, 'pending'))).status).toBe(200);
    expect((await postWebhook(simulator.signedNotification(started.reference, 'failed'))).status).toBe(200);
    expect(await statusOf(client, started.payment_id)).toMatchObject({
      state: 'success',
      order_payment_status: 'paid',
    });
    // Recorded (three distinct events), but only the success moved anything.
    expect(await eventCount(started.payment_id)).toBe(3);

    // The gateway itself out of order: a 'pending then success' payment notifies success first.
    simulator.configure({ delivery: 'outOfOrder' });
    const otherClient = server.client();
    const other = await placeOnlineOrder(otherClient);
    const next = await initiate(otherClient, other.order_id);
    await payOnPage(next.redirect_url!, 'pending_success');
    await simulator.releasePending(next.reference);
    expect(await statusOf(otherClient, next.payment_id)).toMatchObject({
      state: 'success',
      order_payment_status: 'paid',
    });
    expect(await eventCount(next.payment_id)).toBe(2);
  });

  it('a forged signature or a tampered body -> 401, nothing changes', async () => {
    const client = server.client();
    const placed = await placeOnlineOrder(client);
    const started = await initiate(client, placed.order_id);
    const genuine = simulator.signedNotification(started.reference, 'success');
    const forged = {
      headers: { ...genuine.headers, 'x-simulator-signature': 'a'.repeat(64) },
      body: genuine.body,
    };
    const tampered = { headers: genuine.headers, body: genuine.body.replace('"success"', '"failed"') };
    const unsigned = { headers: { 'content-type': 'application/json' }, body: genuine.body };
    for (const attempt of [forged, tampered, unsigned]) {
      const response = await postWebhook(attempt);
      expect(response.status).toBe(401);
      expect(((await response.json()) as { code: string }).code).toBe(MESSAGE.invalidSignature);
    }
    expect(await eventCount(started.payment_id)).toBe(0);
    expect(await statusOf(client, started.payment_id)).toMatchObject({ state: 'processing', result: 0 });
    const unknownProvider = await fetch(`${server.baseUrl}/api/payments/webhook/paypal`, {
      method: 'POST',
      body: '{}',
    });
    expect(unknownProvider.status).toBe(400);
  });

  it('a capture for another amount -> recorded on the payment, refunded in full, the attempt failed; the order is still owed', async () => {
    // The gateway takes RM 0.01 instead of the order's amount and says so in its signed notification.
    simulator.connect(async ({ body }) => {
      const sent = JSON.parse(body) as { reference: string; status: 'success'; event_id: string };
      const response = await postWebhook(
        simulator.signedNotification(sent.reference, sent.status, { amount: 1, event_id: sent.event_id }),
      );
      return { status: response.status };
    });
    const client = server.client();
    const placed = await placeOnlineOrder(client);
    const started = await initiate(client, placed.order_id);
    await payOnPage(started.redirect_url!, 'success');

    expect(await eventCount(started.payment_id)).toBe(1);
    expect(await statusOf(client, started.payment_id)).toMatchObject({
      state: 'failed',
      result: 2,
      order_payment_status: 'failed',
      lock: { locked: false },
    });
    await eventually(async () => {
      const detail = await client.call(api.paymentDetail, { query: { payment_id: started.payment_id } });
      expect(detail).toMatchObject({ amount: placed.amount, captured_amount: 1, refunded_amount: 1 });
      expect(detail.refunds).toMatchObject([
        {
          amount: 1,
          reason: 'amount_mismatch',
          state: 'refunded',
          wording_key: 'refund.failedPayment',
          order_id: placed.order_id,
        },
      ]);
    });
    expect(simulator.record(started.reference)?.refunds.size).toBe(1);
    // The wrong capture paid nothing: the order owes its whole amount and can be paid again.
    expect(await client.call(api.orderPayments, { params: { orderId: placed.order_id } })).toMatchObject({
      paid_amount: 0,
      refunded_amount: 0,
    });
    // The same notification again changes nothing and refunds nothing more.
    const replay = await postWebhook(
      simulator.signedNotification(started.reference, 'success', {
        amount: 1,
        event_id: `evt_${simulator.record(started.reference)!.providerRef}_success`,
      }),
    );
    expect(replay.status).toBe(200);
    expect(await db().select().from(refunds).where(eq(refunds.paymentId, started.payment_id))).toHaveLength(
      1,
    );

    connectSimulator(server.app, simulator);
    const again = await initiate(client, placed.order_id);
    expect(again).toMatchObject({ resumed: false, amount: placed.amount });
    await payOnPage(again.redirect_url!, 'success');
    expect((await statusOf(client, again.payment_id)).order_payment_status).toBe('paid');
  });

  it('late webhooks (delay > 0, the first delivery answered 503) -> the payer is back first; the retry settles it once', async () => {
    simulator.configure({ delayMs: 20 });
    let attempts = 0;
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    simulator.connect(async ({ path, headers, body }) => {
      attempts++;
      if (attempts === 1) {
        // Our server is 'down' for the first delivery; it is held until the test has looked.
        await firstHeld;
        return { status: 503 };
      }
      const response = await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers, body });
      return { status: response.status };
    });
    const client = server.client();
    const placed = await placeOnlineOrder(client);
    const started = await initiate(client, placed.order_id);
    const { location } = await payOnPage(started.redirect_url!, 'success');
    expect(location.searchParams.get('status')).toBe('1');
    // Back on the response page before the notification: still processing, the cart still locked.
    expect(await statusOf(client, started.payment_id)).toMatchObject({
      state: 'processing',
      result: 0,
      order_payment_status: 'processing',
    });
    expect((await client.call(cart.cartGet, { query: { scope: 'kopitiam-ali' } })).locked).toBe(true);

    releaseFirst();
    await eventually(async () =>
      expect(await statusOf(client, started.payment_id)).toMatchObject({
        state: 'success',
        result: 1,
        order_payment_status: 'paid',
      }),
    );
    expect(attempts).toBe(2);
    expect(await eventCount(started.payment_id)).toBe(1);
    expect((await client.call(cart.cartGet, { query: { scope: 'kopitiam-ali' } })).locked).toBe(false);
  });

  it('late and duplicated webhooks of a pending-then-success payment (delay > 0) -> settle at paid, each event once', async () => {
    simulator.configure({ delayMs: 10, delivery: 'duplicate' });
    const client = server.client();
    const placed = await placeOnlineOrder(client);
    const started = await initiate(client, placed.order_id);
    await payOnPage(started.redirect_url!, 'pending_success');
    await eventually(async () =>
      expect((await statusOf(client, started.payment_id)).order_payment_status).toBe('pending'),
    );
    await simulator.releasePending(started.reference);
    await eventually(async () =>
      expect(await statusOf(client, started.payment_id)).toMatchObject({
        result: 1,
        order_payment_status: 'paid',
      }),
    );
    // Both duplicates of the success must have been answered before counting.
    await eventually(async () => expect(await eventCount(started.payment_id)).toBe(2));
    expect((await client.call(api.orderPayments, { params: { orderId: placed.order_id } })).paid_amount).toBe(
      placed.amount,
    );
  });

  it('pay later where the restaurant does not allow it (kopitiam-ali pickup) -> payLaterNotAllowed, nothing placed, the cart kept', async () => {
    const client = server.client();
    const item = await addPlainItem(client, 'kopitiam-ali');
    await client.call(cart.cartDetails, {
      body: { scope: 'kopitiam-ali', context: { orderType: 3, pickupType: 'takeaway' } },
    });
    const before = await db().select({ n: count() }).from(orders);
    const refused = await refusal(
      client.call(orderApi.orderCreate, { body: { scope: 'kopitiam-ali', payment_mode: 'pay_later' } }),
    );
    expect(refused).toMatchObject({ statusCode: 422, code: MESSAGE.payLaterNotAllowed });
    expect(refused.message).toBe('Pay later is not available for this order');
    expect(await db().select({ n: count() }).from(orders)).toEqual(before);
    const kept = await client.call(cart.cartGet, { query: { scope: 'kopitiam-ali' } });
    expect(kept.items.map((line) => line.item_id)).toEqual([item.id]);
    // The same cart paid online is placed.
    const placed = await client.call(orderApi.orderCreate, {
      body: { scope: 'kopitiam-ali', payment_mode: 'online' },
    });
    expect(placed).toMatchObject({ prepay: true, order_type: 3 });
  });

  it('a cart edit while a payment processes -> cartLocked; allowed again once the lock is released (failure) or unlocked', async () => {
    const client = server.client();
    const { items } = await menuOf(client, 'kopitiam-ali');
    const item = plainItem(items);
    const edit = () =>
      client.call(cart.cartUpdate, { body: { scope: 'kopitiam-ali', item_id: item.id, quantity: 1 } });

    const first = await placeOnlineOrder(client);
    const started = await initiate(client, first.order_id);
    const refused = await refusal(edit());
    expect(refused).toMatchObject({ statusCode: 422, code: MESSAGE.cartLocked });
    expect(refused.message).toEqual(expect.any(String));
    expect((await client.call(cart.cartGet, { query: { scope: 'kopitiam-ali' } })).items).toEqual([]);
    // The payment fails: the lock goes with it.
    await payOnPage(started.redirect_url!, 'failure');
    expect((await edit()).items.map((line) => line.item_id)).toEqual([item.id]);

    // Another order, another payment: the diner unlocks after 30 s.
    const other = server.client();
    const second = await placeOnlineOrder(other);
    const next = await initiate(other, second.order_id);
    const otherEdit = () =>
      other.call(cart.cartUpdate, { body: { scope: 'kopitiam-ali', item_id: item.id, quantity: 2 } });
    expect(await refusal(otherEdit())).toMatchObject({ code: MESSAGE.cartLocked });
    server.clock.advance(31);
    expect(await refusal(otherEdit())).toMatchObject({ code: MESSAGE.cartLocked });
    await other.call(api.paymentUnlock, { body: { payment_id: next.payment_id } });
    expect((await otherEdit()).items).toMatchObject([{ item_id: item.id, quantity: 2 }]);
  });

  it('live channel -> order.payment on capture, then refund initiated and refunded after a refund', async () => {
    const client = server.client();
    const placed = await placeOnlineOrder(client);
    const topic = `order:${placed.order_id}`;
    const live = await watch(server, { cart_token: client.cartToken }, topic);
    expect(live.reply).toEqual({ type: 'subscribed', topic });
    try {
      const started = await initiate(client, placed.order_id);
      const payment = (state: Record<string, unknown>) =>
        expect.objectContaining({
          type: 'order.payment',
          topics: expect.arrayContaining([`order:${placed.order_id}`, 'restaurant:1001']),
          data: expect.objectContaining({ order_id: placed.order_id, ...state }),
        });
      await eventually(() =>
        expect(live.events).toContainEqual(
          payment({ payment_id: started.payment_id, payment_status: 'processing' }),
        ),
      );
      await payOnPage(started.redirect_url!, 'success');
      await eventually(() =>
        expect(live.events).toContainEqual(
          payment({ payment_id: started.payment_id, payment_state: 'success', payment_status: 'paid' }),
        ),
      );

      await client.call(orderApi.orderCancel, { body: { order_id: placed.order_id } });
      await eventually(() => {
        expect(live.events).toContainEqual(
          payment({ payment_id: started.payment_id, refund_state: 'refund_initiated' }),
        );
        expect(live.events).toContainEqual(
          payment({ payment_id: started.payment_id, refund_state: 'refunded', payment_status: 'refunded' }),
        );
      });
      const kinds = live.events
        .filter((event) => event.type === 'order.payment')
        .map((event) => event.data.refund_state ?? event.data.payment_status);
      // In the order they happened: processing, paid, the refund started, the refund done.
      expect(kinds.indexOf('paid')).toBeLessThan(kinds.indexOf('refund_initiated'));
      expect(kinds.indexOf('refund_initiated')).toBeLessThan(kinds.indexOf('refunded'));
    } finally {
      live.close();
    }
  });

  it('five concurrent initiates for one order -> one payment, the others resumed', async () => {
    const client = server.client();
    const placed = await placeOnlineOrder(client);
    const started = await Promise.all(Array.from({ length: 5 }, () => initiate(client, placed.order_id)));
    expect(new Set(started.map((s) => s.payment_id)).size).toBe(1);
    expect(started.filter((s) => !s.resumed)).toHaveLength(1);
    const rows = await db().select().from(payments).where(eq(payments.orderId, placed.order_id));
    expect(rows).toHaveLength(1);
  });

  it('a diner returning to a processing payment sees it; unlock refused before 30 s, allowed after', async () => {
    const client = server.client();
    const placed = await placeOnlineOrder(client);
    const started = await initiate(client, placed.order_id);
    const previous = await client.call(api.previousPaymentStatus, { query: { order_id: placed.order_id } });
    expect(previous).toMatchObject({
      order_payment_status: 'processing',
      processing: true,
      can_pay: false,
      payment: { payment_id: started.payment_id, redirect_url: started.redirect_url },
    });
    // The cart is locked meanwhile.
    const locked = await client.call(cart.cartGet, { query: { scope: 'kopitiam-ali' } });
    expect(locked.locked).toBe(true);

    server.clock.advance(10);
    const early = await refusal(client.call(api.paymentUnlock, { body: { payment_id: started.payment_id } }));
    expect(early).toMatchObject({ code: MESSAGE.paymentUnlockTooEarly });
    expect(early.message).toContain('20 seconds');
    server.clock.advance(21);
    const unlocked = await client.call(api.paymentUnlock, { body: { payment_id: started.payment_id } });
    expect(unlocked.lock.locked).toBe(false);
    expect((await client.call(cart.cartGet, { query: { scope: 'kopitiam-ali' } })).locked).toBe(false);
    const after = await client.call(api.previousPaymentStatus, { query: { order_id: placed.order_id } });
    expect(after).toMatchObject({ processing: false, can_pay: true });
    const second = await initiate(client, placed.order_id);
    expect(second.payment_id).not.toBe(started.payment_id);
  });

  it('two successes for one order (two tabs) -> one captured, the other refunded and recorded; cashback on the order, not less the duplicate', async () => {
    // A logged-in diner, food above kopitiam-ali's RM 20 cashback minimum (5%).
    const { client } = await login(server);
    await addFood(client, 'kopitiam-ali', 'kopitiam-ali', 2500);
    await dineIn(client, 'kopitiam-ali', 5003);
    const placed = await client.call(orderApi.orderCreate, {
      body: { scope: 'kopitiam-ali', payment_mode: 'online' },
    });
    const first = await initiate(client, placed.order_id);
    server.clock.advance(31);
    await client.call(api.paymentUnlock, { body: { payment_id: first.payment_id } });
    const second = await initiate(client, placed.order_id);
    await payOnPage(second.redirect_url!, 'success');
    await payOnPage(first.redirect_url!, 'success');

    await eventually(async () => {
      const detail = await client.call(api.paymentDetail, { query: { payment_id: first.payment_id } });
      expect(detail.refunds).toMatchObject([
        {
          amount: placed.amount,
          reason: 'duplicate_payment',
          state: 'refunded',
          wording_key: 'refund.failedPayment',
          wording: '5-7 working days',
          order_id: placed.order_id,
        },
      ]);
    });
    const history = await client.call(api.orderPayments, { params: { orderId: placed.order_id } });
    expect(history).toMatchObject({
      payment_status: 'paid',
      paid_amount: placed.amount * 2,
      refunded_amount: placed.amount,
    });
    expect(history.payments.map((p) => [p.payment_id, p.state, p.refunded_amount])).toEqual([
      [second.payment_id, 'success', 0],
      [first.payment_id, 'success', placed.amount],
    ]);
    // The gateway holds the refund too (idempotent on the refund key).
    expect(simulator.record(first.reference)?.status).toBe('refunded');

    // The refunded duplicate was the diner's extra money, not the order's: cashback on the full total.
    await completeByStaff(server, placed.order_id, 'kopitiam-ali');
    const earned = Math.floor((placed.amount * 500) / 10_000);
    expect(earned).toBeGreaterThan(0);
    expect((await client.call(promotions.walletAmount, { query: { scope: 'kopitiam-ali' } })).balance).toBe(
      earned,
    );
  });

  it('cancellation of a paid order -> refund initiated, then refunded through the gateway', async () => {
    const { client, orderId, paymentId, amount } = await paidOrder();
    const cancelled = await client.call(orderApi.orderCancel, { body: { order_id: orderId } });
    expect(['refund_initiated', 'refunded']).toContain(cancelled.payment_status);
    await eventually(async () => {
      const history = await client.call(api.orderPayments, { params: { orderId } });
      expect(history).toMatchObject({ payment_status: 'refunded', refunded_amount: amount });
      expect(history.refunds).toMatchObject([
        {
          payment_id: paymentId,
          amount,
          reason: 'order_cancelled',
          state: 'refunded',
          wording_key: 'refund.bank',
        },
      ]);
    });
    // Cancelling runs once: one refund row, whatever retries follow.
    await reconcile(server.app.santap, { olderThanSeconds: 0 });
    const rows = await db().select().from(refunds).where(eq(refunds.paymentId, paymentId));
    expect(rows).toHaveLength(1);
  });

  it('a declined item of a paid order -> refunded for its share; the order stays paid', async () => {
    const client = server.client();
    const { items } = await menuOf(client, 'kopitiam-ali');
    const first = plainItem(items);
    const second = plainItem(items.filter((i) => i.id !== first.id));
    await client.call(cart.cartUpdate, { body: { scope: 'kopitiam-ali', item_id: first.id, quantity: 2 } });
    await client.call(cart.cartUpdate, { body: { scope: 'kopitiam-ali', item_id: second.id, quantity: 1 } });
    await scanTable(client, 1001, 5003);
    await client.call(cart.cartDetails, {
      body: { scope: 'kopitiam-ali', context: { orderType: 1, tableId: 5003 } },
    });
    const placed = await client.call(orderApi.orderCreate, {
      body: { scope: 'kopitiam-ali', payment_mode: 'online' },
    });
    const started = await initiate(client, placed.order_id);
    await payOnPage(started.redirect_url!, 'success');

    const order = await client.call(orderApi.orderDetails, { query: { order_id: placed.order_id } });
    const line = order.items.find((i) => i.item_id === second.id)!;
    const subtotal = order.items.reduce((sum, i) => sum + i.unit_price * i.quantity, 0);
    const share = Math.round((line.unit_price * line.quantity * order.total) / subtotal);

    const manager = await staffClient('kopitiam-ali-manager');
    await manager.call(staffApi.staffDeclineItem, {
      params: { orderId: placed.order_id, orderItemId: line.order_item_id },
    });
    await eventually(async () => {
      const history = await client.call(api.orderPayments, { params: { orderId: placed.order_id } });
      expect(history).toMatchObject({ payment_status: 'paid', refunded_amount: share });
      expect(history.refunds).toMatchObject([
        { amount: share, reason: 'item_declined', order_item_id: line.order_item_id, state: 'refunded' },
      ]);
    });
  });

  it('staff direct payment of a pay-later order -> paid; only staff of that restaurant, only once', async () => {
    const client = server.client();
    const placed = await placeOnlineOrder(client, 'pay_later');
    const manager = await staffClient('kopitiam-ali-manager');
    const kitchen = await staffClient('kopitiam-ali-kitchen');
    const elsewhere = await staffClient('warung-sari-manager');
    expect(
      await refusal(
        elsewhere.call(api.directPayment, { body: { order_id: placed.order_id, method: 'Cash' } }),
      ),
    ).toMatchObject({ statusCode: 404 });
    expect(
      await refusal(kitchen.call(api.directPayment, { body: { order_id: placed.order_id, method: 'Cash' } })),
    ).toMatchObject({ statusCode: 403 });
    expect(
      await refusal(
        manager.call(api.directPayment, { body: { order_id: placed.order_id, method: 'Cash', amount: 1 } }),
      ),
    ).toMatchObject({ code: MESSAGE.paymentAmountMismatch });
    expect(
      await refusal(client.call(api.directPayment, { body: { order_id: placed.order_id, method: 'Cash' } })),
    ).toMatchObject({ message: 'invalid token' });

    const paid = await manager.call(api.directPayment, {
      body: { order_id: placed.order_id, method: 'Cash' },
    });
    expect(paid).toMatchObject({ order_id: placed.order_id, amount: placed.amount, payment_status: 'paid' });
    const history = await client.call(api.orderPayments, { params: { orderId: placed.order_id } });
    expect(history.payments).toMatchObject([
      { provider: 'counter', method: 'Cash', state: 'success', result: 1 },
    ]);
    expect(
      await refusal(manager.call(api.directPayment, { body: { order_id: placed.order_id, method: 'Card' } })),
    ).toMatchObject({ code: MESSAGE.paymentAlreadyPaid });

    // An online order is not settled at the counter.
    const online = await placeOnlineOrder(server.client());
    expect(
      await refusal(manager.call(api.directPayment, { body: { order_id: online.order_id, method: 'Cash' } })),
    ).toMatchObject({ code: MESSAGE.paymentNotAtCounter });
  });

  it("another diner's payment and order payments -> 404", async () => {
    const { orderId, paymentId } = await paidOrder();
    const stranger = server.client();
    for (const call of [
      () => stranger.call(api.paymentStatusCheck, { query: { payment_id: paymentId } }),
      () => stranger.call(api.paymentDetail, { query: { payment_id: paymentId } }),
      () => stranger.call(api.orderPayments, { params: { orderId } }),
      () => stranger.call(api.previousPaymentStatus, { query: { order_id: orderId } }),
      () => stranger.call(api.paymentInitiate, { body: { order_id: orderId, method: 'Wallet' } }),
      () => stranger.call(api.paymentUnlock, { body: { payment_id: paymentId } }),
    ]) {
      expect(await refusal(call())).toMatchObject({ statusCode: 404 });
    }
  });

  it('reconciliation: a payment whose webhook never came is settled by polling, once', async () => {
    const client = server.client();
    const placed = await placeOnlineOrder(client);
    const started = await initiate(client, placed.order_id);
    await payOnPage(started.redirect_url!, 'pending_success');
    // The success webhook is lost; the gateway's own record turns to success with time.
    server.clock.advance(10);
    expect(await reconcile(server.app.santap, { olderThanSeconds: 120 })).toMatchObject({
      settled: 0,
    });
    server.clock.advance(120);
    const report = await reconcile(server.app.santap, { olderThanSeconds: 120 });
    expect(report.settled).toBeGreaterThanOrEqual(1);
    expect(await statusOf(client, started.payment_id)).toMatchObject({
      result: 1,
      order_payment_status: 'paid',
    });
    const polled = await db()
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.paymentId, started.payment_id), eq(paymentEvents.status, 'success')));
    expect(polled.map((e) => e.eventId)).toEqual([`poll:${started.reference}:success`]);
    // A late webhook for the same success changes nothing.
    await simulator.releasePending(started.reference);
    expect((await client.call(api.orderPayments, { params: { orderId: placed.order_id } })).paid_amount).toBe(
      placed.amount,
    );
  });

  it('reconciliation: a checkout the gateway still calls pending past its expiry -> closed as expired, the order payment failed and the order cancelled; a late capture is refunded', async () => {
    const client = server.client();
    const placed = await placeOnlineOrder(client);
    const started = await initiate(client, placed.order_id);
    // A gateway that never hears of the payer again: always pending.
    const spy = vi.spyOn(simulator, 'queryStatus').mockResolvedValue({ status: 'pending', raw: {} });
    try {
      server.clock.advance(10 * 60);
      await reconcile(server.app.santap);
      expect(await statusOf(client, started.payment_id)).toMatchObject({ state: 'pending', result: 0 });
      server.clock.advance((GATEWAY_EXPIRY_MINUTES + EXPIRY_MARGIN_MINUTES - 10) * 60 + 1);
      for (let run = 0; run < 3; run++) await reconcile(server.app.santap);
      expect(await statusOf(client, started.payment_id)).toMatchObject({
        state: 'expired',
        result: 2,
        order_payment_status: 'failed',
      });
      const closed = await db()
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.paymentId, started.payment_id));
      expect(closed.map((e) => [e.eventId, e.status])).toContainEqual([
        `expiry:${started.reference}`,
        'expired',
      ]);
      // Asked again later: nothing more happens (an expired payment is not polled).
      spy.mockClear();
      await reconcile(server.app.santap);
      expect(spy.mock.calls.map(([reference]) => reference)).not.toContain(started.reference);
    } finally {
      spy.mockRestore();
    }
    // The same run cancelled the unpaid order (README: unpaid orders expire), so the kitchen never saw
    // it. The payer did pay after all (a late webhook): the capture is recorded and refunded, not lost.
    const [order] = await db().select().from(orders).where(eq(orders.id, placed.order_id));
    expect(order?.status).toBe(ORDER_STATUS.CANCELLED);
    await postWebhook(simulator.signedNotification(started.reference, 'success'));
    expect(await statusOf(client, started.payment_id)).toMatchObject({
      state: 'success',
      order_payment_status: 'refund_initiated',
    });
  });

  it('reconciliation: 150 abandoned checkouts (always pending) -> a newer payment is still polled and settled within two runs', async () => {
    const now = server.clock.now();
    const abandoned = await db()
      .insert(payments)
      .values(
        Array.from({ length: 150 }, () => ({
          provider: 'simulator',
          method: 'Wallet',
          amount: 100,
          currency: 'MYR',
          state: 'pending',
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: payments.id });
    const client = server.client();
    const placed = await placeOnlineOrder(client);
    const started = await initiate(client, placed.order_id);
    const spy = vi
      .spyOn(simulator, 'queryStatus')
      .mockImplementation(async (reference) =>
        reference === started.reference
          ? { status: 'success', amount: started.amount, raw: {} }
          : { status: 'pending', raw: {} },
      );
    try {
      server.clock.advance(2 * 60); // every one of them waited past the webhook's time, none expired
      await reconcile(server.app.santap);
      await reconcile(server.app.santap);
      expect(spy.mock.calls.map(([reference]) => reference)).toContain(started.reference);
      expect(await statusOf(client, started.payment_id)).toMatchObject({
        state: 'success',
        order_payment_status: 'paid',
      });
    } finally {
      spy.mockRestore();
      await db()
        .update(payments)
        .set({ state: 'failed' })
        .where(
          inArray(
            payments.id,
            abandoned.map((row) => row.id),
          ),
        );
    }
  });

  it('food court: one payment pays every outlet order; one outlet declined -> only its part refunded', async () => {
    const client = server.client();
    const placed = await placeFoodCourtOrder(client);
    const started = await client.call(api.paymentInitiateFoodCourt, {
      body: { fc_order_id: placed.fc_order_id!, method: 'Card', channel: 'PNCO' },
    });
    expect(started.amount).toBe(placed.amount);
    const { location } = await payOnPage(started.redirect_url!, 'success', 'PNCO');
    expect(location.pathname).toBe('/fc/mall-demo/payment/response');
    expect(location.searchParams.get('fc_order_id')).toBe(String(placed.fc_order_id));
    expect(location.searchParams.get('fc')).toBe('mall-demo');
    expect(location.searchParams.get('status')).toBe('1');

    const fc = await client.call(orderApi.foodCourtOrders, { query: { fc_order_id: placed.fc_order_id! } });
    expect(fc.payment_status).toBe('paid');
    expect(fc.orders.map((o) => o.payment_status)).toEqual(['paid', 'paid']);

    const declinedOrder = fc.orders.find((o) => o.restaurant_id === 1013)!;
    const outlet = await staffClient(`${declinedOrder.nameid}-manager`);
    // Declining a paid order takes the manager's reason (docs/audit.md, "Manager approval").
    await outlet.call(staffApi.staffOrderStatus, {
      params: { orderId: declinedOrder.order_id },
      body: { status: 5, approval: { reason: 'Out of noodles' } },
    });
    await eventually(async () => {
      const detail = await client.call(api.paymentDetail, { query: { payment_id: started.payment_id } });
      expect(detail.refunds).toMatchObject([
        {
          amount: declinedOrder.total,
          reason: 'order_declined',
          order_id: declinedOrder.order_id,
          state: 'refunded',
        },
      ]);
      expect(detail.refunded_amount).toBe(declinedOrder.total);
    });
    const after = await client.call(orderApi.foodCourtOrders, {
      query: { fc_order_id: placed.fc_order_id! },
    });
    expect(Object.fromEntries(after.orders.map((o) => [o.restaurant_id, o.payment_status]))).toEqual({
      1011: 'paid',
      1013: 'refunded',
    });
  });

  it("food court: an outlet's own checkout of its part and the food court's checkout -> never two at once, either way round", async () => {
    const client = server.client();
    const outletFirst = await placeFoodCourtOrder(client);
    const parts = await client.call(orderApi.foodCourtOrders, {
      query: { fc_order_id: outletFirst.fc_order_id! },
    });
    const part = parts.orders[0]!.order_id;
    const own = await client.call(api.paymentInitiate, { body: { order_id: part, method: 'Card' } });
    expect(own).toMatchObject({ resumed: false, state: 'processing' });
    const fc = await client.call(api.paymentInitiateFoodCourt, {
      body: { fc_order_id: outletFirst.fc_order_id!, method: 'Card', channel: 'PNCO' },
    });
    expect(fc).toMatchObject({ resumed: true, payment_id: own.payment_id });

    const other = server.client();
    const fcFirst = await placeFoodCourtOrder(other);
    const started = await other.call(api.paymentInitiateFoodCourt, {
      body: { fc_order_id: fcFirst.fc_order_id!, method: 'Card', channel: 'PNCO' },
    });
    expect(started.resumed).toBe(false);
    const otherParts = await other.call(orderApi.foodCourtOrders, {
      query: { fc_order_id: fcFirst.fc_order_id! },
    });
    for (const { order_id } of otherParts.orders) {
      const resumed = await other.call(api.paymentInitiate, { body: { order_id, method: 'Card' } });
      expect(resumed).toMatchObject({ resumed: true, payment_id: started.payment_id });
    }
    const live = await db()
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.fcOrderId, fcFirst.fc_order_id!));
    expect(live).toHaveLength(1);
  });

  it('v3 initiate at a kiosk -> fast mode with a QR string and isKiosk=1 on the return URL', async () => {
    const client = server.client();
    const placed = await placeOnlineOrder(client);
    const started = await client.call(api.paymentInitiateV3, {
      body: { order_id: placed.order_id, method: 'Wallet', channel: 'grab_pay_app', is_kiosk: true },
    });
    expect(started).toMatchObject({ speed_mode: 'fast', state: 'processing' });
    expect(started.qr_string).toBe(started.redirect_url);
    const { location } = await payOnPage(started.qr_string!, 'success');
    expect(location.searchParams.get('isKiosk')).toBe('1');
    // Secure (the default): the gateway's page only, no QR.
    const other = server.client();
    const secure = await other.call(api.paymentInitiateV3, {
      body: { order_id: (await placeOnlineOrder(other)).order_id, method: 'Wallet' },
    });
    expect(secure).toMatchObject({ speed_mode: 'secure', qr_string: null });
    expect(secure.redirect_url).not.toBeNull();
  });

  it('a method or provider the restaurant does not offer -> refused', async () => {
    const client = server.client();
    const placed = await placeOnlineOrder(client);
    expect(
      await refusal(
        client.call(api.paymentInitiate, {
          body: { order_id: placed.order_id, method: 'Wallet', channel: 'gopay' },
        }),
      ),
    ).toMatchObject({ code: MESSAGE.paymentMethodNotOffered });
    expect(
      await refusal(
        client.call(api.paymentInitiate, {
          body: { order_id: placed.order_id, method: 'Wallet', provider: 'midtrans' },
        }),
      ),
    ).toMatchObject({ code: MESSAGE.paymentMethodNotOffered });
  });
});
