/**
 * A loopback Razer (Fiuu), built from its documentation and not from our adapter: a real HTTP server
 * on 127.0.0.1 answering every endpoint the adapter uses, at the documented paths, with the documented
 * parameters, signatures, status codes and reply shapes (the doc page is named beside each). It plays
 * the payer too: a test pays an order and has the notification, the callback or the browser's return
 * sent when it wants, in the order it wants. Whatever breaks the documented protocol (a wrong path, a
 * missing mandatory field, a bad signature, a requery sooner than every 30 minutes, a reused RefID) is
 * answered as Razer would where the docs say how, and kept in `violations`: a test expects none.
 *
 * Used by the adapter's tests, the API's route tests and the e2e journeys (`@santap/api/testing`).
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeHtml } from '../../../../../lib/html';

/*
 * Razer's side, written from its docs alone (nothing here comes from the adapter, so a mistake there
 * is not repeated here): the paths, the formulas, the channel names, the callback token.
 */
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** The documented paths (docs.fiuu.dev, each page named). */
const PATHS = {
  /** 'Payment Page Integration'. */
  payPage: /^\/RMS\/pay\/([^/]+)\/([^/]*)$/,
  /** Direct Server API v1.4.0 (FiuuPayment/Documentation-Fiuu_API_Spec). */
  direct: '/RMS/API/Direct/1.4.0/index.php',
  /** 'Indirect Status Requery', 2. Query by order ID (single output). */
  queryByOrderId: '/RMS/query/q_by_oid.php',
  /** 'Advanced Full/Partial Refund'. */
  refund: '/RMS/API/refundAPI/index.php',
  /** 'Partial Refund Status Inquiry by TxnID/RefID', request type 2. */
  refundStatusByRefId: '/RMS/API/refundAPI/q_by_refID.php',
};

/** The Malaysian channels of the page's channel list that Santap uses (DuitNow QR as RPP_DuitNowQR). */
const CHANNELS = ['credit', 'fpx', 'TNG-EWALLET', 'GrabPay', 'BOOST', 'ShopeePay', 'RPP_DuitNowQR'];
const DUITNOW_QR = 'RPP_DuitNowQR';

/** 'Payment Status Notification', Callback URL: what the merchant answers a callback with. */
const CALLBACK_ACK = 'CBTOKEN:MPSTATOK';

/** 'Indirect Status Requery': "once every half an hour"; faster is blocked. */
const REQUERY_EVERY_MS = 30 * 60_000;

/** 'Security & Data Integrity', vcode: md5(amount merchantID orderid verify_key [currency]). */
const vcodeOf = (amount: string, merchant: string, orderid: string, verifyKey: string, currency = '') =>
  md5(amount + merchant + orderid + verifyKey + currency);

/** 'Security & Data Integrity', skey: md5(paydate domain md5(tranID orderid status domain amount currency) appcode secret_key). */
const skeyOf = (f: Record<string, string>, secretKey: string) =>
  md5(
    f.paydate! +
      f.domain! +
      md5(f.tranID! + f.orderid! + f.status! + f.domain! + f.amount! + f.currency!) +
      f.appcode! +
      secretKey,
  );

/** Direct Server API: Signature = md5(TxnAmount MerchantID ReferenceNo verify_key). */
const directSignatureOf = (amount: string, merchant: string, reference: string, verifyKey: string) =>
  md5(amount + merchant + reference + verifyKey);

/** 'Indirect Status Requery', q_by_oid: skey = md5(oID domain verify_key amount). */
const requerySkeyOf = (oid: string, domain: string, verifyKey: string, amount: string) =>
  md5(oid + domain + verifyKey + amount);

/** 'Indirect Status Requery', q_by_oid: VrfKey = md5(Amount secret_key Domain OrderID StatCode). */
const vrfKeyOf = (
  f: { Amount: string; Domain: string; OrderID: string; StatCode: string },
  secretKey: string,
) => md5(f.Amount + secretKey + f.Domain + f.OrderID + f.StatCode);

/** 'Advanced Full/Partial Refund': md5(RefundType MerchantID RefID TxnID Amount secret_key). */
const refundSignatureOf = (f: Record<string, string>, secretKey: string) =>
  md5(f.RefundType! + f.MerchantID! + f.RefID! + f.TxnID! + f.Amount! + secretKey);

