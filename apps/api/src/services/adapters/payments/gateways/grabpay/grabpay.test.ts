import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import completeFixture from './fixtures/grabpay-charge-complete.json';
import initFixture from './fixtures/grabpay-charge-init.json';
import statusFixture from './fixtures/grabpay-otc-status-authorised.json';
import refundFixture from './fixtures/grabpay-refund.json';
import tokenFixture from './fixtures/grabpay-token.json';
import { memoryChargeStore } from '../../gateway';
import type { ChargeStore } from '../../gateway';
import { createGrabPayProvider } from './grabpay';
import {
  grabPayCodeVerifier,
  grabPayHmac,
  grabPayPop,
  grabPayReferenceOfState,
  grabPayState,
  mapGrabPayStatus,
} from './protocol';
import type { CreatePaymentInput, HttpFetch, IncomingNotification } from '../../provider';
import { expectRequest, replay } from '../../replay';

const CONFIG = initFixture.config;
const NOW = new Date('2026-11-23T04:00:00Z');

function provider(fetch: HttpFetch, charges: ChargeStore = memoryChargeStore()) {
  return createGrabPayProvider({ ...CONFIG, env: 'sandbox', country: 'MY', fetch, now: () => NOW, charges });
}

const input: CreatePaymentInput = {
  reference: 'SNTP-2042',
  amount: 1250,
  currency: 'MYR',
  method: 'Wallet',
  channel: 'grab_pay_app',
  description: 'Santap order 2042 — Kopitiam Demo',
  language: 'en',
  returnUrl: 'https://santap.example/payment/response?order_id=2042&type=dinein',
  notifyUrl: 'https://santap.example/api/payments/grabpay/notify',
};

describe('grabpay signing', () => {
  it("Grab's SDK vector (charge init body, secret, date) -> pSK8CLf03MJzmSPmeDyqsrSIuwyy1QvExmxmf3sme4w=", () => {
    // From grab/grabpay-merchant-sdk Go/utils/utils_test.go (Go marshals the map with sorted keys).
    const body =
      '{"amount":100,"currency":"SGD","description":"paysi-agent-partner-v2-otc","merchantID":"44e46f25-7787-44ce-b785-cf9f9b95601e","partnerGroupTxID":"ORDER123","partnerTxID":"ORDER123"}';
    const sign = (method: string, withBody?: string) =>
      grabPayHmac({
        method,
        contentType: 'application/json',
        date: 'Mon, 12 Nov 2018 08:20:55 GMT',
        path: '/grabpay/partner/v2/charge/init',
        body: withBody,
        partnerSecret: 'NvPwMZqiUkYyfDwG',
      });
    expect(sign('POST', body)).toBe('pSK8CLf03MJzmSPmeDyqsrSIuwyy1QvExmxmf3sme4w=');
    expect(sign('GET', body)).toBe('Y3fKICAm9/5nTkr3nCNrifuQ4HVwXa/qVZfftCo0dpo=');
    expect(sign('POST')).toBe('+tPrMFb6M+tqffZtYmKV/9DzX6pUc48wfJe++tqHQmA=');
  });

  it("Grab's Node SDK vector ({john: wick}) -> CuD7m+X/xmdDNiRqW2st4OMZVxG+Q6FDiRoMZCwHq5A=", () => {
    expect(
      grabPayHmac({
        method: 'POST',
        contentType: 'application/json',
        date: 'Thu, 17 Jan 2019 02:45:06 GMT',
        path: '/gateway/partner',
        body: '{"john":"wick"}',
        partnerSecret: 'secret',
      }),
    ).toBe('CuD7m+X/xmdDNiRqW2st4OMZVxG+Q6FDiRoMZCwHq5A=');
  });

  it("Grab's SDK POP vector (some-access-token-1 at 1645690076) -> the documented header", () => {
    expect(grabPayPop('some-access-token-1', 'clientSecret', 1_645_690_076)).toBe(
      'eyJ0aW1lX3NpbmNlX2Vwb2NoIjoxNjQ1NjkwMDc2LCJzaWciOiI2R2xOR0JFX3I0UmZCSFZBMUl2T0ZJUEpSOVl5dXlSSUJ5Sm16dU1venBVIn0',
    );
  });

  it('the PKCE verifier -> 43 URL-safe characters, stable per reference, different across references', () => {
    const verifier = grabPayCodeVerifier('SNTP-2042', CONFIG.clientSecret);
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(verifier).toBe(initFixture.codeVerifier);
    expect(grabPayCodeVerifier('SNTP-2043', CONFIG.clientSecret)).not.toBe(verifier);
  });
});

