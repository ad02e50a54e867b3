/**
 * Coupons (issue 4 §6, spec §7 `api/promotion/coupons`, `update_discount.php`, food-court coupons):
 * the rules of one coupon (validity period, recurring days and hours in the place's time zone, order
 * type, outlet, minimum order, total and per-user limits), its amount (fixed, or percent with a cap),
 * which coupon discounts which outlet of a cart, and the redemption history behind the limits.
 *
 * A coupon is a `discounts` row: a restaurant's (restaurant_id) or a food court's (mall_id, optionally
 * limited to some outlets by `rules.outlets`). This module never imports the cart service, so the cart
 * can price coupons without an import cycle.
 */
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MESSAGE, formatMoney } from '@santap/domain';
import type { Language, MessageKey, OrderTypeCode } from '@santap/domain';
import type { DbOrTx } from '../../db/client';
import { couponRedemptions, discounts, orders, restaurants } from '../../db/schema';
import type { Translated } from '../../db/schema';

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

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The local weekday (0 = Sunday) and minute of the day of an instant in an IANA time zone. */
export function localDayAndMinute(now: Date, timeZone: string): { day: number; minute: number } {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    wallClocks.set(timeZone, format);
  }
  const parts = format.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    day: WEEKDAYS.indexOf(part('weekday')),
    minute: (Number(part('hour')) % 24) * 60 + Number(part('minute')),
  };
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
 * remainder; ties go to the earlier entry). A share never exceeds its weight when amount <= the sum.
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
  const exact = weights.map((w, index) => {
    const product = amount * w.weight;
    return { id: w.id, index, base: Math.floor(product / sum), rest: product % sum };
  });
  let left = amount - exact.reduce((total, e) => total + e.base, 0);
  for (const e of [...exact].sort((a, b) => b.rest - a.rest || a.index - b.index)) {
    if (left <= 0) break;
    e.base += 1;
    left -= 1;
  }
  for (const e of exact) result.set(e.id, e.base);
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

/** Where coupons may come from: the outlets of a scope and the mall they belong to. */
export interface CouponPlace {
  outlets: { id: number; mallId: number | null }[];
  mallId: number | null;
}

/** The coupons of a place (its outlets' and its mall's), optionally with one code, oldest first. */
export async function couponsOfPlace(db: DbOrTx, place: CouponPlace, code?: string): Promise<DiscountRow[]> {
  const outletIds = place.outlets.map((outlet) => outlet.id);
  const owner = or(
    outletIds.length > 0 ? inArray(discounts.restaurantId, outletIds) : sql`false`,
    place.mallId !== null ? eq(discounts.mallId, place.mallId) : sql`false`,
  );
  return db
    .select()
    .from(discounts)
    .where(code === undefined ? owner : and(owner, eq(discounts.code, normaliseCode(code))))
    .orderBy(discounts.id);
}

/**
 * The coupon a code names in a place: the outlet's own when `restaurantId` is given, else a mall coupon
 * first on a food-court cart (`preferMall`) or the restaurant's own first on a restaurant cart; active
 * rows before inactive ones, so a retired duplicate never hides a live coupon.
 */
export async function findCoupon(
  db: DbOrTx,
  place: CouponPlace,
  code: string,
  options: { restaurantId?: number | undefined; preferMall: boolean },
): Promise<DiscountRow | undefined> {
  const rows = await couponsOfPlace(db, place, code);
  const candidates =
    options.restaurantId === undefined ? rows : rows.filter((r) => r.restaurantId === options.restaurantId);
  const rank = (row: DiscountRow) =>
    (row.active ? 0 : 2) +
    ((row.mallId !== null && row.restaurantId === null) === options.preferMall ? 0 : 1);
  return [...candidates].sort((a, b) => rank(a) - rank(b) || a.id - b.id)[0];
}

