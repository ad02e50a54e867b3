import { describe, expect, it } from 'vitest';
import { parsePrice, priceText } from './price';

describe('staff price input', () => {
  it('ringgit: two decimals at most, comma or dot; RM and spaces ignored', () => {
    expect(parsePrice('12.50', 'MYR')).toBe(1250);
    expect(parsePrice('12.5', 'MYR')).toBe(1250);
    expect(parsePrice('12,05', 'MYR')).toBe(1205);
    expect(parsePrice('RM 7', 'MYR')).toBe(700);
    expect(parsePrice('1.234', 'MYR')).toBeNull();
    expect(parsePrice('-3', 'MYR')).toBeNull();
    expect(parsePrice('', 'MYR')).toBeNull();
    expect(parsePrice('abc', 'MYR')).toBeNull();
  });
  it('rupiah: whole, with or without thousands dots', () => {
    expect(parsePrice('15000', 'IDR')).toBe(15000);
    expect(parsePrice('Rp 15.000', 'IDR')).toBe(15000);
    expect(parsePrice('15.5', 'IDR')).toBeNull();
    expect(parsePrice('15,000.50', 'IDR')).toBeNull();
  });
  it('shows minor units for editing', () => {
    expect(priceText(1250, 'MYR')).toBe('12.50');
    expect(priceText(15000, 'IDR')).toBe('15000');
  });
});
