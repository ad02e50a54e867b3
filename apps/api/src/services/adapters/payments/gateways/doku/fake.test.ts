/**
 * Our DOKU adapter against the loopback DOKU (fake.ts, built from DOKU's pages): every request is
 * signed as DOKU checks it, the paths and fields are DOKU's, and DOKU's notifications are verified.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { platformFetch } from '../../http';
import type { CreatePaymentInput, IncomingNotification } from '../../provider';
import { createDokuProvider } from './doku';
import { createDokuFake } from './fake';
import { dokuSignature } from './protocol';

const CLIENT_ID = 'BRN-0001-FAKE-0001';
const SECRET = 'SK-santap-FAKE-0001';
let clock = new Date('2026-11-23T04:00:00Z');
const now = () => clock;

const input: CreatePaymentInput = {
  reference: 'SNTP-1042',
  amount: 100_000,
  currency: 'IDR',
  method: 'Wallet',
  channel: 'qris',
  description: 'Santap order 1042 — Warung Demo',
  language: 'id',
  returnUrl: 'https://santap.example/payment/response?order_id=1042',
  notifyUrl: 'https://santap.example/api/payments/webhook/doku',
  expiresAt: new Date('2026-11-23T04:15:00Z'),
};

function setUp(secretKey = SECRET) {
  clock = new Date('2026-11-23T04:00:00Z');
  const fake = createDokuFake({ clientId: CLIENT_ID, secretKey: SECRET, now });
  const doku = createDokuProvider({ clientId: CLIENT_ID, secretKey, env: 'sandbox', fetch: fake.fetch, now });
  return { fake, doku };
}

const asIncoming = (notification: {
  headers: Record<string, string>;
  body: string;
  url: string;
}): IncomingNotification => ({
  headers: notification.headers,
  rawBody: notification.body,
  path: new URL(notification.url).pathname,
});

describe('doku adapter against the fake', () => {
  it('checkout -> accepted by the signature check; the page URL DOKU answered; the amount, QRIS and our notification URL', async () => {
    const { fake, doku } = setUp();
    const created = await doku.create(input);
    const checkout = fake.checkout('SNTP-1042');
    expect(checkout).toMatchObject({
      amount: 100_000,
      requestId: 'SNTP-1042',
      methodTypes: ['QRIS'],
      notificationUrl: input.notifyUrl,
    });
    expect(created).toMatchObject({ redirectUrl: checkout!.url, providerRef: checkout!.tokenId });
  });

  it('the same checkout sent again (a retry: same Request-Id and body) -> 409 with the first reply: the same page', async () => {
    const { fake, doku } = setUp();
    const first = await doku.create(input);
    const again = await doku.create(input);
    expect(again.redirectUrl).toBe(first.redirectUrl);
    expect(fake.calls.map((call) => call.url.pathname)).toEqual([
      '/checkout/v1/payment',
      '/checkout/v1/payment',
    ]);
  });

  it('status: ORDER_GENERATED -> pending; paid -> success with its amount; past the due date unpaid -> expired', async () => {
    const { fake, doku } = setUp();
    await doku.create(input);
    expect((await doku.queryStatus('SNTP-1042')).status).toBe('pending');
    fake.pay('SNTP-1042', 'SUCCESS');
    expect(await doku.queryStatus('SNTP-1042')).toMatchObject({ status: 'success', amount: 100_000 });

    await doku.create({ ...input, reference: 'SNTP-1043' });
    clock = new Date('2026-11-23T05:00:00Z');
    expect((await doku.queryStatus('SNTP-1043')).status).toBe('expired');
  });

  it("DOKU's notification (signed over our webhook path) -> verified: success, IDR 100000", async () => {
    const { fake, doku } = setUp();
    await doku.create(input);
    fake.pay('SNTP-1042', 'SUCCESS');
    expect(doku.verifyNotification(asIncoming(fake.notification('SNTP-1042')))).toMatchObject({
      reference: 'SNTP-1042',
      status: 'success',
      amount: 100_000,
      providerRef: 'SNTP-1042',
    });
  });

  it('a notification whose body was changed, or without order.amount (signed) -> refused', async () => {
    const { fake, doku } = setUp();
    await doku.create(input);
    fake.pay('SNTP-1042', 'SUCCESS');
    const genuine = fake.notification('SNTP-1042');
    expect(
      doku.verifyNotification(asIncoming({ ...genuine, body: genuine.body.replace('100000', '100') })),
    ).toBeNull();
    const noAmount = fake.notification('SNTP-1042', {
      body: {
        transaction: { status: 'SUCCESS', date: '2026-11-23T04:01:00Z' },
        order: { invoice_number: 'SNTP-1042' },
      },
    });
    expect(doku.verifyNotification(asIncoming(noAmount))).toBeNull();
  });

  it('a card payment refunded in part -> SUCCESS at DOKU; the same refund key again -> 409, the same refund', async () => {
    const { fake, doku } = setUp();
    await doku.create({ ...input, method: 'Card', channel: undefined });
    fake.pay('SNTP-1042', 'SUCCESS', 'CREDIT_CARD');
    const refund = {
      reference: 'SNTP-1042',
      providerRef: 'x',
      amount: 25_000,
      currency: 'IDR' as const,
      refundKey: 'refund-SNTP-1042-1',
      reason: 'Declined item',
    };
    expect((await doku.refund(refund)).status).toBe('refunded');
    expect((await doku.refund(refund)).status).toBe('refunded');
    expect(fake.checkout('SNTP-1042')?.refunded).toBe(25_000);
  });

  it('a QRIS payment refunded through the API (cards only at DOKU) -> failed, nothing refunded', async () => {
    const { fake, doku } = setUp();
    await doku.create(input);
    fake.pay('SNTP-1042', 'SUCCESS', 'QRIS');
    const result = await doku.refund({
      reference: 'SNTP-1042',
      providerRef: 'x',
      amount: 1,
      currency: 'IDR',
      refundKey: 'k-1',
      reason: 'r',
    });
    expect(result.status).toBe('failed');
    expect(fake.checkout('SNTP-1042')?.refunded).toBe(0);
  });

  it('an adapter with another secret key -> DOKU refuses the signature, a non-retryable error', async () => {
    const { doku } = setUp('SK-wrong');
    await expect(doku.create(input)).rejects.toMatchObject({
      code: 'http',
      httpStatus: 401,
      retryable: false,
    });
  });

  describe('over real HTTP on loopback', () => {
    const fake = createDokuFake({ clientId: CLIENT_ID, secretKey: SECRET, now });
    const served = fake.serve();
    afterAll(async () => (await served).close());

    it('checkout and status through the platform fetch and the fake base URL -> the same answers', async () => {
      clock = new Date('2026-11-23T04:00:00Z');
      const { baseUrl } = await served;
      const doku = createDokuProvider({
        clientId: CLIENT_ID,
        secretKey: SECRET,
        env: 'sandbox',
        baseUrl,
        fetch: platformFetch(5_000),
        now,
      });
      await doku.create(input);
      fake.pay('SNTP-1042', 'SUCCESS');
      expect(await doku.queryStatus('SNTP-1042')).toMatchObject({ status: 'success', amount: 100_000 });
    });
  });
});

describe('the fake refuses what DOKU refuses', () => {
  const signedPost = (path: string, body: string, requestId = 'req-1') => {
    const timestamp = '2026-11-23T04:00:00Z';
    return {
      method: 'POST',
      url: new URL(`https://api-sandbox.doku.com${path}`),
      headers: {
        'client-id': CLIENT_ID,
        'request-id': requestId,
        'request-timestamp': timestamp,
        signature: dokuSignature({
          clientId: CLIENT_ID,
          requestId,
          timestamp,
          target: path,
          body,
          secretKey: SECRET,
        }),
      },
      body,
    };
  };

  it('a checkout without order.amount, or with a fraction of a rupiah -> 400', () => {
    const fake = createDokuFake({ clientId: CLIENT_ID, secretKey: SECRET });
    expect(fake.handle(signedPost('/checkout/v1/payment', '{"order":{"invoice_number":"A-1"}}')).status).toBe(
      400,
    );
    expect(
      fake.handle(
        signedPost('/checkout/v1/payment', '{"order":{"invoice_number":"A-1","amount":100.5}}', 'req-2'),
      ).status,
    ).toBe(400);
  });

  it('signed for another path, or the body changed after signing -> 401; the same Request-Id for another body -> 400', () => {
    const fake = createDokuFake({ clientId: CLIENT_ID, secretKey: SECRET });
    const request = signedPost('/checkout/v1/payment', '{"order":{"invoice_number":"A-1","amount":100}}');
    expect(
      fake.handle({ ...request, url: new URL('https://api-sandbox.doku.com/checkout/v2/payment') }).status,
    ).toBe(404);
    expect(fake.handle({ ...request, body: request.body.replace('100', '1') }).status).toBe(401);
    expect(fake.handle(request).status).toBe(200);
    expect(fake.handle(request).status).toBe(409);
    const reused = signedPost('/checkout/v1/payment', '{"order":{"invoice_number":"A-2","amount":100}}');
    expect(fake.handle(reused).status).toBe(400);
  });
});
