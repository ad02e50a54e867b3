import { describe, expect, it } from 'vitest';
import type { Bill } from '@santap/api-client';
import { billToPay } from './bill';

const bill = (overrides: Partial<Bill> = {}): Bill => ({
  currency: 'MYR',
  subtotal: 700,
  total: 758,
  lines: [
    { key: 'bill.subtotal', label: 'Subtotal', amount: 700 },
    { key: 'bill.sst', label: 'SST 8%', amount: 58, rate: 800 },
  ],
  cash_rounding: { key: 'bill.rounding', label: 'Rounding adjustment', amount: 2 },
  ...overrides,
});

describe('billToPay', () => {
  it('pay later, RM 7.58 with a 2 sen cash rounding -> RM 7.60, the rounding line last', () => {
    const paid = billToPay(bill(), 'pay_later');
    expect(paid.total).toBe(760);
    expect(paid.lines.map((line) => [line.key, line.amount])).toEqual([
      ['bill.subtotal', 700],
      ['bill.sst', 58],
      ['bill.rounding', 2],
    ]);
    expect(paid.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(paid.total);
  });

  it('pay later, rounding down 1 sen -> total 1 sen less', () => {
    const paid = billToPay(
      bill({ total: 756, cash_rounding: { key: 'bill.rounding', label: 'Rounding', amount: -1 } }),
      'pay_later',
    );
    expect(paid.total).toBe(755);
  });

  it('online -> the bill as it is, no rounding line', () => {
    const paid = billToPay(bill(), 'online');
    expect(paid.total).toBe(758);
    expect(paid.lines.map((line) => line.key)).toEqual(['bill.subtotal', 'bill.sst']);
  });

  it('pay later with nothing to round -> the bill as it is', () => {
    const { cash_rounding: _none, ...rounded } = bill({ total: 760 });
    expect(billToPay(rounded, 'pay_later').total).toBe(760);
  });

  it('applied twice -> rounded once', () => {
    const once = billToPay(bill(), 'pay_later');
    expect(billToPay(once, 'pay_later')).toEqual(once);
  });
});
