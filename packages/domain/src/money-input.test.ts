import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moneyInputText, parseMoneyInput } from './money-input';

describe('parseMoneyInput / moneyInputText (a cashier, the staff menu editor, a menu import)', () => {
  it('ringgit: whole or up to two decimals after . or ,; a symbol and spaces ignored', () => {
    expect(parseMoneyInput('20', 'MYR')).toBe(2000);
    expect(parseMoneyInput('20.5', 'MYR')).toBe(2050);
    expect(parseMoneyInput('RM 20,50', 'MYR')).toBe(2050);
    expect(parseMoneyInput('12.50', 'MYR')).toBe(1250);
    expect(parseMoneyInput('12.5', 'MYR')).toBe(1250);
    expect(parseMoneyInput('12,05', 'MYR')).toBe(1205);
    expect(parseMoneyInput('RM 7', 'MYR')).toBe(700);
  });

  it('ringgit: anything else -> null', () => {
    expect(parseMoneyInput('20.555', 'MYR')).toBeNull();
    expect(parseMoneyInput('1.234', 'MYR')).toBeNull();
    expect(parseMoneyInput('-3', 'MYR')).toBeNull();
    expect(parseMoneyInput('abc', 'MYR')).toBeNull();
    expect(parseMoneyInput('', 'MYR')).toBeNull();
  });

  it('rupiah: whole, optionally grouped in thousands; decimals -> null', () => {
    expect(parseMoneyInput('50.000', 'IDR')).toBe(50000);
    expect(parseMoneyInput('Rp 100000', 'IDR')).toBe(100000);
    expect(parseMoneyInput('15000', 'IDR')).toBe(15000);
    expect(parseMoneyInput('Rp 15.000', 'IDR')).toBe(15000);
    expect(parseMoneyInput('50.5', 'IDR')).toBeNull();
    expect(parseMoneyInput('15.5', 'IDR')).toBeNull();
    expect(parseMoneyInput('15,000.50', 'IDR')).toBeNull();
  });

  it('typed back: 12.50 for ringgit, whole rupiah; parsing it gives the amount again', () => {
    expect(moneyInputText(1250, 'MYR')).toBe('12.50');
    expect(moneyInputText(1390, 'MYR')).toBe('13.90');
    expect(moneyInputText(15000, 'IDR')).toBe('15000');
    expect(moneyInputText(35000, 'IDR')).toBe('35000');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.constantFrom('MYR', 'IDR'), (minor, currency) => {
        expect(parseMoneyInput(moneyInputText(minor, currency), currency)).toBe(minor);
      }),
    );
  });
});
