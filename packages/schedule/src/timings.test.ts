import { ORDER_TYPE } from '@santap/domain';
import { describe, expect, it } from 'vitest';
import { timingsKeyFor } from './timings';

describe('timingsKeyFor', () => {
  it('1 dine-in -> DINING', () => expect(timingsKeyFor(ORDER_TYPE.DINE_IN)).toBe('DINING'));
  it('2 delivery -> DELIVERY', () => expect(timingsKeyFor(ORDER_TYPE.DELIVERY)).toBe('DELIVERY'));
  it('3 pickup -> TAKEAWAY', () => expect(timingsKeyFor(ORDER_TYPE.PICKUP)).toBe('TAKEAWAY'));
  it('4 (not an order type) -> RangeError', () => {
    expect(() => timingsKeyFor(4 as never)).toThrow(RangeError);
  });
});
