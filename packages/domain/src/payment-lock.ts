/** A payment is processing for at most 60 seconds; the cart stays locked meanwhile (spec §4, §9). */
export const PAYMENT_PROCESSING_MAX_SECONDS = 60;

/** The diner may unlock the cart 30 seconds after the payment started (spec §4, §9). */
export const CART_UNLOCK_AFTER_SECONDS = 30;

/** The cart lock during a payment, at one moment. */
export interface PaymentLock {
  /** The cart cannot be changed: the payment is still processing. */
  locked: boolean;
  /** Locked, but long enough that the diner may unlock it (e.g. to try another method). */
  canUnlock: boolean;
  /** Whole seconds until the lock lifts on its own; 0 when not locked. */
  secondsLeft: number;
  /** Whole seconds until the diner may unlock; 0 once they may, and when not locked. */
  secondsToUnlock: number;
}

/** When a payment started at `startedAt` stops holding the cart on its own (spec §4). */
export function paymentLockEnds(startedAt: Date): Date {
  return new Date(startedAt.getTime() + PAYMENT_PROCESSING_MAX_SECONDS * 1000);
}

/**
 * When a payment started, read back from the `secondsLeft` of its window that the server sent, `now`
 * being when the reply arrived: a page counts the 30 s and 60 s from the server's clock, so a phone
 * whose clock is off still shows the lock right (spec §4).
 *
 * @example
 * ```ts
 * paymentLockStartedAt(45, new Date('2026-11-23T04:00:00Z')); // 2026-11-23T03:59:45Z
 * ```
 */
export function paymentLockStartedAt(secondsLeft: number, now: Date): Date {
  return new Date(now.getTime() - (PAYMENT_PROCESSING_MAX_SECONDS - secondsLeft) * 1000);
}

/**
 * The cart lock `now` for a payment started at `startedAt` (spec §4: "While processing (up to 60
 * seconds) the cart is locked; it can be unlocked after 30 seconds"). Locked during [0 s, 60 s);
 * unlockable during [30 s, 60 s). A `now` before `startedAt` (clock skew between devices) counts as
 * the start: locked, not yet unlockable.
 *
 * @throws RangeError when either date is invalid.
 *
 * @example
 * ```ts
 * paymentLock(started, new Date(started.getTime() + 45_000));
 * // { locked: true, canUnlock: true, secondsLeft: 15, secondsToUnlock: 0 }
 * ```
 */
export function paymentLock(startedAt: Date, now: Date): PaymentLock {
  const start = startedAt.getTime();
  const at = now.getTime();
  if (Number.isNaN(start) || Number.isNaN(at)) throw new RangeError('paymentLock: invalid date');
  const elapsedMs = Math.max(0, at - start);
  const maxMs = PAYMENT_PROCESSING_MAX_SECONDS * 1000;
  if (elapsedMs >= maxMs) return { locked: false, canUnlock: false, secondsLeft: 0, secondsToUnlock: 0 };
  const unlockMs = CART_UNLOCK_AFTER_SECONDS * 1000;
  return {
    locked: true,
    canUnlock: elapsedMs >= unlockMs,
    secondsLeft: Math.ceil((maxMs - elapsedMs) / 1000),
    secondsToUnlock: Math.max(0, Math.ceil((unlockMs - elapsedMs) / 1000)),
  };
}
