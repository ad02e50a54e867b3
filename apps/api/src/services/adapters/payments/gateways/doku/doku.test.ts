import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDokuProvider } from './doku';
import { dokuDigest, dokuSignature, dokuStringToSign, dokuTimestamp, mapDokuStatus } from './protocol';
import createFixture from './fixtures/doku-create.json';
import notificationFixture from './fixtures/doku-notification-success.json';
import refundFixture from './fixtures/doku-refund.json';
import statusFixture from './fixtures/doku-status-success.json';
import type { CreatePaymentInput, HttpFetch, IncomingNotification } from '../../provider';
import { expectRequest, replay } from '../../replay';

const CLIENT_ID = createFixture.request.headers['Client-Id'];
const SECRET = 'SK-santapTEST00000001';
const NOW = new Date('2026-11-23T04:00:00.000Z');

function provider(fetch: HttpFetch) {
  return createDokuProvider({
    clientId: CLIENT_ID,
    secretKey: SECRET,
    env: 'sandbox',
    fetch,
    now: () => NOW,
    requestId: () => statusFixture.request.headers['Request-Id'],
  });
}

const input: CreatePaymentInput = {
  reference: 'SNTP-1042',
  amount: 100_000,
  currency: 'IDR',
  method: 'Wallet',
  channel: 'qris',
  description: 'Santap order 1042 — Warung Demo',
  language: 'id',
  customer: { name: 'Budi', email: 'budi@example.com', phone: '+6281234567890' },
  returnUrl: 'https://santap.example/payment/response?order_id=1042&type=dinein',
  notifyUrl: 'https://santap.example/api/payments/doku/notify',
  expiresAt: new Date('2026-11-23T04:15:00Z'),
};

const recordedNotification = (): IncomingNotification => ({
  headers: { ...notificationFixture.headers },
  rawBody: notificationFixture.rawBody,
  path: notificationFixture.path,
});

describe('doku signature', () => {
  it("DOKU's published raw format of a GET (signature-from-api-get-method) -> our string to sign, verbatim", () => {
    // developers.doku.com/get-started-with-doku-api/signature-component/non-snap/signature-from-api-get-method
    const published =
      'Client-Id:MCH-0001-10791114622547\\nRequest-Id:d895fb53-479c-4f77-a76a-ab81b40d77cb\\nRequest-Timestamp:2020-08-11T08:45:42Z\\nRequest-Target:/orders/v1/status/INV-123123-12313';
    expect(
      dokuStringToSign({
        clientId: 'MCH-0001-10791114622547',
        requestId: 'd895fb53-479c-4f77-a76a-ab81b40d77cb',
        timestamp: '2020-08-11T08:45:42Z',
        target: '/orders/v1/status/INV-123123-12313',
      }),
    ).toBe(published.replaceAll('\\n', '\n'));
  });

  it('DOKU docs checkout sample (their Client-Id, Request-Id, timestamp, body) with a test secret -> the value Python hmac gives', () => {
    const body =
      '{"order":{"amount":20000,"invoice_number":"INV-20210231-0001"},"payment":{"payment_due_date":60}}';
    expect(dokuDigest(body)).toBe('iDUNgGutnjXGk8dcBw0J4EtC2qOuQfvV7iyMwgV+y5Q=');
    expect(
      dokuSignature({
        clientId: 'MCH-0001-10791114622547',
        requestId: 'fdb69f47-96da-499d-acec-7cdc318ab2fe',
        timestamp: '2020-08-11T08:45:42Z',
        target: '/checkout/v1/payment',
        body,
        secretKey: 'SK-TEST-doku-vector-0001',
      }),
    ).toBe('HMACSHA256=6V6IzuQTpK8z2EjyedfuMuAEqXsliUF5gmGu7GMJ0jk=');
  });

  it('DOKU docs GET sample (/orders/v1/status/INV-123123-12313) -> no Digest line, the value Python hmac gives', () => {
    expect(
      dokuSignature({
        clientId: 'MCH-0001-10791114622547',
        requestId: 'd895fb53-479c-4f77-a76a-ab81b40d77cb',
        timestamp: '2020-08-11T08:45:42Z',
        target: '/orders/v1/status/INV-123123-12313',
        secretKey: 'SK-TEST-doku-vector-0001',
      }),
    ).toBe('HMACSHA256=ziSxH2NlCc5e82zcqadyrj9Hj65QLeVTAz/rFc59rcU=');
  });

  it('fixed input -> HMAC-SHA256 over the documented lines in order, joined by \\n, no trailing newline (node:crypto directly)', () => {
    const body = '{"a":1}';
    const lines = [
      'Client-Id:C',
      'Request-Id:R',
      'Request-Timestamp:2026-11-23T04:00:00Z',
      'Request-Target:/checkout/v1/payment',
      `Digest:${createHash('sha256').update(body).digest('base64')}`,
    ].join('\n');
    const expected = `HMACSHA256=${createHmac('sha256', 'S').update(lines).digest('base64')}`;
    expect(
      dokuSignature({
        clientId: 'C',
        requestId: 'R',
        timestamp: '2026-11-23T04:00:00Z',
        target: '/checkout/v1/payment',
        body,
        secretKey: 'S',
      }),
    ).toBe(expected);
  });

  it('Request-Timestamp -> UTC YYYY-MM-DDTHH:mm:ssZ without milliseconds', () => {
    expect(dokuTimestamp(new Date('2026-11-23T11:00:00.123+07:00'))).toBe('2026-11-23T04:00:00Z');
  });
});

