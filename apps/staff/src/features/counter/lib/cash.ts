import type { Order } from '@santap/api-client';
import { ORDER_STATUS } from '@santap/domain';
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
