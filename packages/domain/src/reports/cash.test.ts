import { describe, expect, it } from 'vitest';
import { CASH_DENOMINATIONS, countedCashTotal, isDenomination } from './cash';

describe('countedCashTotal', () => {
  it('IDR 3 x Rp100.000 + 2 x Rp500 -> 301000', () => {
    expect(
      countedCashTotal(
        {
          denominations: [
            { value: 100_000, count: 3 },
            { value: 500, count: 2 },
          ],
        },
        'IDR',
      ),
    ).toEqual({ ok: true, amount: 301_000 });
  });
  it('IDR Rp75 -> reports.denominationUnknown; count 1.5 -> reports.denominationCountInvalid', () => {
    expect(countedCashTotal({ denominations: [{ value: 75, count: 1 }] }, 'IDR')).toMatchObject({
      refusal: { key: 'reports.denominationUnknown' },
    });
    expect(countedCashTotal({ denominations: [{ value: 500, count: 1.5 }] }, 'IDR')).toMatchObject({
      refusal: { key: 'reports.denominationCountInvalid' },
    });
  });
  it("'100' / -1 / NaN -> reports.countedCashInvalid", () => {
    for (const amount of ['100' as unknown as number, -1, Number.NaN]) {
      expect(countedCashTotal({ amount }, 'MYR')).toMatchObject({
        refusal: { key: 'reports.countedCashInvalid' },
      });
    }
  });
});

describe('CASH_DENOMINATIONS', () => {
  it('MYR RM100 note and 5 sen coin -> yes; RM2 and 1 sen -> no', () => {
    expect([10_000, 5, 200, 1].map((v) => isDenomination(v, 'MYR'))).toEqual([true, true, false, false]);
  });
  it('IDR Rp1.000 is both a note and a coin; 3 counted -> 3000', () => {
    const { notes, coins } = CASH_DENOMINATIONS.IDR;
    expect([...notes, ...coins].filter((v) => v === 1000)).toHaveLength(2);
    expect(countedCashTotal({ denominations: [{ value: 1000, count: 3 }] }, 'IDR')).toEqual({
      ok: true,
      amount: 3000,
    });
  });
});
