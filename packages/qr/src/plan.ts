import { MESSAGE } from '@santap/domain';
import type { ParsedQr } from './types';

/**
 * A restaurant's QR ordering plan, `settings.global.qr_ordering_plan` (spec §3, §6): which QRs it
 * accepts — static only (0), dynamic only (1) or both (2).
 */
export const QR_PLAN = { STATIC: 0, DYNAMIC: 1, BOTH: 2 } as const;

/** One of the values of {@link QR_PLAN} (spec §6). */
export type QrPlan = (typeof QR_PLAN)[keyof typeof QR_PLAN];

/** Subscription tier constants (spec §6). */
export const SUBSCRIPTION_TIER = ['lite', 'pro', 'pro_subs'] as const;

/** One of {@link SUBSCRIPTION_TIER} (spec §6). */
export type SubscriptionTier = (typeof SUBSCRIPTION_TIER)[number];

/**
 * Whether a plan accepts a static or dynamic QR (spec §5: "A QR of a type the restaurant's plan does
 * not allow is rejected"). A plan value outside 0-2 (bad server data) allows nothing: fail closed.
 *
 * @example
 * ```ts
 * qrAllowedByPlan('static', QR_PLAN.DYNAMIC); // false
 * qrAllowedByPlan('dynamic', QR_PLAN.BOTH); // true
 * ```
 */
export function qrAllowedByPlan(kind: 'static' | 'dynamic', plan: QrPlan): boolean {
  if (plan === QR_PLAN.BOTH) return true;
  if (plan === QR_PLAN.STATIC) return kind === 'static';
  if (plan === QR_PLAN.DYNAMIC) return kind === 'dynamic';
  return false;
}

/**
 * Checks a parsed QR against the restaurant's (or food court's) plan (spec §5, §6). Menu and
 * food-court links are not QRs of a plan type and always pass.
 *
 * @example
 * ```ts
 * checkQrAgainstPlan(staticTableQr, QR_PLAN.DYNAMIC); // { ok: false, error: 'errors.qrNotAllowedByPlan' }
 * ```
 */
export function checkQrAgainstPlan(
  qr: ParsedQr,
  plan: QrPlan,
): { ok: true } | { ok: false; error: typeof MESSAGE.qrNotAllowedByPlan } {
  if (qr.kind === 'menuLink' || qr.kind === 'foodCourtLink') return { ok: true };
  return qrAllowedByPlan(qr.dynamic ? 'dynamic' : 'static', plan)
    ? { ok: true }
    : { ok: false, error: MESSAGE.qrNotAllowedByPlan };
}
