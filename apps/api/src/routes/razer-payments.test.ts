/**
 * Razer Merchant Services (Fiuu) on a real server, Razer played over HTTP by the loopback fake built
 * from its docs (services/adapters/payments/gateways/razer/fake.ts), on the server's clock: a payment
 * settles by whichever of notification, callback and browser return comes first (the others are
 * duplicates), forged and odd statuses change nothing and never answer 500, the reconciliation job
 * asks Razer at the pace its docs allow, and a refund goes by Razer's transaction id and is followed
 * by its RefID until Razer settles it. Every test ends with the fake having seen no breach of the
 * documented protocol.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { kiosk as kioskApi, orders as orderApi, payments as api } from '@santap/contract';
import { paymentEvents, payments, refunds } from '../db/schema';
import { paymentConfigFromEnv } from '../services/adapters/payments/config';
import { startRazerFake } from '../services/adapters/payments/gateways/razer/fake';
import type { RazerFake } from '../services/adapters/payments/gateways/razer/fake';
import { reconcilePendingPayments } from '../services/flows/payments/reconcile';
import { refundViews } from '../services/flows/payments/refunds';
import { ENGINES, LUNCHTIME, TestClock, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { kioskClient, kioskOrder, newOrderKey } from '../../test/kiosk-kit';
import { placeOnlineOrder } from '../../test/journeys';
import type { Client } from '../../test/journeys';
import { eventually } from '../../test/eventually';

const KEYS = { merchantId: 'santap_Dev', verifyKey: 'vk-santap-test-0001', secretKey: 'sk-santap-test-0001' };

describe.each(ENGINES)('Razer on %s', (engine) => {
  let server: TestServer;
  let razer: RazerFake;
  const clock = new TestClock(new Date(LUNCHTIME));

  beforeAll(async () => {
    razer = await startRazerFake({ ...KEYS, now: clock.now });
    server = await startTestServer(engine, {
      clock,
      config: {
        payments: paymentConfigFromEnv({
          NODE_ENV: 'test',
          SIMULATOR: 'on',
          RAZER_MERCHANT_ID: KEYS.merchantId,
          RAZER_VERIFY_KEY: KEYS.verifyKey,
          RAZER_SECRET_KEY: KEYS.secretKey,
          RAZER_BASE_URL: razer.baseUrl,
        }),
      },
    });
    // The server's public URL names no port it listens on: Razer reaches it where it is.
    razer.reachMerchantAt(server.baseUrl);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await razer?.close();
  });
  afterEach(() => {
    expect(razer.violations.splice(0)).toEqual([]);
  });

  const ctx = () => server.app.santap;
  const db = () => server.db.database.db;
  const paymentRow = async (id: number) =>
    (await db().select().from(payments).where(eq(payments.id, id)))[0]!;
  const eventsOf = async (paymentId: number) =>
    Number(
      (await db().select({ n: count() }).from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId)))[0]
        ?.n,
    );
  const paymentStatus = async (client: Client, orderId: number) =>
    (await client.call(orderApi.orderDetails, { query: { order_id: orderId } })).payment_status;

  /** A guest's Touch 'n Go checkout at kopitiam-ali, with Razer's page opened by the diner's browser. */
  async function checkout() {
    const client = server.client();
    const placed = await placeOnlineOrder(client);
    const started = await client.call(api.paymentInitiate, {
      body: { order_id: placed.order_id, method: 'Wallet', channel: 'tng_ewallet' },
    });
    expect(started.provider).toBe('razer');
    expect((await fetch(started.redirect_url!)).status).toBe(200);
    return { client, placed, started, reference: started.reference };
  }

  it("a guest's Touch 'n Go -> Razer's page with the restaurant's contact; the notification pays; callback and return after it are duplicates", async () => {
    const { client, placed, started, reference } = await checkout();
    const page = new URL(started.redirect_url!);
    expect(page.pathname).toBe(`/RMS/pay/${KEYS.merchantId}/TNG-EWALLET`);
    expect(razer.payments.get(reference)?.bill).toMatchObject({
      email: 'hello@kopitiam-ali.example',
      mobile: '+60321234567',
    });

    const paid = razer.pay(reference, '00');
    const notified = await razer.sendNotification(reference);
    expect(notified.answer.status).toBe(200);
    expect(notified.answer.body).not.toContain('CBTOKEN');
    expect(await paymentStatus(client, placed.order_id)).toBe('paid');
    expect((await paymentRow(started.payment_id)).data).toMatchObject({ gateway_txn_id: paid.tranID });

    const called = await razer.sendCallback(reference);
    expect(called.answer).toMatchObject({ status: 200, body: 'CBTOKEN:MPSTATOK' });
    const returned = await razer.sendReturn(reference);
    expect(returned.answer.status).toBe(303);
    expect(returned.answer.location).toBe(
      `${page.searchParams.get('returnurl')!.replace('http://localhost:3000', '')}`,
    );
    expect(await eventsOf(started.payment_id)).toBe(1);
  });

  it('the browser back first (notification and callback late) -> the return settles; the others are duplicates', async () => {
    const { client, placed, started, reference } = await checkout();
    razer.pay(reference, '00');
    expect((await razer.sendReturn(reference)).answer.status).toBe(303);
    expect(await paymentStatus(client, placed.order_id)).toBe('paid');
    expect((await razer.sendNotification(reference)).answer.status).toBe(200);
    expect((await razer.sendCallback(reference)).answer.body).toBe('CBTOKEN:MPSTATOK');
    expect(await eventsOf(started.payment_id)).toBe(1);
  });

  it('forged (the amount changed after signing): notification -> 401, no token; return -> 303; nothing paid, nothing recorded', async () => {
    const { client, placed, started, reference } = await checkout();
    razer.pay(reference, '00');
    const forged = { amount: '0.01' };
    expect((await razer.sendNotification(reference, forged)).answer.status).toBe(401);
    const callback = await razer.sendCallback(reference, forged);
    expect(callback.answer.status).toBe(401);
    expect(callback.answer.body).not.toContain('CBTOKEN');
    expect((await razer.sendReturn(reference, forged)).answer.status).toBe(303);
    expect(await paymentStatus(client, placed.order_id)).not.toBe('paid');
    expect(await eventsOf(started.payment_id)).toBe(0);
  });

  it('a status Razer never defines (99), signed -> 401, nothing recorded; a return of a payment not ours -> 303, nothing', async () => {
    const { started, reference } = await checkout();
    razer.pay(reference, '99' as '00');
    expect((await razer.sendNotification(reference)).answer.status).toBe(401);
    expect(await eventsOf(started.payment_id)).toBe(0);
    const other = await fetch(`${server.baseUrl}/payment/response?order_id=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        ...razer.statusFields(reference),
        orderid: 'SNTP-999999-abcdef',
      }).toString(),
      redirect: 'manual',
    });
    expect(other.status).toBe(303);
  });

  it('out of order: paid, then a pending (22) and a failed (11) status for it -> recorded, the order stays paid', async () => {
    const { client, placed, started, reference } = await checkout();
    razer.pay(reference, '00');
    await razer.sendNotification(reference);
    razer.pay(reference, '22');
    expect((await razer.sendNotification(reference)).answer.status).toBe(200);
    razer.pay(reference, '11');
    expect((await razer.sendCallback(reference)).answer.body).toBe('CBTOKEN:MPSTATOK');
    expect(await paymentStatus(client, placed.order_id)).toBe('paid');
    expect((await paymentRow(started.payment_id)).state).toBe('success');
    expect(await eventsOf(started.payment_id)).toBe(3);
  });

  it("paid, then a failed retry on Razer's page under another tranID -> the capture's tranID stays (refunds go by it)", async () => {
    const { started, reference } = await checkout();
    const captured = razer.pay(reference, '00').tranID;
    await razer.sendNotification(reference);
    // The payer tried again on Razer's page: a new transaction of the same order id, failed.
    razer.pay(reference, '11', { tranID: `${captured}9` });
    expect((await razer.sendNotification(reference)).answer.status).toBe(200);
    expect((await paymentRow(started.payment_id)).state).toBe('success');
    expect((await paymentRow(started.payment_id)).data).toMatchObject({ gateway_txn_id: captured });
  });

  it('a signed capture of another amount or currency -> not counted: the order is still owed, the capture refunded', async () => {
    for (const changes of [{ amount: '0.01' }, { currency: 'USD' }]) {
      const { client, placed, started, reference } = await checkout();
      razer.pay(reference, '00', changes);
      expect((await razer.sendNotification(reference)).answer.status).toBe(200);
      expect(await paymentStatus(client, placed.order_id)).not.toBe('paid');
      expect((await paymentRow(started.payment_id)).state).toBe('failed');
      await eventually(async () =>
        expect(
          await db().select().from(refunds).where(eq(refunds.paymentId, started.payment_id)),
        ).toMatchObject([{ reason: 'amount_mismatch' }]),
      );
    }
    // Razer took both refunds (by the transaction id the notification named).
    await eventually(() => expect(razer.refunds.size).toBeGreaterThanOrEqual(2));
  });

  it('notifications lost -> no requery before 10 minutes; then one at the documented path with the amount, at most every 30 minutes; paid -> settled', async () => {
    const { client, placed, started, reference } = await checkout();
    const asked = () =>
      razer.requests.filter((r) => r.path === '/RMS/query/q_by_oid.php' && r.fields.oID === reference);

    clock.advance(5 * 60);
    await reconcilePendingPayments(ctx());
    expect(asked()).toHaveLength(0);

    clock.advance(6 * 60);
    await reconcilePendingPayments(ctx());
    expect(asked()).toHaveLength(1);
    expect(asked()[0]!.fields).toMatchObject({ oID: reference, amount: (placed.amount / 100).toFixed(2) });
    expect((await paymentRow(started.payment_id)).state).toBe('pending');

    for (let minute = 0; minute < 3; minute++) {
      clock.advance(60);
      await reconcilePendingPayments(ctx());
    }
    expect(asked()).toHaveLength(1);

    const paid = razer.pay(reference, '00');
    clock.advance(30 * 60);
    await reconcilePendingPayments(ctx());
    expect(asked()).toHaveLength(2);
    expect(await paymentStatus(client, placed.order_id)).toBe('paid');
    expect((await paymentRow(started.payment_id)).data).toMatchObject({ gateway_txn_id: paid.tranID });
  });

  it('a checkout Razer never saw -> asked at the allowed pace, then closed as expired', async () => {
    const client = server.client();
    const placed = await placeOnlineOrder(client);
    const started = await client.call(api.paymentInitiate, {
      body: { order_id: placed.order_id, method: 'Wallet', channel: 'tng_ewallet' },
    });
    for (let minute = 0; minute < 45; minute += 1) {
      clock.advance(60);
      await reconcilePendingPayments(ctx());
    }
    const asked = razer.requests.filter((r) => r.fields.oID === started.reference);
    expect(asked).toHaveLength(2);
    expect((await paymentRow(started.payment_id)).state).toBe('expired');
  });

  /** A paid order the diner then cancels: its refund goes to Razer. */
  async function cancelledAfterPaying() {
    const { client, placed, started, reference } = await checkout();
    const paid = razer.pay(reference, '00');
    await razer.sendNotification(reference);
    await client.call(orderApi.orderCancel, { body: { order_id: placed.order_id } });
    const row = await eventually(async () => {
      const [refund] = await db().select().from(refunds).where(eq(refunds.paymentId, started.payment_id));
      expect(refund?.attempts).toBe(1);
      return refund!;
    });
    return { client, placed, started, paid, refund: row };
  }

  it("a cancelled paid order -> refunded by Razer's tranID with its own RefID; pending at Razer -> followed by the status inquiry, never sent again", async () => {
    const { client, placed, started, paid, refund } = await cancelledAfterPaying();
    const sent = () => razer.requests.filter((r) => r.path === '/RMS/API/refundAPI/index.php');
    const followed = () => razer.requests.filter((r) => r.path === '/RMS/API/refundAPI/q_by_refID.php');
    expect(sent().at(-1)?.fields).toMatchObject({
      TxnID: paid.tranID,
      RefID: refund.refundKey,
      Amount: paid.amount,
    });
    expect(refund.state).toBe('refund_initiated');
    expect((await paymentRow(started.payment_id)).data).toMatchObject({
      gateway_refunds: { [refund.refundKey]: {} },
    });
    const before = sent().length;

    for (let run = 0; run < 3; run++) {
      clock.advance(31 * 60);
      await reconcilePendingPayments(ctx());
    }
    expect(sent()).toHaveLength(before);
    expect(followed().filter((r) => r.fields.RefID === refund.refundKey).length).toBeGreaterThanOrEqual(3);
    expect((await db().select().from(refunds).where(eq(refunds.id, refund.id)))[0]?.state).toBe(
      'refund_initiated',
    );

    razer.settleRefund(refund.refundKey, 'success');
    clock.advance(31 * 60);
    await reconcilePendingPayments(ctx());
    const history = await client.call(api.orderPayments, { params: { orderId: placed.order_id } });
    expect(history).toMatchObject({ payment_status: 'refunded', refunded_amount: placed.amount });
    expect(history.refunds).toMatchObject([{ state: 'refunded', reason: 'order_cancelled' }]);
    expect(sent()).toHaveLength(before);
  });

  it("a refund Razer rejects -> failed with Razer's reason, shown to the restaurant's staff and not to the diner", async () => {
    const { client, placed, started, refund } = await cancelledAfterPaying();
    razer.settleRefund(refund.refundKey, 'rejected', 'Beneficiary account closed');
    clock.advance(31 * 60);
    await reconcilePendingPayments(ctx());
    const [row] = await db().select().from(refunds).where(eq(refunds.id, refund.id));
    expect(row).toMatchObject({ state: 'failed', lastError: 'Beneficiary account closed' });

    const diner = await client.call(api.orderPayments, { params: { orderId: placed.order_id } });
    expect(diner.refunds[0]).toMatchObject({ state: 'failed' });
    expect(diner.refunds[0]).not.toHaveProperty('failure_reason');
    const manager = {
      t: (key: string) => key,
      staff: { id: 1, restaurantId: 1001, role: 'manager', username: 'manager', tokenHash: '' },
    };
    const staffView = await refundViews(db(), [await paymentRow(started.payment_id)], manager);
    expect(staffView).toMatchObject([{ state: 'failed', failure_reason: 'Beneficiary account closed' }]);
  });

  it('a Malaysian kiosk (kopitiam-ali-k1) -> a DuitNow QR from the Direct Server API (RPP_DuitNowQR) on screen; its callback pays', async () => {
    const kiosk = kioskClient(server);
    expect((await kiosk.call(kioskApi.kioskSettings, {})).qr_channel).toBe('duitnow_qr');
    const placed = await kiosk.call(
      kioskApi.kioskOrderCreate,
      { body: kioskOrder(server.clock.now(), { payment: 'online' }) },
      { idempotencyKey: newOrderKey() },
    );
    const started = await kiosk.call(kioskApi.kioskPay, { params: { orderId: placed.order_id }, body: {} });
    expect(started).toMatchObject({ provider: 'razer', speed_mode: 'fast', is_kiosk: true });
    expect(started.qr_string).toMatch(/^000201/);
    expect(razer.payments.get(started.reference)).toMatchObject({
      via: 'direct',
      channel: 'RPP_DuitNowQR',
      amount: (placed.amount / 100).toFixed(2),
      bill: { email: 'hello@kopitiam-ali.example' },
    });

    razer.pay(started.reference, '00');
    expect((await razer.sendCallback(started.reference)).answer.body).toBe('CBTOKEN:MPSTATOK');
    const status = await kiosk.call(kioskApi.kioskOrderStatus, { params: { orderId: placed.order_id } });
    expect(status.payment_status).toBe('paid');
  });

  it("a return post that is not Razer's (no signed fields) -> 303 to the same page, for a restaurant and a food court", async () => {
    for (const path of [
      '/payment/response?order_id=42&type=dinein&redirect=1&isKiosk=0',
      '/fc/mall-demo/payment/response?fc_order_id=7&fc=mall-demo',
    ]) {
      const answer = await fetch(`${server.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'status=00&orderid=SNTP-42-abcdef',
        redirect: 'manual',
      });
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toBe(path);
    }
  });
});
