/**
 * Coupons and cashback on the caller's cart (spec §7 `api/promotion/coupons`, `update_discount.php`,
 * food-court coupons active / apply / remove-rest / remove-all, food-court loyalty update, wallet
 * amount). The cart service prices them through `services/flows/promotions/bills.ts`; this module works the
 * cart itself, so it is the one that imports the cart service.
 */
import { eq } from 'drizzle-orm';
import { MESSAGE } from '@santap/domain';
import type { DbOrTx } from '../../../../db/client';
import { carts } from '../../../../db/schema';
import type { AppContext } from '../../../context';
import type { Caller } from '../../../../lib/caller';
import { fail } from '../../../../lib/errors';
import {
  cartBills,
  cartFor,
  cartToRead,
  cartOrderType,
  currencyOf,
  labelledCartBill,
  mutateCart,
  pricedLines,
} from '.';
import { resolveScope } from '../../../model/carts';
import type { CartBillState, CartRow, ScopeTarget } from '../../../model/carts';
import { coversOutlet, evaluateCoupon, normaliseCode, rulesOf } from '../../promotions/coupon-rules';
import type { DiscountRow } from '../../promotions/coupon-rules';
import {
  cartCouponsOf,
  couponApplications,
  couponsOfPlace,
  detailsWithCoupons,
  findCoupon,
  redemptionsByUser,
} from '../../promotions/coupons';
import { balanceOf, loyaltySettingsOf, userLoyalty } from '../../promotions/loyalty';
import { previewBills } from '.';
import type { PricedLine } from '../pricing';
import { cartWantsLoyalty, couponPlaceOf, loyaltyScopeOf } from '../../promotions/bills';
import type { PromotionOptions } from '../../promotions/bills';
import { activeUser, offerForCurrency, offerView } from '../../promotions/referrals';
import { pick } from '../../../model/restaurants';

const isActive = (caller: Caller) => caller.user?.status === 'ACTIVE';

/** The bill preview of the caller's cart, as the caller would be charged. */
function previewFor(
  caller: Caller,
  cart: CartBillState,
  useLoyalty = cartWantsLoyalty(cart),
): PromotionOptions {
  return {
    userId: caller.user?.id ?? null,
    userActive: isActive(caller),
    useLoyalty,
    strict: false,
    lang: caller.lang,
  };
}

/** Food subtotal per outlet of the cart's available lines. */
function foodByOutlet(lines: PricedLine[]): Map<number, number> {
  const food = new Map<number, number>();
  for (const line of lines) {
    if (line.available)
      food.set(line.restaurantId, (food.get(line.restaurantId) ?? 0) + line.unitPrice * line.quantity);
  }
  return food;
}

function cartOrderTypeOrNull(cart: CartBillState, target: ScopeTarget) {
  return 'orderType' in cart.context ? cartOrderType(cart, target).orderType : null;
}

const timeZoneOf = (discount: DiscountRow, target: ScopeTarget) =>
  target.outlets.find((outlet) => outlet.id === discount.restaurantId)?.timeZone ??
  (target.kind === 'mall' ? target.mall.timeZone : target.restaurant.timeZone);

/**
 * A coupon checked as if applied now to the caller's cart: it covers the outlets with food (or, for an
 * empty cart, the scope's outlets) that it allows.
 */
async function checkFresh(
  db: DbOrTx,
  caller: Caller,
  cart: CartBillState,
  target: ScopeTarget,
  discount: DiscountRow,
  food: Map<number, number>,
  now: Date,
  mine?: Map<number, number>,
) {
  const present = target.outlets.filter((outlet) => (food.get(outlet.id) ?? 0) > 0);
  const rules = rulesOf(discount) ?? {};
  const covered = (present.length > 0 ? present : target.outlets).filter((outlet) =>
    coversOutlet(discount, rules, outlet),
  );
  const redemptions =
    mine ?? (await redemptionsByUser(db, [discount.id], isActive(caller) ? caller.user!.id : null));
  return evaluateCoupon(discount, {
    now,
    timeZone: timeZoneOf(discount, target),
    currency: currencyOf(target),
    lang: caller.lang,
    orderType: cartOrderTypeOrNull(cart, target),
    coversAnyOutlet: covered.length > 0,
    coveredSubtotal: covered.reduce((sum, outlet) => sum + (food.get(outlet.id) ?? 0), 0),
    loggedIn: isActive(caller),
    myRedemptions: redemptions.get(discount.id) ?? 0,
  });
}