/** 'Advanced Full/Partial Refund', response: md5(RefundType MerchantID RefID RefundID TxnID Amount Status secret_key). */
const refundReplySignatureOf = (f: Record<string, string>, secretKey: string) =>
  md5(f.RefundType! + f.MerchantID! + f.RefID! + f.RefundID! + f.TxnID! + f.Amount! + f.Status! + secretKey);

/** 'Partial Refund Status Inquiry', type 2: md5(RefID MerchantID verify_key). */
const refundStatusSignatureOf = (refId: string, merchant: string, verifyKey: string) =>
  md5(refId + merchant + verifyKey);

export interface RazerFakeOptions {
  merchantId: string;
  verifyKey: string;
  secretKey: string;
  /** The merchant portal's "extended format for Verify Payment": the currency is in `vcode`. */
  extendedVcode?: boolean;
  /**
   * The merchant portal's Notification URL ('Payment Status Notification': set in the portal, not
   * per payment); unset: each payment's callback URL (our server takes both on one route).
   */
  notificationUrl?: string;
  /**
   * What a payer who opens the payment page does: `wait` (default) leaves it to the test; `pay`
   * approves at once, sends the notification (`nbcb=2`) and returns the browser to the return URL
   * by an auto-submitting form POST, as Razer's page does (e2e journeys).
   */
  onPage?: 'wait' | 'pay';
  /** The fake's clock (the server's, in tests): `paydate` and the requery pace. */
  now?: () => Date;
  /**
   * Where the merchant's URLs really are, when their origin is not (a test server listens on a port
   * its public URL does not name): statuses go there, path and query kept. Also `reachMerchantAt`.
   */
  merchantOrigin?: string;
}

export type RazerStatusCode = '00' | '11' | '22';

/** A payment Razer knows: from its payment page or the Direct Server API. */
export interface RazerFakePayment {
  orderid: string;
  /** As the merchant sent it ("38.50"). */
  amount: string;
  currency: string;
  channel: string;
  via: 'page' | 'direct';
  returnurl: string;
  callbackurl: string;
  bill: { name: string; email: string; mobile: string; desc: string };
  country: string;
  langcode: string;
  tranID: string;
  /** 22 while the payer is on it, then 00 or 11. */
  status: RazerStatusCode;
  paydate: string;
  appcode: string;
  /** Refunded so far, in the payment's units ("12.00" -> 12.00). */
  refunded: number;
}

export interface RazerFakeRefund {
  RefID: string;
  RefundID: string;
  TxnID: string;
  Amount: string;
  /** The refund status inquiry's words. */
  status: 'pending' | 'processing' | 'success' | 'rejected';
  reason: string;
  lastUpdate: string;
}

/** A status the fake sent to the merchant, and what the merchant answered. */
export interface RazerDelivery {
  endpoint: 'notification' | 'callback' | 'return';
  url: string;
  orderid: string;
  status: string;
  fields: Record<string, string>;
  answer: { status: number; body: string; location: string | null };
}

export interface RazerFakeRequest {
  method: string;
  path: string;
  fields: Record<string, string>;
}

export interface RazerFake {
  baseUrl: string;
  /** Every request to the fake, in order. */
  requests: RazerFakeRequest[];
  /** Every breach of the documented protocol the fake saw; a test expects none. */
  violations: string[];
  payments: Map<string, RazerFakePayment>;
  refunds: Map<string, RazerFakeRefund>;
  deliveries: RazerDelivery[];
  /** The payer pays (or fails) order `orderid`: a transaction id, status and pay date are set. */
  pay(orderid: string, status?: RazerStatusCode, changes?: Partial<RazerFakePayment>): RazerFakePayment;
  /** The signed status fields of a payment ('Payment Status Notification'), `changes` after signing. */
  statusFields(orderid: string, changes?: Record<string, string>): Record<string, string>;
  /** Posts the notification (`nbcb=2`, instant) to the Notification URL. */
  sendNotification(orderid: string, changes?: Record<string, string>): Promise<RazerDelivery>;
  /** Posts the callback (`nbcb=1`, deferred) to the payment's callback URL. */
  sendCallback(orderid: string, changes?: Record<string, string>): Promise<RazerDelivery>;
  /** Posts the browser's return (no `nbcb`) to the payment's return URL, as the page's form does. */
  sendReturn(orderid: string, changes?: Record<string, string>): Promise<RazerDelivery>;
  /** Sends the merchant's statuses to `origin` from now on ({@link RazerFakeOptions.merchantOrigin}). */
  reachMerchantAt(origin: string): void;
  /** Razer finishes a refund it took: the status inquiry says so from now on. */
  settleRefund(refId: string, status: 'success' | 'rejected', reason?: string): void;
  close(): Promise<void>;
}

