import type { Currency } from '../country';
import { REPORT_MESSAGE } from './messages';
import type { ReportRefusal } from './messages';

/**
 * The notes and coins a cashier counts (close the day: "closes it by counting cash, by denomination,
 * optional"), in minor units, largest first. MYR: the fourth-series notes RM100, 50, 20, 10, 5, 1 and
 * the coins 50, 20, 10, 5 sen (the 1 sen coin is no longer issued and cash rounding makes it
 * unnecessary). IDR: the notes Rp100.000, 50.000, 20.000, 10.000, 5.000, 2.000, 1.000 and the coins
 * Rp1.000, 500, 200, 100, 50 (Rp1.000 exists as both, so it is one value to count).
 */
export const CASH_DENOMINATIONS = {
  MYR: { notes: [10_000, 5_000, 2_000, 1_000, 500, 100], coins: [50, 20, 10, 5] },
  IDR: { notes: [100_000, 50_000, 20_000, 10_000, 5_000, 2_000, 1_000], coins: [1_000, 500, 200, 100, 50] },
} as const satisfies Record<Currency, { notes: readonly number[]; coins: readonly number[] }>;

/** Whether `value` (minor units) is a note or coin of `currency`. */
export function isDenomination(value: number, currency: Currency): boolean {
  const { notes, coins } = CASH_DENOMINATIONS[currency];
  return (notes as readonly number[]).includes(value) || (coins as readonly number[]).includes(value);
}

/** How many of one note or coin were counted. */
export interface DenominationCount {
  value: number;
  count: number;
}

/** Counted cash: a total in minor units, or the count of each note and coin. */
export type CountedCash = { amount: number } | { denominations: readonly DenominationCount[] };

/** Whether `x` is a non-negative safe integer: the only shape an amount of minor units may have. */
export function isMinorUnits(x: unknown): x is number {
  return typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
}

/**
 * The total of counted cash in minor units, or why it is refused (close the day: "a counted cash
 * figure that is not a number"): an amount that is not a non-negative whole number of minor units
 * (`reports.countedCashInvalid`; `12.5` sen, `-1`, `'100'`, `NaN`), a note or coin that is not of the
 * currency (`reports.denominationUnknown`, e.g. RM2 or a 1 sen coin), a count that is not a
 * non-negative whole number (`reports.denominationCountInvalid`).
 *
 * @example
 * ```ts
 * countedCashTotal({ denominations: [{ value: 5000, count: 2 }, { value: 50, count: 3 }] }, 'MYR');
 * // { ok: true, amount: 10150 }
 * countedCashTotal({ amount: 12.5 }, 'MYR'); // { ok: false, refusal: { key: 'reports.countedCashInvalid', ... } }
 * ```
 */
export function countedCashTotal(
  counted: CountedCash,
  currency: Currency,
): { ok: true; amount: number } | { ok: false; refusal: ReportRefusal } {
  if ('amount' in counted) {
    return isMinorUnits(counted.amount)
      ? { ok: true, amount: counted.amount }
      : { ok: false, refusal: { key: REPORT_MESSAGE.countedCashInvalid, field: 'countedCash' } };
  }
  let amount = 0;
  for (const { value, count } of counted.denominations) {
    if (!isMinorUnits(value) || !isDenomination(value, currency)) {
      return {
        ok: false,
        refusal: {
          key: REPORT_MESSAGE.denominationUnknown,
          field: 'denominations',
          values: { value: String(value) },
        },
      };
    }
    if (!isMinorUnits(count)) {
      return {
        ok: false,
        refusal: { key: REPORT_MESSAGE.denominationCountInvalid, field: 'denominations', values: { value } },
      };
    }
    amount += value * count;
  }
  return Number.isSafeInteger(amount)
    ? { ok: true, amount }
    : { ok: false, refusal: { key: REPORT_MESSAGE.countedCashInvalid, field: 'countedCash' } };
}
