import { describe, expect, it } from 'vitest';
import { lockStartedAt, paymentChannel } from './payment';

describe('lockStartedAt', () => {
  it('45 s left of the 60 s window at 12:00:00 -> started at 11:59:45', () => {
    const now = Date.UTC(2026, 10, 23, 4, 0, 0);
    expect(lockStartedAt(45, now).toISOString()).toBe('2026-11-23T03:59:45.000Z');
  });
});

describe('paymentChannel', () => {
  it('a channel of the contract -> itself; none or an unknown one -> undefined', () => {
    expect(paymentChannel('gopay')).toBe('gopay');
    expect(paymentChannel('NOPE')).toBeUndefined();
    expect(paymentChannel(undefined)).toBeUndefined();
  });
});