/** Every active coupon of the scope, with whether it is usable on the cart now and why not. */
async function couponRows(
  ctx: AppContext,
  db: DbOrTx,
  caller: Caller,
  target: ScopeTarget,
  cart: CartBillState,
  lines: PricedLine[],
  bills: Awaited<ReturnType<typeof cartBills>>,
) {
  const now = ctx.now();
  const food = foodByOutlet(lines);
  const place = couponPlaceOf(target);
  const rows = (await couponsOfPlace(db, place)).filter((row) => row.active);
  const mine = await redemptionsByUser(
    db,
    rows.map((row) => row.id),
    isActive(caller) ? caller.user!.id : null,
  );
  const present = target.outlets.filter((outlet) => (food.get(outlet.id) ?? 0) > 0);
  const { applications } = await couponApplications(db, place, cartCouponsOf(cart), present);
  const currency = currencyOf(target);
  const result = [];
  for (const discount of rows) {
    const verdict = await checkFresh(db, caller, cart, target, discount, food, now, mine);
    const applied = applications.some(
      (a) => a.discount.id === discount.id && (a.cartLevel || a.outletIds.length > 0),
    );
    const onBill = bills.reduce(
      (sum, { promotion }) =>
        sum + (promotion.coupon?.discountId === discount.id ? promotion.coupon.amount : 0),
      0,
    );
    const rules = rulesOf(discount) ?? {};
    const used = mine.get(discount.id) ?? 0;
    result.push({
      discount_id: discount.id,
      code: discount.code,
      title: pick(discount.title, caller.lang),
      kind: discount.kind === 'fixed' ? ('fixed' as const) : ('percent' as const),
      value: discount.value,
      max_discount: discount.maxDiscount,
      min_order: discount.minOrder,
      currency,
      order_types: ([1, 2, 3] as const).filter((type) => (discount.orderTypeMask & (1 << (type - 1))) !== 0),
      mall_coupon: discount.restaurantId === null && discount.mallId !== null,
      restaurant_id: discount.restaurantId,
      outlets: rules.outlets ?? null,
      valid_from_epoch: discount.validFrom ? Math.floor(discount.validFrom.getTime() / 1000) : null,
      valid_until_epoch: discount.validUntil ? Math.floor(discount.validUntil.getTime() / 1000) : null,
      days: rules.days ?? null,
      from_minute: rules.fromMinute ?? null,
      to_minute: rules.toMinute ?? null,
      per_user_limit: discount.perUserLimit,
      uses_left_for_me: discount.perUserLimit === null ? null : Math.max(0, discount.perUserLimit - used),
      remaining: discount.totalLimit === null ? null : Math.max(0, discount.totalLimit - discount.usedCount),
      usable: verdict.usable,
      reason_key: verdict.usable ? null : verdict.key,
      reason: verdict.usable ? null : caller.t(verdict.key, verdict.values),
      discount_amount: applied ? onBill : verdict.usable ? verdict.amount : 0,
      applied,
    });
  }
  return result;
}

/** `GET api/promotion/coupons`: the scope's coupons against the caller's cart; a read makes no cart. */
export async function listCoupons(ctx: AppContext, caller: Caller, scope: string) {
  const target = await resolveScope(ctx.db, scope);
  const { cart, lines } = await cartToRead(ctx.db, caller, target);
  const bills = await cartBills(ctx.db, cart, target, lines, {
    now: ctx.now(),
    promotions: previewFor(caller, cart),
  });
  return { scope: target.scope, coupons: await couponRows(ctx, ctx.db, caller, target, cart, lines, bills) };
}

