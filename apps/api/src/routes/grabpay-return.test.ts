/**
 * GrabPay end to end on a real server, with Grab played by a fake built on the recorded replies in
 * services/adapters/payments/gateways/<name>/fixtures (no network): the payer's way back (?code&state) completes the charge,
 * the charge's refund token lives in the database (a restarted server refunds), and a refund Grab
 * does not answer is tried again while one it refuses stays failed.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { orders as orderApi, payments as api } from '@santap/contract';
import { gatewayCharges, paymentEvents, refunds } from '../db/schema';
import { paymentConfigFromEnv } from '../services/adapters/payments/config';
import completeFixture from '../services/adapters/payments/gateways/grabpay/fixtures/grabpay-charge-complete.json';
import initFixture from '../services/adapters/payments/gateways/grabpay/fixtures/grabpay-charge-init.json';
import refundFixture from '../services/adapters/payments/gateways/grabpay/fixtures/grabpay-refund.json';
import tokenFixture from '../services/adapters/payments/gateways/grabpay/fixtures/grabpay-token.json';
import { grabPayCodeVerifier, grabPayState } from '../services/adapters/payments/gateways/grabpay/protocol';
import type { HttpFetch } from '../services/adapters/payments/provider';
import { reconcile } from '../services/flows/ordering/orders/expiry';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import type { Client } from '../../test/journeys';
import { placeOnlineOrder } from '../../test/journeys';
import { eventually } from '../../test/eventually';

/** Waits up to 5 s for something settling in the background (the refund worker). */
const CONFIG = initFixture.config;
const GRAB_ENV = {
  NODE_ENV: 'test',
  GRABPAY_PARTNER_ID: CONFIG.partnerId,
  GRABPAY_PARTNER_SECRET: CONFIG.partnerSecret,
  GRABPAY_MERCHANT_ID: CONFIG.merchantId,
  GRABPAY_CLIENT_ID: CONFIG.clientId,
  GRABPAY_CLIENT_SECRET: CONFIG.clientSecret,
};
const RETURN_URI = 'http://localhost:3000/api/payments/grabpay/return';

interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown> | null;
}

/**
 * Grab's partner API as the fixtures record it: charge init echoes our partnerTxID; a code exchanges
 * once for an access token; charge complete answers the outcome the test chose for that charge;
 * the status of a charge never authorised is 404; refunds answer what the test queued.
 */
function fakeGrab() {
  const calls: Call[] = [];
  const outcomes = new Map<string, 'success' | 'failed'>();
  const completed = new Map<string, { txID: string; txStatus: string }>();
  const usedCodes = new Set<string>();
  const reply = (status: number, body: unknown) => ({ status, text: async () => JSON.stringify(body) });
  const refundReplies: ReturnType<typeof reply>[] = [];
  const fetch: HttpFetch = async (url, init) => {
    const { pathname } = new URL(url);
    const body = init.body ? (JSON.parse(init.body) as Record<string, unknown>) : null;
    calls.push({ method: init.method, path: pathname, headers: init.headers, body });
    if (pathname === '/grabpay/partner/v2/charge/init') {
      return reply(200, { ...initFixture.response.body, partnerTxID: body!.partnerTxID });
    }
    if (pathname === '/grabid/v1/oauth2/token') {
      const code = String(body!.code);
      if (usedCodes.has(code) || !code.startsWith('code-')) return reply(400, { error: 'invalid_grant' });
      usedCodes.add(code);
      return reply(200, { ...tokenFixture.response.body, access_token: `token-${code}` });
    }
    if (pathname === '/grabpay/partner/v2/charge/complete') {
      const reference = String(body!.partnerTxID);
      const txStatus = outcomes.get(reference) ?? 'success';
      const done = { txID: `tx-${reference}`, txStatus };
      completed.set(reference, done);
      return reply(200, { ...completeFixture.response.body, ...done });
    }
    const status = /^\/grabpay\/partner\/v2\/one-time-charge\/([^/]+)\/status$/.exec(pathname);
    if (status) {
      const done = completed.get(decodeURIComponent(status[1]!));
      return done ? reply(200, { ...done, status: 'success' }) : reply(404, { code: 'not_found' });
    }
    if (pathname === '/grabpay/partner/v2/refund') {
      return refundReplies.shift() ?? reply(200, refundFixture.response.body);
    }
    throw new Error(`unexpected call ${init.method} ${url}`);
  };
  return { fetch, calls, outcomes, refundReplies, reply };
}

