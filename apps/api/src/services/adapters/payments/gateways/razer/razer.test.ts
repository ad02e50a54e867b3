/**
 * The Razer adapter against Razer as its docs describe it: signatures from the documented formulas
 * (and Fiuu's one published vcode example), the recorded exchanges of fixtures/razer.json, and every
 * call made over HTTP to the loopback fake (fake.ts), whose `violations` list what broke the protocol.
 */
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import fixture from './fixtures/razer.json';
import { platformFetch } from '../../http';
import type { CreatePaymentInput, HttpFetch, IncomingNotification } from '../../provider';
import { createRazerProvider } from './razer';
import { razerRefId } from './refunds';
import { startRazerFake } from './fake';
import type { RazerFake } from './fake';
import {
  RAZER_CALLBACK_ACK,
  mapRazerStatus,
  razerAmount,
  razerDirectSignature,
  razerRefundReplySignature,
  razerRefundSignature,
  razerRefundStatusSignature,
  razerRequerySkey,
  razerSkey,
  razerVcode,
  razerVrfKey,
} from './protocol';

const KEYS = { merchantId: 'santap_Dev', verifyKey: 'vk-santap-test-0001', secretKey: 'sk-santap-test-0001' };
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const REF = 'SNTP-2051-a1b2c3';

/** The network, with every request kept and a reply rewritten when a test says so. */
function recording(
  rewrite?: (url: string, text: string, status: number) => { text: string; status: number },
) {
  const calls: { url: string; method: string; body?: string }[] = [];
  const network = platformFetch(5_000);
  const fetch: HttpFetch = async (url, init) => {
    calls.push({ url, method: init.method, ...(init.body !== undefined ? { body: init.body } : {}) });
    const response = await network(url, init);
    if (!rewrite) return response;
    const changed = rewrite(url, await response.text(), response.status);
    return { status: changed.status, text: async () => changed.text };
  };
  return { fetch, calls };
}

/** A Razer that answers `text` with `status` whatever is asked (down, or refusing). */
const answering =
  (status: number, text: string): HttpFetch =>
  async () => ({ status, text: async () => text });

const notification = (rawBody: string): IncomingNotification => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  rawBody,
  path: '/api/payments/webhook/razer',
});

const tngInput = (reference: string, changes: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  reference,
  amount: 3850,
  currency: 'MYR',
  method: 'Wallet',
  channel: 'tng_ewallet',
  description: 'Kopitiam Ali #2051',
  language: 'my',
  customer: { name: 'Aisyah', email: 'aisyah@example.com', phone: '+60123456789' },
  returnUrl: 'https://santap.example/payment/response?order_id=2051',
  notifyUrl: 'https://santap.example/api/payments/webhook/razer',
  ...changes,
});

