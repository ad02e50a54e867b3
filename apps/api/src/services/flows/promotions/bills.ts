/**
 * Coupons, referral discounts and cashback on a cart's bills, at checkout and after it (spec §7 'Other').
 * Three hooks, each called from one point of the cart and order services:
 *
 * - {@link cartPromotions} (cart `cartBills`): which coupon, referral and cashback amounts each
 *   outlet's bill takes. For a bill preview it is lenient (a coupon that does not apply takes nothing);
 *   at order create (`strict`) it locks the coupon, referral and cashback rows, re-checks every rule
 *   and limit, and refuses a coupon that became unusable with its reason — never a silent wrong price.
 * - {@link recordPromotions} (order create, same transaction): redemptions, used count, referral used,
 *   cashback spent, `orders.discount_code` / `loyalty_used`; an order with nothing left to pay is paid.
 * - {@link afterOrderStatusChange} (`transitionOrder`): a completed order earns cashback and rewards the
 *   referrer; a cancelled, declined or deleted one gives back its cashback, coupon and referral.
 */
import { eq, inArray } from 'drizzle-orm';
import { BILL_LINE_KEY, MESSAGE, ORDER_STATUS } from '@santap/domain';
import type { Bill, BillDiscount, Language, OrderStatus, OrderTypeCode } from '@santap/domain';
import type { DbOrTx } from '../../../db/client';
import { foodCourtOrders, orders } from '../../../db/schema';
import { fail } from '../../../lib/errors';
import type { CartBillState, CartRow, ScopeTarget } from '../../model/carts';
import { evaluateCoupon, splitByWeight } from './coupon-rules';
import type { DiscountRow } from './coupon-rules';
import {
  cartCouponsOf,
  couponApplications,
  lockCoupons,
  recordRedemption,
  redemptionsByUser,
  releaseRedemptions,
} from './coupons';
import type { CouponPlace } from './coupons';
import {
  VOIDED_STATUSES,
  accountFor,
  allocateCashback,
  balanceOf,
  earnCashback,
  isActiveUser,
  mallScope,
  moveCashback,
  restaurantScope,
  reverseCashback,
} from './loyalty';
import {
  markReferralUsed,
  offerForCurrency,
  openReferral,
  referralDiscount,
  restoreReferral,
  rewardReferrer,
} from './referrals';
import type { RestaurantRow } from '../../model/restaurants';

type OrderRow = typeof orders.$inferSelect;

export interface PromotionOptions {
  /** Whose coupons, referral and cashback: the caller at order create; the cart's user for a preview. */
  userId: number | null;
  /** Known at order create (the caller); otherwise read from the user. */
  userActive?: boolean;
  /** Spend cashback: min(balance, total). */
  useLoyalty: boolean;
  /** Order create: lock, re-check and refuse (see the module comment). */
  strict: boolean;
  lang: Language;
}

/** What one outlet's bill took off, and from what. */
export interface OutletPromotion {
  coupon: { discountId: number; code: string; amount: number } | null;
  referral: { referralId: number; amount: number } | null;
  loyalty: { scope: string; amount: number } | null;
}

export const NO_PROMOTION: OutletPromotion = { coupon: null, referral: null, loyalty: null };

/** Where a cart's coupons come from: its outlets and its mall. */
export function couponPlaceOf(target: ScopeTarget): CouponPlace & { kind: 'restaurant' | 'mall' } {
  return target.kind === 'mall'
    ? { kind: 'mall', outlets: target.outlets, mallId: target.mall.id }
    : { kind: 'restaurant', outlets: target.outlets, mallId: target.restaurant.mallId };
}

/** The cashback scope of a cart: the food court's on a food-court cart, else the restaurant's. */
export const loyaltyScopeOf = (target: ScopeTarget) =>
  target.kind === 'mall' ? mallScope(target.mall.id) : restaurantScope(target.restaurant.id);

const currencyOfTarget = (target: ScopeTarget) =>
  ((target.kind === 'mall' ? target.mall.currency : target.restaurant.currency) === 'IDR' ? 'IDR' : 'MYR') as
    'MYR' | 'IDR';

/** The time zone a coupon's days and hours are read in: its restaurant's, else its place's. */
function timeZoneFor(discount: DiscountRow, target: ScopeTarget): string {
  const own = target.outlets.find((outlet) => outlet.id === discount.restaurantId);
  if (own) return own.timeZone;
  return target.kind === 'mall' ? target.mall.timeZone : target.restaurant.timeZone;
}

const takenOff = (bill: Bill, key: string) => -(bill.lines.find((line) => line.key === key)?.amount ?? 0);

/** Wants the cashback of the cart (food-court loyalty update) unless the order says otherwise. */
export const cartWantsLoyalty = (cart: Pick<CartRow, 'details'>) =>
  (cart.details as { useLoyalty?: unknown }).useLoyalty === true;

