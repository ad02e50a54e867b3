import type { Currency } from './country';
import { minorUnitsFor } from './money';

// Reading and writing amounts as a person types them: a module of its own, apart from `money.ts`,
// whose formatting every first screen runs; only the screens with an amount field bring this
// (a module's code used anywhere goes where the module is: apps/diner README, Speed and size).

/**
 * An amount as a person types it (a cashier's cash received, a price in the staff editor, a menu
 * import's price), in minor units, or null when it is not a plain amount. A currency symbol and
 * spaces are ignored. MYR: whole ringgit or up to two decimals after `.` or `,` (`20`, `20.5`,
 * `RM 20,50`). IDR: whole rupiah, optionally grouped by `.` or `,` in thousands (`15000`, `Rp 15.000`).
 * Never negative; bounds (a price's maximum) are the caller's.
 *
 * @example
 * ```ts
 * parseMoneyInput('RM 12,50', 'MYR'); // 1250
 * parseMoneyInput('15.000', 'IDR'); // 15000
 * parseMoneyInput('12.555', 'MYR'); // null
 * ```
 */
export function parseMoneyInput(text: string, currency: Currency): number | null {
  const cleaned = text.replace(/\s|RM|Rp/gi, '');
  if (!cleaned) return null;
  let value: number;
  if (minorUnitsFor(currency) === 0) {
    if (!/^\d{1,3}([.,]\d{3})*$|^\d+$/.test(cleaned)) return null;
    value = Number(cleaned.replace(/[.,]/g, ''));
  } else {
    const match = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(cleaned);
    if (!match) return null;
    value = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  }
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * Minor units as a person would type them back (`12.50` for ringgit, `15000` for rupiah): an input's
 * starting value or example, the inverse of {@link parseMoneyInput}.
 */
export function moneyInputText(minor: number, currency: Currency): string {
  return minorUnitsFor(currency) === 0 ? String(minor) : (minor / 100).toFixed(2);
}