describe.each(ENGINES)('GrabPay return and refunds on %s', (engine) => {
  let server: TestServer;
  let grab: ReturnType<typeof fakeGrab>;

  beforeAll(async () => {
    grab = fakeGrab();
    server = await startTestServer(engine, {
      config: { payments: paymentConfigFromEnv(GRAB_ENV) },
      server: { paymentFetch: grab.fetch },
    });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    grab.calls.length = 0;
  });

  const db = () => server.db.database.db;

  /** An online dine-in order at kopitiam-ali (which names GrabPay), checkout started at Grab. */
  async function startCheckout(client: Client = server.client()) {
    const placed = await placeOnlineOrder(client);
    const started = await client.call(api.paymentInitiate, {
      body: { order_id: placed.order_id, method: 'Wallet', channel: 'grab_pay_app' },
    });
    expect(started.provider).toBe('grabpay');
    const authorize = new URL(started.redirect_url!);
    return { client, placed, started, state: authorize.searchParams.get('state')!, authorize };
  }

  /** The payer's browser coming back from Grab: our route's 302. */
  async function comeBack(query: { code?: string; state?: string; error?: string }) {
    const response = await fetch(
      `${server.baseUrl}/api/payments/grabpay/return?${new URLSearchParams(query as Record<string, string>).toString()}`,
      { redirect: 'manual' },
    );
    expect(response.status).toBe(302);
    return new URL(response.headers.get('location')!);
  }

  const eventsOf = async (paymentId: number) =>
    Number(
      (await db().select({ n: count() }).from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId)))[0]
        ?.n,
    );

  it('authorize URL -> redirect_uri is our return route on the public URL; state bound to the payment', async () => {
    const { started, authorize, state } = await startCheckout();
    expect(authorize.searchParams.get('redirect_uri')).toBe(RETURN_URI);
    expect(state).toBe(grabPayState(started.reference, CONFIG.clientSecret));
    expect(state.startsWith(`${started.reference}.`)).toBe(true);
  });

  it('paid at Grab -> code exchanged, charge completed, order paid, 302 to /payment/response?status=1 with the spec query; replayed -> same, nothing new', async () => {
    const { client, placed, started, state } = await startCheckout();
    const location = await comeBack({ code: 'code-paid-1', state });
    expect(location.origin + location.pathname).toBe('http://localhost:3000/payment/response');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      status: '1',
      order_id: String(placed.order_id),
      type: 'dinein',
      amount: String(placed.amount),
      redirect: '1',
      paymentType: 'grab_pay_app',
      isKiosk: '0',
    });
    // Grab's documented flow: the code and PKCE verifier for a token, then charge complete with it.
    const token = grab.calls.find((call) => call.path === '/grabid/v1/oauth2/token')!;
    expect(token.body).toMatchObject({
      code: 'code-paid-1',
      redirect_uri: RETURN_URI,
      code_verifier: grabPayCodeVerifier(started.reference, CONFIG.clientSecret),
    });
    const complete = grab.calls.find((call) => call.path === '/grabpay/partner/v2/charge/complete')!;
    expect(complete.headers.Authorization).toBe('Bearer token-code-paid-1');
    expect(
      await client.call(api.paymentStatusCheck, { query: { payment_id: started.payment_id } }),
    ).toMatchObject({ result: 1, state: 'success', order_payment_status: 'paid' });
    // The refund token is in the database, not only in this process.
    const [charge] = await db()
      .select()
      .from(gatewayCharges)
      .where(eq(gatewayCharges.reference, started.reference));
    expect(charge).toMatchObject({
      provider: 'grabpay',
      accessToken: 'token-code-paid-1',
      txId: `tx-${started.reference}`,
    });
    expect(await eventsOf(started.payment_id)).toBe(1);

    grab.calls.length = 0;
    const again = await comeBack({ code: 'code-paid-1', state });
    expect(again.searchParams.get('status')).toBe('1');
    expect(grab.calls).toHaveLength(0);
    expect(await eventsOf(started.payment_id)).toBe(1);
    const history = await client.call(api.orderPayments, { params: { orderId: placed.order_id } });
    expect(history).toMatchObject({ payment_status: 'paid', paid_amount: placed.amount, refunds: [] });
  });

  it('declined at completion -> status=2, the payment and the order payment failed', async () => {
    const { client, started, state } = await startCheckout();
    grab.outcomes.set(started.reference, 'failed');
    const location = await comeBack({ code: 'code-declined-1', state });
    expect(location.searchParams.get('status')).toBe('2');
    expect(
      await client.call(api.paymentStatusCheck, { query: { payment_id: started.payment_id } }),
    ).toMatchObject({ result: 2, state: 'failed', order_payment_status: 'failed' });
  });

  it('the payer cancelled at Grab (?error=access_denied) -> status=2, failed; no token asked', async () => {
    const { client, started, state } = await startCheckout();
    const location = await comeBack({ error: 'access_denied', state });
    expect(location.searchParams.get('status')).toBe('2');
    expect(grab.calls.map((call) => call.path)).not.toContain('/grabid/v1/oauth2/token');
    expect(
      (await client.call(api.paymentStatusCheck, { query: { payment_id: started.payment_id } })).state,
    ).toBe('failed');
  });

  it('a state not ours (missing, garbage, another payment with a forged MAC, an unknown payment) -> /payment/response?status=2, nothing asked or changed', async () => {
    const { client, started } = await startCheckout();
    const forged = `${started.reference}.${'A'.repeat(43)}`;
    const unknown = grabPayState('SNTP-999999-abcdef', CONFIG.clientSecret);
    grab.calls.length = 0;
    for (const query of [
      { code: 'code-x-1' },
      { code: 'code-x-2', state: 'garbage' },
      { code: 'code-x-3', state: forged },
      { code: 'code-x-4', state: unknown },
      { code: 'code-x-5', state: grabPayState(started.reference, 'another-secret') },
    ]) {
      const location = await comeBack(query);
      expect(location.toString()).toBe('http://localhost:3000/payment/response?status=2');
    }
    expect(grab.calls).toHaveLength(0);
    expect(
      (await client.call(api.paymentStatusCheck, { query: { payment_id: started.payment_id } })).state,
    ).toBe('processing');
  });

  it('refund after a restart: the token comes from the database; a 503 is retried, not failed', async () => {
    const { client, placed, started, state } = await startCheckout();
    await comeBack({ code: 'code-refund-1', state });
    // Grab does not answer the first refund call.
    grab.refundReplies.push(grab.reply(503, { error: 'unavailable' }));
    await client.call(orderApi.orderCancel, { body: { order_id: placed.order_id } });
    const refundOf = async () =>
      (await db().select().from(refunds).where(eq(refunds.paymentId, started.payment_id)))[0]!;
    await eventually(async () => expect((await refundOf()).attempts).toBe(1));
    expect(await refundOf()).toMatchObject({
      state: 'refund_initiated',
      lastError: expect.stringContaining('503'),
    });

    // Another instance (a restart: nothing in memory) on the same database.
    const restarted = await startTestServer(engine, {
      database: server.db,
      clock: server.clock,
      config: { payments: paymentConfigFromEnv(GRAB_ENV) },
      server: { paymentFetch: grab.fetch },
    });
    try {
      grab.calls.length = 0;
      server.clock.advance(30); // Within the backoff: not tried yet.
      expect((await reconcile(restarted.app.santap)).refundsRetried).toBe(0);
      server.clock.advance(120);
      const report = await reconcile(restarted.app.santap);
      expect(report).toMatchObject({ refundsRetried: 1, refunded: 1 });
      const call = grab.calls.find((c) => c.path === '/grabpay/partner/v2/refund')!;
      expect(call.headers.Authorization).toBe('Bearer token-code-refund-1');
      expect(call.body).toMatchObject({ originTxID: `tx-${started.reference}`, amount: placed.amount });
      expect(await refundOf()).toMatchObject({ state: 'refunded' });
      const history = await client.call(api.orderPayments, { params: { orderId: placed.order_id } });
      expect(history).toMatchObject({ payment_status: 'refunded', refunded_amount: placed.amount });
    } finally {
      await restarted.close();
    }
  });

  it('a refund Grab refuses (HTTP 400) -> failed for good, the reason kept; not retried', async () => {
    const { client, placed, started, state } = await startCheckout();
    await comeBack({ code: 'code-refused-1', state });
    grab.refundReplies.push(grab.reply(400, { reason: 'refund_window_closed' }));
    await client.call(orderApi.orderCancel, { body: { order_id: placed.order_id } });
    const refundOf = async () =>
      (await db().select().from(refunds).where(eq(refunds.paymentId, started.payment_id)))[0]!;
    await eventually(async () => expect((await refundOf()).state).toBe('failed'));
    expect((await refundOf()).lastError).toContain('refund_window_closed');
    grab.calls.length = 0;
    server.clock.advance(3600);
    expect((await reconcile(server.app.santap)).refundsRetried).toBe(0);
    expect(grab.calls.filter((c) => c.path === '/grabpay/partner/v2/refund')).toHaveLength(0);
  });
});
