/**
 * One interface for every payment gateway (README: Money, 'Providers'): create a payment (-> redirect URL or
 * QR string), verify a notification, query status, refund. Adapters take their keys and an injected `fetch`,
 * so nothing calls out unless configured, and tests replay recorded fixtures.
 */

import { payments as paymentApi } from '@santap/contract';

/**
 * Every provider a payment may name: the contract's list (the wire accepts these in `provider`), so
 * a gateway's name has one home. The registry holds one entry per name but the simulator's.
 */
export type ProviderName = (typeof paymentApi.PAYMENT_PROVIDERS)[number];

/** The channel codes of spec §9 and the Malaysian rails, on the wire only: one list, the contract's. */
export const PAYMENT_CHANNELS = paymentApi.PAYMENT_CHANNELS;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

/** Spec §9 methods; which ones a restaurant offers is restaurant data (`settings.paymentMethods`). */
export const PAYMENT_METHODS = ['Card', 'Cash', 'Cash kiosk', 'pay later', 'Wallet', 'Net Banking'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Spec §9 speed modes. */
export const SPEED_MODES = ['fast', 'secure'] as const;

/** A provider's view of a payment, mapped onto ours. */
export type ProviderStatus = 'pending' | 'success' | 'failed' | 'expired' | 'refunded' | 'partially_refunded';

export interface CreatePaymentInput {
  /** Our reference sent as the gateway's order id (unique per attempt, e.g. `SNTP-42`). */
  reference: string;
  /** Integer minor units (sen, rupiah). */
  amount: number;
  currency: 'MYR' | 'IDR';
  method: string;
  channel?: string | undefined;
  description: string;
  language: 'en' | 'id' | 'my';
  customer?: { name?: string; phone?: string; email?: string } | undefined;
  /**
   * The restaurant's (or food court's) own contact: what a gateway that requires the payer's email and
   * phone (Razer) is sent when the diner gave none.
   */
  merchantContact?: { phone?: string | undefined; email?: string | undefined } | undefined;
  /** Where the gateway sends the payer back (our `/payment/response?...`). */
  returnUrl: string;
  /** Where the gateway posts notifications (our webhook route for this provider). */
  notifyUrl: string;
  expiresAt?: Date | undefined;
  /**
   * The payer scans a code on another screen (a kiosk), not on the device that pays: a gateway that can
   * should answer a QRIS / e-wallet string (`qrString`) rather than only a hosted page.
   */
  qrOnScreen?: boolean | undefined;
}

export interface CreatedPayment {
  /** The gateway's id for the payment (token, transaction id); unique per provider. */
  providerRef: string;
  redirectUrl?: string;
  /**
   * A QRIS / e-wallet QR string to show on screen (kiosk). The simulator puts its hosted page's URL
   * here; a real gateway only a payment payload (an EMVCo QRIS string).
   */
  qrString?: string;
  raw?: unknown;
}

export interface IncomingNotification {
  headers: Record<string, string | undefined>;
  /** The body exactly as received: signatures are computed over raw strings. */
  rawBody: string;
  /** The path the notification was posted to (DOKU signs the request target). */
  path: string;
}

export interface VerifiedNotification {
  /** The provider's identity of this event, for deduplication. */
  eventId: string;
  reference: string;
  status: ProviderStatus;
  /** Integer minor units, when the gateway says. */
  amount?: number;
  /**
   * The currency the gateway says it took (ISO 4217, as sent), when it says: the core refuses to
   * count a capture in another currency than the payment's.
   */
  currency?: string;
  providerRef?: string;
  raw: Record<string, unknown>;
}

/**
 * What a gateway may need to know of the payment it is asked about: what was charged, and the
 * gateway's own transaction id once a notification or a status answer named it.
 */
export interface PaymentFacts {
  /** Integer minor units, as charged. */
  amount: number;
  currency: 'MYR' | 'IDR';
  /** The gateway's transaction id (Razer's `tranID`), when it differs from `providerRef`. */
  gatewayTxnId?: string | undefined;
}

export interface RefundInput {
  reference: string;
  providerRef: string;
  amount: number;
  currency: 'MYR' | 'IDR';
  /** Idempotency key: the same key never refunds twice. */
  refundKey: string;
  reason: string;
  /** The payment refunded. */
  payment?: PaymentFacts | undefined;
}

/** A refund's outcome at its gateway; `reason`: the gateway's own words when it refused. */
export interface RefundOutcome {
  status: 'refunded' | 'pending' | 'failed';
  raw: unknown;
  reason?: string | undefined;
}

/** A status answer (a poll): `providerRef` is the gateway's transaction id when it names one. */
export interface StatusAnswer {
  status: ProviderStatus;
  amount?: number;
  providerRef?: string | undefined;
  raw: unknown;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  create(input: CreatePaymentInput): Promise<CreatedPayment>;
  /**
   * The payer's browser comes back with the signed status (Razer posts it to the return URL): such a
   * return is verified with `verifyNotification` and applied like a notification.
   */
  readonly returnCarriesStatus?: boolean;
  /** The event when the notification is authentic; null when it is forged or malformed. */
  verifyNotification(notification: IncomingNotification): VerifiedNotification | null;
  queryStatus(reference: string, payment?: PaymentFacts): Promise<StatusAnswer>;
  /**
   * How often the gateway may be asked about one payment (Razer: at most every 30 minutes, the first
   * time only after the payer had time to pay); absent: whenever the reconciliation job runs.
   */
  readonly statusQueryPolicy?: { firstAfterSeconds: number; everySeconds: number };
  refund(input: RefundInput): Promise<RefundOutcome>;
  /**
   * Where a refund the gateway took (or may have taken: its answer was lost) stands, asked by its
   * refund key, so a refund is followed rather than sent again; `unknown`: the gateway has no refund
   * with that key. Absent: the gateway answers every refund at once.
   */
  refundStatus?(input: RefundInput): Promise<RefundOutcome | { status: 'unknown'; raw: unknown }>;
  /**
   * The plain-text body a gateway requires in answer to an accepted notification (Razer's callback
   * wants `CBTOKEN:MPSTATOK`, or it keeps calling); absent or null: our JSON envelope.
   */
  acknowledgement?(notification: IncomingNotification): string | null;
}

/** What adapters call the network with; tests pass a recorder. */
export type HttpFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<{
  status: number;
  text(): Promise<string>;
}>;