/**
 * Applies a coupon to a locked cart after checking it now (refused with the first rule it breaks; a
 * per-user limit needs a login: 'invalid token'). On a restaurant cart it is the cart's coupon; on a
 * food-court cart a mall coupon becomes the cart's coupon (covering every outlet again) and an outlet's
 * coupon takes that outlet's place under it.
 */
export async function applyCartCoupon(
  ctx: AppContext,
  tx: DbOrTx,
  caller: Caller,
  cart: CartRow,
  target: ScopeTarget,
  rawCode: string,
  restaurantId?: number,
) {
  const code = normaliseCode(rawCode);
  if (!code) return fail(MESSAGE.couponInvalid);
  const discount = await findCoupon(tx, couponPlaceOf(target), code, {
    restaurantId,
    preferMall: target.kind === 'mall',
  });
  if (!discount) return fail(MESSAGE.couponInvalid);
  const food = foodByOutlet(await pricedLines(tx, cart.id, caller.lang));
  const verdict = await checkFresh(tx, caller, cart, target, discount, food, ctx.now());
  if (!verdict.usable) {
    if (verdict.key === MESSAGE.couponLoginRequired) fail(MESSAGE.invalidToken);
    return fail(verdict.key, verdict.values);
  }
  const state = cartCouponsOf(cart);
  if (target.kind === 'mall' && discount.restaurantId !== null) {
    state.outletCodes[String(discount.restaurantId)] = discount.code;
  } else {
    state.code = discount.code;
    state.excluded = [];
  }
  await tx
    .update(carts)
    .set({ discountCode: state.code, details: detailsWithCoupons(cart.details, state) })
    .where(eq(carts.id, cart.id));
}

/**
 * Removes coupons from a locked cart: all of them, or (food court, remove-rest) the one discounting
 * one outlet — its own coupon goes and the mall coupon stops covering it.
 */
export async function removeCartCoupons(
  tx: DbOrTx,
  cart: CartRow,
  target: ScopeTarget,
  restaurantId?: number,
) {
  const state = cartCouponsOf(cart);
  if (restaurantId === undefined) {
    state.code = null;
    state.outletCodes = {};
    state.excluded = [];
  } else {
    if (!target.outlets.some((outlet) => outlet.id === restaurantId)) return fail(MESSAGE.notFound);
    delete state.outletCodes[String(restaurantId)];
    if (state.code !== null && !state.excluded.includes(restaurantId)) state.excluded.push(restaurantId);
  }
  await tx
    .update(carts)
    .set({ discountCode: state.code, details: detailsWithCoupons(cart.details, state) })
    .where(eq(carts.id, cart.id));
}

async function mallTarget(db: DbOrTx, mall: string) {
  const target = await resolveScope(db, mall);
  if (target.kind !== 'mall') return fail(MESSAGE.notFound);
  return target;
}

/**
 * The coupons of the caller's food-court cart: which coupon discounts which outlet, and the bill. A read
 * makes no cart.
 */
export async function foodCourtCoupons(ctx: AppContext, caller: Caller, mall: string) {
  const target = await mallTarget(ctx.db, mall);
  const { cart, lines } = await cartToRead(ctx.db, caller, target);
  const bills = await cartBills(ctx.db, cart, target, lines, {
    now: ctx.now(),
    promotions: previewFor(caller, cart),
  });
  return {
    mall: target.scope,
    mall_coupon: cart.discountCode,
    applied: bills.map(({ restaurant, promotion }) => ({
      restaurant_id: restaurant.id,
      code: promotion.coupon?.code ?? null,
      amount: promotion.coupon?.amount ?? 0,
    })),
    coupons: await couponRows(ctx, ctx.db, caller, target, cart, lines, bills),
    bill: labelledCartBill(bills, currencyOf(target), caller.t),
  };
}

