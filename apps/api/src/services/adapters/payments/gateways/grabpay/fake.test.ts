/**
 * Our GrabPay adapter against the loopback GrabPay (fake.ts, built from Grab's documentation and
 * merchant SDK): the partner HMAC, the PKCE exchange, the proof of possession, the paths and fields
 * are all checked, end to end through the payer's authorisation at Grab.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { memoryChargeStore } from '../../gateway';
import { platformFetch } from '../../http';
import type { CreatePaymentInput } from '../../provider';
import { createGrabPayFake } from './fake';
import { createGrabPayProvider } from './grabpay';
import { grabPayCodeVerifier, grabPayHmac, grabPayPop } from './protocol';

const KEYS = {
  partnerId: 'partner-santap-FAKE',
  partnerSecret: 'partner-secret-FAKE-0001',
  merchantId: 'merchant-santap-FAKE',
  clientId: 'client-santap-FAKE',
  clientSecret: 'client-secret-FAKE-0001',
  redirectUrl: 'https://santap.example/api/payments/grabpay/return',
};
const NOW = new Date('2026-11-23T04:00:00Z');

const input: CreatePaymentInput = {
  reference: 'SNTP-2042',
  amount: 1250,
  currency: 'MYR',
  method: 'Wallet',
  channel: 'grab_pay_app',
  description: 'Santap order 2042 — Kopitiam Demo',
  language: 'en',
  returnUrl: 'https://santap.example/payment/response?order_id=2042',
  notifyUrl: 'https://santap.example/api/payments/webhook/grabpay',
};

function setUp(keys: Partial<typeof KEYS> = {}) {
  const fake = createGrabPayFake({ ...KEYS, now: () => NOW });
  const charges = memoryChargeStore();
  const grab = createGrabPayProvider({
    ...KEYS,
    ...keys,
    env: 'sandbox',
    country: 'MY',
    fetch: fake.fetch,
    now: () => NOW,
    charges,
  });
  return { fake, grab, charges };
}

/** Created, authorised by the payer at Grab, back with `?code&state`. */
async function authorised(setup: ReturnType<typeof setUp>) {
  const created = await setup.grab.create(input);
  const back = setup.fake.authorize(created.redirectUrl!);
  expect(back.status).toBe(302);
  const location = new URL(back.location);
  return { code: location.searchParams.get('code')!, state: location.searchParams.get('state')! };
}

describe('grabpay adapter against the fake', () => {
  it("charge init (partner HMAC) -> Grab's authorize URL that the fake's payer page accepts (client, PKCE S256, request, redirect)", async () => {
    const setup = setUp();
    const { state } = await authorised(setup);
    expect(setup.grab.referenceOfState(state)).toBe('SNTP-2042');
    expect(setup.fake.charge('SNTP-2042')).toMatchObject({
      amount: 1250,
      currency: 'MYR',
      txStatus: 'authorised',
    });
  });

  it('the payer back with ?code -> token with the PKCE verifier, charge complete with Bearer + POP -> success, the charge kept', async () => {
    const setup = setUp();
    const { code } = await authorised(setup);
    expect((await setup.grab.completeReturn('SNTP-2042', code)).status).toBe('success');
    expect(await setup.charges.get('SNTP-2042')).toEqual({
      accessToken: setup.fake.charge('SNTP-2042')!.accessToken,
      txID: setup.fake.charge('SNTP-2042')!.txID,
    });
  });

  it('the same return replayed (the code already used: invalid_grant) -> the status query says success, no second charge', async () => {
    const setup = setUp();
    const { code } = await authorised(setup);
    await setup.grab.completeReturn('SNTP-2042', code);
    expect((await setup.grab.completeReturn('SNTP-2042', code)).status).toBe('success');
  });

  it('the wallet declines at completion -> failed', async () => {
    const setup = setUp();
    const { code } = await authorised(setup);
    setup.fake.completeWith('SNTP-2042', 'failed');
    expect((await setup.grab.completeReturn('SNTP-2042', code)).status).toBe('failed');
  });

  it('status: not yet authorised (404) -> pending; authorised but the payer never came back -> completed by the poll, success', async () => {
    const setup = setUp();
    const created = await setup.grab.create(input);
    expect((await setup.grab.queryStatus('SNTP-2042')).status).toBe('pending');
    setup.fake.authorize(created.redirectUrl!);
    expect((await setup.grab.queryStatus('SNTP-2042')).status).toBe('success');
    expect(setup.fake.charge('SNTP-2042')?.txStatus).toBe('success');
  });

  it('the payer declines at Grab -> the status query says failed', async () => {
    const setup = setUp();
    const created = await setup.grab.create(input);
    const back = new URL(setup.fake.authorize(created.redirectUrl!, 'decline').location);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect((await setup.grab.queryStatus('SNTP-2042')).status).toBe('failed');
  });

  it('a refund with the stored token -> success at Grab; the same refund key again (409) -> the first refund, read back', async () => {
    const setup = setUp();
    const { code } = await authorised(setup);
    await setup.grab.completeReturn('SNTP-2042', code);
    const refund = {
      reference: 'SNTP-2042',
      providerRef: 'SNTP-2042',
      amount: 500,
      currency: 'MYR' as const,
      refundKey: 'refund-SNTP-2042-1',
      reason: 'Declined item: Teh Tarik',
    };
    expect((await setup.grab.refund(refund)).status).toBe('refunded');
    expect((await setup.grab.refund(refund)).status).toBe('refunded');
    expect(setup.fake.charge('SNTP-2042')?.refunded).toBe(500);
    expect(setup.fake.calls.at(-1)?.url.pathname).toBe(
      '/grabpay/partner/v2/refund/refund-SNTP-2042-1/status',
    );
  });

  it('an adapter with another partner secret -> Grab refuses the HMAC (401), nothing charged', async () => {
    const { grab, fake } = setUp({ partnerSecret: 'wrong' });
    await expect(grab.create(input)).rejects.toMatchObject({ code: 'http', httpStatus: 401 });
    expect(fake.charge('SNTP-2042')).toBeUndefined();
  });

  it('an adapter with another client secret -> the token exchange is refused (invalid_client), the charge stays authorised', async () => {
    const setup = setUp({ clientSecret: 'wrong' });
    const created = await setup.grab.create(input);
    const back = new URL(setup.fake.authorize(created.redirectUrl!).location);
    await expect(setup.grab.queryStatus('SNTP-2042')).rejects.toMatchObject({ httpStatus: 400 });
    expect(back.searchParams.get('code')).toBeTruthy();
    expect(setup.fake.charge('SNTP-2042')?.txStatus).toBe('authorised');
  });

  it("the fake's notification (the assumed shape, partner HMAC over our path) -> verified, 1250 sen in MYR", async () => {
    const setup = setUp();
    const { code } = await authorised(setup);
    await setup.grab.completeReturn('SNTP-2042', code);
    const notification = setup.fake.notification('SNTP-2042', input.notifyUrl);
    expect(
      setup.grab.verifyNotification({
        headers: notification.headers,
        rawBody: notification.body,
        path: new URL(notification.url).pathname,
      }),
    ).toMatchObject({ reference: 'SNTP-2042', status: 'success', amount: 1250, currency: 'MYR' });
  });

  describe('over real HTTP on loopback', () => {
    const fake = createGrabPayFake({ ...KEYS, now: () => NOW });
    const served = fake.serve();
    afterAll(async () => (await served).close());

    it('init, authorisation and completion through the platform fetch and the fake base URL -> success', async () => {
      const { baseUrl } = await served;
      const grab = createGrabPayProvider({
        ...KEYS,
        env: 'sandbox',
        baseUrl,
        country: 'MY',
        fetch: platformFetch(5_000),
        now: () => NOW,
      });
      const created = await grab.create(input);
      expect(created.redirectUrl!.startsWith(`${baseUrl}/grabid/v1/oauth2/authorize?`)).toBe(true);
      const code = new URL(fake.authorize(created.redirectUrl!).location).searchParams.get('code')!;
      expect((await grab.completeReturn('SNTP-2042', code)).status).toBe('success');
    });
  });
});

