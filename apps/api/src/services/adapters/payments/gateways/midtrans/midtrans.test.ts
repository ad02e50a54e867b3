import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PaymentGatewayError } from '../../http';
import createFixture from './fixtures/midtrans-create.json';
import qrisNotificationFixture from './fixtures/midtrans-notification-qris-settlement.json';
import notificationFixture from './fixtures/midtrans-notification-settlement.json';
import qrisChargeFixture from './fixtures/midtrans-qris-charge.json';
import refundFixture from './fixtures/midtrans-refund.json';
import notFoundFixture from './fixtures/midtrans-status-not-found.json';
import settlementFixture from './fixtures/midtrans-status-settlement.json';
import { createMidtransProvider } from './midtrans';
import { MIDTRANS_TRANSACTION_STATUSES, mapMidtransStatus, midtransSignature } from './protocol';
import type { CreatePaymentInput, HttpFetch, IncomingNotification } from '../../provider';
import { expectRequest, replay } from '../../replay';

const SERVER_KEY = notificationFixture.serverKey;
const NOW = new Date('2026-11-23T04:00:00Z');

function provider(fetch: HttpFetch) {
  return createMidtransProvider({ serverKey: SERVER_KEY, env: 'sandbox', fetch, now: () => NOW });
}

const input: CreatePaymentInput = {
  reference: 'SNTP-1042',
  amount: 100_000,
  currency: 'IDR',
  method: 'Wallet',
  channel: 'gopay',
  description: 'Santap order 1042 — Warung Demo',
  language: 'id',
  customer: { name: 'Budi', email: 'budi@example.com', phone: '+6281234567890' },
  returnUrl: 'https://santap.example/payment/response?order_id=1042&type=dinein',
  notifyUrl: 'https://santap.example/api/payments/midtrans/notify',
  expiresAt: new Date('2026-11-23T04:15:00Z'),
};

const notification = (body: Record<string, unknown>): IncomingNotification => ({
  headers: { 'content-type': 'application/json' },
  rawBody: JSON.stringify(body),
  path: '/api/payments/midtrans/notify',
});

/** A notification body signed with the test server key over the given strings. */
function signed(fields: Record<string, string>) {
  const body = {
    transaction_id: 'b5c5f2a8-3c6e-4b0c-9a55-0d9f7c1d2e31',
    order_id: 'SNTP-1042',
    status_code: '200',
    gross_amount: '100000.00',
    transaction_status: 'settlement',
    fraud_status: 'accept',
    ...fields,
  };
  return {
    ...body,
    signature_key: createHash('sha512')
      .update(`${body.order_id}${body.status_code}${body.gross_amount}${SERVER_KEY}`)
      .digest('hex'),
  };
}

describe('midtrans signature', () => {
  it("Midtrans docs inputs (1111, 200, '100000.00', their sample key) -> the SHA-512 Python's hashlib gives", () => {
    // Inputs from docs.midtrans.com "Receiving Notifications"; the page prints no hash, so the expected
    // value was computed with Python's hashlib.sha512 (and matches other public test suites).
    expect(midtransSignature('1111', '200', '100000.00', 'askvnoibnosifnboseofinbofinfgbiufglnbfg')).toBe(
      'edc076b21793ebe3e17926350f5b8ae67d902fe657b3d0aa31b932d5c127e2375d308a2bc94f3265ac2d80a1f181a79b997ac178a236fcff35af263fc4d4c231',
    );
  });

  it('any input -> hex SHA-512 of order_id + status_code + gross_amount + serverKey (node:crypto directly)', () => {
    const direct = createHash('sha512')
      .update('SNTP-7' + '201' + '15000.00' + 'key')
      .digest('hex');
    expect(midtransSignature('SNTP-7', '201', '15000.00', 'key')).toBe(direct);
  });

  it("'100000.00' and '100000' -> different signatures (computed over the strings as received)", () => {
    expect(midtransSignature('1111', '200', '100000.00', 'k')).not.toBe(
      midtransSignature('1111', '200', '100000', 'k'),
    );
  });
});