describe('razer signatures: the documented formulas', () => {
  it("Fiuu's published vcode example (27.60, ACME, OD8842, MYR, extended format) -> 5bf33e65…", () => {
    const v = fixture.publishedVcode;
    expect(razerVcode(v.amount, v.merchantID, v.orderid, v.verifykey, v.currency)).toBe(v.vcodeExtended);
    // Without the extended format the currency is not hashed: a different code for the same order.
    expect(razerVcode(v.amount, v.merchantID, v.orderid, v.verifykey)).not.toBe(v.vcodeExtended);
  });

  it('skey = md5(paydate domain md5(tranID orderid status domain amount currency) appcode secret_key)', () => {
    const key0 = md5(`30418263${REF}00santap_Dev38.50MYR`);
    const fields = Object.fromEntries(new URLSearchParams(fixture.notification.body));
    expect([
      razerSkey(
        {
          tranID: '30418263',
          orderid: REF,
          status: '00',
          domain: 'santap_Dev',
          amount: '38.50',
          currency: 'MYR',
          paydate: '2026-11-23 12:04:31',
          appcode: '',
        },
        KEYS.secretKey,
      ),
      fields.skey,
    ]).toEqual([
      md5(`2026-11-23 12:04:31santap_Dev${key0}${KEYS.secretKey}`),
      md5(`2026-11-23 12:04:31santap_Dev${key0}${KEYS.secretKey}`),
    ]);
  });

  it('requery skey = md5(oID domain verify_key amount); VrfKey = md5(Amount secret_key Domain OrderID StatCode)', () => {
    expect([
      razerRequerySkey(REF, 'santap_Dev', KEYS.verifyKey, '38.50'),
      fixture.requery.query.skey,
    ]).toEqual([
      md5(`${REF}santap_Dev${KEYS.verifyKey}38.50`),
      md5(`${REF}santap_Dev${KEYS.verifyKey}38.50`),
    ]);
    const vrf = md5(`38.50${KEYS.secretKey}santap_Dev${REF}00`);
    expect(
      razerVrfKey({ Amount: '38.50', Domain: 'santap_Dev', OrderID: REF, StatCode: '00' }, KEYS.secretKey),
    ).toBe(vrf);
    expect(fixture.requery.paid).toContain(`VrfKey: ${vrf}`);
  });

  it('refund Signature, its reply Signature and the status inquiry Signature, as each page writes them', () => {
    const form = fixture.refund.form;
    expect([
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
      form.Signature,
    ]).toEqual([
      md5(`Psantap_Dev${form.RefID}${form.TxnID}${form.Amount}${KEYS.secretKey}`),
      md5(`Psantap_Dev${form.RefID}${form.TxnID}${form.Amount}${KEYS.secretKey}`),
    ]);
    const reply = fixture.refund.accepted;
    expect([razerRefundReplySignature(reply, KEYS.secretKey), reply.Signature]).toEqual([
      md5(`Psantap_Dev${reply.RefID}1930712${reply.TxnID}${reply.Amount}22${KEYS.secretKey}`),
      md5(`Psantap_Dev${reply.RefID}1930712${reply.TxnID}${reply.Amount}22${KEYS.secretKey}`),
    ]);
    expect([
      razerRefundStatusSignature(form.RefID, 'santap_Dev', KEYS.verifyKey),
      fixture.refundStatus.form.Signature,
    ]).toEqual([
      md5(`${form.RefID}santap_Dev${KEYS.verifyKey}`),
      md5(`${form.RefID}santap_Dev${KEYS.verifyKey}`),
    ]);
    expect(razerDirectSignature('38.50', 'santap_Dev', REF, KEYS.verifyKey)).toBe(
      fixture.duitnowQr.form.Signature,
    );
  });

  it('amounts: 3850 sen -> "38.50", 5 -> "0.05"; status 00/11/22 -> success/failed/pending, others -> null', () => {
    expect([razerAmount(3850), razerAmount(5)]).toEqual(['38.50', '0.05']);
    expect(['00', '11', '22', '99'].map(mapRazerStatus)).toEqual(['success', 'failed', 'pending', null]);
  });
});

