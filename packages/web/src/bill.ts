import type { Bill } from '@santap/api-client';
import type { PaymentChoiceMode } from '@santap/domain';

/**
 * The bill an order placed from the cart comes to in the payment mode the diner chose (spec §9): pay
 * later at the counter adds the restaurant's cash rounding, the server's `cash_rounding` line
 * (`cashRoundingOf` of `@santap/domain`, as order create adds it), as its last line; online the bill
 * stays as it is. The cart's bill and its 'Place order' amount show this, so the amount a diner sees
 * before ordering is the order's.
 *
 * @example
 * ```ts
 * billToPay({ total: 758, lines, cash_rounding: { key: 'bill.rounding', amount: 2, … } }, 'pay_later');
 * // total 760, the rounding line last
 * ```
 */
export function billToPay<B extends Bill>(bill: B, mode: PaymentChoiceMode): B {
  const { cash_rounding: rounding, ...rest } = bill;
  if (mode === 'online' || rounding === undefined) return rest as B;
  return { ...rest, lines: [...bill.lines, rounding], total: bill.total + rounding.amount } as B;
}
