import { minorUnitsFor } from '@santap/domain';
import type { Currency } from '@santap/domain';

/**
 * A price as typed into the staff editor, in minor units (sen, rupiah), or null when it is not a
 * price: ringgit with at most two decimals ('12.5', '12.50', '12,50'), rupiah whole with optional
 * thousands dots ('15000', '15.000'). The server checks the bounds again (contract MENU_PRICE_MAX).
 */
export function parsePrice(text: string, currency: Currency): number | null {
  const plain = text.replace(/\s|RM|Rp/gi, '');
  if (minorUnitsFor(currency) === 0) {
    if (!/^\d{1,3}(\.\d{3})*$|^\d+$/.test(plain)) return null;
    return Number(plain.replace(/\./g, ''));
  }
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(plain);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Minor units as the editor shows them to edit: '12.50' for ringgit, '15000' for rupiah. */
export function priceText(minor: number, currency: Currency): string {
  return minorUnitsFor(currency) === 0 ? String(minor) : (minor / 100).toFixed(2);
}