/**
 * What a cart's promotions take off each outlet, computed before its bills (the cart's `cartBills`
 * passes them in): the coupon amounts split by each outlet's food, the referral's share, and the
 * cashback balance to spend once the bills are known (`cashbackSpend`). Strict (order create): rows
 * locked, every rule re-checked, a coupon or cashback that no longer applies refused.
 */
export async function cartPromotions(
  db: DbOrTx,
  args: {
    cart: CartBillState;
    target: ScopeTarget;
    orderType: OrderTypeCode | null;
    now: Date;
    groups: { restaurant: RestaurantRow; subtotal: number }[];
    options?: PromotionOptions | undefined;
  },
): Promise<CartPromotions> {
  const { cart, target, groups, now } = args;
  const options: PromotionOptions = args.options ?? {
    userId: cart.userId,
    useLoyalty: cartWantsLoyalty(cart),
    strict: false,
    lang: 'en',
  };
  const currency = currencyOfTarget(target);
  const userId = options.userId;
  const state = cartCouponsOf(cart);
  const hasCoupons = state.code !== null || Object.keys(state.outletCodes).length > 0;
  const active = options.userActive ?? (await isActiveUser(db, userId));

  // Coupons: which one discounts which outlet, and the amount split by each outlet's food.
  const coupons = new Map<number, { discount: DiscountRow; amount: number }>();
  if (hasCoupons) {
    const present = groups.filter((group) => group.subtotal > 0).map((group) => group.restaurant);
    const { applications, missing } = await couponApplications(db, couponPlaceOf(target), state, present);
    if (options.strict && missing.length > 0) fail(MESSAGE.couponInvalid);
    const ids = applications.map((application) => application.discount.id);
    const locked = options.strict ? await lockCoupons(db, ids) : null;
    const mine = await redemptionsByUser(db, ids, active ? userId : null);
    for (const application of applications) {
      const discount = locked?.get(application.discount.id) ?? application.discount;
      const covered = groups.filter((group) => application.outletIds.includes(group.restaurant.id));
      const verdict = evaluateCoupon(discount, {
        now,
        timeZone: timeZoneFor(discount, target),
        currency,
        lang: options.lang,
        orderType: args.orderType,
        coversAnyOutlet: covered.length > 0,
        coveredSubtotal: covered.reduce((sum, group) => sum + group.subtotal, 0),
        loggedIn: active,
        myRedemptions: mine.get(discount.id) ?? 0,
      });
      if (!verdict.usable) {
        // An outlet's own coupon with no food of that outlet left simply has nothing to discount.
        if (!options.strict || (!application.cartLevel && covered.length === 0)) continue;
        if (verdict.key === MESSAGE.couponLoginRequired) fail(MESSAGE.invalidToken);
        fail(verdict.key, verdict.values);
      }
      if (!verdict.usable) continue;
      const shares = splitByWeight(
        verdict.amount,
        covered.map((group) => ({ id: group.restaurant.id, weight: group.subtotal })),
      );
      for (const [id, amount] of shares) coupons.set(id, { discount, amount });
    }
  }

  // Referral: the first order after applying a friend's code takes the country's offer.
  const referrals = new Map<number, number>();
  let referralId: number | null = null;
  if (active && userId !== null) {
    const referral = await openReferral(db, userId, options.strict);
    if (referral) {
      referralId = referral.id;
      const bases = groups.map((group) => ({
        id: group.restaurant.id,
        weight: Math.max(0, group.subtotal - (coupons.get(group.restaurant.id)?.amount ?? 0)),
      }));
      const food = bases.reduce((sum, base) => sum + base.weight, 0);
      for (const [id, amount] of splitByWeight(referralDiscount(offerForCurrency(currency), food), bases)) {
        referrals.set(id, amount);
      }
    }
  }

  // Cashback last, like store credit: min(balance, total), outlet by outlet (`cashbackSpend`).
  let cashback: CartPromotions['cashback'] = null;
  if (options.useLoyalty) {
    if (!active || userId === null) {
      if (options.strict) fail(MESSAGE.invalidToken);
    } else {
      const scope = loyaltyScopeOf(target);
      const balance = options.strict
        ? (await accountFor(db, userId, scope, true)).balance
        : await balanceOf(db, userId, scope);
      cashback = { scope, balance };
    }
  }
  return { coupons, referrals, referralId, cashback };
}

/** The promotions of a cart, per outlet (`cartPromotions`). */
export interface CartPromotions {
  coupons: Map<number, { discount: DiscountRow; amount: number }>;
  referrals: Map<number, number>;
  referralId: number | null;
  /** The cashback the diner chose to spend: its scope and balance. */
  cashback: { scope: string; balance: number } | null;
}

/** What the promotions take off one outlet's bill: coupon, referral, then `cashback` spent there. */
export function promotionDiscounts(
  promotions: CartPromotions,
  restaurantId: number,
  cashback = 0,
): BillDiscount[] {
  const list: BillDiscount[] = [];
  const coupon = promotions.coupons.get(restaurantId)?.amount ?? 0;
  const referral = promotions.referrals.get(restaurantId) ?? 0;
  if (coupon > 0) list.push({ kind: 'coupon', amount: coupon });
  if (referral > 0) list.push({ kind: 'referral', amount: referral });
  if (cashback > 0) list.push({ kind: 'loyalty', amount: cashback });
  return list;
}