describe('grabpay status mapping', () => {
  const table: [string, string | null][] = [
    ['success', 'success'],
    ['processing', 'pending'],
    ['authorised', 'pending'],
    ['failed', 'failed'],
    ['authorisation_declined', 'failed'],
    ['cancelled', 'failed'],
    ['transaction_already_exist', null],
    ['SUCCESS', null],
  ];
  for (const [grab, ours] of table) {
    it(`${grab} -> ${ours}`, () => expect(mapGrabPayStatus(grab)).toBe(ours));
  }
});

describe('grabpay create', () => {
  it('charge init -> the documented request (partner HMAC as Python computed it), amount in sen', async () => {
    const { fetch, calls } = replay(initFixture.response);
    await provider(fetch).create(input);
    expectRequest(calls[0]!, initFixture);
    expect((JSON.parse(calls[0]!.body!) as { amount: unknown }).amount).toBe(1250);
  });

  it('charge init -> a redirect to Grab authorize with PKCE S256, state = our reference + its HMAC, the signed request', async () => {
    const { fetch } = replay(initFixture.response);
    const created = await provider(fetch).create(input);
    const url = new URL(created.redirectUrl!);
    expect(`${url.origin}${url.pathname}`).toBe(
      'https://partner-api.stg-myteksi.com/grabid/v1/oauth2/authorize',
    );
    const query = Object.fromEntries(url.searchParams);
    expect(query).toMatchObject({
      acr_values: 'consent_ctx:countryCode=MY,currency=MYR',
      client_id: CONFIG.clientId,
      code_challenge: initFixture.codeChallenge,
      code_challenge_method: 'S256',
      redirect_uri: CONFIG.redirectUrl,
      request: initFixture.response.body.request,
      response_type: 'code',
      scope: 'openid payment.one_time_charge',
      state: grabPayState('SNTP-2042', CONFIG.clientSecret),
    });
    expect(query.state).toMatch(/^SNTP-2042\.[A-Za-z0-9_-]{43}$/);
    // The challenge is base64url(SHA-256(verifier)), checked with node:crypto directly.
    expect(query.code_challenge).toBe(
      createHash('sha256').update(initFixture.codeVerifier).digest('base64url'),
    );
    expect(created.providerRef).toBe('SNTP-2042');
  });

  it('production env -> partner-api.grab.com', async () => {
    const { fetch, calls } = replay(initFixture.response);
    await createGrabPayProvider({
      ...CONFIG,
      env: 'production',
      country: 'MY',
      fetch,
      now: () => NOW,
    }).create(input);
    expect(calls[0]!.url).toBe('https://partner-api.grab.com/grabpay/partner/v2/charge/init');
  });

  it('IDR -> unsupported_currency, nothing sent', async () => {
    const { fetch, calls } = replay();
    await expect(provider(fetch).create({ ...input, currency: 'IDR' })).rejects.toMatchObject({
      code: 'unsupported_currency',
    });
    expect(calls).toHaveLength(0);
  });

  it('Grab refuses (401) -> an http error', async () => {
    const { fetch } = replay({ status: 401, body: { code: 'unauthorized' } });
    await expect(provider(fetch).create(input)).rejects.toMatchObject({ code: 'http', httpStatus: 401 });
  });
});

describe('grabpay return state', () => {
  const grab = provider(replay().fetch);

  it('our state -> its reference; changed, for another reference, another secret, or no MAC -> null', () => {
    const state = grabPayState('SNTP-2042', CONFIG.clientSecret);
    expect(grab.referenceOfState(state)).toBe('SNTP-2042');
    expect(grabPayReferenceOfState(state, CONFIG.clientSecret)).toBe('SNTP-2042');
    const mac = state.slice(state.indexOf('.') + 1);
    expect(grab.referenceOfState(`SNTP-2043.${mac}`)).toBeNull();
    expect(grab.referenceOfState(grabPayState('SNTP-2042', 'another-secret'))).toBeNull();
    expect(grab.referenceOfState('SNTP-2042')).toBeNull();
    expect(grab.referenceOfState(`${state}x`)).toBeNull();
    expect(grab.referenceOfState('')).toBeNull();
  });
});

