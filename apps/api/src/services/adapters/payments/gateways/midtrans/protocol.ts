/**
 * Midtrans's wire protocol (midtrans.ts describes the flow): its order ids and statuses onto ours,
 * the notification signature, the channels Snap enables and when a QRIS charge is made directly, and
 * its time format.
 */
import { createHash } from 'node:crypto';
import type { GatewayEnv } from '../../http';
import type { CreatePaymentInput, ProviderStatus } from '../../provider';

/**
 * Midtrans's hosts by environment: Snap (`POST /snap/v1/transactions`) and the Core API
 * (`/v2/charge`, `/v2/{order_id}/status`, `/v2/{order_id}/refund`). docs.midtrans.com/docs/snap-snap-integration-guide,
 * docs.midtrans.com/docs/get-status-api-requests.
 */
export const MIDTRANS_BASE_URLS: Readonly<Record<'snap' | 'api', Readonly<Record<GatewayEnv, string>>>> = {
  snap: { sandbox: 'https://app.sandbox.midtrans.com', production: 'https://app.midtrans.com' },
  api: { sandbox: 'https://api.sandbox.midtrans.com', production: 'https://api.midtrans.com' },
};

/** Midtrans's `order_id`: at most 50 of letters, digits, `-`, `_`, `~`, `.`. */
export const ORDER_ID = /^[A-Za-z0-9\-_~.]{1,50}$/;

/** Every `transaction_status` Midtrans documents. */
export const MIDTRANS_TRANSACTION_STATUSES = [
  'pending',
  'authorize',
  'capture',
  'settlement',
  'deny',
  'cancel',
  'expire',
  'failure',
  'refund',
  'partial_refund',
  'chargeback',
  'partial_chargeback',
] as const;

/**
 * Midtrans's `transaction_status` (+ `fraud_status` for card captures) onto ours. Paid is settlement,
 * or capture with fraud_status accept; a capture under challenge (manual review) or without a fraud
 * verdict stays pending until Midtrans says more; authorize (card held, not captured) is pending.
 * Null for a status Midtrans does not document: nothing is guessed.
 */
export function mapMidtransStatus(transactionStatus: string, fraudStatus?: string): ProviderStatus | null {
  switch (transactionStatus) {
    case 'settlement':
      return 'success';
    case 'capture':
      if (fraudStatus === 'accept') return 'success';
      if (fraudStatus === 'deny') return 'failed';
      return 'pending';
    case 'pending':
    case 'authorize':
      return 'pending';
    case 'deny':
    case 'cancel':
    case 'failure':
      return 'failed';
    case 'expire':
      return 'expired';
    case 'refund':
    case 'chargeback':
      return 'refunded';
    case 'partial_refund':
    case 'partial_chargeback':
      return 'partially_refunded';
    default:
      return null;
  }
}

/** Hex SHA-512 of order_id + status_code + gross_amount + serverKey, the strings as received. */
export function midtransSignature(
  orderId: string,
  statusCode: string,
  grossAmount: string,
  serverKey: string,
): string {
  return createHash('sha512')
    .update(orderId + statusCode + grossAmount + serverKey, 'utf8')
    .digest('hex');
}

/** Snap's `enabled_payments` for a spec channel or method; undefined leaves every channel on. */
export function enabledPayments(input: CreatePaymentInput): string[] | undefined {
  switch (input.channel) {
    case 'gopay':
      return ['gopay'];
    case 'qris':
      return ['other_qris'];
    default:
      return input.method === 'Card' ? ['credit_card'] : undefined;
  }
}

/**
 * A kiosk paying by QRIS (or naming no channel: any QRIS app pays a QRIS code) gets Core API's QRIS
 * charge, whose reply is the QR string itself; anything else goes to Snap's hosted page.
 */
export function wantsQrisCharge(input: CreatePaymentInput): boolean {
  return input.qrOnScreen === true && (input.channel === 'qris' || input.channel === undefined);
}

/** The acquirer of our QRIS charges (Midtrans documents gopay, the default, and airpay shopee). */
export const MIDTRANS_QRIS_ACQUIRER = 'gopay';

/** `yyyy-MM-dd HH:mm:ss +0000`, the format of Snap's `expiry.start_time` and Core API's `custom_expiry.order_time`. */
export function snapTime(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} +0000`;
}
