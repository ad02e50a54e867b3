import { describe, expect, it } from 'vitest';
import { testOrder } from '../../../lib/testing';
import { isOwedAtCounter, owedBy, quickAmounts } from './cash';

describe('counter cash', () => {
  it('owes total minus what was captured; only pay-later or cash-kiosk orders still running or done', () => {
    expect(owedBy(testOrder(1, { total: 1390, paid_amount: 1000 }))).toBe(390);
    expect(isOwedAtCounter(testOrder(1))).toBe(true);
    expect(isOwedAtCounter(testOrder(1, { payment_mode: 'cash_kiosk', status: 4 }))).toBe(true);
    expect(isOwedAtCounter(testOrder(1, { paid_amount: 1390 }))).toBe(false);
    expect(isOwedAtCounter(testOrder(1, { payment_mode: 'online' }))).toBe(false);
    expect(isOwedAtCounter(testOrder(1, { status: 6 }))).toBe(false);
  });

  // Reading a typed amount and typing it back: @santap/domain parseMoneyInput / moneyInputText.
  it('offers the exact amount and the notes that cover it', () => {
    expect(quickAmounts(1390, 'MYR')).toEqual([1390, 2000, 5000, 10000]);
    expect(quickAmounts(35000, 'IDR')).toEqual([35000, 50000, 100000]);
  });
});
