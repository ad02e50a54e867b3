/**
 * Razer Merchant Services' wire protocol (razer.ts describes the flow): its channels, amounts, the
 * vcode, skey, Direct Server and refund signatures, its status codes onto ours, and its reply formats.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { asRecord } from '../../http';
import type { ProviderStatus } from '../../provider';

export const RAZER_BASE_URLS = {
  pay: { sandbox: 'https://sandbox.merchant.razer.com', production: 'https://pay.merchant.razer.com' },
  api: { sandbox: 'https://sandbox.merchant.razer.com', production: 'https://api.merchant.razer.com' },
} as const;

/**
 * Razer's channel names for the rails a Malaysian diner knows, by our wire channel / method (spec §9
 * codes plus the Malaysian rails): a named channel skips Razer's own chooser.
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

/** The Direct Server API's name of the DuitNow QR channel (its hosted page spells it RPP_DuitNowQR). */
export const RAZER_DIRECT_DUITNOW_QR = 'RPP_DUITNOWQR';

export const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** Ringgit in sen -> Razer's "12.50". */
export const razerAmount = (sen: number) => (sen / 100).toFixed(2);

/**
 * `vcode` of the hosted page: md5(amount + merchantId + orderid + verifyKey), with the currency
 * appended in the extended format.
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

/** `Signature` of a Direct Server API payment: md5(TxnAmount + MerchantID + ReferenceNo + verifyKey). */
export function razerDirectSignature(
  amount: string,
  merchantId: string,
  referenceNo: string,
  verifyKey: string,
): string {
  return md5(amount + merchantId + referenceNo + verifyKey);
}

/** What a callback (`nbcb=1`) must be answered with (Razer's callback spec). */
export const RAZER_CALLBACK_ACK = 'CBTOKEN:MPSTATOK';

/** The `skey` Razer signs a notification with. */
export function razerSkey(
  fields: {
    tranID: string;
    orderid: string;
    status: string;
    domain: string;
    amount: string;
    currency: string;
    paydate: string;
    appcode: string;
  },
  secretKey: string,
): string {
  const key0 = md5(
    fields.tranID + fields.orderid + fields.status + fields.domain + fields.amount + fields.currency,
  );
  return md5(fields.paydate + fields.domain + key0 + fields.appcode + secretKey);
}

export function razerRefundSignature(
  fields: { refundType: string; merchantId: string; refId: string; txnId: string; amount: string },
  secretKey: string,
): string {
  return md5(fields.refundType + fields.merchantId + fields.refId + fields.txnId + fields.amount + secretKey);
}

/** Razer's StatCode / status: 00 paid, 11 failed, 22 pending; anything else is not guessed. */
export function mapRazerStatus(code: string): ProviderStatus | null {
  if (code === '00') return 'success';
  if (code === '11') return 'failed';
  if (code === '22') return 'pending';
  return null;
}

export function safeEqualHex(a: string, b: string) {
  const left = Buffer.from(a.toLowerCase());
  const right = Buffer.from(b.toLowerCase());
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A reply as fields: JSON, or Razer's `Name: value` lines / `a=b&c=d` (the requery's plain formats). */
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
