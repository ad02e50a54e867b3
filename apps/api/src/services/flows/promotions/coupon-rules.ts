/**
 * The rules of one coupon (spec §7 `api/promotion/coupons`, food-court coupons): validity period,
 * recurring days and hours in the place's time zone, order type, outlet, minimum order, total and
 * per-user limits, and its amount (fixed, or percent with a cap). Pure: the rows come from
 * coupons.ts, which reads and records them.
 *
 * A coupon is a `discounts` row: a restaurant's (restaurant_id) or a food court's (mall_id, optionally
 * limited to some outlets by `rules.outlets`).
 */
import { z } from 'zod';
import { MESSAGE, allocateInProportion, formatMoney } from '@santap/domain';
import type { Language, MessageKey, OrderTypeCode } from '@santap/domain';
import { wallClockAt } from '@santap/schedule';
import type { discounts } from '../../../db/schema';

export type DiscountRow = typeof discounts.$inferSelect;

const minuteOfDay = z.number().int().min(0).max(1440);

/** `discounts.rules`: recurring days (0 = Sunday) and local minutes [from, to), and a mall coupon's outlets. */
export const couponRulesSchema = z.object({
  days: z.array(z.number().int().min(0).max(6)).optional(),
  fromMinute: minuteOfDay.optional(),
  toMinute: minuteOfDay.optional(),
  outlets: z.array(z.number().int().positive()).optional(),
});
export type CouponRules = z.infer<typeof couponRulesSchema>;

/** The parsed rules, or null when the row holds something malformed (the coupon is then not valid). */
export function rulesOf(discount: DiscountRow): CouponRules | null {
  const parsed = couponRulesSchema.safeParse(discount.rules ?? {});
  return parsed.success ? parsed.data : null;
}

/** The local weekday (0 = Sunday) and minute of the day of an instant in an IANA time zone. */
export function localDayAndMinute(now: Date, timeZone: string): { day: number; minute: number } {
  const wall = wallClockAt(now, timeZone);
  return { day: wall.weekday, minute: wall.minuteOfDay };
}

/**
 * Is a local day and minute inside the coupon's recurring window? No days = every day; the minutes are
 * [fromMinute, toMinute) and a window whose end is before its start runs over midnight (22:00–02:00).
 * The day is the local day at the moment of use.
 */
export function withinRecurringWindow(rules: CouponRules, day: number, minute: number): boolean {
  if (rules.days && rules.days.length > 0 && !rules.days.includes(day)) return false;
  const from = rules.fromMinute ?? 0;
  const to = rules.toMinute ?? 1440;
  if (from === to) return true;
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}

/** Does the coupon discount this outlet? Its restaurant's, or its mall's outlets (within `rules.outlets`). */
export function coversOutlet(
  discount: DiscountRow,
  rules: CouponRules,
  outlet: { id: number; mallId: number | null },
): boolean {
  if (discount.restaurantId !== null) return discount.restaurantId === outlet.id;
  if (discount.mallId !== null) {
    return outlet.mallId === discount.mallId && (!rules.outlets || rules.outlets.includes(outlet.id));
  }
  return false;
}

/** The discount on a food subtotal: fixed, or percent (bps) rounded down; capped by max_discount and the subtotal. */
export function couponValue(discount: DiscountRow, subtotal: number): number {
  const raw = discount.kind === 'fixed' ? discount.value : Math.floor((subtotal * discount.value) / 10_000);
  return Math.max(0, Math.min(raw, discount.maxDiscount ?? raw, subtotal));
}

/**
 * Splits an amount over weights in proportion, in whole minor units that add up exactly (largest
 * remainder; ties go to the earlier entry: the domain's `allocateInProportion`, keyed by id). A share
 * never exceeds its weight when amount <= the sum; nothing to split (amount or weights 0) -> all 0.
 */
export function splitByWeight(
  amount: number,
  weights: { id: number; weight: number }[],
): Map<number, number> {
  const result = new Map<number, number>();
  const sum = weights.reduce((total, w) => total + w.weight, 0);
  if (sum <= 0 || amount <= 0) {
    for (const w of weights) result.set(w.id, 0);
    return result;
  }
  const parts = allocateInProportion(
    amount,
    weights.map((w) => w.weight),
  );
  weights.forEach((w, index) => result.set(w.id, parts[index]!));
  return result;
}

export interface CouponCheck {
  now: Date;
  /** The place's time zone, for recurring days and hours. */
  timeZone: string;
  currency: 'MYR' | 'IDR';
  lang: Language;
  /** The cart's order type, when it has one. */
  orderType: OrderTypeCode | null;
  /** The coupon covers at least one outlet with food in the cart (or of the scope, for an empty cart). */
  coversAnyOutlet: boolean;
  /** Food subtotal of the covered outlets (what the minimum order and the percentage apply to). */
  coveredSubtotal: number;
  /** A logged-in (ACTIVE) user. */
  loggedIn: boolean;
  /** Checkouts in which this user already redeemed the coupon. */
  myRedemptions: number;
}

export type CouponVerdict =
  | { usable: true; amount: number }
  | { usable: false; key: MessageKey; values: Record<string, string | number> };

/**
 * Whether a coupon discounts a cart now, and by how much; when it does not, the first rule it breaks
 * as a catalogue key, in this order: not valid (inactive or malformed), not started, expired, not on
 * this day or hour, outlet, order type, login needed for a per-user limit, per-user limit, total
 * limit, minimum order (with the amount).
 */
export function evaluateCoupon(discount: DiscountRow, check: CouponCheck): CouponVerdict {
  const no = (key: MessageKey, values: Record<string, string | number> = {}): CouponVerdict => ({
    usable: false,
    key,
    values,
  });
  const rules = rulesOf(discount);
  if (!discount.active || !rules) return no(MESSAGE.couponInvalid);
  if (discount.validFrom && discount.validFrom > check.now) return no(MESSAGE.couponNotStarted);
  if (discount.validUntil && discount.validUntil <= check.now) return no(MESSAGE.couponExpired);
  const { day, minute } = localDayAndMinute(check.now, check.timeZone);
  if (!withinRecurringWindow(rules, day, minute)) return no(MESSAGE.couponNotAvailableNow);
  if (!check.coversAnyOutlet) return no(MESSAGE.couponOutlet);
  if (check.orderType !== null && (discount.orderTypeMask & (1 << (check.orderType - 1))) === 0) {
    return no(MESSAGE.couponOrderType);
  }
  if (discount.perUserLimit !== null) {
    if (!check.loggedIn) return no(MESSAGE.couponLoginRequired);
    if (check.myRedemptions >= discount.perUserLimit) return no(MESSAGE.couponUserLimitReached);
  }
  if (discount.totalLimit !== null && discount.usedCount >= discount.totalLimit) {
    return no(MESSAGE.couponLimitReached);
  }
  if (check.coveredSubtotal < discount.minOrder) {
    return no(MESSAGE.couponMinOrder, { amount: formatMoney(discount.minOrder, check.currency, check.lang) });
  }
  return { usable: true, amount: couponValue(discount, check.coveredSubtotal) };
}

/** Codes are compared in capitals without spaces: 'welcome 10' is WELCOME10. */
export const normaliseCode = (code: string) => code.replace(/\s+/g, '').toUpperCase();
