import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CART_UNLOCK_AFTER_SECONDS,
  PAYMENT_PROCESSING_MAX_SECONDS,
  paymentLock,
  paymentLockEnds,
  paymentLockStartedAt,
} from './payment-lock';

const start = new Date('2025-03-14T12:00:00Z');
const after = (ms: number) => new Date(start.getTime() + ms);

describe('paymentLock', () => {
  it('constants -> 60 s processing, unlock after 30 s (spec §9)', () => {
    expect(PAYMENT_PROCESSING_MAX_SECONDS).toBe(60);
    expect(CART_UNLOCK_AFTER_SECONDS).toBe(30);
  });

  it('0 s -> locked, cannot unlock, 60 s left', () => {
    expect(paymentLock(start, start)).toEqual({
      locked: true,
      canUnlock: false,
      secondsLeft: 60,
      secondsToUnlock: 30,
    });
  });

  it('29.999 s -> locked, cannot unlock yet', () => {
    expect(paymentLock(start, after(29_999))).toEqual({
      locked: true,
      canUnlock: false,
      secondsLeft: 31,
      secondsToUnlock: 1,
    });
  });

  it('30 s -> locked, can unlock', () => {
    expect(paymentLock(start, after(30_000))).toEqual({
      locked: true,
      canUnlock: true,
      secondsLeft: 30,
      secondsToUnlock: 0,
    });
  });

  it('45 s -> locked, can unlock, 15 s left', () => {
    expect(paymentLock(start, after(45_000))).toEqual({
      locked: true,
      canUnlock: true,
      secondsLeft: 15,
      secondsToUnlock: 0,
    });
  });

  it('59.5 s -> locked, 1 s left (rounded up)', () => {
    expect(paymentLock(start, after(59_500))).toEqual({
      locked: true,
      canUnlock: true,
      secondsLeft: 1,
      secondsToUnlock: 0,
    });
  });

  it('60 s -> unlocked, 0 left', () => {
    expect(paymentLock(start, after(60_000))).toEqual({
      locked: false,
      canUnlock: false,
      secondsLeft: 0,
      secondsToUnlock: 0,
    });
  });

  it('10 minutes -> unlocked', () => {
    expect(paymentLock(start, after(600_000)).locked).toBe(false);
  });

  it('now 5 s before start (clock skew) -> locked as at the start', () => {
    expect(paymentLock(start, after(-5_000))).toEqual({
      locked: true,
      canUnlock: false,
      secondsLeft: 60,
      secondsToUnlock: 30,
    });
  });

  it('paymentLockEnds -> 60 s after the start, the first moment paymentLock says unlocked', () => {
    const ends = paymentLockEnds(start);
    expect(ends).toEqual(after(60_000));
    expect(paymentLock(start, ends).locked).toBe(false);
    expect(paymentLock(start, new Date(ends.getTime() - 1)).locked).toBe(true);
  });

  it('invalid date -> RangeError', () => {
    expect(() => paymentLock(new Date(Number.NaN), start)).toThrow(RangeError);
    expect(() => paymentLock(start, new Date('nope'))).toThrow(RangeError);
  });

  it('property: canUnlock implies locked; secondsLeft in 0..60 and 0 exactly when unlocked', () => {
    fc.assert(
      fc.property(fc.integer({ min: -120_000, max: 120_000 }), (ms) => {
        const lock = paymentLock(start, after(ms));
        if (lock.canUnlock) expect(lock.locked).toBe(true);
        expect(lock.secondsLeft).toBeGreaterThanOrEqual(0);
        expect(lock.secondsLeft).toBeLessThanOrEqual(60);
        expect(lock.secondsLeft === 0).toBe(!lock.locked);
        // Unlockable exactly when no seconds are left to wait, while locked.
        if (lock.locked) expect(lock.secondsToUnlock === 0).toBe(lock.canUnlock);
        expect(lock.secondsToUnlock).toBeLessThanOrEqual(lock.secondsLeft);
      }),
    );
  });
});

describe('paymentLockStartedAt', () => {
  it('45 s left of the 60 s window at 12:00:00 -> started at 11:59:45', () => {
    const now = new Date(Date.UTC(2026, 10, 23, 4, 0, 0));
    expect(paymentLockStartedAt(45, now).toISOString()).toBe('2026-11-23T03:59:45.000Z');
  });

  it('started from the seconds left -> paymentLock at that moment has those seconds left', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: PAYMENT_PROCESSING_MAX_SECONDS }), (secondsLeft) => {
        const started = paymentLockStartedAt(secondsLeft, start);
        expect(paymentLock(started, start).secondsLeft).toBe(secondsLeft);
      }),
    );
  });
});
