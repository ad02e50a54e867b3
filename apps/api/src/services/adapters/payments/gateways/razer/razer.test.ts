import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fixture from './fixtures/razer.json';
import type { HttpFetch, IncomingNotification } from '../../provider';
import { createRazerProvider } from './razer';
import {
  RAZER_CALLBACK_ACK,
  mapRazerStatus,
  razerAmount,
  razerDirectSignature,
  razerRefundSignature,
  razerSkey,
  razerVcode,
} from './protocol';

const KEYS = { merchantId: 'santap_Dev', verifyKey: 'vk-santap-test-0001', secretKey: 'sk-santap-test-0001' };
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** A fetch answering plain-text bodies in order, keeping every request. */
function replayText(...bodies: { status: number; text: string }[]) {
  const calls: { url: string; method: string; headers: Record<string, string>; body?: string }[] = [];
  const fetch: HttpFetch = async (url, init) => {
    calls.push({ url, ...init });
    const next = bodies.shift();
    if (!next) throw new Error(`unexpected call ${url}`);
    return { status: next.status, text: async () => next.text };
  };
  return { fetch, calls };
}

const provider = (fetch: HttpFetch = replayText().fetch) =>
  createRazerProvider({ ...KEYS, env: 'sandbox', fetch });
const notification = (rawBody: string): IncomingNotification => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  rawBody,
  path: '/api/payments/razer/notify',
});

describe('razer signatures', () => {
  it("published vector (Razer's vcode docs: 27.60, ACME, OD8842, MYR, extended format) -> 5bf33e65…", () => {
    const v = fixture.publishedVcode;
    expect(razerVcode(v.amount, v.merchantID, v.orderid, v.verifykey, v.currency)).toBe(v.vcodeExtended);
    // Without the extended format the currency is not hashed: a different code for the same order.
    expect(razerVcode(v.amount, v.merchantID, v.orderid, v.verifykey)).not.toBe(v.vcodeExtended);
  });

  it('extended vcode on -> the hosted page carries md5(amount merchant orderid verifyKey MYR)', async () => {
    const created = await createRazerProvider({
      ...KEYS,
      env: 'sandbox',
      extendedVcode: true,
      fetch: replayText().fetch,
    }).create({
      reference: 'SNTP-2051',
      amount: 3850,
      currency: 'MYR',
      method: 'Card',
      description: 'x',
      language: 'en',
      returnUrl: 'https://santap.example/r',
      notifyUrl: 'https://santap.example/n',
    });
    expect(new URL(created.redirectUrl!).searchParams.get('vcode')).toBe(
      md5('38.50santap_DevSNTP-2051vk-santap-test-0001MYR'),
    );
  });

  it('vcode = md5(amount + merchantId + orderid + verifyKey) (node:crypto directly)', () => {
    expect(razerVcode('38.50', 'santap_Dev', 'SNTP-2051', KEYS.verifyKey)).toBe(
      md5('38.50santap_DevSNTP-2051vk-santap-test-0001'),
    );
  });

  it('skey = md5(paydate + domain + md5(tranID orderid status domain amount currency) + appcode + secretKey)', () => {
    const key0 = md5('30418263SNTP-205100santap_Dev38.50MYR');
    expect(
      razerSkey(
        {
          tranID: '30418263',
          orderid: 'SNTP-2051',
          status: '00',
          domain: 'santap_Dev',
          amount: '38.50',
          currency: 'MYR',
          paydate: '2026-11-23 12:04:31',
          appcode: '',
        },
        KEYS.secretKey,
      ),
    ).toBe(md5(`2026-11-23 12:04:31santap_Dev${key0}sk-santap-test-0001`));
  });

  it('refund Signature = md5(RefundType MerchantID RefID TxnID Amount secretKey) -> the recorded request', () => {
    const form = fixture.refund.request.form;
    expect(
      razerRefundSignature(
        {
          refundType: 'P',
          merchantId: 'santap_Dev',
          refId: form.RefID,
          txnId: form.TxnID,
          amount: form.Amount,
        },
        KEYS.secretKey,
      ),
    ).toBe(form.Signature);
  });

  it('amounts: 3850 sen -> "38.50", 5 -> "0.05"; status 00/11/22 -> success/failed/pending, others -> null', () => {
    expect([razerAmount(3850), razerAmount(5)]).toEqual(['38.50', '0.05']);
    expect(['00', '11', '22', '99'].map(mapRazerStatus)).toEqual(['success', 'failed', 'pending', null]);
  });
});

