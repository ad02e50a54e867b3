import { describe, expect, it } from 'vitest';
import { testOrder } from '../../../lib/testing';
import { isOwedAtCounter, owedBy, parseCashInput, plainAmount, quickAmounts } from './cash';

describe('counter cash', () => {
  it('reads what a cashier types in ringgit and rupiah, refusing anything else', () => {
    expect(parseCashInput('20', 'MYR')).toBe(2000);
    expect(parseCashInput('20.5', 'MYR')).toBe(2050);
    expect(parseCashInput('RM 20,50', 'MYR')).toBe(2050);
    expect(parseCashInput('20.555', 'MYR')).toBeNull();
    expect(parseCashInput('abc', 'MYR')).toBeNull();
    expect(parseCashInput('', 'MYR')).toBeNull();
    expect(parseCashInput('50.000', 'IDR')).toBe(50000);
    expect(parseCashInput('Rp 100000', 'IDR')).toBe(100000);
    expect(parseCashInput('50.5', 'IDR')).toBeNull();
  });

  it('owes total minus what was captured; only pay-later or cash-kiosk orders still running or done', () => {
    expect(owedBy(testOrder(1, { total: 1390, paid_amount: 1000 }))).toBe(390);
    expect(isOwedAtCounter(testOrder(1))).toBe(true);
    expect(isOwedAtCounter(testOrder(1, { payment_mode: 'cash_kiosk', status: 4 }))).toBe(true);
    expect(isOwedAtCounter(testOrder(1, { paid_amount: 1390 }))).toBe(false);
    expect(isOwedAtCounter(testOrder(1, { payment_mode: 'online' }))).toBe(false);
    expect(isOwedAtCounter(testOrder(1, { status: 6 }))).toBe(false);
  });

  it('offers the exact amount and the notes that cover it', () => {
    expect(quickAmounts(1390, 'MYR')).toEqual([1390, 2000, 5000, 10000]);
    expect(quickAmounts(35000, 'IDR')).toEqual([35000, 50000, 100000]);
    expect(plainAmount(1390, 'MYR')).toBe('13.90');
    expect(plainAmount(35000, 'IDR')).toBe('35000');
  });
});