describe('the fake refuses what Grab refuses', () => {
  const date = NOW.toUTCString();
  const init = (body: string, secret = KEYS.partnerSecret) => ({
    method: 'POST',
    url: new URL('https://partner-api.stg-myteksi.com/grabpay/partner/v2/charge/init'),
    headers: {
      'content-type': 'application/json',
      date,
      authorization: `${KEYS.partnerId}:${grabPayHmac({
        method: 'POST',
        contentType: 'application/json',
        date,
        path: '/grabpay/partner/v2/charge/init',
        body,
        partnerSecret: secret,
      })}`,
    },
    body,
  });
  const valid = JSON.stringify({
    partnerTxID: 'A-1',
    partnerGroupTxID: 'A-1',
    amount: 100,
    currency: 'MYR',
    merchantID: KEYS.merchantId,
    description: 'x',
  });

  it('a charge init signed with another secret -> 401; in another currency or without an amount -> 400', () => {
    const fake = createGrabPayFake({ ...KEYS, now: () => NOW });
    expect(fake.handle(init(valid, 'other')).status).toBe(401);
    expect(fake.handle(init(valid.replace('"MYR"', '"SGD"'))).status).toBe(400);
    expect(fake.handle(init(valid.replace('"amount":100,', ''))).status).toBe(400);
    expect(fake.handle(init(valid)).status).toBe(200);
    expect(fake.handle(init(valid)).status).toBe(409);
  });

  it('a POP made with another client secret, or too old -> 401 at charge complete', async () => {
    const setup = setUp();
    const created = await setup.grab.create(input);
    const code = new URL(setup.fake.authorize(created.redirectUrl!).location).searchParams.get('code')!;
    const token = setup.fake.handle({
      method: 'POST',
      url: new URL('https://partner-api.stg-myteksi.com/grabid/v1/oauth2/token'),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'authorization_code',
        client_id: KEYS.clientId,
        client_secret: KEYS.clientSecret,
        code_verifier: grabPayCodeVerifier('SNTP-2042', KEYS.clientSecret),
        redirect_uri: KEYS.redirectUrl,
        code,
      }),
    });
    const accessToken = (token.body as { access_token: string }).access_token;
    const complete = (pop: string) =>
      setup.fake.handle({
        method: 'POST',
        url: new URL('https://partner-api.stg-myteksi.com/grabpay/partner/v2/charge/complete'),
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${accessToken}`,
          'x-gid-aux-pop': pop,
        },
        body: JSON.stringify({ partnerTxID: 'SNTP-2042' }),
      }).status;
    const seconds = Math.floor(NOW.getTime() / 1000);
    expect(complete(grabPayPop(accessToken, 'other-secret', seconds))).toBe(401);
    expect(complete(grabPayPop(accessToken, KEYS.clientSecret, seconds - 3600))).toBe(401);
    expect(complete(grabPayPop(accessToken, KEYS.clientSecret, seconds))).toBe(200);
  });
});