/** The cashback spent on each outlet given its bill's total before cashback: none without a balance. */
export function cashbackSpend(
  promotions: CartPromotions,
  totals: { restaurantId: number; total: number }[],
): Map<number, number> {
  const balance = promotions.cashback?.balance ?? 0;
  if (balance <= 0) return new Map();
  return allocateCashback(
    balance,
    totals.map(({ restaurantId, total }) => ({ id: restaurantId, total })),
  );
}

/** What one outlet's bill took off, and from what (recorded with its order by `recordPromotions`). */
export function outletPromotion(
  promotions: CartPromotions,
  restaurantId: number,
  bill: Bill,
): OutletPromotion {
  const coupon = promotions.coupons.get(restaurantId);
  const cashback = takenOff(bill, BILL_LINE_KEY.loyaltyDiscount);
  const { referralId } = promotions;
  return {
    coupon: coupon
      ? {
          discountId: coupon.discount.id,
          code: coupon.discount.code,
          amount: takenOff(bill, BILL_LINE_KEY.couponDiscount),
        }
      : null,
    referral:
      referralId !== null ? { referralId, amount: takenOff(bill, BILL_LINE_KEY.referralDiscount) } : null,
    loyalty:
      promotions.cashback && cashback > 0 ? { scope: promotions.cashback.scope, amount: cashback } : null,
  };
}

/**
 * Records what a checkout's bills took off, in the order transaction: coupon redemptions (a row per
 * outlet order, one more use), the referral used by this first order, cashback spent per order. An
 * order left with nothing to pay is paid (payment mode 'loyalty' when cashback covered it) and needs no
 * gateway (spec §4 'Amount 0').
 */
export async function recordPromotions(
  tx: DbOrTx,
  input: {
    placed: { orderId: number; bill: Bill; promotion?: OutletPromotion | undefined }[];
    fcOrderId: number | null;
    userId: number | null;
    now: Date;
  },
) {
  const { placed, fcOrderId, userId, now } = input;
  const byCoupon = new Map<number, { orderId: number; amount: number }[]>();
  let cashbackTotal = 0;
  for (const { orderId, promotion = NO_PROMOTION } of placed) {
    if (promotion.coupon) {
      const shares = byCoupon.get(promotion.coupon.discountId) ?? [];
      shares.push({ orderId, amount: promotion.coupon.amount });
      byCoupon.set(promotion.coupon.discountId, shares);
    }
    if (promotion.loyalty && userId !== null) {
      await moveCashback(tx, {
        userId,
        scope: promotion.loyalty.scope,
        orderId,
        kind: 'spend',
        amount: -promotion.loyalty.amount,
        now,
      });
      cashbackTotal += promotion.loyalty.amount;
    }
    if (promotion.coupon || promotion.loyalty) {
      await tx
        .update(orders)
        .set({ discountCode: promotion.coupon?.code ?? null, loyaltyUsed: promotion.loyalty?.amount ?? 0 })
        .where(eq(orders.id, orderId));
    }
  }
  for (const [discountId, shares] of byCoupon) {
    await recordRedemption(tx, discountId, { userId, fcOrderId, shares, now });
  }
  // The referral belongs to the first outlet order it discounted (the first order when none).
  const referred = placed.filter(({ promotion }) => promotion?.referral);
  const referral = referred.find(({ promotion }) => (promotion?.referral?.amount ?? 0) > 0) ?? referred[0];
  if (referral?.promotion?.referral) {
    await markReferralUsed(tx, referral.promotion.referral.referralId, referral.orderId);
  }

  const total = placed.reduce((sum, { bill }) => sum + bill.total, 0);
  if (total === 0 && placed.length > 0) {
    const ids = placed.map(({ orderId }) => orderId);
    await tx
      .update(orders)
      .set({
        paymentStatus: 'paid',
        ...(cashbackTotal > 0 ? { paymentMode: 'loyalty' } : {}),
        updatedAt: now,
      })
      .where(inArray(orders.id, ids));
    if (fcOrderId !== null) {
      await tx
        .update(foodCourtOrders)
        .set({ paymentStatus: 'paid' })
        .where(eq(foodCourtOrders.id, fcOrderId));
    }
  }
  return { total, cashbackTotal };
}

/** After an order's status changed (same transaction): earn and reward on completion, give back when voided. */
export async function afterOrderStatusChange(tx: DbOrTx, order: OrderRow, to: OrderStatus, now: Date) {
  if (to === ORDER_STATUS.COMPLETED) {
    await earnCashback(tx, order, now);
    await rewardReferrer(tx, order, now);
    return;
  }
  if (VOIDED_STATUSES.includes(to) && !VOIDED_STATUSES.includes(order.status)) {
    await reverseCashback(tx, order, now);
    if (order.discountCode !== null) await releaseRedemptions(tx, order.id);
    await restoreReferral(tx, order);
  }
}