describe('doku status mapping', () => {
  const table: [string, string | null][] = [
    ['SUCCESS', 'success'],
    ['PENDING', 'pending'],
    ['REDIRECT', 'pending'],
    ['TIMEOUT', 'pending'],
    ['FAILED', 'failed'],
    ['EXPIRED', 'expired'],
    ['REFUNDED', 'refunded'],
    ['PAID', null],
    ['success', null],
  ];
  for (const [doku, ours] of table) {
    it(`${doku} -> ${ours}`, () => expect(mapDokuStatus(doku)).toBe(ours));
  }
});

describe('doku create', () => {
  it('checkout -> the documented request (URL, signed headers, body) and payment.url; signature as Python computed it', async () => {
    const { fetch, calls } = replay(createFixture.response);
    const created = await provider(fetch).create(input);
    expectRequest(calls[0]!, createFixture);
    expect(created.redirectUrl).toBe(createFixture.response.body.response.payment.url);
    expect(created.providerRef).toBe(createFixture.response.body.response.payment.token_id);
  });

  it('kiosk (qrOnScreen) + qris -> the same Checkout request and page URL, no qrString (the kiosk draws the page URL and says so)', async () => {
    const { fetch, calls } = replay(createFixture.response);
    const created = await provider(fetch).create({ ...input, qrOnScreen: true });
    expect(calls).toHaveLength(1);
    expectRequest(calls[0]!, createFixture);
    expect(created.qrString).toBeUndefined();
    expect(created.redirectUrl).toBe(createFixture.response.body.response.payment.url);
  });

  it('IDR 100000 -> order.amount 100000 (integer rupiah) and line item price 100000', async () => {
    const { fetch, calls } = replay(createFixture.response);
    await provider(fetch).create(input);
    const body = JSON.parse(calls[0]!.body!) as {
      order: { amount: unknown; line_items: { price: unknown }[] };
    };
    expect(body.order.amount).toBe(100_000);
    expect(body.order.line_items[0]!.price).toBe(100_000);
  });

  it('a retried create answered 409 (same Request-Id and body) -> the first checkout URL', async () => {
    const { fetch } = replay({ status: 409, body: createFixture.response.body });
    expect((await provider(fetch).create(input)).redirectUrl).toBe(
      createFixture.response.body.response.payment.url,
    );
  });

  it('production env -> api.doku.com', async () => {
    const { fetch, calls } = replay(createFixture.response);
    await createDokuProvider({
      clientId: CLIENT_ID,
      secretKey: SECRET,
      env: 'production',
      fetch,
      now: () => NOW,
    }).create(input);
    expect(calls[0]!.url).toBe('https://api.doku.com/checkout/v1/payment');
  });

  it('MYR -> unsupported_currency, nothing sent', async () => {
    const { fetch, calls } = replay();
    await expect(provider(fetch).create({ ...input, currency: 'MYR' })).rejects.toMatchObject({
      code: 'unsupported_currency',
    });
    expect(calls).toHaveLength(0);
  });

  it('DOKU refuses (400 invalid signature) -> a non-retryable http error', async () => {
    const { fetch } = replay({
      status: 400,
      body: { error: { code: 'invalid_signature', message: 'Invalid Header Signature' } },
    });
    await expect(provider(fetch).create(input)).rejects.toMatchObject({ code: 'http', retryable: false });
  });
});