describe('grabpay completeReturn (the payer back with ?code)', () => {
  const returned = {
    ...tokenFixture,
    request: { ...tokenFixture.request, body: { ...tokenFixture.request.body, code: 'code-from-return' } },
  };

  it("the return's code -> token with it and the PKCE verifier, charge complete, success; the charge kept for refunds", async () => {
    const charges = memoryChargeStore();
    const { fetch, calls } = replay(tokenFixture.response, completeFixture.response);
    const result = await provider(fetch, charges).completeReturn('SNTP-2042', 'code-from-return');
    expect(result.status).toBe('success');
    expect(calls).toHaveLength(2);
    expectRequest(calls[0]!, returned);
    expectRequest(calls[1]!, completeFixture);
    expect(await charges.get('SNTP-2042')).toEqual({
      accessToken: tokenFixture.response.body.access_token,
      txID: completeFixture.response.body.txID,
    });
  });

  it('a code already used (invalid_grant: a replay) -> the status query says what happened', async () => {
    const { fetch, calls } = replay(
      { status: 400, body: { error: 'invalid_grant' } },
      { status: 200, body: { txID: 'tx-1', txStatus: 'success', status: 'success' } },
    );
    const result = await provider(fetch).completeReturn('SNTP-2042', 'code-used');
    expect(result.status).toBe('success');
    expect(calls[1]!.url).toBe(statusFixture.request.url);
  });

  it('completion declined -> failed', async () => {
    const { fetch } = replay(tokenFixture.response, {
      status: 200,
      body: { ...completeFixture.response.body, txStatus: 'failed', status: 'failed' },
    });
    expect((await provider(fetch).completeReturn('SNTP-2042', 'code-1')).status).toBe('failed');
  });

  it('Grab down (503 at the token) -> a retryable error, no status guessed', async () => {
    const { fetch } = replay({ status: 503, body: {} });
    await expect(provider(fetch).completeReturn('SNTP-2042', 'code-1')).rejects.toMatchObject({
      retryable: true,
    });
  });
});

describe('grabpay status', () => {
  it('authorised -> token with the PKCE verifier, charge complete with Bearer + POP, then success', async () => {
    const { fetch, calls } = replay(statusFixture.response, tokenFixture.response, completeFixture.response);
    const status = await provider(fetch).queryStatus('SNTP-2042');
    expect(calls).toHaveLength(3);
    expectRequest(calls[0]!, statusFixture);
    expectRequest(calls[1]!, tokenFixture);
    expectRequest(calls[2]!, completeFixture);
    expect(status.status).toBe('success');
  });

  it('success already -> no completion again', async () => {
    const { fetch, calls } = replay({
      status: 200,
      body: { ...statusFixture.response.body, txStatus: 'success', oAuthCode: '' },
    });
    expect((await provider(fetch).queryStatus('SNTP-2042')).status).toBe('success');
    expect(calls).toHaveLength(1);
  });

  it('404 before the payer authorised -> pending', async () => {
    const { fetch } = replay({ status: 404, body: { code: 'not_found' } });
    expect((await provider(fetch).queryStatus('SNTP-2042')).status).toBe('pending');
  });

  it('declined -> failed', async () => {
    const { fetch } = replay({
      status: 200,
      body: { txID: 'x', txStatus: 'authorisation_declined', oAuthCode: '' },
    });
    expect((await provider(fetch).queryStatus('SNTP-2042')).status).toBe('failed');
  });

  it('the token exchange refused -> an error, the charge not completed', async () => {
    const { fetch, calls } = replay(statusFixture.response, {
      status: 400,
      body: { error: 'invalid_grant' },
    });
    await expect(provider(fetch).queryStatus('SNTP-2042')).rejects.toMatchObject({
      code: 'http',
      httpStatus: 400,
    });
    expect(calls).toHaveLength(2);
  });
});