describe('razer create', () => {
  it("Touch 'n Go for a Malay diner -> the recorded hosted page URL (channel in the path, vcode, ms), no call out", async () => {
    const { fetch, calls } = replayText();
    const created = await provider(fetch).create({
      reference: 'SNTP-2051',
      amount: 3850,
      currency: 'MYR',
      method: 'Wallet',
      channel: 'tng_ewallet',
      description: 'Santap order 2051 — Kopitiam Ali',
      language: 'my',
      customer: { name: 'Aisyah', email: 'aisyah@example.com', phone: '+60123456789' },
      returnUrl: 'https://santap.example/payment/response?order_id=2051',
      notifyUrl: 'https://santap.example/api/payments/razer/notify',
    });
    expect(created.redirectUrl).toBe(fixture.hostedPage);
    expect(created.providerRef).toBe('SNTP-2051');
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['Card', undefined, '/credit?'],
    ['Net Banking', undefined, '/fpx?'],
    ['Wallet', 'grab_pay_app', '/GrabPay?'],
    ['Wallet', 'boost', '/BOOST?'],
    ['Wallet', 'shopeepay', '/ShopeePay?'],
    ['Wallet', 'duitnow_qr', '/RPP_DuitNowQR?'],
  ])('%s %s -> Razer channel %s', async (method, channel, path) => {
    const created = await provider().create({
      reference: 'SNTP-1',
      amount: 100,
      currency: 'MYR',
      method,
      channel,
      description: 'x',
      language: 'en',
      returnUrl: 'https://santap.example/r',
      notifyUrl: 'https://santap.example/n',
    });
    expect(created.redirectUrl).toContain(`/RMS/pay/santap_Dev${path}`);
  });

  it('rupiah -> refused before anything is built', async () => {
    await expect(
      provider().create({
        reference: 'SNTP-1',
        amount: 100,
        currency: 'IDR',
        method: 'Card',
        description: 'x',
        language: 'id',
        returnUrl: 'https://santap.example/r',
        notifyUrl: 'https://santap.example/n',
      }),
    ).rejects.toMatchObject({ code: 'unsupported_currency' });
  });
});

describe('razer notification', () => {
  it('a callback (nbcb=1) -> acknowledged with CBTOKEN:MPSTATOK; a return or notify post (no nbcb / nbcb=2) -> no token', () => {
    const razer = provider();
    expect(RAZER_CALLBACK_ACK).toBe('CBTOKEN:MPSTATOK');
    expect(razer.acknowledgement?.(notification(fixture.callbackPaid))).toBe('CBTOKEN:MPSTATOK');
    expect(
      razer.acknowledgement?.(notification(fixture.callbackPaid.replace('nbcb=1', 'nbcb=2'))),
    ).toBeNull();
    expect(razer.acknowledgement?.(notification(fixture.callbackPaid.replace('&nbcb=1', '')))).toBeNull();
  });

  it('recorded paid callback -> success, RM 38.50 = 3850 sen, tranID as provider ref, event id tranID:status', () => {
    expect(provider().verifyNotification(notification(fixture.callbackPaid))).toMatchObject({
      eventId: '30418263:00',
      reference: 'SNTP-2051',
      status: 'success',
      amount: 3850,
      providerRef: '30418263',
    });
  });

  it.each([
    ['the amount changed', (raw: string) => raw.replace('amount=38.50', 'amount=3.85')],
    ['the status changed to paid from pending', (raw: string) => raw.replace('status=00', 'status=22')],
    ['another merchant', (raw: string) => raw.replace('domain=santap_Dev', 'domain=other')],
    ['no skey', (raw: string) => raw.replace(/&skey=[^&]*/, '')],
    ['a JSON body', () => JSON.stringify({ orderid: 'SNTP-2051', status: '00' })],
  ])('%s -> refused (null)', (_name, forge) => {
    expect(provider().verifyNotification(notification(forge(fixture.callbackPaid)))).toBeNull();
  });

  it('signed with another secret key -> refused', () => {
    const other = createRazerProvider({
      ...KEYS,
      secretKey: 'another-secret',
      env: 'sandbox',
      fetch: replayText().fetch,
    });
    expect(other.verifyNotification(notification(fixture.callbackPaid))).toBeNull();
  });
});

