/**
 * Razer Merchant Services on a real server, Razer played by a fake built on the recorded replies in
 * services/payments/fixtures/razer.json (no network): a Malaysian diner's Touch 'n Go payment is
 * settled by Razer's signed callback, which is acknowledged with the plain `CBTOKEN:MPSTATOK` its
 * docs require (forged: refused, no token; replayed: the token again, nothing paid twice), and a
 * Malaysian kiosk draws the DuitNow QR string of Razer's Direct Server API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { kiosk as kioskApi, orders as orderApi, payments as api } from '@santap/contract';
import { paymentEvents } from '../db/schema';
import { paymentConfigFromEnv } from '../services/adapters/payments/config';
import fixture from '../services/adapters/payments/gateways/razer/fixtures/razer.json';
import type { HttpFetch } from '../services/adapters/payments/provider';
import { razerAmount, razerSkey } from '../services/adapters/payments/gateways/razer/protocol';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { kioskClient, kioskOrder, newOrderKey } from '../../test/kiosk-kit';
import { placeOnlineOrder } from '../../test/journeys';

const KEYS = { merchantId: 'santap_Dev', verifyKey: 'vk-santap-test-0001', secretKey: 'sk-santap-test-0001' };
const RAZER_ENV = {
  NODE_ENV: 'test',
  SIMULATOR: 'on',
  RAZER_MERCHANT_ID: KEYS.merchantId,
  RAZER_VERIFY_KEY: KEYS.verifyKey,
  RAZER_SECRET_KEY: KEYS.secretKey,
};

/** Razer's Direct Server API as recorded: the DuitNow QR reply, for whatever reference was asked. */
function fakeRazer() {
  const calls: { url: string; form: Record<string, string> }[] = [];
  const fetch: HttpFetch = async (url, init) => {
    const form = Object.fromEntries(new URLSearchParams(init.body ?? ''));
    calls.push({ url, form });
    if (new URL(url).pathname === '/RMS/API/Direct/1.4.0/index.php') {
      const reply = {
        ...fixture.duitnowQr.created,
        ReferenceNo: form.ReferenceNo,
        TxnAmount: form.TxnAmount,
      };
      return { status: 200, text: async () => JSON.stringify(reply) };
    }
    throw new Error(`unexpected call ${init.method} ${url}`);
  };
  return { fetch, calls };
}

/** Razer's callback for a payment: form fields signed with the secret key, `nbcb=1`. */
function signedCallback(reference: string, sen: number, options: { status?: string; tranID?: string } = {}) {
  const fields = {
    tranID: options.tranID ?? '30418263',
    orderid: reference,
    status: options.status ?? '00',
    domain: KEYS.merchantId,
    amount: razerAmount(sen),
    currency: 'MYR',
    paydate: '2026-11-23 12:04:31',
    appcode: '',
  };
  return new URLSearchParams({
    ...fields,
    channel: 'TNG-EWALLET',
    error_code: '',
    error_desc: '',
    skey: razerSkey(fields, KEYS.secretKey),
    nbcb: '1',
  }).toString();
}

describe.each(ENGINES)('Razer callback and DuitNow QR on %s', (engine) => {
  let server: TestServer;
  let razer: ReturnType<typeof fakeRazer>;

  beforeAll(async () => {
    razer = fakeRazer();
    server = await startTestServer(engine, {
      config: { payments: paymentConfigFromEnv(RAZER_ENV) },
      server: { paymentFetch: razer.fetch },
    });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.db.database.db;
  const postCallback = (body: string) =>
    fetch(`${server.baseUrl}/api/payments/webhook/razer`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
  const eventsOf = async (paymentId: number) =>
    Number(
      (await db().select({ n: count() }).from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId)))[0]
        ?.n,
    );

  it("Touch 'n Go at kopitiam-ali -> Razer's hosted page; signed callback -> 200 CBTOKEN:MPSTATOK, order paid; replayed -> the token again, one event", async () => {
    const client = server.client();
    const placed = await placeOnlineOrder(client);
    const started = await client.call(api.paymentInitiate, {
      body: { order_id: placed.order_id, method: 'Wallet', channel: 'tng_ewallet' },
    });
    expect(started.provider).toBe('razer');
    expect(started.redirect_url).toContain(`/RMS/pay/${KEYS.merchantId}/TNG-EWALLET?`);

    const body = signedCallback(started.reference, placed.amount);
    const answer = await postCallback(body);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    expect(await answer.text()).toBe('CBTOKEN:MPSTATOK');
    const order = await client.call(orderApi.orderDetails, { query: { order_id: placed.order_id } });
    expect(order.payment_status).toBe('paid');

    const again = await postCallback(body);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe('CBTOKEN:MPSTATOK');
    expect(await eventsOf(started.payment_id)).toBe(1);
  });

  it("Razer's return (a form POST to the return URL) -> 303 to the same return page as a GET, for a restaurant and a food court", async () => {
    for (const path of [
      '/payment/response?order_id=42&type=dinein&redirect=1&isKiosk=0',
      '/fc/mall-demo/payment/response?fc_order_id=7&fc=mall-demo',
    ]) {
      const answer = await fetch(`${server.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: signedCallback('SNTP-42-abc', 3850).replace('&nbcb=1', ''),
        redirect: 'manual',
      });
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toBe(path);
    }
  });

  it('forged callback (amount changed after signing) -> 401, no token, nothing paid', async () => {
    const client = server.client();
    const placed = await placeOnlineOrder(client);
    const started = await client.call(api.paymentInitiate, {
      body: { order_id: placed.order_id, method: 'Net Banking' },
    });
    expect(started.provider).toBe('razer');
    const forged = signedCallback(started.reference, placed.amount).replace(
      `amount=${razerAmount(placed.amount)}`,
      'amount=0.01',
    );
    const answer = await postCallback(forged);
    expect(answer.status).toBe(401);
    expect(await answer.text()).not.toContain('CBTOKEN');
    const order = await client.call(orderApi.orderDetails, { query: { order_id: placed.order_id } });
    expect(order.payment_status).not.toBe('paid');
  });

  it("Malaysian kiosk (kopitiam-ali-k1) -> a DuitNow QR from Razer's Direct Server API on screen; its callback pays the order", async () => {
    const kiosk = kioskClient(server);
    expect((await kiosk.call(kioskApi.kioskSettings, {})).qr_channel).toBe('duitnow_qr');
    const placed = await kiosk.call(
      kioskApi.kioskOrderCreate,
      { body: kioskOrder(server.clock.now(), { payment: 'online' }) },
      { idempotencyKey: newOrderKey() },
    );
    const started = await kiosk.call(kioskApi.kioskPay, { params: { orderId: placed.order_id }, body: {} });
    expect(started).toMatchObject({ provider: 'razer', speed_mode: 'fast', is_kiosk: true });
    expect(started.qr_string).toBe(fixture.duitnowQr.created.TxnData.RequestData.qr_data);
    const direct = razer.calls.find((call) => call.url.endsWith('/RMS/API/Direct/1.4.0/index.php'));
    expect(direct?.form).toMatchObject({
      ReferenceNo: started.reference,
      TxnChannel: 'RPP_DUITNOWQR',
      TxnAmount: razerAmount(placed.amount),
    });

    const answer = await postCallback(
      signedCallback(started.reference, placed.amount, { tranID: '30418301' }),
    );
    expect(await answer.text()).toBe('CBTOKEN:MPSTATOK');
    const status = await kiosk.call(kioskApi.kioskOrderStatus, { params: { orderId: placed.order_id } });
    expect(status.payment_status).toBe('paid');
  });
});
