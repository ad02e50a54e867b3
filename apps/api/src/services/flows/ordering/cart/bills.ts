/**
 * A cart's bills: its order type, each restaurant's bill with the promotions and a booking's token
 * taken off (@santap/domain computeBill), what paying each in cash at the counter adds, and their sum.
 */
import { cashRoundingOf, orderBillInput, placedContext, resolveOrderType } from '@santap/domain';
import type { OrderTypeCode } from '@santap/domain';
import type { OrderContextInput } from '@santap/contract';
import type { DbOrTx } from '../../../../db/client';
import { billLinesOf, chargesOf, computeBill, labelledBill } from '../pricing';
import type { PricedLine } from '../pricing';
import { cartPromotions, cashbackSpend, outletPromotion, promotionDiscounts } from '../../promotions/bills';
import type { PromotionOptions } from '../../promotions/bills';
import { settingsOf } from '../../../model/restaurants';
import type { CartRow } from '../../../model/carts';
import type { ScopeTarget } from '../../../model/carts';
import type { CartBillState } from '../../../model/carts';

/**
 * The order type of a cart: its stored context resolved against the country, mall mode and outlets.
 * A type the diner chose at a restaurant is kept even if the restaurant has since stopped offering
 * it, so order create refuses it ('order type not enabled') rather than placing a type never chosen.
 */
export function cartOrderType(
  cart: Pick<CartRow, 'context'>,
  target: ScopeTarget,
): { orderType: OrderTypeCode; pickupType?: 'takeaway' | 'pickup' } {
  const context = cart.context as Partial<OrderContextInput>;
  const first = target.outlets[0];
  const country = (target.kind === 'mall' ? target.mall.country : target.restaurant.country) as 'MY' | 'ID';
  const mask =
    target.kind === 'mall'
      ? target.mall.orderTypeMask
      : context.orderType != null
        ? undefined
        : (first?.orderTypeMask ?? 7);
  return resolveOrderType(
    { orderType: context.orderType ?? null, pickupType: context.pickupType ?? null },
    { country, mallMode: target.kind === 'mall', restaurantMask: mask },
  );
}

/** The bill of each restaurant in the cart and their sum, computed by @santap/domain computeBill. */
export async function cartBills(
  db: DbOrTx,
  cart: CartBillState,
  target: ScopeTarget,
  lines: PricedLine[],
  options: {
    now: Date;
    cash?: boolean;
    promotions?: PromotionOptions;
    /** A paid booking token to take off one restaurant's bill (services/flows/reservations/deposit.ts). */
    deposit?: { restaurantId: number; amount: number } | null;
  },
) {
  // The type the order would be placed with: a delivery of vouchers only is priced as takeaway (spec §4).
  const { orderType } = placedContext(
    cartOrderType(cart, target),
    lines.map((line) => ({ isVoucher: line.isVoucher })),
  );
  const groups = target.outlets
    .map((outlet) => ({ restaurant: outlet, lines: lines.filter((line) => line.restaurantId === outlet.id) }))
    .filter((group) => group.lines.length > 0 || target.kind !== 'mall')
    .map((group) => ({
      ...group,
      subtotal: group.lines.filter((l) => l.available).reduce((sum, l) => sum + l.unitPrice * l.quantity, 0),
    }));
  // Coupon, referral and cashback amounts per outlet (services/flows/promotions/bills.ts), then each bill.
  const promotions = await cartPromotions(db, {
    cart,
    target,
    orderType: 'orderType' in cart.context ? orderType : null,
    now: options.now,
    groups,
    options: options.promotions,
  });
  const billOf = (group: (typeof groups)[number], cashback: number) => {
    const deposit =
      options.deposit?.restaurantId === group.restaurant.id
        ? [{ kind: 'deposit' as const, amount: options.deposit.amount }]
        : [];
    return computeBill(
      orderBillInput(billLinesOf(group.lines), chargesOf(group.restaurant, settingsOf(group.restaurant)), {
        orderType,
        cash: options.cash ?? false,
        discounts: [...promotionDiscounts(promotions, group.restaurant.id, cashback), ...deposit],
      }),
    );
  };
  // Cashback last, like store credit: spent on what each bill comes to after everything else.
  const before = groups.map((group) => billOf(group, 0));
  const spend = cashbackSpend(
    promotions,
    groups.map((group, index) => ({ restaurantId: group.restaurant.id, total: before[index]!.total })),
  );
  return groups.map((group, index) => {
    const bill = spend.size > 0 ? billOf(group, spend.get(group.restaurant.id) ?? 0) : before[index]!;
    return {
      restaurant: group.restaurant,
      lines: group.lines,
      bill,
      // What an order of this bill paid in cash or later at the counter adds (0 once it is rounded):
      // the cart shows it before the payment mode is chosen, order create adds the same.
      cashRounding: cashRoundingOf(bill, settingsOf(group.restaurant).cashRounding),
      promotion: outletPromotion(promotions, group.restaurant.id, bill),
    };
  });
}

export function sumBills(bills: { bill: ReturnType<typeof computeBill> }[], currency: 'MYR' | 'IDR') {
  const lines = new Map<string, { key: string; amount: number; rate?: number; included?: true }>();
  for (const { bill } of bills) {
    for (const line of bill.lines) {
      const id = `${line.key}|${line.rate ?? ''}|${line.included ?? ''}`;
      const existing = lines.get(id);
      if (existing) existing.amount += line.amount;
      else lines.set(id, { ...line });
    }
  }
  return {
    currency,
    lineTotals: [],
    subtotal: bills.reduce((sum, { bill }) => sum + bill.subtotal, 0),
    total: bills.reduce((sum, { bill }) => sum + bill.total, 0),
    lines: [...lines.values()],
  };
}

/**
 * The cart's bill on the wire: the sum of its outlets' bills with labels in the caller's language,
 * and what paying at the counter adds to it, each outlet's cash rounding summed (each outlet's
 * order is rounded on its own).
 */
export function labelledCartBill(
  bills: { bill: ReturnType<typeof computeBill>; cashRounding: number }[],
  currency: 'MYR' | 'IDR',
  t: Parameters<typeof labelledBill>[1],
) {
  const cashRounding = bills.reduce((sum, { cashRounding: rounding }) => sum + rounding, 0);
  return labelledBill(sumBills(bills, currency), t, cashRounding);
}
