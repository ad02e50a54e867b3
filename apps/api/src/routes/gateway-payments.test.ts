/**
 * Midtrans, DOKU and GrabPay on a real server, each played by its loopback fake (the gateway folders'
 * fake.ts, built from the gateways' docs), the simulator off: a method is offered only where a
 * configured gateway takes it (no card or FPX sent to GrabPay), and what a gateway may send us at its
 * worst — a bad or missing signature, an unknown status, another amount or currency, the same
 * notification twice, a late one — is logged and answered, never settles wrongly, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { cart, orders as orderApi, payments as api } from '@santap/contract';
import { MESSAGE } from '@santap/domain';
import { paymentEvents, refunds } from '../db/schema';
import { paymentConfigFromEnv } from '../services/adapters/payments/config';
import { createDokuFake } from '../services/adapters/payments/gateways/doku/fake';
import { createGrabPayFake } from '../services/adapters/payments/gateways/grabpay/fake';
import { createMidtransFake } from '../services/adapters/payments/gateways/midtrans/fake';
import type { HttpFetch } from '../services/adapters/payments/provider';
import { ENGINES, LUNCHTIME, TestClock, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import type { Client } from '../../test/journeys';
import { addPlainItem, placeOnlineOrder } from '../../test/journeys';
import { refusal } from '../../test/refusal';
import { eventually } from '../../test/eventually';

const MIDTRANS_KEY = 'SB-Mid-server-ROUTES-0001';
const DOKU = { clientId: 'BRN-0001-ROUTES-0001', secretKey: 'SK-santap-ROUTES-0001' };
const GRAB = {
  partnerId: 'partner-santap-ROUTES',
  partnerSecret: 'partner-secret-ROUTES-0001',
  merchantId: 'merchant-santap-ROUTES',
  clientId: 'client-santap-ROUTES',
  clientSecret: 'client-secret-ROUTES-0001',
  redirectUrl: 'http://localhost:3000/api/payments/grabpay/return',
};

describe.each(ENGINES)('gateways through their fakes on %s', (engine) => {
  const clock = new TestClock(new Date(LUNCHTIME));
  const midtrans = createMidtransFake({ serverKey: MIDTRANS_KEY, now: clock.now });
  const doku = createDokuFake({ ...DOKU, now: clock.now });
  const grab = createGrabPayFake({ ...GRAB, now: clock.now });
  /** The network of the server: each gateway's documented hosts answered by its fake. */
  const network: HttpFetch = (url, init) => {
    const { host } = new URL(url);
    if (host.includes('midtrans')) return midtrans.fetch(url, init);
    if (host.includes('doku')) return doku.fetch(url, init);
    return grab.fetch(url, init);
  };
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine, {
      clock,
      config: {
        payments: paymentConfigFromEnv({
          NODE_ENV: 'test',
          SIMULATOR: 'off',
          MIDTRANS_SERVER_KEY: MIDTRANS_KEY,
          DOKU_CLIENT_ID: DOKU.clientId,
          DOKU_SECRET_KEY: DOKU.secretKey,
          GRABPAY_PARTNER_ID: GRAB.partnerId,
          GRABPAY_PARTNER_SECRET: GRAB.partnerSecret,
          GRABPAY_MERCHANT_ID: GRAB.merchantId,
          GRABPAY_CLIENT_ID: GRAB.clientId,
          GRABPAY_CLIENT_SECRET: GRAB.clientSecret,
        }),
      },
      server: { paymentFetch: network },
    });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.db.database.db;

  /** A pickup order at warung-sari (rupiah; names midtrans, doku and the simulator) to pay online. */
  async function warungOrder(client: Client) {
    await addPlainItem(client, 'warung-sari');
    await client.call(cart.cartDetails, {
      body: { scope: 'warung-sari', context: { orderType: 3, pickupType: 'pickup' } },
    });
    return client.call(orderApi.orderCreate, { body: { scope: 'warung-sari', payment_mode: 'online' } });
  }

  /** Posts a gateway's notification to our webhook route, at the path it was addressed to. */
  const deliver = (notification: { url: string; headers: Record<string, string>; body: string }) =>
    fetch(`${server.baseUrl}${new URL(notification.url).pathname}`, {
      method: 'POST',
      headers: notification.headers,
      body: notification.body,
    });

  const statusOf = (client: Client, paymentId: number) =>
    client.call(api.paymentStatusCheck, { query: { payment_id: paymentId } });

  const eventsOf = async (paymentId: number) =>
    Number(
      (await db().select({ n: count() }).from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId)))[0]
        ?.n,
    );

  /** A warung-sari order with a Midtrans GoPay checkout started and paid at Midtrans. */
  async function paidAtMidtrans() {
    const client = server.client({ country: 'ID' });
    const placed = await warungOrder(client);
    const started = await client.call(api.paymentInitiate, {
      body: { order_id: placed.order_id, method: 'Wallet', channel: 'gopay' },
    });
    expect(started.provider).toBe('midtrans');
    midtrans.pay(started.reference, 'settlement');
    return { client, placed, started };
  }

  describe('what is offered', () => {
    it('kopitiam-ali (names Razer, GrabPay, the simulator) with only GrabPay keyed -> the wallet and GrabPay alone, no card, no FPX', async () => {
      const offered = await server.client().call(api.paymentMethodsGet, { query: { restaurant_id: 1001 } });
      expect(offered).toMatchObject({
        online_methods: ['Wallet'],
        channels: ['grab_pay_app'],
        default_provider: 'grabpay',
      });
      expect(offered.methods).not.toContain('Card');
      expect(offered.methods).not.toContain('Net Banking');
      expect(offered.methods).toContain('Cash');
    });

    it('a card or FPX payer at kopitiam-ali -> refused (not sent to GrabPay); the GrabPay wallet -> GrabPay', async () => {
      const client = server.client();
      const placed = await placeOnlineOrder(client);
      for (const body of [
        { order_id: placed.order_id, method: 'Card' },
        { order_id: placed.order_id, method: 'Net Banking', channel: 'PNCO' },
        { order_id: placed.order_id, method: 'Wallet', channel: 'tng_ewallet' },
        { order_id: placed.order_id, method: 'Card', provider: 'grabpay' },
      ] as const) {
        expect(await refusal(client.call(api.paymentInitiate, { body }))).toMatchObject({
          code: MESSAGE.paymentMethodNotOffered,
        });
      }
      expect(grab.calls).toHaveLength(0);
      const started = await client.call(api.paymentInitiate, {
        body: { order_id: placed.order_id, method: 'Wallet', channel: 'grab_pay_app' },
      });
      expect(started.provider).toBe('grabpay');
      expect(grab.charge(started.reference)).toMatchObject({ amount: placed.amount, currency: 'MYR' });
    });

    it('warung-sari (names Midtrans, DOKU) -> card and wallet (Midtrans, DOKU), bank transfer (DOKU); GoPay, OVO, QRIS', async () => {
      const offered = await server
        .client({ country: 'ID' })
        .call(api.paymentMethodsGet, { query: { restaurant_id: 1002 } });
      expect(offered).toMatchObject({
        online_methods: ['Wallet', 'Card', 'Net Banking'],
        channels: ['gopay', 'ovo-emoney', 'qris'],
        default_provider: 'midtrans',
      });
    });

    it('a bank payment at warung-sari -> DOKU, the one of its gateways that takes it', async () => {
      const client = server.client({ country: 'ID' });
      const placed = await warungOrder(client);
      const started = await client.call(api.paymentInitiate, {
        body: { order_id: placed.order_id, method: 'Net Banking' },
      });
      expect(started.provider).toBe('doku');
      expect(doku.checkout(started.reference)).toMatchObject({ amount: placed.amount });
    });
  });

  describe('Midtrans notifications', () => {
    it('settled, notified -> paid; the same notification again (Midtrans may send it twice) -> one event, duplicate', async () => {
      const { client, placed, started } = await paidAtMidtrans();
      const notification = midtrans.notification(started.reference);
      const first = await deliver(notification);
      expect(first.status).toBe(200);
      expect(await statusOf(client, started.payment_id)).toMatchObject({
        state: 'success',
        order_payment_status: 'paid',
      });
      const again = await deliver(notification);
      expect(again.status).toBe(200);
      expect(await again.json()).toMatchObject({ data: { duplicate: true } });
      expect(await eventsOf(started.payment_id)).toBe(1);
      const history = await client.call(api.orderPayments, { params: { orderId: placed.order_id } });
      expect(history).toMatchObject({ payment_status: 'paid', paid_amount: placed.amount });
    });

    it('a bad, missing or foreign signature, a body that is not JSON -> 401 invalid signature, nothing recorded, still processing', async () => {
      const { client, started } = await paidAtMidtrans();
      const genuine = midtrans.notification(started.reference);
      const body = JSON.parse(genuine.body) as Record<string, string>;
      const { signature_key: _signature, ...unsigned } = body;
      for (const attempt of [
        { ...genuine, body: JSON.stringify({ ...body, signature_key: 'a'.repeat(128) }) },
        { ...genuine, body: JSON.stringify(unsigned) },
        { ...genuine, body: JSON.stringify({ ...body, gross_amount: '1.00' }) },
        { ...genuine, body: '{not json' },
      ]) {
        const response = await deliver(attempt);
        expect(response.status).toBe(401);
        expect(((await response.json()) as { code: string }).code).toBe(MESSAGE.invalidSignature);
      }
      expect(await eventsOf(started.payment_id)).toBe(0);
      expect(await statusOf(client, started.payment_id)).toMatchObject({ state: 'processing', result: 0 });
    });

    it('a signed notification with a status Midtrans does not document -> refused, nothing settles', async () => {
      const { client, started } = await paidAtMidtrans();
      const response = await deliver(
        midtrans.notification(started.reference, { transaction_status: 'paid' }),
      );
      expect(response.status).toBe(401);
      expect(await eventsOf(started.payment_id)).toBe(0);
      expect((await statusOf(client, started.payment_id)).state).toBe('processing');
    });

    it('Midtrans reporting another amount (signed) -> recorded, not counted: the payment failed, the capture refunded at Midtrans, the order still owed', async () => {
      const { client, placed, started } = await paidAtMidtrans();
      const response = await deliver(midtrans.notification(started.reference, { gross_amount: '1000.00' }));
      expect(response.status).toBe(200);
      expect(await statusOf(client, started.payment_id)).toMatchObject({ state: 'failed', result: 2 });
      expect(await client.call(api.orderPayments, { params: { orderId: placed.order_id } })).toMatchObject({
        paid_amount: 0,
      });
      await eventually(async () => {
        expect(midtrans.transaction(started.reference)?.refunded).toBe(1000);
      });
      const [refund] = await db().select().from(refunds).where(eq(refunds.paymentId, started.payment_id));
      expect(refund).toMatchObject({ amount: 1000, reason: 'amount_mismatch' });
    });

    it('a capture in another currency (signed) -> not counted: the payment failed, the order still owed', async () => {
      const { client, placed, started } = await paidAtMidtrans();
      const response = await deliver(midtrans.notification(started.reference, { currency: 'USD' }));
      expect(response.status).toBe(200);
      expect(await statusOf(client, started.payment_id)).toMatchObject({ state: 'failed', result: 2 });
      expect(await client.call(api.orderPayments, { params: { orderId: placed.order_id } })).toMatchObject({
        paid_amount: 0,
      });
    });

    it('out of order: settlement, then a late pending and an expire -> stays paid, each recorded once', async () => {
      const { client, started } = await paidAtMidtrans();
      const settled = midtrans.notification(started.reference);
      midtrans.pay(started.reference, 'pending');
      const late = midtrans.notification(started.reference);
      midtrans.pay(started.reference, 'expire');
      const expired = midtrans.notification(started.reference);
      for (const notification of [settled, late, expired])
        expect((await deliver(notification)).status).toBe(200);
      expect(await statusOf(client, started.payment_id)).toMatchObject({
        state: 'success',
        order_payment_status: 'paid',
      });
      expect(await eventsOf(started.payment_id)).toBe(3);
    });

    it('a notification for a payment we never made (signed) -> 200, recorded nowhere, nothing moves', async () => {
      const { started } = await paidAtMidtrans();
      const response = await deliver(
        midtrans.notification(started.reference, { order_id: 'SNTP-999999-zzzzzz' }),
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ data: { payment_id: null } });
    });
  });

  describe('DOKU notifications', () => {
    async function paidAtDoku() {
      const client = server.client({ country: 'ID' });
      const placed = await warungOrder(client);
      const started = await client.call(api.paymentInitiate, {
        body: { order_id: placed.order_id, method: 'Wallet', channel: 'ovo-emoney' },
      });
      expect(started.provider).toBe('doku');
      doku.pay(started.reference, 'SUCCESS', 'EMONEY_OVO');
      return { client, placed, started };
    }

    it('paid, notified -> paid; retried by DOKU with a fresh Request-Id -> the same event, duplicate', async () => {
      const { client, started } = await paidAtDoku();
      expect((await deliver(doku.notification(started.reference))).status).toBe(200);
      expect(await statusOf(client, started.payment_id)).toMatchObject({ state: 'success' });
      const retried = await deliver(doku.notification(started.reference));
      expect(retried.status).toBe(200);
      expect(await retried.json()).toMatchObject({ data: { duplicate: true } });
      expect(await eventsOf(started.payment_id)).toBe(1);
    });

    it('signed with another secret, or an undocumented status (signed) -> 401, nothing settles', async () => {
      const { client, started } = await paidAtDoku();
      const genuine = doku.notification(started.reference);
      const forged = { ...genuine, headers: { ...genuine.headers, signature: 'HMACSHA256=AAAA' } };
      const body = JSON.parse(genuine.body) as { transaction: Record<string, unknown> };
      const unknown = doku.notification(started.reference, {
        body: { ...body, transaction: { ...body.transaction, status: 'PAID' } },
      });
      for (const attempt of [forged, unknown]) expect((await deliver(attempt)).status).toBe(401);
      expect(await eventsOf(started.payment_id)).toBe(0);
      expect((await statusOf(client, started.payment_id)).state).toBe('processing');
    });
  });

  describe('GrabPay notifications', () => {
    it('a notification without a valid partner HMAC -> 401; the genuine one -> paid', async () => {
      const client = server.client();
      const placed = await placeOnlineOrder(client);
      const started = await client.call(api.paymentInitiate, {
        body: { order_id: placed.order_id, method: 'Wallet', channel: 'grab_pay_app' },
      });
      grab.authorize(started.redirect_url!);
      grab.completeWith(started.reference, 'success');
      const genuine = grab.notification(
        started.reference,
        `http://localhost:3000/api/payments/webhook/grabpay`,
        {
          txStatus: 'success',
        },
      );
      const forged = { ...genuine, headers: { ...genuine.headers, authorization: `${GRAB.partnerId}:AAAA` } };
      expect((await deliver(forged)).status).toBe(401);
      expect((await statusOf(client, started.payment_id)).state).toBe('processing');
      expect((await deliver(genuine)).status).toBe(200);
      expect(await statusOf(client, started.payment_id)).toMatchObject({ state: 'success' });
    });
  });
});