/** 'Payment Page Integration': the mandatory fields of a payment request. */
const PAGE_MANDATORY = [
  'amount',
  'orderid',
  'bill_name',
  'bill_email',
  'bill_mobile',
  'bill_desc',
  'country',
];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MOBILE = /^\+?[0-9][0-9 -]{4,30}$/;
const AMOUNT = /^\d+(\.\d{1,2})?$/;

/** `YYYY-MM-DD HH:mm:ss`, Malaysian time (the docs' paydate format). */
function payDate(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startRazerFake(options: RazerFakeOptions): Promise<RazerFake> {
  const { merchantId, verifyKey, secretKey } = options;
  const now = options.now ?? (() => new Date());
  const requests: RazerFakeRequest[] = [];
  const violations: string[] = [];
  const payments = new Map<string, RazerFakePayment>();
  const refunds = new Map<string, RazerFakeRefund>();
  const deliveries: RazerDelivery[] = [];
  const requeriedAt = new Map<string, number>();
  let merchantOrigin = options.merchantOrigin;
  let nextTranId = 30_418_263;
  let nextRefundId = 1_930_712;

  const violation = (text: string) => {
    violations.push(text);
  };

  const send = (
    response: ServerResponse,
    status: number,
    body: string,
    type = 'text/plain; charset=utf-8',
  ) => {
    response.writeHead(status, { 'content-type': type });
    response.end(body);
  };
  const json = (response: ServerResponse, body: unknown, status = 200) =>
    send(response, status, JSON.stringify(body), 'application/json');

  const paymentOf = (orderid: string) => {
    const payment = payments.get(orderid);
    if (!payment) throw new Error(`the Razer fake has no payment ${orderid}`);
    return payment;
  };

  const statusFields = (orderid: string, changes: Record<string, string> = {}): Record<string, string> => {
    const payment = paymentOf(orderid);
    const signed = {
      tranID: payment.tranID,
      orderid: payment.orderid,
      status: payment.status,
      domain: merchantId,
      amount: payment.amount,
      currency: payment.currency,
      paydate: payment.paydate,
      appcode: payment.appcode,
    };
    // 'Payment Status Notification': the same fields by all three endpoints, `skey` over them.
    return {
      ...signed,
      channel: payment.channel,
      error_code: payment.status === '11' ? 'FAILED' : '',
      error_desc: payment.status === '11' ? 'Payment declined by the payer' : '',
      skey: skeyOf(signed, secretKey),
      ...changes,
    };
  };

  const deliver = async (
    endpoint: RazerDelivery['endpoint'],
    orderid: string,
    changes: Record<string, string>,
  ): Promise<RazerDelivery> => {
    const payment = paymentOf(orderid);
    // 'Payment Status Notification': `nbcb` 1 on the callback, 2 on the notification, none on the return.
    const nbcb: Record<string, string> =
      endpoint === 'callback' ? { nbcb: '1' } : endpoint === 'notification' ? { nbcb: '2' } : {};
    const fields: Record<string, string> = { ...statusFields(orderid), ...nbcb, ...changes };
    const named =
      endpoint === 'return'
        ? payment.returnurl
        : endpoint === 'notification'
          ? (options.notificationUrl ?? payment.callbackurl)
          : payment.callbackurl;
    const url = merchantOrigin
      ? new URL(new URL(named).pathname + new URL(named).search, merchantOrigin).toString()
      : named;
    const reply = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
    const delivery: RazerDelivery = {
      endpoint,
      url,
      orderid,
      status: fields.status ?? '',
      fields,
      answer: { status: reply.status, body: await reply.text(), location: reply.headers.get('location') },
    };
    // 'Payment Status Notification', Callback URL: a callback not answered with the token is resent.
    if (endpoint === 'callback' && delivery.answer.body !== CALLBACK_ACK && reply.status === 200)
      violation(`callback of ${orderid} answered ${JSON.stringify(delivery.answer.body)}, not the token`);
    deliveries.push(delivery);
    return delivery;
  };

  const pay = (orderid: string, status: RazerStatusCode = '00', changes: Partial<RazerFakePayment> = {}) => {
    const payment = paymentOf(orderid);
    Object.assign(payment, { status, paydate: payDate(now()), ...changes });
    return payment;
  };

  /** The page's form back to the merchant, as Razer's hosted page sends the browser. */
  const returnPage = (orderid: string) => {
    const payment = paymentOf(orderid);
    const inputs = Object.entries(statusFields(orderid))
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
      .join('');
    return (
      `<!doctype html><html lang="en"><title>Razer fake</title><body>` +
      `<form id="back" method="post" action="${escapeHtml(payment.returnurl)}">${inputs}` +
      `<button>Return to merchant</button></form>` +
      `<script>document.getElementById('back').submit()</script></body></html>`
    );
  };

  /** 'Payment Page Integration': `/RMS/pay/{merchantID}/{channel}`, GET or POST or both. */
  const paymentPage = async (
    response: ServerResponse,
    merchant: string,
    channel: string,
    fields: Record<string, string>,
  ) => {
    const missing = PAGE_MANDATORY.filter((name) => !fields[name]);
    if (merchant !== merchantId) violation(`payment page for merchant ${merchant}`);
    if (missing.length > 0) violation(`payment page without ${missing.join(', ')}`);
    if (fields.bill_email && !EMAIL.test(fields.bill_email))
      violation(`payment page bill_email ${fields.bill_email} is not an email`);
    if (fields.bill_mobile && !MOBILE.test(fields.bill_mobile))
      violation(`payment page bill_mobile ${fields.bill_mobile} is not a phone number`);
    const amount = fields.amount ?? '';
    if (!AMOUNT.test(amount)) violation(`payment page amount ${amount}`);
    const currency = fields.cur ?? fields.currency ?? 'MYR';
    const vcode = vcodeOf(
      amount,
      merchant,
      fields.orderid ?? '',
      verifyKey,
      options.extendedVcode ? currency : '',
    );
    if (fields.vcode !== vcode) {
      violation(`payment page vcode of ${fields.orderid ?? '-'} does not hold`);
      return send(response, 400, 'Invalid vcode');
    }
    if (missing.length > 0 || merchant !== merchantId) return send(response, 400, 'Invalid request');
    if (channel && !CHANNELS.includes(channel))
      violation(`payment page channel ${channel} is not one of ours`);
    const orderid = fields.orderid!;
    const known = payments.get(orderid);
    // Opening the page again for the same order continues the same transaction.
    if (!known || known.status !== '22' || known.amount !== amount) {
      payments.set(orderid, {
        orderid,
        amount,
        currency,
        channel,
        via: 'page',
        returnurl: fields.returnurl ?? '',
        callbackurl: fields.callbackurl ?? '',
        bill: {
          name: fields.bill_name ?? '',
          email: fields.bill_email ?? '',
          mobile: fields.bill_mobile ?? '',
          desc: fields.bill_desc ?? '',
        },
        country: fields.country ?? '',
        langcode: fields.langcode ?? '',
        tranID: String(nextTranId++),
        status: '22',
        paydate: payDate(now()),
        appcode: '',
        refunded: 0,
      });
    }
    if (options.onPage !== 'pay')
      return send(
        response,
        200,
        `<!doctype html><html lang="en"><title>Razer fake</title><body><p>Paying ${escapeHtml(orderid)}</p></body></html>`,
        'text/html; charset=utf-8',
      );
    pay(orderid, '00');
    await deliver('notification', orderid, {});
    return send(response, 200, returnPage(orderid), 'text/html; charset=utf-8');
  };

  /** Direct Server API (its PDF): a payment created server to server; DuitNow QR answers `qr_data`. */
  const direct = (response: ServerResponse, fields: Record<string, string>) => {
    const amount = fields.TxnAmount ?? '';
    const reference = fields.ReferenceNo ?? '';
    if (
      fields.MerchantID !== merchantId ||
      fields.Signature !== directSignatureOf(amount, merchantId, reference, verifyKey)
    ) {
      violation(`Direct Server API Signature of ${reference} does not hold`);
      return json(response, { status: false, error_code: 'P10', error_desc: 'Invalid signature' });
    }
    if (fields.TxnChannel !== DUITNOW_QR) {
      violation(`Direct Server API channel ${fields.TxnChannel ?? '-'}`);
      return json(response, {
        status: false,
        error_code: 'P13',
        error_desc: 'Invalid channel / channel not enabled',
      });
    }
    const tranID = String(nextTranId++);
    payments.set(reference, {
      orderid: reference,
      amount,
      currency: fields.TxnCurrency ?? 'MYR',
      channel: fields.TxnChannel ?? '',
      via: 'direct',
      returnurl: fields.ReturnURL ?? '',
      callbackurl: fields.CallbackURL ?? '',
      bill: {
        name: fields.CustName ?? '',
        email: fields.CustEmail ?? '',
        mobile: fields.CustContact ?? '',
        desc: fields.CustDesc ?? '',
      },
      country: 'MY',
      langcode: '',
      tranID,
      status: '22',
      paydate: payDate(now()),
      appcode: '',
      refunded: 0,
    });
    return json(response, {
      MerchantID: merchantId,
      ReferenceNo: reference,
      TxnID: tranID,
      TxnType: fields.TxnType ?? 'SALS',
      TxnCurrency: fields.TxnCurrency ?? 'MYR',
      TxnAmount: amount,
      TxnChannel: fields.TxnChannel,
      TxnData: {
        RequestURL: '',
        RequestMethod: '',
        RequestType: 'QR',
        RequestData: {
          qr_data: `00020101021226720014A000000615000101068900870228${reference}5204581253034585405${amount}5802MY6304ABCD`,
        },
      },
    });
  };

  /** 'Indirect Status Requery', 2. Query by order ID (single output). */
  const requery = (response: ServerResponse, fields: Record<string, string>) => {
    const oid = fields.oID ?? '';
    const amount = fields.amount ?? '';
    if (fields.domain !== merchantId || fields.skey !== requerySkeyOf(oid, merchantId, verifyKey, amount)) {
      violation(`requery skey of ${oid} (amount "${amount}") does not hold`);
      return send(response, 200, 'Invalid skey');
    }
    const last = requeriedAt.get(oid);
    const at = now().getTime();
    if (last !== undefined && at - last < REQUERY_EVERY_MS) {
      // "Excessive and rapid API calls will be blocked without prior notice."
      violation(`requery of ${oid} again after ${Math.round((at - last) / 1000)} s`);
      return send(response, 403, 'Blocked');
    }
    requeriedAt.set(oid, at);
    const payment = payments.get(oid);
    // Not documented: what an order id Razer never saw answers. No transaction, nothing signed.
    if (!payment) return send(response, 200, 'No record found');
    if (payment.amount !== amount)
      violation(`requery of ${oid} with amount ${amount}, not ${payment.amount}`);
    const signed = { Amount: payment.amount, Domain: merchantId, OrderID: oid, StatCode: payment.status };
    const reply = {
      StatCode: payment.status,
      StatName: payment.status === '00' ? 'captured' : payment.status === '11' ? 'failed' : 'pending',
      TranID: payment.tranID,
      Amount: payment.amount,
      Domain: merchantId,
      VrfKey: vrfKeyOf(signed, secretKey),
      Channel: payment.channel,
      OrderID: oid,
      Currency: payment.currency,
      ErrorCode: '',
      ErrorDesc: '',
    };
    // `type`: 0 plain text (the default), 2 JSON.
    return fields.type === '2'
      ? json(response, reply)
      : send(
          response,
          200,
          Object.entries(reply)
            .map(([name, value]) => `${name}: ${value}`)
            .join('\n'),
        );
  };

  /** 'Advanced Full/Partial Refund': errors as in Fiuu's cheatsheet (Tips #12). */
  const refund = (response: ServerResponse, fields: Record<string, string>) => {
    const error = (code: string, desc: string) => json(response, { error_code: code, error_desc: desc });
    const names = [
      ['RefundType', 'PR001'],
      ['MerchantID', 'PR002'],
      ['RefID', 'PR003'],
      ['TxnID', 'PR004'],
      ['Amount', 'PR005'],
      ['Signature', 'PR006'],
    ] as const;
    for (const [name, code] of names)
      if (!fields[name]) {
        violation(`refund without ${name}`);
        return error(code, `${name} field is mandatory`);
      }
    const request = {
      refundType: fields.RefundType!,
      merchantId: fields.MerchantID!,
      refId: fields.RefID!,
      txnId: fields.TxnID!,
      amount: fields.Amount!,
    };
    if (request.merchantId !== merchantId) return error('PR007', 'Merchant ID not found.');
    if (fields.Signature !== refundSignatureOf(fields, secretKey)) {
      violation(`refund Signature of ${request.refId} does not hold`);
      return error('PR008', 'Invalid Signature.');
    }
    if (request.refundType !== 'P') return error('PR001', 'Refund Type not found.');
    const payment = [...payments.values()].find((entry) => entry.tranID === request.txnId);
    if (!payment) {
      violation(`refund of ${request.txnId}, not a transaction id`);
      return error('PR009', 'Txn ID not found.');
    }
    if (payment.status !== '00')
      return error(
        'PR010',
        `Transaction must be in authorized/captured/settled status. Current transaction is in ${payment.status} status`,
      );
    if (refunds.has(request.refId)) {
      violation(`refund ${request.refId} sent again`);
      return error('PR016', 'Duplicate RefID found, please provide a unique RefID');
    }
    if (!AMOUNT.test(request.amount)) return error('PR005', 'Amount field is mandatory');
    if (payment.refunded + Number(request.amount) > Number(payment.amount) + 1e-9)
      return error('PR011', 'Exceed refund amount for this transaction');
    payment.refunded += Number(request.amount);
    const taken: RazerFakeRefund = {
      RefID: request.refId,
      RefundID: String(nextRefundId++),
      TxnID: request.txnId,
      Amount: request.amount,
      status: 'pending',
      reason: '',
      lastUpdate: payDate(now()),
    };
    refunds.set(request.refId, taken);
    const reply = {
      RefundType: request.refundType,
      MerchantID: merchantId,
      RefID: taken.RefID,
      RefundID: taken.RefundID,
      TxnID: taken.TxnID,
      Amount: taken.Amount,
      Status: '22',
    };
    return json(response, { ...reply, Signature: refundReplySignatureOf(reply, secretKey), reason: '' });
  };

  /** 'Partial Refund Status Inquiry by TxnID/RefID', request type 2 (by RefID). */
  const refundStatus = (response: ServerResponse, fields: Record<string, string>) => {
    const refId = fields.RefID ?? '';
    if (
      fields.MerchantID !== merchantId ||
      fields.Signature !== refundStatusSignatureOf(refId, merchantId, verifyKey)
    ) {
      violation(`refund status Signature of ${refId} does not hold`);
      return json(response, { error_code: 'PR008', error_desc: 'Invalid Signature.' });
    }
    const taken = refunds.get(refId);
    if (!taken) return json(response, []);
    return json(response, [
      {
        TxnID: taken.TxnID,
        RefID: taken.RefID,
        RefundID: taken.RefundID,
        Amount: taken.Amount,
        Status: taken.status,
        LastUpdate: taken.lastUpdate,
        reason: taken.reason,
      },
    ]);
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://razer.fake');
      const body = request.method === 'POST' ? await readBody(request) : '';
      // 'Tips #8': form fields win over query fields of the same name.
      const fields = {
        ...Object.fromEntries(url.searchParams),
        ...Object.fromEntries(new URLSearchParams(body)),
      };
      requests.push({ method: request.method ?? 'GET', path: url.pathname, fields });
      const page = PATHS.payPage.exec(url.pathname);
      if (page)
        return paymentPage(response, decodeURIComponent(page[1]!), decodeURIComponent(page[2]!), fields);
      if (request.method === 'POST' && url.pathname === PATHS.direct) return direct(response, fields);
      if (url.pathname === PATHS.queryByOrderId) return requery(response, fields);
      if (url.pathname === PATHS.refund) return refund(response, fields);
      if (url.pathname === PATHS.refundStatusByRefId) return refundStatus(response, fields);
      violation(`${request.method ?? 'GET'} ${url.pathname}: no such endpoint`);
      return send(response, 404, 'Not Found');
    })().catch((error: unknown) => {
      violation(`the fake failed: ${String(error)}`);
      send(response, 500, String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    violations,
    payments,
    refunds,
    deliveries,
    pay,
    statusFields,
    sendNotification: (orderid, changes = {}) => deliver('notification', orderid, changes),
    sendCallback: (orderid, changes = {}) => deliver('callback', orderid, changes),
    sendReturn: (orderid, changes = {}) => deliver('return', orderid, changes),
    reachMerchantAt(origin) {
      merchantOrigin = origin;
    },
    settleRefund(refId, status, reason = '') {
      const taken = refunds.get(refId);
      if (!taken) throw new Error(`the Razer fake has no refund ${refId}`);
      Object.assign(taken, { status, reason, lastUpdate: payDate(now()) });
      const payment = [...payments.values()].find((entry) => entry.tranID === taken.TxnID);
      if (status === 'rejected' && payment) payment.refunded -= Number(taken.Amount);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