/** Re-reads coupons with a row lock, in id order (one lock order everywhere, so no deadlock). */
export async function lockCoupons(db: DbOrTx, ids: number[]): Promise<Map<number, DiscountRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(discounts)
    .where(inArray(discounts.id, [...new Set(ids)]))
    .orderBy(discounts.id)
    .for('update');
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Checkouts in which a user redeemed each coupon. A food-court checkout writes one row per outlet order
 * under one food-court order, so rows are counted by food-court order, else by order.
 */
export async function redemptionsByUser(
  db: DbOrTx,
  discountIds: number[],
  userId: number | null,
): Promise<Map<number, number>> {
  if (userId === null || discountIds.length === 0) return new Map();
  const rows = await db
    .select({
      discountId: couponRedemptions.discountId,
      uses: sql<number>`count(distinct case when ${couponRedemptions.fcOrderId} is null
        then 'o' || ${couponRedemptions.orderId} else 'f' || ${couponRedemptions.fcOrderId} end)::int`,
    })
    .from(couponRedemptions)
    .where(
      and(
        inArray(couponRedemptions.discountId, [...new Set(discountIds)]),
        eq(couponRedemptions.userId, userId),
      ),
    )
    .groupBy(couponRedemptions.discountId);
  return new Map(rows.map((row) => [row.discountId, Number(row.uses)]));
}

/**
 * The coupon state of a cart. `carts.discount_code` is the cart's coupon (a restaurant cart's coupon,
 * or a food court's mall coupon); a food-court cart also keeps in `carts.details` the coupons of single
 * outlets (`outletCoupons`, which take that outlet's place under the mall coupon) and the outlets
 * removed from the mall coupon one by one (`couponExcluded`, by remove-rest).
 */
export interface CartCoupons {
  code: string | null;
  outletCodes: Record<string, string>;
  excluded: number[];
}

export function cartCouponsOf(cart: {
  discountCode: string | null;
  details: Record<string, unknown>;
}): CartCoupons {
  const details = cart.details ?? {};
  const outletCodes: Record<string, string> = {};
  const stored = details.outletCoupons;
  if (stored && typeof stored === 'object') {
    for (const [id, code] of Object.entries(stored as Record<string, unknown>)) {
      if (typeof code === 'string' && /^\d+$/.test(id)) outletCodes[id] = code;
    }
  }
  const excluded = Array.isArray(details.couponExcluded)
    ? details.couponExcluded.filter((id): id is number => Number.isInteger(id))
    : [];
  return { code: cart.discountCode, outletCodes, excluded };
}

/** `carts.details` with a new coupon state (other keys kept). */
export function detailsWithCoupons(details: Record<string, unknown>, state: CartCoupons) {
  return { ...details, outletCoupons: state.outletCodes, couponExcluded: state.excluded };
}

/** One coupon on a cart and the outlets (with food in the cart) it discounts. */
export interface CouponApplication {
  discount: DiscountRow;
  outletIds: number[];
  /** The cart's own coupon (its absence or uselessness is an error at checkout), not an outlet's. */
  cartLevel: boolean;
}

/**
 * Which coupon discounts which outlet: an outlet's own coupon discounts it; the cart's coupon discounts
 * every other outlet it covers that was not removed from it. `present` are the outlets with food in
 * the cart. A code that names no coupon any more is returned in `missing`.
 */