describe('doku notification', () => {
  it('the recorded notification (signed by Python over our path) -> success, IDR 100000', () => {
    const verified = provider(replay().fetch).verifyNotification(recordedNotification());
    expect(verified).toMatchObject({
      reference: 'SNTP-1042',
      status: 'success',
      amount: 100_000,
      eventId: 'SNTP-1042:SUCCESS:2026-11-23T04:03:12Z',
    });
  });

  it('the same notification retried with a fresh Request-Id -> the same event id', () => {
    const doku = provider(replay().fetch);
    const timestamp = '2026-11-23T04:33:15Z';
    const retried: IncomingNotification = {
      headers: {
        'client-id': CLIENT_ID,
        'request-id': 'retry-1',
        'request-timestamp': timestamp,
        signature: dokuSignature({
          clientId: CLIENT_ID,
          requestId: 'retry-1',
          timestamp,
          target: notificationFixture.path,
          body: notificationFixture.rawBody,
          secretKey: SECRET,
        }),
      },
      rawBody: notificationFixture.rawBody,
      path: notificationFixture.path,
    };
    expect(doku.verifyNotification(retried)?.eventId).toBe(
      doku.verifyNotification(recordedNotification())?.eventId,
    );
  });

  it('forged: body changed after signing -> null', () => {
    const forged = recordedNotification();
    forged.rawBody = forged.rawBody.replace('"amount":100000', '"amount":1000');
    expect(provider(replay().fetch).verifyNotification(forged)).toBeNull();
  });

  it('forged: signed with another secret -> null', () => {
    const forged = recordedNotification();
    forged.headers.signature = dokuSignature({
      clientId: CLIENT_ID,
      requestId: forged.headers['request-id']!,
      timestamp: forged.headers['request-timestamp']!,
      target: forged.path,
      body: forged.rawBody,
      secretKey: 'SK-attacker',
    });
    expect(provider(replay().fetch).verifyNotification(forged)).toBeNull();
  });

  it('posted to another path than it was signed for -> null (Request-Target is our path)', () => {
    expect(
      provider(replay().fetch).verifyNotification({
        ...recordedNotification(),
        path: '/api/payments/doku/other',
      }),
    ).toBeNull();
  });

  it('another Client-Id, a changed timestamp, or no signature -> null', () => {
    const doku = provider(replay().fetch);
    const base = recordedNotification();
    expect(
      doku.verifyNotification({ ...base, headers: { ...base.headers, 'client-id': 'BRN-OTHER' } }),
    ).toBeNull();
    expect(
      doku.verifyNotification({
        ...base,
        headers: { ...base.headers, 'request-timestamp': '2026-11-23T04:03:16Z' },
      }),
    ).toBeNull();
    const { signature: _signature, ...unsigned } = base.headers;
    expect(doku.verifyNotification({ ...base, headers: unsigned })).toBeNull();
  });

  it('headers in any case -> verified', () => {
    const base = recordedNotification();
    const upper = Object.fromEntries(Object.entries(base.headers).map(([k, v]) => [k.toUpperCase(), v]));
    expect(provider(replay().fetch).verifyNotification({ ...base, headers: upper })?.status).toBe('success');
  });
});

describe('doku status', () => {
  it('GET /orders/v1/status/{invoice} -> signed without Digest, SUCCESS -> success', async () => {
    const { fetch, calls } = replay(statusFixture.response);
    const status = await provider(fetch).queryStatus('SNTP-1042');
    expectRequest(calls[0]!, statusFixture);
    expect(status).toMatchObject({ status: 'success', amount: 100_000 });
  });

  it('404 before the payer picked a channel -> pending', async () => {
    const { fetch } = replay({ status: 404, body: { error: { message: 'Transaction not found' } } });
    expect((await provider(fetch).queryStatus('SNTP-1042')).status).toBe('pending');
  });

  it('only the checkout order, expired -> expired', async () => {
    const { fetch } = replay({
      status: 200,
      body: { order: { invoice_number: 'SNTP-1042', status: 'ORDER_EXPIRED' } },
    });
    expect((await provider(fetch).queryStatus('SNTP-1042')).status).toBe('expired');
  });

  it('a 502 -> retryable', async () => {
    const { fetch } = replay({ status: 502, body: undefined });
    await expect(provider(fetch).queryStatus('SNTP-1042')).rejects.toMatchObject({ retryable: true });
  });
});

describe('doku refund', () => {
  it('refund -> the cards refund API with the refund key as Request-Id (DOKU idempotency key)', async () => {
    const { fetch, calls } = replay(refundFixture.response);
    const result = await provider(fetch).refund({
      reference: 'SNTP-1042',
      providerRef: 'e3a1c0b4d2f64f7d9c1b8a7e6d5c4b3a',
      amount: 25_000,
      currency: 'IDR',
      refundKey: 'refund-SNTP-1042-1',
      reason: 'Declined item',
    });
    expectRequest(calls[0]!, refundFixture);
    expect(result.status).toBe('refunded');
  });

  it('the same refund key again, answered 409 -> the first refund outcome', async () => {
    const { fetch } = replay({ status: 409, body: refundFixture.response.body });
    const result = await provider(fetch).refund({
      reference: 'SNTP-1042',
      providerRef: 'x',
      amount: 25_000,
      currency: 'IDR',
      refundKey: 'refund-SNTP-1042-1',
      reason: 'Declined item',
    });
    expect(result.status).toBe('refunded');
  });

  it('refused (a QRIS payment has no API refund) -> failed', async () => {
    const { fetch } = replay({ status: 400, body: { error: { message: 'Transaction not found' } } });
    const result = await provider(fetch).refund({
      reference: 'SNTP-1042',
      providerRef: 'x',
      amount: 1,
      currency: 'IDR',
      refundKey: 'k',
      reason: 'r',
    });
    expect(result.status).toBe('failed');
  });
});
