/**
 * Our Midtrans adapter against the loopback Midtrans (fake.ts, built from Midtrans's pages): a wrong
 * path, a missing field, a wrong key or an unchecked signature fails here, where a replay of our own
 * recorded requests (midtrans.test.ts) would not notice.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { platformFetch } from '../../http';
import type { CreatePaymentInput, IncomingNotification } from '../../provider';
import { createMidtransFake, midtransSignatureKey } from './fake';
import { createMidtransProvider } from './midtrans';
import { midtransSignature } from './protocol';

const SERVER_KEY = 'SB-Mid-server-FAKE-santap-0001';
const NOW = new Date('2026-11-23T04:00:00Z');

const input: CreatePaymentInput = {
  reference: 'SNTP-1042',
  amount: 100_000,
  currency: 'IDR',
  method: 'Wallet',
  channel: 'gopay',
  description: 'Santap order 1042 — Warung Demo',
  language: 'id',
  returnUrl: 'https://santap.example/payment/response?order_id=1042',
  notifyUrl: 'https://santap.example/api/payments/webhook/midtrans',
  expiresAt: new Date('2026-11-23T04:15:00Z'),
};

function setUp(serverKey = SERVER_KEY) {
  const fake = createMidtransFake({ serverKey: SERVER_KEY, now: () => NOW });
  const midtrans = createMidtransProvider({ serverKey, env: 'sandbox', fetch: fake.fetch, now: () => NOW });
  return { fake, midtrans };
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

describe('midtrans adapter against the fake', () => {
  it('Snap create -> a transaction at the fake with its amount, the redirect URL it answered, our notification URL', async () => {
    const { fake, midtrans } = setUp();
    const created = await midtrans.create(input);
    const txn = fake.transaction('SNTP-1042');
    expect(txn).toMatchObject({ grossAmount: 100_000, token: created.providerRef });
    expect(txn?.notificationUrls).toEqual([input.notifyUrl]);
    expect(created.redirectUrl).toBe(
      `https://app.sandbox.midtrans.com/snap/v4/redirection/${created.providerRef}`,
    );
  });

  it('status before the payer picks a channel (404 at Midtrans) -> pending; after settlement -> success, IDR 100000', async () => {
    const { fake, midtrans } = setUp();
    await midtrans.create(input);
    expect((await midtrans.queryStatus('SNTP-1042')).status).toBe('pending');
    fake.pay('SNTP-1042', 'settlement');
    expect(await midtrans.queryStatus('SNTP-1042')).toMatchObject({ status: 'success', amount: 100_000 });
  });

  it('capture under fraud challenge -> pending; deny -> failed; expire -> expired', async () => {
    const { fake, midtrans } = setUp();
    await midtrans.create(input);
    fake.pay('SNTP-1042', 'capture_challenge', 'credit_card');
    expect((await midtrans.queryStatus('SNTP-1042')).status).toBe('pending');
    fake.pay('SNTP-1042', 'deny', 'credit_card');
    expect((await midtrans.queryStatus('SNTP-1042')).status).toBe('failed');
    fake.pay('SNTP-1042', 'expire');
    expect((await midtrans.queryStatus('SNTP-1042')).status).toBe('expired');
  });

  it("the fake's settlement notification -> verified: success, IDR 100000, currency IDR, the transaction's id", async () => {
    const { fake, midtrans } = setUp();
    await midtrans.create(input);
    fake.pay('SNTP-1042', 'settlement');
    const verified = midtrans.verifyNotification(asIncoming(fake.notification('SNTP-1042')));
    expect(verified).toMatchObject({
      reference: 'SNTP-1042',
      status: 'success',
      amount: 100_000,
      currency: 'IDR',
      providerRef: fake.transaction('SNTP-1042')!.transactionId,
    });
  });

  it('a notification changed after Midtrans signed it (amount, status code) or signed with another key -> refused', async () => {
    const { fake, midtrans } = setUp();
    await midtrans.create(input);
    fake.pay('SNTP-1042', 'settlement');
    const genuine = fake.notification('SNTP-1042');
    const changed = (field: string, value: string) => ({
      ...genuine,
      body: JSON.stringify({ ...(JSON.parse(genuine.body) as Record<string, string>), [field]: value }),
    });
    const tampered = [
      changed('gross_amount', '1000.00'),
      changed('status_code', '201'),
      fake.notification('SNTP-1042', {
        signature_key: midtransSignatureKey('SNTP-1042', '200', '100000.00', 'SB-Mid-server-OTHER'),
      }),
    ];
    for (const notification of tampered)
      expect(midtrans.verifyNotification(asIncoming(notification))).toBeNull();
  });

  it('a partial refund -> approved at the fake; the same refund_key again -> the same refund, not a second', async () => {
    const { fake, midtrans } = setUp();
    await midtrans.create(input);
    fake.pay('SNTP-1042', 'settlement');
    const refund = {
      reference: 'SNTP-1042',
      providerRef: 'x',
      amount: 25_000,
      currency: 'IDR' as const,
      refundKey: 'refund-SNTP-1042-1',
      reason: 'Declined item',
    };
    expect((await midtrans.refund(refund)).status).toBe('refunded');
    expect((await midtrans.refund(refund)).status).toBe('refunded');
    expect(fake.transaction('SNTP-1042')).toMatchObject({
      refunded: 25_000,
      transactionStatus: 'partial_refund',
    });
    expect(await midtrans.queryStatus('SNTP-1042')).toMatchObject({ status: 'partially_refunded' });
  });

  it('a refund before settlement (Midtrans answers 412) -> failed, nothing refunded', async () => {
    const { fake, midtrans } = setUp();
    await midtrans.create(input);
    fake.pay('SNTP-1042', 'pending');
    const result = await midtrans.refund({
      reference: 'SNTP-1042',
      providerRef: 'x',
      amount: 1,
      currency: 'IDR',
      refundKey: 'k-1',
      reason: 'r',
    });
    expect(result.status).toBe('failed');
    expect(fake.transaction('SNTP-1042')?.refunded).toBe(0);
  });

  it('a kiosk QRIS charge -> the QR string Midtrans answered (EMVCo, its CRC holds), pending, then settled', async () => {
    const { fake, midtrans } = setUp();
    const created = await midtrans.create({ ...input, channel: 'qris', qrOnScreen: true });
    expect(created.qrString?.startsWith('000201')).toBe(true);
    expect(created.providerRef).toBe(fake.transaction('SNTP-1042')?.transactionId);
    expect((await midtrans.queryStatus('SNTP-1042')).status).toBe('pending');
    fake.pay('SNTP-1042', 'settlement', 'qris');
    expect((await midtrans.queryStatus('SNTP-1042')).status).toBe('success');
  });

  it('the same order_id created twice -> Midtrans refuses the second (400), as a non-retryable http error', async () => {
    const { midtrans } = setUp();
    await midtrans.create(input);
    await expect(midtrans.create(input)).rejects.toMatchObject({
      code: 'http',
      httpStatus: 400,
      retryable: false,
    });
  });

  it('an adapter with another server key -> 401 from Midtrans, a non-retryable http error', async () => {
    const { midtrans } = setUp('SB-Mid-server-WRONG');
    await expect(midtrans.create(input)).rejects.toMatchObject({
      code: 'http',
      httpStatus: 401,
      retryable: false,
    });
  });

  describe('over real HTTP on loopback', () => {
    const fake = createMidtransFake({ serverKey: SERVER_KEY, now: () => NOW });
    const served = fake.serve();
    afterAll(async () => (await served).close());

    it('create and status through the platform fetch and the fake base URL -> the same answers', async () => {
      const { baseUrl } = await served;
      const midtrans = createMidtransProvider({
        serverKey: SERVER_KEY,
        env: 'sandbox',
        baseUrl,
        fetch: platformFetch(5_000),
        now: () => NOW,
      });
      await midtrans.create(input);
      fake.pay('SNTP-1042', 'settlement');
      expect(await midtrans.queryStatus('SNTP-1042')).toMatchObject({ status: 'success', amount: 100_000 });
    });
  });
});

describe('the fake refuses what Midtrans refuses', () => {
  const auth = `Basic ${Buffer.from(`${SERVER_KEY}:`).toString('base64')}`;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    createMidtransFake({ serverKey: SERVER_KEY }).handle({
      method: 'POST',
      url: new URL(`https://app.sandbox.midtrans.com${path}`),
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: auth,
        ...headers,
      },
      body: JSON.stringify(body),
    });

  it('a Snap create without gross_amount, or items not adding up to it -> 400 naming the field', () => {
    expect(post('/snap/v1/transactions', { transaction_details: { order_id: 'A-1' } })).toMatchObject({
      status: 400,
      body: { error_messages: ['transaction_details.gross_amount must be an integer of at least 1'] },
    });
    expect(
      post('/snap/v1/transactions', {
        transaction_details: { order_id: 'A-1', gross_amount: 100 },
        item_details: [{ price: 60, quantity: 1 }],
      }),
    ).toMatchObject({ status: 400 });
  });

  it('no Basic auth of the server key -> 401; an undocumented path -> 404', () => {
    expect(post('/snap/v1/transactions', {}, { authorization: 'Basic Zm9vOg==' }).status).toBe(401);
    expect(post('/snap/v2/transactions', {}).status).toBe(404);
  });

  it("Midtrans's own signature example (order 1111, status 200, '100000.00', their sample key) -> the fake and our protocol agree", () => {
    // docs.midtrans.com/reference/receiving-notifications prints these inputs (no hash).
    const key = 'askvnoibnosifnboseofinbofinfgbiufglnbfg';
    expect(midtransSignatureKey('1111', '200', '100000.00', key)).toBe(
      midtransSignature('1111', '200', '100000.00', key),
    );
  });
});
