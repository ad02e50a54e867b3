/**
 * Promotions (spec §7 'Other'): coupons of a restaurant or food court with whether each is
 * usable and why not, food-court coupons, loyalty cashback (balance, history, wallet amount, the
 * food-court loyalty switch, 'earning and saving total') and referrals (referrer code, apply, details).
 */
import { z } from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { billSchema, currencyCode, idInput, money, orderTypeCode, scope } from './common';

/** One coupon as the diner sees it, checked against the caller's cart for the scope. */
export const couponSchema = z.object({
  discount_id: z.int(),
  code: z.string(),
  title: z.string(),
  kind: z.enum(['percent', 'fixed']),
  /** Basis points for percent (1000 = 10%), minor units for fixed. */
  value: z.int(),
  /** The cap of a percent coupon ('up to'), minor units. */
  max_discount: z.nullable(money),
  min_order: money,
  currency: currencyCode,
  order_types: z.array(orderTypeCode),
  /** A food-court (mall) coupon rather than one outlet's. */
  mall_coupon: z.boolean(),
  /** The outlet a coupon belongs to (null for a mall coupon). */
  restaurant_id: z.nullable(z.int()),
  /** For a mall coupon limited to some outlets: those outlets; null = every outlet. */
  outlets: z.nullable(z.array(z.int())),
  valid_from_epoch: z.nullable(z.int()),
  valid_until_epoch: z.nullable(z.int()),
  /** Recurring days (0 = Sunday) and minutes of the local day [from, to); null = any. */
  days: z.nullable(z.array(z.int())),
  from_minute: z.nullable(z.int()),
  to_minute: z.nullable(z.int()),
  per_user_limit: z.nullable(z.int()),
  /** How many more times the caller may use it (null = no per-user limit). */
  uses_left_for_me: z.nullable(z.int()),
  /** Checkouts left before the total limit (null = no total limit). */
  remaining: z.nullable(z.int()),
  /** Whether the coupon would discount the caller's cart now; if not, the catalogue key and words why. */
  usable: z.boolean(),
  reason_key: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  /** What it takes off the cart as it is now (0 when not usable). */
  discount_amount: money,
  /** Applied to the caller's cart (on a food-court cart: to at least one outlet). */
  applied: z.boolean(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponsList = defineEndpoint({
  id: 'promotions.coupons',
  method: 'GET',
  path: '/api/promotion/coupons',
  service: 'main',
  access: 'cart',
  summary:
    "Coupons of a restaurant (nameid) or food court (mall slug) with, for each, whether it is usable on the caller's cart now and why not (expired, not at this hour, order type, outlet, minimum order, limits, login).",
  query: z.object({ scope }),
  data: z.object({ scope: z.string(), coupons: z.array(couponSchema) }),
});

export const couponHistory = defineEndpoint({
  id: 'promotions.couponHistory',
  method: 'GET',
  path: '/api/promotion/coupons/history',
  service: 'main',
  access: 'user',
  summary: "The caller's coupon redemptions, newest first (one row per outlet order).",
  data: z.object({
    redemptions: z.array(
      z.object({
        code: z.string(),
        title: z.string(),
        amount: money,
        currency: currencyCode,
        order_id: z.nullable(z.int()),
        fc_order_id: z.nullable(z.int()),
        restaurant_id: z.nullable(z.int()),
        created_epoch: z.int(),
      }),
    ),
  }),
});

/** The coupons of a food-court cart: which coupon discounts which outlet, and what each takes off. */
export const foodCourtCouponsSchema = z.object({
  mall: z.string(),
  /** The mall coupon on the cart (covers every outlet it allows, except those removed one by one). */
  mall_coupon: z.nullable(z.string()),
  /** Per outlet in the cart: the coupon that discounts it and by how much. */
  applied: z.array(z.object({ restaurant_id: z.int(), code: z.nullable(z.string()), amount: money })),
  coupons: z.array(couponSchema),
  bill: billSchema,
});

const mallQuery = z.object({ mall: scope });

export const foodCourtCouponsActive = defineEndpoint({
  id: 'promotions.foodCourtActive',
  method: 'GET',
  path: '/api/promotion/foodcourt/coupons/active',
  service: 'main',
  access: 'cart',
  summary:
    "A food court's coupons (the mall's and its outlets'), usable or not on the caller's food-court cart, and which outlet each applied coupon discounts.",
  query: mallQuery,
  data: foodCourtCouponsSchema,
});

export const foodCourtCouponApply = defineEndpoint({
  id: 'promotions.foodCourtApply',
  method: 'POST',
  path: '/api/promotion/foodcourt/coupons/apply',
  service: 'main',
  access: 'cart',
  summary:
    "Apply a coupon to the food-court cart: a mall coupon discounts every outlet it allows (split by each outlet's share of the food); an outlet coupon discounts its outlet only and takes that outlet's place under the mall coupon. Refused with the reason when not usable now.",
  body: z.object({
    mall: scope,
    code: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
    /** Which outlet's coupon, when several outlets use the same code. */
    restaurant_id: z.optional(idInput),
  }),
  data: foodCourtCouponsSchema,
});

export const foodCourtCouponRemoveRest = defineEndpoint({
  id: 'promotions.foodCourtRemoveRest',
  method: 'POST',
  path: '/api/promotion/foodcourt/coupons/remove-rest',
  service: 'main',
  access: 'cart',
  summary:
    "Remove the coupon from one outlet ('rest' = restaurant) of the food-court cart: its own coupon is dropped and the mall coupon stops covering it; the other outlets keep their coupons.",
  body: z.object({ mall: scope, restaurant_id: idInput }),
  data: foodCourtCouponsSchema,
});

export const foodCourtCouponRemoveAll = defineEndpoint({
  id: 'promotions.foodCourtRemoveAll',
  method: 'POST',
  path: '/api/promotion/foodcourt/coupons/remove-all',
  service: 'main',
  access: 'cart',
  summary: 'Remove every coupon (mall and outlets) from the food-court cart.',
  body: z.object({ mall: scope }),
  data: foodCourtCouponsSchema,
});

/** The referral offer of a country: the friend's discount 'up to' an amount, and the referrer's reward. */
export const referralOfferSchema = z.object({
  country: z.enum(['MY', 'ID']),
  currency: currencyCode,
  /** The new user's first-order discount: percent of the food, up to `discount_up_to`. */
  discount_percent_bps: z.int(),
  discount_up_to: money,
  /** Cashback the referrer gets once the friend's first order completes. */
  referrer_reward: money,
});

const loyaltySettingsSchema = z.nullable(z.object({ min_order: money, percent_bps: z.int() }));

export const walletAmount = defineEndpoint({
  id: 'promotions.walletAmount',
  method: 'GET',
  path: '/api/v1/payment/wallet-amount',
  service: 'payment',
  access: 'none',
  summary:
    "The caller's cashback balance for a restaurant (nameid) or food court (mall slug), and the referral offer of the place's country. Guests and callers without a login get 0 with logged_in false (cashback needs a login, spec §6).",
  query: z.object({ scope }),
  data: z.object({
    scope: z.string(),
    logged_in: z.boolean(),
    balance: money,
    currency: currencyCode,
    loyalty: loyaltySettingsSchema,
    /** What a friend's referral code takes off a first order here ('up to'), for guests too. */
    referral_offer: referralOfferSchema,
  }),
});

export const foodCourtLoyaltyUpdate = defineEndpoint({
  id: 'promotions.foodCourtLoyaltyUpdate',
  method: 'POST',
  path: '/api/loyalty/foodcourt/update',
  service: 'main',
  access: 'cart',
  summary:
    "Apply (true) or unapply (false) the food court's cashback on the food-court cart: the bill then spends min(balance, total) as 'Loyalty cashback', and order create uses it unless use_loyalty says otherwise. Needs a login to apply.",
  body: z.object({ mall: scope, use_loyalty: z.boolean() }),
  data: z.object({
    mall: z.string(),
    use_loyalty: z.boolean(),
    balance: money,
    /** What the cart's bill spends now. */
    applied_amount: money,
    bill: billSchema,
  }),
});

export const cartLoyaltyUpdate = defineEndpoint({
  id: 'promotions.cartLoyaltyUpdate',
  method: 'POST',
  path: '/api/loyalty/cart/update',
  service: 'main',
  access: 'cart',
  summary:
    "Apply (true) or unapply (false) the place's cashback on the caller's cart of a restaurant (nameid) or food court (mall slug): the same switch as the food-court loyalty update. The cart's bill then spends min(balance, total) as 'Loyalty cashback', and order create uses it unless use_loyalty says otherwise; an order it covers whole needs no payment. Needs a login to apply.",
  body: z.object({ scope, use_loyalty: z.boolean() }),
  data: z.object({
    scope: z.string(),
    use_loyalty: z.boolean(),
    balance: money,
    /** What the cart's bill spends now. */
    applied_amount: money,
    bill: billSchema,
  }),
});

export const loyaltyEntrySchema = z.object({
  /** earn | spend | reverse | referral (a referral reward). */
  kind: z.string(),
  /** Signed minor units: credits positive, spending negative. */
  amount: money,
  order_id: z.nullable(z.int()),
  created_epoch: z.int(),
});

export const userLoyalty = defineEndpoint({
  id: 'promotions.userLoyalty',
  method: 'GET',
  path: '/api/user/loyalty',
  service: 'main',
  access: 'user',
  summary:
    "The caller's cashback per restaurant and food court: balance, totals earned and spent, the place's earning rule, and the latest history (optionally for one scope).",
  query: z.object({ scope: z.optional(scope) }),
  data: z.object({
    accounts: z.array(
      z.object({
        scope: z.string(),
        kind: z.enum(['restaurant', 'mall']),
        id: z.int(),
        /** Restaurant nameid or mall slug. */
        slug: z.string(),
        name: z.string(),
        currency: currencyCode,
        balance: money,
        earned: money,
        spent: money,
        loyalty: loyaltySettingsSchema,
        history: z.array(loyaltyEntrySchema),
      }),
    ),
  }),
});

export const earningSavingTotal = defineEndpoint({
  id: 'promotions.earningSavingTotal',
  method: 'GET',
  path: '/api/user/earning-saving-total',
  service: 'main',
  access: 'user',
  summary:
    "'Earning and saving total' (spec §7 Profile): cashback earned (orders and referral rewards) and money saved by coupons, referral discounts and cashback spent, per currency, over the caller's orders that were not cancelled.",
  data: z.object({
    totals: z.array(
      z.object({
        currency: currencyCode,
        earned_cashback: money,
        saved_coupons: money,
        saved_referral: money,
        saved_cashback: money,
        saved_total: money,
        earning_and_saving_total: money,
      }),
    ),
  }),
});

export const referrerCode = defineEndpoint({
  id: 'promotions.referrerCode',
  method: 'GET',
  path: '/api/referral/referrer-code',
  service: 'main',
  access: 'user',
  summary:
    "The caller's referral code (8 letters and digits without look-alikes), created on first ask. Needs a login.",
  data: z.object({ referrer_code: z.string(), offer: referralOfferSchema }),
});

export const referralApply = defineEndpoint({
  id: 'promotions.referralApply',
  method: 'POST',
  path: '/api/referral/referral',
  service: 'main',
  access: 'user',
  summary:
    "A new user applies a friend's code, once, before their first order; their own code is refused. The discount comes off their first order.",
  body: z.object({ referral_code: z.string().check(z.trim(), z.minLength(4), z.maxLength(20)) }),
  data: z.object({ status: z.string(), offer: referralOfferSchema }),
});

export const referralDetails = defineEndpoint({
  id: 'promotions.referralDetails',
  method: 'GET',
  path: '/api/referral/details',
  service: 'main',
  access: 'user',
  summary:
    "What a friend gets (a first-order discount 'up to' the country's amount), the caller's own referral (as a referee) and their standing as a referrer.",
  data: z.object({
    offer: referralOfferSchema,
    referee: z.object({
      /** none | applied | used | rewarded */
      status: z.string(),
      /** May the caller still apply a code (logged in, none applied, no order yet)? */
      can_apply: z.boolean(),
    }),
    referrer: z.object({
      referrer_code: z.nullable(z.string()),
      referred: z.int(),
      pending: z.int(),
      rewarded: z.int(),
      /** Cashback received for referrals, per currency (a referrer may have friends in both countries). */
      rewards_total: z.array(z.object({ currency: currencyCode, amount: money })),
    }),
  }),
});