describe('razer against the loopback fake', () => {
  let fake: RazerFake;
  let clock = new Date('2026-11-23T04:00:00Z');
  let sequence = 0;
  const reference = () => `SNTP-${2100 + ++sequence}-a1b2c3`;
  const provider = (fetch: HttpFetch = platformFetch(5_000), extra: { extendedVcode?: boolean } = {}) =>
    createRazerProvider({ ...KEYS, ...extra, env: 'sandbox', baseUrl: fake.baseUrl, fetch });

  beforeAll(async () => {
    fake = await startRazerFake({ ...KEYS, now: () => clock });
  });
  afterAll(async () => {
    await fake?.close();
  });
  afterEach(() => {
    expect(fake.violations.splice(0)).toEqual([]);
  });

  /** The payer opens the page the adapter built (a browser's GET), as they would. */
  const openPage = async (url: string) => {
    const page = await fetch(url);
    expect(page.status).toBe(200);
  };

  /** A payment made on the page, paid (or not) by the payer. */
  const paidOnPage = async (status: '00' | '11' | '22' = '00') => {
    const ref = reference();
    const created = await provider().create(tngInput(ref));
    await openPage(created.redirectUrl!);
    return { ref, payment: fake.pay(ref, status) };
  };

  describe('payment page', () => {
    it("Touch 'n Go for a Malay diner -> the recorded page request (channel in the path, vcode, ms); the fake takes it", async () => {
      const { fetch, calls } = recording();
      const created = await provider(fetch).create(tngInput(REF));
      const url = new URL(created.redirectUrl!);
      expect(url.pathname).toBe(fixture.paymentPage.path);
      expect(Object.fromEntries(url.searchParams)).toEqual(fixture.paymentPage.query);
      expect(created.providerRef).toBe(REF);
      expect(calls).toHaveLength(0);
      await openPage(created.redirectUrl!);
      expect(fake.payments.get(REF)).toMatchObject({ amount: '38.50', channel: 'TNG-EWALLET', status: '22' });
    });

    it('a guest -> bill_email and bill_mobile are the restaurant contact (both mandatory on the page)', async () => {
      const ref = reference();
      const created = await provider().create(
        tngInput(ref, {
          customer: undefined,
          merchantContact: { email: 'hello@kopitiam-ali.example', phone: '+60312345678' },
        }),
      );
      await openPage(created.redirectUrl!);
      expect(fake.payments.get(ref)?.bill).toMatchObject({
        name: 'Santap diner',
        email: 'hello@kopitiam-ali.example',
        mobile: '+60312345678',
      });
    });

    it('a guest at a restaurant without a contact -> the page is refused for the missing fields (the fake checks)', async () => {
      const ref = reference();
      const created = await provider().create(tngInput(ref, { customer: undefined }));
      const page = await fetch(created.redirectUrl!);
      expect(page.status).toBe(400);
      expect(fake.violations.splice(0)).toEqual([`payment page without bill_email, bill_mobile`]);
    });

    it.each([
      ['Card', undefined, '/credit'],
      ['Net Banking', undefined, '/fpx'],
      ['Wallet', 'grab_pay_app', '/GrabPay'],
      ['Wallet', 'boost', '/BOOST'],
      ['Wallet', 'shopeepay', '/ShopeePay'],
      ['Wallet', 'duitnow_qr', '/RPP_DuitNowQR'],
    ])('%s %s -> Razer channel %s, and the page takes it', async (method, channel, path) => {
      const created = await provider().create(tngInput(reference(), { method, channel }));
      expect(new URL(created.redirectUrl!).pathname).toBe(`/RMS/pay/santap_Dev${path}`);
      await openPage(created.redirectUrl!);
    });

    it("the portal's extended vcode on -> the page checks md5(amount merchant orderid verify_key MYR)", async () => {
      const extended = await startRazerFake({ ...KEYS, extendedVcode: true });
      try {
        const ref = reference();
        const adapter = createRazerProvider({
          ...KEYS,
          env: 'sandbox',
          extendedVcode: true,
          baseUrl: extended.baseUrl,
          fetch: platformFetch(5_000),
        });
        const created = await adapter.create(tngInput(ref));
        expect(new URL(created.redirectUrl!).searchParams.get('vcode')).toBe(
          md5(`38.50santap_Dev${ref}${KEYS.verifyKey}MYR`),
        );
        expect((await fetch(created.redirectUrl!)).status).toBe(200);
        // The same page without the extended format is refused.
        const plain = await provider().create(tngInput(ref));
        expect((await fetch(plain.redirectUrl!.replace(fake.baseUrl, extended.baseUrl))).status).toBe(400);
        expect(extended.violations).toEqual([`payment page vcode of ${ref} does not hold`]);
      } finally {
        await extended.close();
      }
    });

    it('rupiah -> refused before anything is built', async () => {
      await expect(provider().create(tngInput(reference(), { currency: 'IDR' }))).rejects.toMatchObject({
        code: 'unsupported_currency',
      });
    });
  });

  describe('status by notification, callback and return', () => {
    it('the recorded notification -> success, RM 38.50 = 3850 sen, tranID as provider ref, one event id per tranID and status', () => {
      expect(provider().verifyNotification(notification(fixture.notification.body))).toMatchObject({
        eventId: '30418263:00',
        reference: REF,
        status: 'success',
        amount: 3850,
        currency: 'MYR',
        providerRef: '30418263',
      });
    });

    it('notification, callback and return of one payment -> the same event; only the callback is answered with the token', async () => {
      const { ref, payment } = await paidOnPage('00');
      const razer = provider();
      const bodies = {
        notification: new URLSearchParams({ ...fake.statusFields(ref), nbcb: '2' }).toString(),
        callback: new URLSearchParams({ ...fake.statusFields(ref), nbcb: '1' }).toString(),
        return: new URLSearchParams(fake.statusFields(ref)).toString(),
      };
      const events = Object.values(bodies).map((body) => razer.verifyNotification(notification(body)));
      expect(new Set(events.map((event) => event?.eventId))).toEqual(new Set([`${payment.tranID}:00`]));
      expect(events.map((event) => event?.raw.endpoint)).toEqual(['notification', 'callback', 'return']);
      expect(Object.values(bodies).map((body) => razer.acknowledgement?.(notification(body)))).toEqual([
        null,
        RAZER_CALLBACK_ACK,
        null,
      ]);
    });

    it('a failed payment (11) and one still pending (22) -> failed and pending', async () => {
      const failed = await paidOnPage('11');
      const pending = await paidOnPage('22');
      const razer = provider();
      const status = (ref: string) =>
        razer.verifyNotification(notification(new URLSearchParams(fake.statusFields(ref)).toString()))
          ?.status;
      expect([status(failed.ref), status(pending.ref)]).toEqual(['failed', 'pending']);
    });

    it.each([
      ['the amount changed after signing', { amount: '0.01' }],
      ['the status changed to paid after signing', { status: '00', skey_from: '22' }],
      ['another merchant', { domain: 'other' }],
      ['no skey', { skey: '' }],
      ['a skey that is not hex', { skey: 'x'.repeat(32) }],
    ])('%s -> refused (null)', async (_name, changes) => {
      const { ref } = await paidOnPage('skey_from' in changes ? '22' : '00');
      const { skey_from: _from, ...rest }: Record<string, string> = changes;
      const body = new URLSearchParams({ ...fake.statusFields(ref, rest), nbcb: '2' }).toString();
      expect(provider().verifyNotification(notification(body))).toBeNull();
    });

    it('a signed status Razer never defines (99) -> refused; a JSON body -> refused', async () => {
      const { ref } = await paidOnPage('00');
      fake.pay(ref, '99' as '00');
      const body = new URLSearchParams(fake.statusFields(ref)).toString();
      expect(provider().verifyNotification(notification(body))).toBeNull();
      expect(provider().verifyNotification(notification(JSON.stringify({ orderid: ref })))).toBeNull();
    });

    it('a signed capture in dollars -> the event says USD (the core refuses to count it)', async () => {
      const { ref } = await paidOnPage('00');
      fake.pay(ref, '00', { currency: 'USD' });
      const body = new URLSearchParams(fake.statusFields(ref)).toString();
      expect(provider().verifyNotification(notification(body))).toMatchObject({ currency: 'USD' });
    });

    it('signed with another secret key -> refused', async () => {
      const { ref } = await paidOnPage('00');
      const other = createRazerProvider({
        ...KEYS,
        secretKey: 'another-secret',
        env: 'sandbox',
        fetch: platformFetch(),
      });
      expect(
        other.verifyNotification(notification(new URLSearchParams(fake.statusFields(ref)).toString())),
      ).toBeNull();
    });
  });

  describe('requery by order id', () => {
    const facts = { amount: 3850, currency: 'MYR' as const };
    const later = (minutes: number) => {
      clock = new Date(clock.getTime() + minutes * 60_000);
    };

    it('a paid order -> GET /RMS/query/q_by_oid.php with the amount, its VrfKey checked: success, 3850 sen, the tranID', async () => {
      const { ref, payment } = await paidOnPage('00');
      const { fetch, calls } = recording();
      const answer = await provider(fetch).queryStatus(ref, facts);
      expect(answer).toMatchObject({ status: 'success', amount: 3850, providerRef: payment.tranID });
      const url = new URL(calls[0]!.url);
      expect(calls[0]!.method).toBe('GET');
      expect(url.pathname).toBe('/RMS/query/q_by_oid.php');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        amount: '38.50',
        oID: ref,
        domain: 'santap_Dev',
        skey: razerRequerySkey(ref, 'santap_Dev', KEYS.verifyKey, '38.50'),
        type: '0',
      });
    });

    it('the recorded request and reply -> the same answer', async () => {
      const recorded = recording((url, text) =>
        new URL(url).searchParams.get('oID') === REF
          ? { text: fixture.requery.paid, status: 200 }
          : { text, status: 200 },
      );
      await expect(provider(recorded.fetch).queryStatus(REF, facts)).resolves.toMatchObject({
        status: 'success',
        amount: 3850,
        providerRef: '30418263',
      });
      expect(Object.fromEntries(new URL(recorded.calls[0]!.url).searchParams)).toEqual(fixture.requery.query);
      later(31);
    });

    it('asked again within 30 minutes -> Razer blocks it (the fake keeps the pace the docs ask for)', async () => {
      const { ref } = await paidOnPage('22');
      await expect(provider().queryStatus(ref, facts)).resolves.toMatchObject({ status: 'pending' });
      await expect(provider().queryStatus(ref, facts)).rejects.toMatchObject({
        code: 'http',
        httpStatus: 403,
      });
      expect(fake.violations.splice(0)).toEqual([`requery of ${ref} again after 0 s`]);
      later(30);
      await expect(provider().queryStatus(ref, facts)).resolves.toMatchObject({ status: 'pending' });
    });

    it('a VrfKey that does not hold, or none -> unverified (retryable), nothing believed', async () => {
      for (const forge of [
        (text: string) => text.replace(/StatCode: 22/, 'StatCode: 00'),
        (text: string) => text.replace(/VrfKey: \w+\n/, ''),
      ]) {
        const { ref } = await paidOnPage('22');
        const razer = provider(recording((_url, text, status) => ({ text: forge(text), status })).fetch);
        await expect(razer.queryStatus(ref, facts)).rejects.toMatchObject({
          code: 'unverified',
          retryable: true,
        });
      }
    });

    it('a signed StatCode Razer never defines -> an error, not a guess', async () => {
      const { ref } = await paidOnPage('00');
      fake.pay(ref, '77' as '00');
      await expect(provider().queryStatus(ref, facts)).rejects.toMatchObject({ code: 'bad_response' });
    });

    it('an order Razer never saw -> pending (the payer never reached its page)', async () => {
      await expect(provider().queryStatus(reference(), facts)).resolves.toMatchObject({ status: 'pending' });
    });

    it("without the payment's amount -> refused before any call (the amount is part of the request)", async () => {
      const { fetch, calls } = recording();
      await expect(provider(fetch).queryStatus(reference())).rejects.toMatchObject({
        code: 'invalid_reference',
      });
      expect(calls).toHaveLength(0);
    });

    it("asked with another amount than the order's -> the fake sees it", async () => {
      const { ref } = await paidOnPage('00');
      await provider().queryStatus(ref, { amount: 100, currency: 'MYR' });
      expect(fake.violations.splice(0)).toEqual([`requery of ${ref} with amount 1.00, not 38.50`]);
    });
  });

  describe('DuitNow QR on a kiosk screen (Direct Server API)', () => {
    const kioskInput = (ref: string) =>
      tngInput(ref, {
        channel: 'duitnow_qr',
        language: 'en',
        customer: undefined,
        merchantContact: { email: 'hello@kopitiam-ali.example', phone: '+60312345678' },
        returnUrl: 'https://santap.example/payment/response?order_id=2051&isKiosk=1',
        qrOnScreen: true,
      });

    it('kiosk asking for duitnow_qr -> the recorded signed request (RPP_DuitNowQR); its qr_data is the QR string', async () => {
      const { fetch, calls } = recording();
      const created = await provider(fetch).create(kioskInput(REF));
      expect(calls).toHaveLength(1);
      expect(new URL(calls[0]!.url).pathname).toBe(fixture.duitnowQr.path);
      expect(Object.fromEntries(new URLSearchParams(calls[0]!.body))).toEqual(fixture.duitnowQr.form);
      expect(created.qrString).toMatch(/^000201.*A0000006150001/);
      expect(created.redirectUrl).toBeUndefined();
      expect(created.providerRef).toBe(REF);
      expect(fake.payments.get(REF)).toMatchObject({ via: 'direct', channel: 'RPP_DuitNowQR' });
    });

    it('refused by Razer (channel not enabled) -> a gateway error, not a QR; Razer down -> retryable', async () => {
      const refused = await provider(answering(200, JSON.stringify(fixture.duitnowQr.refused)))
        .create(kioskInput(reference()))
        .catch((failure: unknown) => failure);
      expect(refused).toMatchObject({ code: 'bad_response', retryable: false });
      const down = await provider(answering(502, 'Bad gateway'))
        .create(kioskInput(reference()))
        .catch((failure: unknown) => failure);
      expect(down).toMatchObject({ code: 'http', retryable: true });
    });
  });

  describe('refunds', () => {
    const refundOf = (ref: string, tranID: string | undefined, key: string, amount = 1200) => ({
      reference: ref,
      providerRef: ref,
      amount,
      currency: 'MYR' as const,
      refundKey: key,
      reason: 'order_declined',
      payment: { amount: 3850, currency: 'MYR' as const, gatewayTxnId: tranID },
    });

    it('by tranID -> the documented signed form; Razer takes it (22, its Signature checked): pending, then followed by RefID', async () => {
      const { ref, payment } = await paidOnPage('00');
      const key = `refund-${ref}-order_declined-order1`;
      const { fetch, calls } = recording();
      const razer = provider(fetch);
      await expect(razer.refund(refundOf(ref, payment.tranID, key))).resolves.toMatchObject({
        status: 'pending',
      });
      expect(new URL(calls[0]!.url).pathname).toBe('/RMS/API/refundAPI/index.php');
      expect(Object.fromEntries(new URLSearchParams(calls[0]!.body))).toEqual({
        RefundType: 'P',
        MerchantID: 'santap_Dev',
        RefID: razerRefId(key),
        TxnID: payment.tranID,
        Amount: '12.00',
        Signature: razerRefundSignature(
          { refundType: 'P', merchantId: 'santap_Dev', refId: key, txnId: payment.tranID, amount: '12.00' },
          KEYS.secretKey,
        ),
      });
      await expect(razer.refundStatus!(refundOf(ref, payment.tranID, key))).resolves.toMatchObject({
        status: 'pending',
      });
      expect(new URL(calls[1]!.url).pathname).toBe('/RMS/API/refundAPI/q_by_refID.php');
      expect(Object.fromEntries(new URLSearchParams(calls[1]!.body))).toEqual({
        RefID: key,
        MerchantID: 'santap_Dev',
        Signature: md5(`${key}santap_Dev${KEYS.verifyKey}`),
      });
      fake.settleRefund(key, 'success');
      await expect(razer.refundStatus!(refundOf(ref, payment.tranID, key))).resolves.toMatchObject({
        status: 'refunded',
      });
    });

    it('rejected later by Razer -> failed, with its reason', async () => {
      const { ref, payment } = await paidOnPage('00');
      const key = `refund-${ref}-order_declined-order2`;
      await provider().refund(refundOf(ref, payment.tranID, key));
      fake.settleRefund(key, 'rejected', 'Beneficiary account closed');
      await expect(provider().refundStatus!(refundOf(ref, payment.tranID, key))).resolves.toMatchObject({
        status: 'failed',
        reason: 'Beneficiary account closed',
      });
    });

    it('a RefID Razer has never seen -> unknown (safe to send)', async () => {
      const { ref, payment } = await paidOnPage('00');
      await expect(
        provider().refundStatus!(refundOf(ref, payment.tranID, `refund-${ref}-never-sent`)),
      ).resolves.toMatchObject({ status: 'unknown' });
    });

    it('the same RefID sent again (an answer lost) -> PR016 read as pending, not as a refusal', async () => {
      const { ref, payment } = await paidOnPage('00');
      const key = `refund-${ref}-order_declined-order3`;
      await provider().refund(refundOf(ref, payment.tranID, key));
      await expect(provider().refund(refundOf(ref, payment.tranID, key))).resolves.toMatchObject({
        status: 'pending',
      });
      expect(fake.violations.splice(0)).toEqual([`refund ${key} sent again`]);
    });

    it("more than is left -> failed with Razer's words (PR011)", async () => {
      const { ref, payment } = await paidOnPage('00');
      await expect(
        provider().refund(refundOf(ref, payment.tranID, `refund-${ref}-too-much`, 5000)),
      ).resolves.toMatchObject({
        status: 'failed',
        reason: 'PR011: Exceed refund amount for this transaction',
      });
    });

    it('no tranID known -> asked by requery first, then refunded by it', async () => {
      const { ref, payment } = await paidOnPage('00');
      const { fetch, calls } = recording();
      await expect(
        provider(fetch).refund(refundOf(ref, undefined, `refund-${ref}-by-requery`)),
      ).resolves.toMatchObject({ status: 'pending' });
      expect(calls.map((call) => new URL(call.url).pathname)).toEqual([
        '/RMS/query/q_by_oid.php',
        '/RMS/API/refundAPI/index.php',
      ]);
      expect(new URLSearchParams(calls[1]!.body).get('TxnID')).toBe(payment.tranID);
    });

    it('a reply whose Signature does not hold -> unverified (retryable): the refund is followed, not counted', async () => {
      const { ref, payment } = await paidOnPage('00');
      const forged = recording((_url, text, status) => ({
        text: text.replace(/"Status":"22"/, '"Status":"00"'),
        status,
      }));
      await expect(
        provider(forged.fetch).refund(refundOf(ref, payment.tranID, `refund-${ref}-forged`)),
      ).rejects.toMatchObject({ code: 'unverified', retryable: true });
    });

    it('Razer down (HTTP 503) -> a retryable gateway error', async () => {
      const error = await provider(answering(503, ''))
        .refund(refundOf(REF, '30418263', 'k'))
        .catch((failure: unknown) => failure);
      expect(error).toMatchObject({ code: 'http', retryable: true });
    });
  });

  it('asks Razer only at its documented paths (docs.fiuu.dev, as written there)', () => {
    const documented = new Set([
      '/RMS/API/Direct/1.4.0/index.php',
      '/RMS/query/q_by_oid.php',
      '/RMS/API/refundAPI/index.php',
      '/RMS/API/refundAPI/q_by_refID.php',
    ]);
    const paths = fake.requests
      .map((request) => request.path)
      .filter((path) => !path.startsWith('/RMS/pay/'));
    expect(new Set(paths)).toEqual(documented);
  });
});
