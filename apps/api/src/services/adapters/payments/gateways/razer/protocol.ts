/**
 * Razer Merchant Services' (now Fiuu) wire protocol, pure: its hosts and paths, channels, amounts,
 * every signature it defines (vcode, skey, requery skey and VrfKey, Direct Server, refund and refund
 * status), its status codes onto ours and its reply formats. razer.ts calls the network with it,
 * fake.ts plays Razer with it; README.md names the doc page each part follows.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { asRecord } from '../../http';
import type { ProviderStatus } from '../../provider';

/**
 * Fiuu's production hosts (docs.fiuu.dev: pay.fiuu.com for the payment page and the Direct Server
 * API, api.fiuu.com for requery and refunds); its sandbox still answers on Razer's name.
 */
export const RAZER_BASE_URLS = {
  pay: { sandbox: 'https://sandbox.merchant.razer.com', production: 'https://pay.fiuu.com' },
  api: { sandbox: 'https://sandbox.merchant.razer.com', production: 'https://api.fiuu.com' },
} as const;

/** The documented paths, each beside the page that defines it. */
export const RAZER_PATHS = {
  /** 'Payment Page Integration': `/RMS/pay/{merchantID}/{channel}`. */
  payPage: (merchantId: string, channel: string) =>
    `/RMS/pay/${encodeURIComponent(merchantId)}/${channel ? encodeURIComponent(channel) : ''}`,
  /** Direct Server API (its PDF in FiuuPayment/Documentation-Fiuu_API_Spec). */
  direct: '/RMS/API/Direct/1.4.0/index.php',
  /** 'Indirect Status Requery', 2. Query by order ID (single output). */
  queryByOrderId: '/RMS/query/q_by_oid.php',
  /** 'Advanced Full/Partial Refund'. */
  refund: '/RMS/API/refundAPI/index.php',
  /** 'Partial Refund Status Inquiry by TxnID/RefID', request type 2. */
  refundStatusByRefId: '/RMS/API/refundAPI/q_by_refID.php',
} as const;

/**
 * 'Indirect Status Requery': "utilize one of these APIs once every half an hour for transactions with
 * pending and unknown status only. Excessive and rapid API calls will be blocked". The first requery
 * waits for the payer to have had time to pay (and for the notification, which is instant).
 */
export const RAZER_REQUERY_EVERY_SECONDS = 30 * 60;
export const RAZER_REQUERY_FIRST_AFTER_SECONDS = 10 * 60;

/**
 * Razer's channel names for the rails a Malaysian diner knows, by our wire channel / method (spec §9
 * codes plus the Malaysian rails): a named channel skips Razer's own chooser. DuitNow QR is
 * `RPP_DuitNowQR` on the page and in the Direct Server API alike, as public integrations write it.
 */
export const RAZER_CHANNELS: Readonly<Record<string, string>> = {
  Card: 'credit',
  'Net Banking': 'fpx',
  tng_ewallet: 'TNG-EWALLET',
  grab_pay_app: 'GrabPay',
  boost: 'BOOST',
  shopeepay: 'ShopeePay',
  duitnow_qr: 'RPP_DuitNowQR',
};

export const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** Ringgit in sen -> Razer's "12.50". */
export const razerAmount = (sen: number) => (sen / 100).toFixed(2);

/**
 * `vcode` of the payment page ('Security & Data Integrity', vcode): md5(amount + merchantID + orderid +
 * verify_key), with the currency appended in the extended format.
 */
export function razerVcode(
  amount: string,
  merchantId: string,
  orderId: string,
  verifyKey: string,
  extendedCurrency?: string,
): string {
  return md5(amount + merchantId + orderId + verifyKey + (extendedCurrency ?? ''));
}

/** `Signature` of a Direct Server API payment: md5(TxnAmount + MerchantID + ReferenceNo + verify_key). */
export function razerDirectSignature(
  amount: string,
  merchantId: string,
  referenceNo: string,
  verifyKey: string,
): string {
  return md5(amount + merchantId + referenceNo + verifyKey);
}

/** What a callback (`nbcb=1`) must be answered with ('Payment Status Notification', Callback URL). */
export const RAZER_CALLBACK_ACK = 'CBTOKEN:MPSTATOK';

/**
 * Which of the three endpoints a status came by ('Payment Status Notification'): `nbcb=1` the
 * callback (deferred), `nbcb=2` the notification (instant, server to server), none the browser's
 * return. All three carry the same fields and `skey`.
 */
export function razerEndpointOf(nbcb: string | undefined): 'callback' | 'notification' | 'return' {
  return nbcb === '1' ? 'callback' : nbcb === '2' ? 'notification' : 'return';
}

/** The fields of a status (callback, notification or return) that its `skey` signs. */
export interface RazerStatusFields {
  tranID: string;
  orderid: string;
  status: string;
  domain: string;
  amount: string;
  currency: string;
  paydate: string;
  appcode: string;
}

/**
 * The `skey` of a status ('Security & Data Integrity', skey): md5(paydate + domain + md5(tranID +
 * orderid + status + domain + amount + currency) + appcode + secret_key), over the strings as sent.
 */
