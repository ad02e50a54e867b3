/**
 * Coupons on carts and orders (spec §7 `api/promotion/coupons`, `update_discount.php`,
 * food-court coupons): finding a place's coupons, which coupon discounts which outlet of a cart, the
 * redemptions behind the limits (recorded at checkout, released when an order is voided) and the
 * diner's history. The rules of one coupon are coupon-rules.ts.
 *
 * This module never imports the cart service, so the cart can price coupons without an import cycle.
 */
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Language } from '@santap/domain';
import type { DbOrTx } from '../../../db/client';
import { couponRedemptions, discounts, orders, restaurants } from '../../../db/schema';
import type { Translated } from '../../../db/schema';
import { coversOutlet, normaliseCode, rulesOf } from './coupon-rules';
import type { DiscountRow } from './coupon-rules';

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
