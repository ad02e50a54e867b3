import type { Order } from '@santap/api-client';
import { ORDER_STATUS, minorUnitsFor } from '@santap/domain';
import type { Currency } from '@santap/domain';

/** Payment modes settled at the counter (the `payments.direct` call takes only these). */
export const COUNTER_MODES: readonly string[] = ['pay_later', 'cash_kiosk'];

const ENDED: readonly number[] = [ORDER_STATUS.CANCELLED, ORDER_STATUS.DECLINED, ORDER_STATUS.DELETED];

/**
 * What an order still owes (`total - paid_amount`, contract orders.ts). The bill of a pay-later or
 * 'Cash kiosk' order already carries the restaurant's cash rounding (`bill.rounding`, 5 sen in
 * Malaysia when the restaurant has it: apps/api pricing, `cash` orders), so this is the amount to collect.
 */
export function owedBy(order: Order): number {
  return Math.max(0, order.total - (order.paid_amount ?? 0));
}

/** An order the counter should collect: settled at the counter, not cancelled or declined, owing money. */
export function isOwedAtCounter(order: Order): boolean {
  return (
    COUNTER_MODES.includes(order.payment_mode ?? '') && !ENDED.includes(order.status) && owedBy(order) > 0
  );
}

/**
 * The amount a cashier typed, in minor units, or null when it is not a plain amount. MYR takes
 * `20`, `20.5`, `20.50` (and a `,` as the decimal mark); IDR is whole rupiah, with `.` or `,` as
 * thousands separators (`50.000`). A currency symbol or spaces are ignored.
 */
export function parseCashInput(text: string, currency: Currency): number | null {
  const cleaned = text.replace(/\s|RM|Rp/gi, '');
  if (!cleaned) return null;
  if (minorUnitsFor(currency) === 0) {
    if (!/^\d{1,3}([.,]\d{3})*$|^\d+$/.test(cleaned)) return null;
    const value = Number(cleaned.replace(/[.,]/g, ''));
    return Number.isSafeInteger(value) ? value : null;
  }
  const match = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const value = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(value) ? value : null;
}

/** Notes a cashier is commonly handed, for one-tap amounts (minor units). */
const NOTES: Readonly<Record<Currency, readonly number[]>> = {
  MYR: [1000, 2000, 5000, 10000],
  IDR: [20000, 50000, 100000],
};

/** One-tap 'received' amounts for `owed`: the exact amount, then the usual notes that cover it. */
export function quickAmounts(owed: number, currency: Currency): number[] {
  const covering = NOTES[currency].filter((note) => note > owed);
  return [owed, ...covering].slice(0, 4);
}

/** The number a cashier would type for `minor` (`20.50`, `50000`): the input's example and quick fill. */
export function plainAmount(minor: number, currency: Currency): string {
  return minorUnitsFor(currency) === 0 ? String(minor) : (minor / 100).toFixed(2);
}