describe('midtrans status mapping', () => {
  const FRAUD = ['accept', 'challenge', 'deny', undefined] as const;
  const expected: Record<(typeof MIDTRANS_TRANSACTION_STATUSES)[number], (fraud?: string) => string> = {
    pending: () => 'pending',
    authorize: () => 'pending',
    capture: (fraud) => (fraud === 'accept' ? 'success' : fraud === 'deny' ? 'failed' : 'pending'),
    settlement: () => 'success',
    deny: () => 'failed',
    cancel: () => 'failed',
    expire: () => 'expired',
    failure: () => 'failed',
    refund: () => 'refunded',
    partial_refund: () => 'partially_refunded',
    chargeback: () => 'refunded',
    partial_chargeback: () => 'partially_refunded',
  };
  for (const status of MIDTRANS_TRANSACTION_STATUSES) {
    for (const fraud of FRAUD) {
      const outcome = expected[status](fraud);
      it(`${status} + fraud ${fraud ?? 'absent'} -> ${outcome}`, () => {
        expect(mapMidtransStatus(status, fraud)).toBe(outcome);
      });
    }
  }

  it('an undocumented status -> null (nothing guessed)', () => {
    expect(mapMidtransStatus('settled')).toBeNull();
    expect(mapMidtransStatus('')).toBeNull();
  });
});

describe('midtrans create', () => {
  it('Snap create -> the documented request (URL, Basic auth, notification override, body) and the redirect URL', async () => {
    const { fetch, calls } = replay(createFixture.response);
    const created = await provider(fetch).create(input);
    expect(calls).toHaveLength(1);
    expectRequest(calls[0]!, createFixture);
    expect(calls[0]!.headers.Authorization).toBe(`Basic ${Buffer.from(`${SERVER_KEY}:`).toString('base64')}`);
    expect(created.providerRef).toBe(createFixture.response.body.token);
    expect(created.redirectUrl).toBe(createFixture.response.body.redirect_url);
  });

  it('IDR 100000 (integer rupiah, our minor unit) -> gross_amount 100000, an integer', async () => {
    const { fetch, calls } = replay(createFixture.response);
    await provider(fetch).create(input);
    const body = JSON.parse(calls[0]!.body!) as { transaction_details: { gross_amount: unknown } };
    expect(body.transaction_details.gross_amount).toBe(100_000);
  });

  it('production env -> app.midtrans.com for Snap', async () => {
    const { fetch, calls } = replay(createFixture.response);
    await createMidtransProvider({ serverKey: SERVER_KEY, env: 'production', fetch, now: () => NOW }).create(
      input,
    );
    expect(calls[0]!.url).toBe('https://app.midtrans.com/snap/v1/transactions');
  });

  it('MYR -> unsupported_currency, nothing sent', async () => {
    const { fetch, calls } = replay();
    await expect(provider(fetch).create({ ...input, currency: 'MYR' })).rejects.toMatchObject({
      code: 'unsupported_currency',
    });
    expect(calls).toHaveLength(0);
  });

  it('an order_id with # -> invalid_reference, nothing sent', async () => {
    const { fetch, calls } = replay();
    await expect(provider(fetch).create({ ...input, reference: 'SNTP#1' })).rejects.toBeInstanceOf(
      PaymentGatewayError,
    );
    expect(calls).toHaveLength(0);
  });

  it('Snap answers 401 -> a non-retryable http error', async () => {
    const { fetch } = replay({
      status: 401,
      body: { error_messages: ['Access denied due to unauthorized transaction'] },
    });
    const error = await provider(fetch)
      .create(input)
      .catch((e: unknown) => e as PaymentGatewayError);
    expect(error).toBeInstanceOf(PaymentGatewayError);
    expect(error).toMatchObject({ code: 'http', httpStatus: 401, retryable: false });
  });

  it('the network fails -> a retryable network error', async () => {
    const fetch: HttpFetch = () => Promise.reject(new Error('ECONNRESET'));
    await expect(provider(fetch).create(input)).rejects.toMatchObject({ code: 'network', retryable: true });
  });
});

/** A kiosk's payment: a guest (no customer details) scanning a code on the kiosk's screen. */
const kioskInput: CreatePaymentInput = { ...input, channel: 'qris', customer: undefined, qrOnScreen: true };