export async function couponApplications(
  db: DbOrTx,
  place: CouponPlace & { kind: 'restaurant' | 'mall' },
  state: CartCoupons,
  present: { id: number; mallId: number | null }[],
): Promise<{ applications: CouponApplication[]; missing: string[] }> {
  const applications: CouponApplication[] = [];
  const missing: string[] = [];
  const presentIds = present.map((outlet) => outlet.id);
  const ownCoupon = new Set<number>();
  for (const [id, code] of Object.entries(state.outletCodes)) {
    const restaurantId = Number(id);
    if (!presentIds.includes(restaurantId)) continue;
    const discount = await findCoupon(db, place, code, { restaurantId, preferMall: false });
    if (!discount) {
      missing.push(code);
      continue;
    }
    ownCoupon.add(restaurantId);
    applications.push({ discount, outletIds: [restaurantId], cartLevel: false });
  }
  if (state.code) {
    const discount = await findCoupon(db, place, state.code, { preferMall: place.kind === 'mall' });
    if (!discount) missing.push(state.code);
    else {
      const rules = rulesOf(discount) ?? {};
      const outletIds = present
        .filter(
          (outlet) =>
            !ownCoupon.has(outlet.id) &&
            !state.excluded.includes(outlet.id) &&
            coversOutlet(discount, rules, outlet),
        )
        .map((outlet) => outlet.id);
      applications.push({ discount, outletIds, cartLevel: true });
    }
  }
  return { applications, missing };
}

/** Records a checkout's use of one coupon: a row per outlet order it discounted, and one more use. */
export async function recordRedemption(
  tx: DbOrTx,
  discountId: number,
  input: {
    userId: number | null;
    fcOrderId: number | null;
    shares: { orderId: number; amount: number }[];
    now: Date;
  },
) {
  if (input.shares.length === 0) return;
  await tx.insert(couponRedemptions).values(
    input.shares.map((share) => ({
      discountId,
      userId: input.userId,
      orderId: share.orderId,
      fcOrderId: input.fcOrderId,
      amount: share.amount,
      createdAt: input.now,
    })),
  );
  await tx
    .update(discounts)
    .set({ usedCount: sql`${discounts.usedCount} + 1` })
    .where(eq(discounts.id, discountId));
}

/**
 * Gives back the coupon of a cancelled or declined order: its redemption rows go, and the checkout no
 * longer counts against the limits once none of its outlet orders holds the coupon any more.
 */
export async function releaseRedemptions(tx: DbOrTx, orderId: number) {
  const released = await tx
    .delete(couponRedemptions)
    .where(eq(couponRedemptions.orderId, orderId))
    .returning({ discountId: couponRedemptions.discountId, fcOrderId: couponRedemptions.fcOrderId });
  for (const { discountId, fcOrderId } of released) {
    if (fcOrderId !== null) {
      const [left] = await tx
        .select({ id: couponRedemptions.id })
        .from(couponRedemptions)
        .where(and(eq(couponRedemptions.discountId, discountId), eq(couponRedemptions.fcOrderId, fcOrderId)))
        .limit(1);
      if (left) continue;
    }
    await tx
      .update(discounts)
      .set({ usedCount: sql`greatest(${discounts.usedCount} - 1, 0)` })
      .where(eq(discounts.id, discountId));
  }
}

const pickTitle = (title: Translated, lang: Language) => title[lang] || title.en;

/** The caller's redemption history, newest first. */
export async function couponHistory(db: DbOrTx, userId: number, lang: Language) {
  const rows = await db
    .select({ redemption: couponRedemptions, discount: discounts, order: orders, restaurant: restaurants })
    .from(couponRedemptions)
    .innerJoin(discounts, eq(discounts.id, couponRedemptions.discountId))
    .leftJoin(orders, eq(orders.id, couponRedemptions.orderId))
    .leftJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .where(eq(couponRedemptions.userId, userId))
    .orderBy(desc(couponRedemptions.id))
    .limit(200);
  return {
    redemptions: rows.map(({ redemption, discount, order, restaurant }) => ({
      code: discount.code,
      title: pickTitle(discount.title, lang),
      amount: redemption.amount,
      currency: ((order?.currency ?? restaurant?.currency ?? 'MYR') === 'IDR' ? 'IDR' : 'MYR') as
        'MYR' | 'IDR',
      order_id: redemption.orderId,
      fc_order_id: redemption.fcOrderId,
      restaurant_id: order?.restaurantId ?? null,
      created_epoch: Math.floor(redemption.createdAt.getTime() / 1000),
    })),
  };
}