/** Runs a coupon change on the caller's locked food-court cart, then returns the new state. */
export async function changeFoodCourtCoupons(
  ctx: AppContext,
  caller: Caller,
  mall: string,
  change: (tx: DbOrTx, cart: CartRow, target: ScopeTarget) => Promise<void>,
) {
  await mallTarget(ctx.db, mall);
  await mutateCart(ctx, caller, mall, change);
  return foodCourtCoupons(ctx, caller, mall);
}

/**
 * `POST /api/loyalty/cart/update` (a restaurant's or food court's cart) and `POST
 * /api/loyalty/foodcourt/update`: spend (or stop spending) the place's cashback on the caller's cart.
 * The switch is kept on the cart (`details.useLoyalty`), so the cart's bill spends min(balance, total)
 * and order create does the same unless its body says otherwise. Turning it on needs a login.
 */
export async function setCartLoyalty(ctx: AppContext, caller: Caller, scope: string, use: boolean) {
  if (use) activeUser(caller.user);
  await mutateCart(ctx, caller, scope, async (tx, cart) => {
    await tx
      .update(carts)
      .set({ details: { ...cart.details, useLoyalty: use } })
      .where(eq(carts.id, cart.id));
  });
  const target = await resolveScope(ctx.db, scope);
  const cart = await cartFor(ctx, ctx.db, caller, target);
  const lines = await pricedLines(ctx.db, cart.id, caller.lang);
  const bills = await previewBills(
    ctx,
    ctx.db,
    caller,
    { cart, target, lines },
    previewFor(caller, cart, use),
  );
  const balance = isActive(caller) ? await balanceOf(ctx.db, caller.user!.id, loyaltyScopeOf(target)) : 0;
  return {
    scope: target.scope,
    use_loyalty: use,
    balance,
    applied_amount: bills.reduce((sum, { promotion }) => sum + (promotion.loyalty?.amount ?? 0), 0),
    bill: labelledCartBill(bills, currencyOf(target), caller.t),
  };
}

/** The food-court form of {@link setCartLoyalty}: only a food court's cart, answered with `mall`. */
export async function setFoodCourtLoyalty(ctx: AppContext, caller: Caller, mall: string, use: boolean) {
  if (use) activeUser(caller.user);
  await mallTarget(ctx.db, mall);
  const { scope, ...reply } = await setCartLoyalty(ctx, caller, mall, use);
  return { mall: scope, ...reply };
}

/**
 * 'Wallet amount by user': the cashback balance for a restaurant or food court (0 without a login), and
 * the referral offer of its currency's country (the cart's referral info, shown to guests too).
 */
export async function walletAmount(ctx: AppContext, caller: Caller, scope: string) {
  const target = await resolveScope(ctx.db, scope);
  const loggedIn = isActive(caller);
  const settings = loyaltySettingsOf(
    target.kind === 'mall' ? target.mall.settings : target.restaurant.settings,
  );
  return {
    scope: target.scope,
    logged_in: loggedIn,
    balance: loggedIn ? await balanceOf(ctx.db, caller.user!.id, loyaltyScopeOf(target)) : 0,
    currency: currencyOf(target),
    loyalty: settings ? { min_order: settings.minOrder, percent_bps: settings.percentBps } : null,
    referral_offer: offerView(offerForCurrency(currencyOf(target))),
  };
}

/** `GET /api/user/loyalty`: the caller's cashback everywhere, or at one restaurant or food court. */
export async function loyaltyOfCaller(ctx: AppContext, caller: Caller, scope?: string) {
  const user = activeUser(caller.user);
  const only = scope === undefined ? undefined : loyaltyScopeOf(await resolveScope(ctx.db, scope));
  return userLoyalty(ctx.db, user.id, caller.lang, only);
}