/** The EMVCo CRC-16/CCITT-FALSE of a QRIS payload up to and including its `6304`, as 4 hex digits. */
function emvCrc(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

describe('midtrans QRIS on a kiosk screen (Core API charge)', () => {
  it('kiosk + qris -> POST /v2/charge as documented (payment_type qris, acquirer gopay, custom_expiry) and the qr_string to draw, no page', async () => {
    const { fetch, calls } = replay(qrisChargeFixture.response);
    const created = await provider(fetch).create(kioskInput);
    expect(calls).toHaveLength(1);
    expectRequest(calls[0]!, qrisChargeFixture);
    expect(created.qrString).toBe(qrisChargeFixture.response.body.qr_string);
    expect(created.providerRef).toBe(qrisChargeFixture.response.body.transaction_id);
    expect(created.redirectUrl).toBeUndefined();
  });

  it('the recorded qr_string is an EMVCo QRIS payload (000201 first, CRC last), not a URL', () => {
    const qr = qrisChargeFixture.response.body.qr_string;
    expect(qr.startsWith('000201')).toBe(true);
    expect(qr.slice(-8, -4)).toBe('6304');
    expect(qr.slice(-4)).toBe(emvCrc(qr.slice(0, -4)));
  });

  it('kiosk naming no channel -> the QRIS charge too (any QRIS app pays it)', async () => {
    const { fetch, calls } = replay(qrisChargeFixture.response);
    const created = await provider(fetch).create({ ...kioskInput, channel: undefined });
    expect(calls[0]!.url).toBe('https://api.sandbox.midtrans.com/v2/charge');
    expect(created.qrString).toBe(qrisChargeFixture.response.body.qr_string);
  });

  it('production env -> api.midtrans.com/v2/charge', async () => {
    const { fetch, calls } = replay(qrisChargeFixture.response);
    await createMidtransProvider({ serverKey: SERVER_KEY, env: 'production', fetch, now: () => NOW }).create(
      kioskInput,
    );
    expect(calls[0]!.url).toBe('https://api.midtrans.com/v2/charge');
  });

  it('kiosk + gopay -> Snap as before (a page URL, no qrString): only QRIS is charged for the screen', async () => {
    const { fetch, calls } = replay(createFixture.response);
    const created = await provider(fetch).create({ ...kioskInput, channel: 'gopay' });
    expect(calls[0]!.url).toBe('https://app.sandbox.midtrans.com/snap/v1/transactions');
    expect(created.qrString).toBeUndefined();
    expect(created.redirectUrl).toBe(createFixture.response.body.redirect_url);
  });

  it("qris on the diner's own phone (no qrOnScreen) -> Snap limited to other_qris, no charge", async () => {
    const { fetch, calls } = replay(createFixture.response);
    const created = await provider(fetch).create({ ...input, channel: 'qris' });
    expect(calls[0]!.url).toBe('https://app.sandbox.midtrans.com/snap/v1/transactions');
    expect((JSON.parse(calls[0]!.body!) as { enabled_payments: string[] }).enabled_payments).toEqual([
      'other_qris',
    ]);
    expect(created.qrString).toBeUndefined();
  });

  it('status_code 406 (order_id used before) under HTTP 200 -> a non-retryable http error, no QR', async () => {
    const { fetch } = replay({
      status: 200,
      body: {
        status_code: '406',
        status_message:
          'The request could not be completed due to a conflict with the current state of the target resource, please try again',
      },
    });
    const error = await provider(fetch)
      .create(kioskInput)
      .catch((e: unknown) => e as PaymentGatewayError);
    expect(error).toBeInstanceOf(PaymentGatewayError);
    expect(error).toMatchObject({ code: 'http', httpStatus: 406, retryable: false });
  });

  it('a 201 without qr_string -> bad_response (nothing to draw is not a success)', async () => {
    const { qr_string: _qr, ...withoutQr } = qrisChargeFixture.response.body;
    const { fetch, calls } = replay({ status: 201, body: withoutQr });
    await expect(provider(fetch).create(kioskInput)).rejects.toMatchObject({ code: 'bad_response' });
    expect(calls[0]!.url).toBe('https://api.sandbox.midtrans.com/v2/charge');
  });

  it('Core API answers 503 -> a retryable error', async () => {
    const { fetch, calls } = replay({
      status: 503,
      body: { status_code: '503', status_message: 'Service unavailable' },
    });
    await expect(provider(fetch).create(kioskInput)).rejects.toMatchObject({ code: 'http', retryable: true });
    expect(calls[0]!.url).toBe('https://api.sandbox.midtrans.com/v2/charge');
  });

  it('MYR on a kiosk -> unsupported_currency, nothing sent', async () => {
    const { fetch, calls } = replay();
    await expect(provider(fetch).create({ ...kioskInput, currency: 'MYR' })).rejects.toMatchObject({
      code: 'unsupported_currency',
    });
    expect(calls).toHaveLength(0);
  });

  it("the recorded QRIS settlement notification (signed like Snap's, Python hashlib) -> success for the charge's transaction", () => {
    const verified = provider(replay().fetch).verifyNotification({
      headers: {},
      rawBody: qrisNotificationFixture.rawBody,
      path: qrisNotificationFixture.path,
    });
    expect(verified).toMatchObject({
      reference: 'SNTP-1042',
      status: 'success',
      amount: 100_000,
      providerRef: qrisChargeFixture.response.body.transaction_id,
    });
  });
});

describe('midtrans notification', () => {
  it('the recorded settlement notification (signed with Python hashlib) -> success, IDR 100000, deduplicable event', () => {
    const verified = provider(replay().fetch).verifyNotification({
      headers: {},
      rawBody: notificationFixture.rawBody,
      path: notificationFixture.path,
    });
    expect(verified).toMatchObject({
      reference: 'SNTP-1042',
      status: 'success',
      amount: 100_000,
      providerRef: 'b5c5f2a8-3c6e-4b0c-9a55-0d9f7c1d2e31',
      eventId: 'b5c5f2a8-3c6e-4b0c-9a55-0d9f7c1d2e31:settlement:accept:200:',
    });
  });

  it('the same notification twice -> the same event id', () => {
    const midtrans = provider(replay().fetch);
    const once = midtrans.verifyNotification(notification(signed({})));
    const twice = midtrans.verifyNotification(notification(signed({})));
    expect(once?.eventId).toBeDefined();
    expect(twice?.eventId).toBe(once?.eventId);
  });

  it('pending then settlement -> two different events', () => {
    const midtrans = provider(replay().fetch);
    const pending = midtrans.verifyNotification(
      notification(signed({ transaction_status: 'pending', status_code: '201' })),
    );
    const settled = midtrans.verifyNotification(notification(signed({})));
    expect(pending?.status).toBe('pending');
    expect(settled?.status).toBe('success');
    expect(pending?.eventId).not.toBe(settled?.eventId);
  });

  it('two partial refunds -> two events (refund_amount is part of the identity)', () => {
    const midtrans = provider(replay().fetch);
    const first = midtrans.verifyNotification(
      notification(signed({ transaction_status: 'partial_refund', refund_amount: '25000.00' })),
    );
    const second = midtrans.verifyNotification(
      notification(signed({ transaction_status: 'partial_refund', refund_amount: '40000.00' })),
    );
    expect(first?.status).toBe('partially_refunded');
    expect(first?.eventId).not.toBe(second?.eventId);
  });

  it('gross_amount tampered after signing -> null', () => {
    const body = { ...signed({}), gross_amount: '1000.00' };
    expect(provider(replay().fetch).verifyNotification(notification(body))).toBeNull();
  });

  it('status_code tampered after signing -> null', () => {
    const body = { ...signed({ transaction_status: 'deny', status_code: '202' }), status_code: '200' };
    expect(provider(replay().fetch).verifyNotification(notification(body))).toBeNull();
  });

  it("signed over '100000.00' but received as '100000' -> null (the strings as received)", () => {
    const body = { ...signed({ gross_amount: '100000.00' }), gross_amount: '100000' };
    expect(provider(replay().fetch).verifyNotification(notification(body))).toBeNull();
  });

  it("signed over '100000' and received as '100000' -> verified: the check is over the strings, not the numbers", () => {
    const verified = provider(replay().fetch).verifyNotification(
      notification(signed({ gross_amount: '100000' })),
    );
    expect(verified?.amount).toBe(100_000);
  });

  it('signed with another server key -> null', () => {
    const body = signed({});
    const other = createHash('sha512').update(`SNTP-1042200100000.00SB-Mid-server-OTHER`).digest('hex');
    expect(
      provider(replay().fetch).verifyNotification(notification({ ...body, signature_key: other })),
    ).toBeNull();
  });

  it('a signed deny (202) rewritten to settlement -> null (the signature covers status_code, a success needs 200)', () => {
    const body = {
      ...signed({ transaction_status: 'deny', status_code: '202' }),
      transaction_status: 'settlement',
    };
    expect(provider(replay().fetch).verifyNotification(notification(body))).toBeNull();
  });

  it('a signed pending (201) rewritten to capture + accept -> null', () => {
    const body = {
      ...signed({ transaction_status: 'pending', status_code: '201', fraud_status: 'accept' }),
      transaction_status: 'capture',
    };
    expect(provider(replay().fetch).verifyNotification(notification(body))).toBeNull();
  });

  it('malformed JSON, missing signature, uppercase hex -> null', () => {
    const midtrans = provider(replay().fetch);
    expect(midtrans.verifyNotification({ headers: {}, rawBody: '{not json', path: '/' })).toBeNull();
    const { signature_key: signature, ...unsigned } = signed({});
    expect(midtrans.verifyNotification(notification(unsigned))).toBeNull();
    expect(
      midtrans.verifyNotification(notification({ ...unsigned, signature_key: signature.toUpperCase() })),
    ).toBeNull();
  });

  it('a validly signed but undocumented transaction_status -> null', () => {
    expect(
      provider(replay().fetch).verifyNotification(notification(signed({ transaction_status: 'paid' }))),
    ).toBeNull();
  });
});

describe('midtrans status', () => {
  it('GET /v2/{order_id}/status of a settlement -> success with IDR 100000 from "100000.00"', async () => {
    const { fetch, calls } = replay(settlementFixture.response);
    const status = await provider(fetch).queryStatus('SNTP-1042');
    expectRequest(calls[0]!, settlementFixture);
    expect(status).toMatchObject({ status: 'success', amount: 100_000 });
  });

  it('404 before the payer picked a channel -> pending', async () => {
    const { fetch, calls } = replay(notFoundFixture.response);
    const status = await provider(fetch).queryStatus('SNTP-1042');
    expectRequest(calls[0]!, notFoundFixture);
    expect(status.status).toBe('pending');
  });

  it('production env -> api.midtrans.com for status', async () => {
    const { fetch, calls } = replay(settlementFixture.response);
    await createMidtransProvider({
      serverKey: SERVER_KEY,
      env: 'production',
      fetch,
      now: () => NOW,
    }).queryStatus('SNTP-1042');
    expect(calls[0]!.url).toBe('https://api.midtrans.com/v2/SNTP-1042/status');
  });

  it('a 500 -> a retryable error', async () => {
    const { fetch } = replay({ status: 500, body: { status_code: '500' } });
    await expect(provider(fetch).queryStatus('SNTP-1042')).rejects.toMatchObject({ retryable: true });
  });

  it('capture under challenge -> pending', async () => {
    const { fetch } = replay({
      status: 200,
      body: {
        ...settlementFixture.response.body,
        transaction_status: 'capture',
        fraud_status: 'challenge',
        status_code: '201',
      },
    });
    expect((await provider(fetch).queryStatus('SNTP-1042')).status).toBe('pending');
  });
});

describe('midtrans refund', () => {
  it('refund -> POST /v2/{order_id}/refund with refund_key passed through, amount in rupiah, reason', async () => {
    const { fetch, calls } = replay(refundFixture.response);
    const result = await provider(fetch).refund({
      reference: 'SNTP-1042',
      providerRef: 'b5c5f2a8-3c6e-4b0c-9a55-0d9f7c1d2e31',
      amount: 25_000,
      currency: 'IDR',
      refundKey: 'refund-SNTP-1042-1',
      reason: 'Declined item: Es Teh Manis',
    });
    expectRequest(calls[0]!, refundFixture);
    expect(result.status).toBe('refunded');
  });

  it('the same refund key twice -> both calls carry that key (Midtrans answers the first refund)', async () => {
    const { fetch, calls } = replay(refundFixture.response, refundFixture.response);
    const midtrans = provider(fetch);
    const refund = {
      reference: 'SNTP-1042',
      providerRef: 'x',
      amount: 25_000,
      currency: 'IDR' as const,
      refundKey: 'refund-SNTP-1042-1',
      reason: 'r',
    };
    await midtrans.refund(refund);
    await midtrans.refund(refund);
    expect(calls.map((call) => (JSON.parse(call.body!) as { refund_key: string }).refund_key)).toEqual([
      'refund-SNTP-1042-1',
      'refund-SNTP-1042-1',
    ]);
  });

  it('Midtrans refuses (412) -> failed', async () => {
    const { fetch } = replay({
      status: 412,
      body: { status_code: '412', status_message: 'Merchant cannot modify the status of the transaction' },
    });
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

  it('a 503 -> thrown retryable (the same refund_key is safe to send again)', async () => {
    const { fetch } = replay({ status: 503, body: undefined });
    await expect(
      provider(fetch).refund({
        reference: 'SNTP-1042',
        providerRef: 'x',
        amount: 1,
        currency: 'IDR',
        refundKey: 'k',
        reason: 'r',
      }),
    ).rejects.toMatchObject({ retryable: true });
  });
});
