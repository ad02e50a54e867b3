import type { FastifyInstance } from 'fastify';
import { promotions as api } from '@santap/contract';
import { MESSAGE } from '@santap/domain';
import type { AppContext } from '../services/context';
import { fail } from '../lib/errors';
import { route } from '../http/route';
import { couponHistory } from '../services/flows/promotions/coupons';
import { earningSavingTotals } from '../services/flows/promotions/loyalty';
import {
  applyCartCoupon,
  changeFoodCourtCoupons,
  foodCourtCoupons,
  listCoupons,
  loyaltyOfCaller,
  removeCartCoupons,
  setCartLoyalty,
  setFoodCourtLoyalty,
  walletAmount,
} from '../services/flows/ordering/cart/promotions';
import {
  REFERRAL_OFFERS,
  activeUser,
  applyReferral,
  offerView,
  referralDetails,
  referrerCodeOf,
} from '../services/flows/promotions/referrals';

/** Coupons, cashback and referrals (spec §7 'Other', 'Payments', 'Profile'). */
export function registerPromotionRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, api.couponsList, ({ query }, caller) => listCoupons(ctx, caller, query.scope));
  route(app, ctx, api.couponHistory, (_input, caller) =>
    couponHistory(ctx.db, caller.user?.id ?? fail(MESSAGE.invalidToken), caller.lang),
  );

  route(app, ctx, api.foodCourtCouponsActive, ({ query }, caller) =>
    foodCourtCoupons(ctx, caller, query.mall),
  );
  route(app, ctx, api.foodCourtCouponApply, ({ body }, caller) =>
    changeFoodCourtCoupons(ctx, caller, body.mall, (tx, cart, target) =>
      applyCartCoupon(ctx, tx, caller, cart, target, body.code, body.restaurant_id),
    ),
  );
  route(app, ctx, api.foodCourtCouponRemoveRest, ({ body }, caller) =>
    changeFoodCourtCoupons(ctx, caller, body.mall, (tx, cart, target) =>
      removeCartCoupons(tx, cart, target, body.restaurant_id),
    ),
  );
  route(app, ctx, api.foodCourtCouponRemoveAll, ({ body }, caller) =>
    changeFoodCourtCoupons(ctx, caller, body.mall, (tx, cart, target) => removeCartCoupons(tx, cart, target)),
  );

  route(app, ctx, api.walletAmount, ({ query }, caller) => walletAmount(ctx, caller, query.scope));
  route(app, ctx, api.cartLoyaltyUpdate, ({ body }, caller) =>
    setCartLoyalty(ctx, caller, body.scope, body.use_loyalty),
  );
  route(app, ctx, api.foodCourtLoyaltyUpdate, ({ body }, caller) =>
    setFoodCourtLoyalty(ctx, caller, body.mall, body.use_loyalty),
  );
  route(app, ctx, api.userLoyalty, ({ query }, caller) => loyaltyOfCaller(ctx, caller, query.scope));
  route(app, ctx, api.earningSavingTotal, (_input, caller) =>
    earningSavingTotals(ctx.db, activeUser(caller.user).id),
  );

  route(app, ctx, api.referrerCode, async (_input, caller) => ({
    referrer_code: await referrerCodeOf(ctx.db, activeUser(caller.user).id),
    offer: offerView(REFERRAL_OFFERS[caller.country]),
  }));
  route(app, ctx, api.referralApply, async ({ body }, caller) => ({
    ...(await applyReferral(ctx.db, activeUser(caller.user).id, body.referral_code, ctx.now())),
    offer: offerView(REFERRAL_OFFERS[caller.country]),
  }));
  route(app, ctx, api.referralDetails, (_input, caller) =>
    referralDetails(ctx.db, activeUser(caller.user).id, caller.country),
  );
}