export function razerSkey(fields: RazerStatusFields, secretKey: string): string {
  const key0 = md5(
    fields.tranID + fields.orderid + fields.status + fields.domain + fields.amount + fields.currency,
  );
  return md5(fields.paydate + fields.domain + key0 + fields.appcode + secretKey);
}

/** The requery's `skey` ('Indirect Status Requery', q_by_oid): md5(oID + domain + verify_key + amount). */
export function razerRequerySkey(oid: string, domain: string, verifyKey: string, amount: string): string {
  return md5(oid + domain + verifyKey + amount);
}

/**
 * The requery reply's `VrfKey` ('Indirect Status Requery', q_by_oid): md5(Amount + secret_key + Domain +
 * OrderID + StatCode), over the reply's strings.
 */
export function razerVrfKey(
  fields: { Amount: string; Domain: string; OrderID: string; StatCode: string },
  secretKey: string,
): string {
  return md5(fields.Amount + secretKey + fields.Domain + fields.OrderID + fields.StatCode);
}

/** A refund request's `Signature` ('Advanced Full/Partial Refund'): md5(RefundType MerchantID RefID TxnID Amount secret_key). */
export function razerRefundSignature(
  fields: { refundType: string; merchantId: string; refId: string; txnId: string; amount: string },
  secretKey: string,
): string {
  return md5(fields.refundType + fields.merchantId + fields.refId + fields.txnId + fields.amount + secretKey);
}

/**
 * A refund reply's `Signature` ('Advanced Full/Partial Refund', response): md5(RefundType MerchantID
 * RefID RefundID TxnID Amount Status secret_key).
 */
export function razerRefundReplySignature(
  fields: {
    RefundType: string;
    MerchantID: string;
    RefID: string;
    RefundID: string;
    TxnID: string;
    Amount: string;
    Status: string;
  },
  secretKey: string,
): string {
  return md5(
    fields.RefundType +
      fields.MerchantID +
      fields.RefID +
      fields.RefundID +
      fields.TxnID +
      fields.Amount +
      fields.Status +
      secretKey,
  );
}

/** The refund status inquiry's `Signature` ('Partial Refund Status Inquiry', type 2): md5(RefID MerchantID verify_key). */
export function razerRefundStatusSignature(refId: string, merchantId: string, verifyKey: string): string {
  return md5(refId + merchantId + verifyKey);
}

/** A status / StatCode: 00 paid, 11 failed, 22 pending; anything else is not guessed. */
export function mapRazerStatus(code: string): ProviderStatus | null {
  if (code === '00') return 'success';
  if (code === '11') return 'failed';
  if (code === '22') return 'pending';
  return null;
}

/** The refund API's `Status` (00 done, 11 rejected, 22 pending) onto a refund outcome. */
export function mapRazerRefundStatus(code: string): 'refunded' | 'failed' | 'pending' | null {
  if (code === '00') return 'refunded';
  if (code === '11') return 'failed';
  if (code === '22') return 'pending';
  return null;
}

/**
 * The refund status inquiry's `Status` (success, pending, processing, rejected) onto a refund outcome;
 * a word we do not know is not guessed (null: still pending for us, and logged).
 */
export function mapRazerRefundInquiry(status: string): 'refunded' | 'failed' | 'pending' | null {
  const word = status.trim().toLowerCase();
  if (word === 'success' || word === '00') return 'refunded';
  if (word === 'rejected' || word === '11') return 'failed';
  if (word === 'pending' || word === 'processing' || word === '22') return 'pending';
  return null;
}

/**
 * Refund errors ('Tips #12' of Fiuu's API cheatsheet) that say the refund exists or may be asked again:
 * PR016 (duplicate RefID: ours is already there, follow it) and PR015 (server busy: try again later).
 */
export const RAZER_REFUND_DUPLICATE = 'PR016';
export const RAZER_REFUND_BUSY = 'PR015';

/** Currencies Razer writes ringgit as in a status ('MYR', and 'RM' on some channels). */
export const isRinggit = (currency: string) => currency === 'MYR' || currency === 'RM';

export function safeEqualHex(a: string, b: string) {
  const left = Buffer.from(a.toLowerCase());
  const right = Buffer.from(b.toLowerCase());
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Whether `signature` is a 32-hex MD5 equal to `expected`. */
export const signatureHolds = (signature: string | undefined, expected: string) =>
  typeof signature === 'string' && /^[0-9a-f]{32}$/i.test(signature) && safeEqualHex(signature, expected);

/**
 * A reply as fields: JSON, or Razer's plain `Name: value` lines (the requery's default `type=0`), or
 * `a=b&c=d`.
 */
export function fieldsOf(text: string): Record<string, string> {
  const trimmed = text.trim();
  const json = asRecord(
    (() => {
      try {
        return JSON.parse(trimmed) as unknown;
      } catch {
        return undefined;
      }
    })(),
  );
  if (json) return Object.fromEntries(Object.entries(json).map(([key, value]) => [key, String(value)]));
  if (trimmed.includes('\n') || /^\w+\s*:/.test(trimmed)) {
    const fields: Record<string, string> = {};
    for (const line of trimmed.split(/\r?\n/)) {
      const at = line.indexOf(':');
      if (at > 0) fields[line.slice(0, at).trim()] = line.slice(at + 1).trim();
    }
    return fields;
  }
  return Object.fromEntries(new URLSearchParams(trimmed));
}