describe('grabpay refund', () => {
  async function completedCharge() {
    const charges = memoryChargeStore();
    const { fetch } = replay(statusFixture.response, tokenFixture.response, completeFixture.response);
    await provider(fetch, charges).queryStatus('SNTP-2042');
    return charges;
  }
  const refund = {
    reference: 'SNTP-2042',
    providerRef: 'SNTP-2042',
    amount: 500,
    currency: 'MYR' as const,
    refundKey: 'refund-SNTP-2042-1',
    reason: 'Declined item: Teh Tarik',
  };

  it('after completion -> POST refund with the charge token, partnerTxID = refund key, originTxID = Grab txID, sen', async () => {
    const charges = await completedCharge();
    const { fetch, calls } = replay(refundFixture.response);
    const result = await provider(fetch, charges).refund(refund);
    expectRequest(calls[0]!, refundFixture);
    expect(result.status).toBe('refunded');
  });

  it('the same refund key again (transaction_already_exist) -> the first refund, read from refund status', async () => {
    const charges = await completedCharge();
    const { fetch, calls } = replay(
      { status: 200, body: { txStatus: 'transaction_already_exist', reason: 'duplicate' } },
      refundFixture.response,
    );
    const result = await provider(fetch, charges).refund(refund);
    expect(calls[1]!.url).toBe(
      'https://partner-api.stg-myteksi.com/grabpay/partner/v2/refund/refund-SNTP-2042-1/status?currency=MYR',
    );
    expect(calls[1]!.headers.Authorization).toBe('Bearer grab-access-token-TEST-2042');
    expect(result.status).toBe('refunded');
  });

  it('a refund key longer than 32 characters -> a stable 32-character partnerTxID', async () => {
    const charges = await completedCharge();
    const { fetch, calls } = replay(refundFixture.response, refundFixture.response);
    const grab = provider(fetch, charges);
    const longKey = `refund-${'x'.repeat(40)}`;
    await grab.refund({ ...refund, refundKey: longKey });
    await grab.refund({ ...refund, refundKey: longKey });
    const ids = calls.map((call) => (JSON.parse(call.body!) as { partnerTxID: string }).partnerTxID);
    expect(ids[0]).toHaveLength(32);
    expect(ids[1]).toBe(ids[0]);
  });

  it('Grab answers 503 to the refund -> a retryable error (the refund is tried again), not failed', async () => {
    const charges = await completedCharge();
    const { fetch } = replay({ status: 503, body: { error: 'unavailable' } });
    await expect(provider(fetch, charges).refund(refund)).rejects.toMatchObject({ retryable: true });
  });

  it('no access token for the payment (a charge never completed by us) -> failed, nothing sent', async () => {
    const { fetch, calls } = replay();
    const result = await provider(fetch).refund(refund);
    expect(result).toMatchObject({ status: 'failed', raw: { reason: 'access_token_unavailable' } });
    expect(calls).toHaveLength(0);
  });
});

describe('grabpay notification (assumed shape: partner HMAC over our path)', () => {
  const path = '/api/payments/grabpay/notify';
  const date = 'Mon, 23 Nov 2026 04:05:00 GMT';
  const rawBody = JSON.stringify({
    partnerTxID: 'SNTP-2042',
    txID: 'tx-1',
    txStatus: 'success',
    amount: 1250,
  });
  const sign = (body: string, secret = CONFIG.partnerSecret) => {
    const digest = createHash('sha256').update(body).digest('base64');
    const toSign = ['POST', 'application/json', date, path, digest, ''].join('\n');
    return createHmac('sha256', secret).update(toSign).digest('base64');
  };
  const notification = (authorization: string, body = rawBody): IncomingNotification => ({
    headers: { authorization, date, 'content-type': 'application/json' },
    rawBody: body,
    path,
  });

  it('signed with the partner secret -> success, 1250 sen, event txID:txStatus', () => {
    expect(
      provider(replay().fetch).verifyNotification(notification(`${CONFIG.partnerId}:${sign(rawBody)}`)),
    ).toMatchObject({
      reference: 'SNTP-2042',
      status: 'success',
      amount: 1250,
      eventId: 'tx-1:success',
    });
  });

  it('forged (other secret, other partner, changed body) -> null', () => {
    const grab = provider(replay().fetch);
    expect(
      grab.verifyNotification(notification(`${CONFIG.partnerId}:${sign(rawBody, 'attacker')}`)),
    ).toBeNull();
    expect(grab.verifyNotification(notification(`other-partner:${sign(rawBody)}`))).toBeNull();
    expect(
      grab.verifyNotification(
        notification(`${CONFIG.partnerId}:${sign(rawBody)}`, rawBody.replace('1250', '1')),
      ),
    ).toBeNull();
  });
});