describe('razer DuitNow QR on a kiosk screen (Direct Server API)', () => {
  const kioskInput = {
    reference: 'SNTP-2051-k',
    amount: 3850,
    currency: 'MYR' as const,
    method: 'Wallet',
    channel: 'duitnow_qr',
    description: 'Santap order 2051 — Kopitiam Ali',
    language: 'en' as const,
    returnUrl: 'https://santap.example/payment/response?order_id=2051&isKiosk=1',
    notifyUrl: 'https://santap.example/api/payments/webhook/razer',
    qrOnScreen: true,
  };

  it('kiosk asking for duitnow_qr -> the recorded signed Direct request; its qr_data is the QR string (EMVCo, DuitNow AID)', async () => {
    const { fetch, calls } = replayText({ status: 200, text: JSON.stringify(fixture.duitnowQr.created) });
    const created = await provider(fetch).create(kioskInput);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(fixture.duitnowQr.request.url);
    expect(calls[0]!.method).toBe('POST');
    expect(Object.fromEntries(new URLSearchParams(calls[0]!.body))).toEqual(fixture.duitnowQr.request.form);
    expect(fixture.duitnowQr.request.form.Signature).toBe(
      razerDirectSignature('38.50', 'santap_Dev', 'SNTP-2051-k', KEYS.verifyKey),
    );
    expect(created.qrString).toBe(fixture.duitnowQr.created.TxnData.RequestData.qr_data);
    expect(created.qrString).toMatch(/^000201.*A0000006150001.*5303458.*6304[0-9A-F]{4}$/);
    expect(created.redirectUrl).toBeUndefined();
    // Notifications and requery name the payment by our reference.
    expect(created.providerRef).toBe('SNTP-2051-k');
  });

  it('refused by Razer (channel not enabled) -> a gateway error, not a QR; Razer down -> retryable', async () => {
    const refused = await provider(
      replayText({ status: 200, text: JSON.stringify(fixture.duitnowQr.refused) }).fetch,
    )
      .create(kioskInput)
      .catch((failure: unknown) => failure);
    expect(refused).toMatchObject({ code: 'bad_response', retryable: false });
    const down = await provider(replayText({ status: 502, text: 'Bad gateway' }).fetch)
      .create(kioskInput)
      .catch((failure: unknown) => failure);
    expect(down).toMatchObject({ code: 'http', retryable: true });
  });

  it('the same channel on a phone (no qrOnScreen) -> the hosted page, no server call', async () => {
    const { fetch, calls } = replayText();
    const created = await provider(fetch).create({ ...kioskInput, qrOnScreen: false });
    expect(created.redirectUrl).toContain('/RMS/pay/santap_Dev/RPP_DuitNowQR?');
    expect(calls).toHaveLength(0);
  });
});

describe('razer status and refunds', () => {
  it('requery by order id -> the recorded request (skey of oID, domain, verifyKey) and its paid answer', async () => {
    const { fetch, calls } = replayText({ status: 200, text: fixture.requery.paid });
    expect(await provider(fetch).queryStatus('SNTP-2051')).toMatchObject({ status: 'success', amount: 3850 });
    expect(calls[0]!.url).toBe(fixture.requery.request);
  });

  it('requery of an order Razer has not seen -> pending (the payer is still choosing); gibberish -> an error', async () => {
    expect(
      await provider(replayText({ status: 200, text: fixture.requery.unknownOrder }).fetch).queryStatus(
        'SNTP-9',
      ),
    ).toMatchObject({ status: 'pending' });
    await expect(
      provider(replayText({ status: 200, text: 'StatCode: 77' }).fetch).queryStatus('SNTP-9'),
    ).rejects.toMatchObject({ code: 'bad_response' });
  });

  it('partial refund of RM 12.00 -> the recorded signed form; Status 22 -> pending, 00 -> refunded, 11 -> failed', async () => {
    const input = {
      reference: 'SNTP-2051',
      providerRef: '30418263',
      amount: 1200,
      currency: 'MYR' as const,
      refundKey: 'refund-7-declined-order2051',
      reason: 'declined',
    };
    const accepted = replayText({ status: 200, text: JSON.stringify(fixture.refund.accepted) });
    expect((await provider(accepted.fetch).refund(input)).status).toBe('pending');
    expect(accepted.calls[0]!.url).toBe(fixture.refund.request.url);
    expect(Object.fromEntries(new URLSearchParams(accepted.calls[0]!.body))).toEqual(
      fixture.refund.request.form,
    );
    const done = replayText({ status: 200, text: JSON.stringify(fixture.refund.done) });
    expect((await provider(done.fetch).refund(input)).status).toBe('refunded');
    const refused = replayText({ status: 200, text: JSON.stringify(fixture.refund.refused) });
    expect((await provider(refused.fetch).refund(input)).status).toBe('failed');
  });

  it('refund of a payment known only by our reference -> Razer is asked for its TxnID first', async () => {
    const { fetch, calls } = replayText(
      { status: 200, text: fixture.requery.paid },
      { status: 200, text: JSON.stringify(fixture.refund.done) },
    );
    const result = await provider(fetch).refund({
      reference: 'SNTP-2051',
      providerRef: 'SNTP-2051',
      amount: 1200,
      currency: 'MYR',
      refundKey: 'refund-7-declined-order2051',
      reason: 'declined',
    });
    expect(result.status).toBe('refunded');
    expect(new URLSearchParams(calls[1]!.body).get('TxnID')).toBe('30418263');
  });

  it('Razer down (HTTP 503) -> a retryable gateway error (the refund stays initiated and is tried again)', async () => {
    const error = await provider(replayText({ status: 503, text: '' }).fetch)
      .refund({
        reference: 'SNTP-2051',
        providerRef: '30418263',
        amount: 1200,
        currency: 'MYR',
        refundKey: 'k',
        reason: 'declined',
      })
      .catch((failure: unknown) => failure);
    expect(error).toMatchObject({ code: 'http', retryable: true });
  });
});
