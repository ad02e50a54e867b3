import type { Currency } from './country';
import type { Language } from './locale';

/**
 * Digits after the decimal point of each currency. Amounts are integer minor units everywhere (sen,
 * rupiah); the rupiah has no minor unit in use, so an IDR amount is whole rupiah.
 */
const MINOR_UNITS: Readonly<Record<Currency, 0 | 2>> = { MYR: 2, IDR: 0 };

/** The symbol diners see (spec §9: "Rp or RM"), not the ISO code. */
export const CURRENCY_SYMBOL = { MYR: 'RM', IDR: 'Rp' } as const satisfies Record<Currency, string>;

/**
 * Separators follow the currency's home market, not the UI language: a price in rupiah reads
 * `Rp 15.000` whether the menu is in English or Indonesian, as on every Indonesian receipt, and a
 * price in ringgit reads `RM 1,234.50` in any language, as in Malaysia.
 */
const SEPARATORS: Readonly<Record<Currency, { group: string; decimal: string }>> = {
  MYR: { group: ',', decimal: '.' },
  IDR: { group: '.', decimal: ',' },
};

/** `1234567` -> `1,234,567` with `group` between each three digits from the right. */
function groupThousands(digits: string, group: string): string {
  let grouped = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const part = digits.slice(Math.max(0, end - 3), end);
    grouped = grouped ? `${part}${group}${grouped}` : part;
  }
  return grouped;
}

/**
 * How many minor units make one major unit, as a power of ten: MYR 2 (100 sen), IDR 0.
 *
 * @example
 * ```ts
 * minorUnitsFor('MYR'); // 2
 * minorUnitsFor('IDR'); // 0
 * ```
 */
export function minorUnitsFor(currency: Currency): 0 | 2 {
  return MINOR_UNITS[currency];
}

/**
 * Formats integer minor units for display (spec §9; ARCHITECTURE "Money and time"): the currency
 * symbol, one normal space, then the amount with the currency's fraction digits set explicitly
 * (MYR 2, IDR 0), grouped in threes with the separators of the currency's home market in every
 * language (the language changes nothing today: the three product languages group alike). Built by hand,
 * not with `Intl.NumberFormat`: identical on every runtime and ICU version, and a menu's 200 prices
 * cost no ICU formatter set-up on a cheap phone (apps/diner README "Server rendering"). Negative amounts read
 * `-RM 12.50`; zero never shows a sign.
 *
 * @throws RangeError when `minor` is not a safe integer (money is never fractional minor units).
 *
 * @example
 * ```ts
 * formatMoney(1250, 'MYR', 'en'); // 'RM 12.50'
 * formatMoney(1250, 'MYR', 'my'); // 'RM 12.50'
 * formatMoney(15000, 'IDR', 'id'); // 'Rp 15.000'
 * formatMoney(15000, 'IDR', 'en'); // 'Rp 15.000'
 * formatMoney(-1250, 'MYR', 'en'); // '-RM 12.50'
 * ```
 */
export function formatMoney(minor: number, currency: Currency, _language: Language): string {
  if (!Number.isSafeInteger(minor)) {
    throw new RangeError(`formatMoney: minor units must be a safe integer, got ${minor}`);
  }
  const digits = MINOR_UNITS[currency];
  const absolute = Math.abs(minor);
  const scale = 10 ** digits;
  // Integer arithmetic only: no binary floating point ever touches the amount.
  const whole = groupThousands(String(Math.floor(absolute / scale)), SEPARATORS[currency].group);
  const amount =
    digits === 0
      ? whole
      : `${whole}${SEPARATORS[currency].decimal}${String(absolute % scale).padStart(digits, '0')}`;
  const sign = minor < 0 ? '-' : '';
  return `${sign}${CURRENCY_SYMBOL[currency]} ${amount}`;
}
