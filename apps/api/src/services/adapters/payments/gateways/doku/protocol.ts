/**
 * DOKU Checkout's wire protocol (doku.ts describes the flow): its hosts and paths, the non-SNAP
 * request signature, its statuses onto ours, and the fields read from its replies and notifications.
 *
 * - Signature: developers.doku.com/get-started-with-doku-api/signature-component/non-snap
 *   (signature-component-from-request-header, signature-from-api-get-method).
 * - Statuses: developers.doku.com/get-started-with-doku-api/check-status-api/non-snap, and the
 *   checkout's `order.status` (docs.doku.com/changelog/july-2025/checkout-new-fields-and-status-values-on-check-status-api).
 */
import { createHash, createHmac } from 'node:crypto';
import { asRecord, stringField } from '../../http';
import type { GatewayEnv } from '../../http';
import type { CreatePaymentInput, ProviderStatus } from '../../provider';

/** DOKU's API hosts by environment (developers.doku.com/accept-payments/doku-checkout/integration-guide/backend-integration). */
export const DOKU_BASE_URLS: Readonly<Record<GatewayEnv, string>> = {
  sandbox: 'https://api-sandbox.doku.com',
  production: 'https://api.doku.com',
};

export const DOKU_CHECKOUT_PATH = '/checkout/v1/payment';
export const DOKU_REFUND_PATH = '/cancellation/credit-card/refund';
export const dokuStatusPath = (invoiceNumber: string) =>
  `/orders/v1/status/${encodeURIComponent(invoiceNumber)}`;

/** Base64 SHA-256 of the body, DOKU's `Digest` component. */
export function dokuDigest(body: string): string {
  return createHash('sha256').update(body, 'utf8').digest('base64');
}

/** `2020-08-11T08:45:42Z`: UTC, no fraction, as DOKU's Request-Timestamp wants. */
export function dokuTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export interface DokuSignatureInput {
  clientId: string;
  requestId: string;
  timestamp: string;
  /** The path only: DOKU's endpoint we call, or our notification path when DOKU calls us. */
  target: string;
  /** The body exactly as sent; omitted (GET) means no Digest line. */
  body?: string;
  secretKey: string;
}

/**
 * The component lines DOKU signs, joined by `\n` with no newline at the end: Client-Id, Request-Id,
 * Request-Timestamp, Request-Target and, for a body, its Digest.
 */
export function dokuStringToSign(input: Omit<DokuSignatureInput, 'secretKey'>): string {
  const lines = [
    `Client-Id:${input.clientId}`,
    `Request-Id:${input.requestId}`,
    `Request-Timestamp:${input.timestamp}`,
    `Request-Target:${input.target}`,
  ];
  if (input.body !== undefined) lines.push(`Digest:${dokuDigest(input.body)}`);
  return lines.join('\n');
}

/** The `Signature` header value: `HMACSHA256=` + base64 HMAC-SHA256 over {@link dokuStringToSign}. */
export function dokuSignature(input: DokuSignatureInput): string {
  const mac = createHmac('sha256', input.secretKey).update(dokuStringToSign(input), 'utf8').digest('base64');
  return `HMACSHA256=${mac}`;
}

/**
 * DOKU's `transaction.status` onto ours (its status table): PENDING, REDIRECT (card awaiting the
 * acquirer) and TIMEOUT (e-money, final status to be asked) are pending. FAILED is final for us
 * because we create the checkout with `disable_retry_payment`. Null for anything undocumented.
 */
export function mapDokuStatus(transactionStatus: string): ProviderStatus | null {
  switch (transactionStatus) {
    case 'SUCCESS':
      return 'success';
    case 'PENDING':
    case 'REDIRECT':
    case 'TIMEOUT':
      return 'pending';
    case 'FAILED':
      return 'failed';
    case 'EXPIRED':
      return 'expired';
    case 'REFUNDED':
      return 'refunded';
    default:
      return null;
  }
}

/** The checkout-level `order.status` when no channel transaction exists yet. */
export function mapDokuOrderStatus(orderStatus: string | undefined): ProviderStatus | null {
  if (orderStatus === 'ORDER_EXPIRED') return 'expired';
  if (orderStatus === 'ORDER_GENERATED' || orderStatus === 'ORDER_RECOVERED') return 'pending';
  return null;
}

/** Checkout's `payment_method_types` for a spec channel or method; undefined offers every method. */
export function paymentMethodTypes(input: CreatePaymentInput): string[] | undefined {
  switch (input.channel) {
    case 'qris':
      return ['QRIS'];
    case 'ovo-emoney':
      return ['EMONEY_OVO'];
    default:
      return input.method === 'Card' ? ['CREDIT_CARD'] : undefined;
  }
}

/** `transaction.status` and `order` of a DOKU notification or status reply. */
export function readDokuBody(body: Record<string, unknown> | null) {
  const order = asRecord(body?.order);
  const transaction = asRecord(body?.transaction);
  // Whole rupiah, a number in notifications and status replies (the checkout's own reply writes "100000").
  const amount = order?.amount;
  const parsed =
    typeof amount === 'number'
      ? amount
      : typeof amount === 'string' && /^\d+$/.test(amount)
        ? Number(amount)
        : NaN;
  return {
    invoiceNumber: stringField(order, 'invoice_number'),
    amount: Number.isSafeInteger(parsed) && parsed >= 0 ? parsed : undefined,
    currency: stringField(order, 'currency'),
    orderStatus: stringField(order, 'status'),
    transactionStatus: stringField(transaction, 'status'),
    transactionDate: stringField(transaction, 'date'),
    originalRequestId: stringField(transaction, 'original_request_id'),
  };
}
