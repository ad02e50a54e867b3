import { describe, expect, it } from 'vitest';
import { paymentChannel } from './payment';

describe('paymentChannel', () => {
  it('a channel of the contract -> itself; none or an unknown one -> undefined', () => {
    expect(paymentChannel('gopay')).toBe('gopay');
    expect(paymentChannel('NOPE')).toBeUndefined();
    expect(paymentChannel(undefined)).toBeUndefined();
  });
});
