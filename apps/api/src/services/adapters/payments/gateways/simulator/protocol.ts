/**
 * The embedded gateway's wire (simulator.ts is the gateway): the outcomes and channels its hosted page
 * offers, how notifications travel, a notification's body and its HMAC signature, and the hosted
 * page's signed link.
 */
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { PAYMENT_CHANNELS } from '../../provider';
import type { ProviderStatus } from '../../provider';

export const SIMULATOR_SIGNATURE_HEADER = 'x-simulator-signature';

/** What the payer may choose on the hosted page. */
export const SIMULATOR_OUTCOMES = ['success', 'failure', 'pending_success', 'expire'] as const;
export type SimulatorOutcome = (typeof SIMULATOR_OUTCOMES)[number];

/** Every channel the product knows (one list, `PAYMENT_CHANNELS`); each currency offers its own below. */
export const SIMULATOR_CHANNELS = PAYMENT_CHANNELS;

/**
 * The rails the hosted page offers by the payment's currency, so it mirrors the restaurant's country:
 * ringgit gets Malaysia's (DuitNow QR first, the national QR), rupiah Indonesia's (QRIS first); no GoPay
 * or OVO for a Malaysian restaurant.
 */
export const SIMULATOR_CHANNELS_BY_CURRENCY: Readonly<
  Record<'MYR' | 'IDR', readonly (typeof SIMULATOR_CHANNELS)[number][]>
> = {
  MYR: ['duitnow_qr', 'tng_ewallet', 'grab_pay_app', 'boost', 'shopeepay', 'PNCO'],
  IDR: ['qris', 'gopay', 'ovo-emoney', 'PNCO'],
};

/**
 * How notifications travel: once each (`immediate`), each one twice (`duplicate`), or the later event
 * first (`outOfOrder`: a 'pending then success' payment notifies success, then the stale pending).
 */
export type SimulatorDelivery = 'immediate' | 'duplicate' | 'outOfOrder';

export interface SimulatorNotificationBody {
  event_id: string;
  reference: string;
  provider_ref: string;
  status: ProviderStatus;
  amount: number;
  currency: string;
  channel: string | null;
  sent_at: string;
}

export const notificationSchema = z.object({
  event_id: z.string().min(1).max(200),
  reference: z.string().min(1).max(200),
  provider_ref: z.string().min(1).max(200),
  status: z.enum(['pending', 'success', 'failed', 'expired', 'refunded', 'partially_refunded']),
  amount: z.number().int().nonnegative(),
  currency: z.string(),
  channel: z.string().nullable(),
  sent_at: z.string(),
});

export const signSimulatorBody = (key: string, body: string) =>
  createHmac('sha256', key).update(body, 'utf8').digest('hex');

export const WEBHOOK_PATH = '/api/payments/webhook/simulator';

/** The `sig` of a hosted page link: single-purpose (a `page:` prefix), so no webhook body shares it. */
export const simulatorPageSignature = (key: string, reference: string) =>
  createHmac('sha256', key).update(`page:${reference}`, 'utf8').digest('hex').slice(0, 32);

/** The hosted page's path of one payment, its signature included. */
export const simulatorPagePath = (key: string, reference: string) =>
  `/simulator/pay/${encodeURIComponent(reference)}?sig=${simulatorPageSignature(key, reference)}`;
