import type { FastifyInstance } from 'fastify';
import { account as api } from '@santap/contract';
import { normalisePhone } from '@santap/domain';
import type { AppContext } from '../services/context';
import { withOtpFailureCap } from '../http/login-limits';
import { route } from '../http/route';
import {
  addressDistance,
  createAddress,
  deleteAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from '../services/flows/accounts/addresses';
import {
  addAllergy,
  allergyFilter,
  deleteAllergy,
  updateAllergy,
} from '../services/flows/accounts/allergies';
import { paymentHistory, userOrderDetails, userOrders } from '../services/products/history/history';
import { nutritionDaily } from '../services/flows/accounts/nutrition';
import {
  basicProfile,
  requestPhoneChange,
  updateUserDetails,
  userInfo,
  verifyPhoneChange,
} from '../services/flows/accounts/profile';
import { otpSenderFor } from '../services/flows/accounts/otp-sender';
import { otpPepperOf } from '../services/flows/accounts/otp';
import type { OtpSender } from '../services/flows/accounts/otp';

export interface AccountRouteOptions {
  /** The OTP sender of the phone change; by default the dev sender when the dev inbox is on, else none. */
  otpSender?: OtpSender;
}

/** The account calls of `@santap/contract` (`account` module). */
export function registerAccountRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  options: AccountRouteOptions = {},
) {
  const otp = {
    pepper: otpPepperOf(ctx),
    sender: options.otpSender ?? otpSenderFor(ctx, ctx.messaging),
  };

  route(app, ctx, api.basicProfile, (_input, caller) => basicProfile(ctx, caller));
  route(app, ctx, api.userInfo, (_input, caller) => userInfo(ctx, caller));
  route(app, ctx, api.updateUserDetails, ({ body }, caller) => updateUserDetails(ctx, caller, body));
  route(app, ctx, api.phoneChangeRequest, ({ body }, caller) =>
    requestPhoneChange(ctx, caller, otp, {
      phone: normalisePhone(body.phone, body.country ?? caller.country),
      channel: body.channel,
      lang: caller.lang,
    }),
  );
  route(app, ctx, api.phoneChangeVerify, ({ body }, caller, request) => {
    const phone = normalisePhone(body.phone, body.country ?? caller.country);
    return withOtpFailureCap(ctx, request, phone, () =>
      verifyPhoneChange(ctx, caller, otp.pepper, { phone, otp: body.otp }),
    );
  });

  route(app, ctx, api.addressesList, (_input, caller) => listAddresses(ctx, caller));
  route(app, ctx, api.addressCreate, ({ body }, caller) => createAddress(ctx, caller, body));
  route(app, ctx, api.addressUpdate, ({ params, body }, caller) =>
    updateAddress(ctx, caller, params.addressId, body),
  );
  route(app, ctx, api.addressDelete, ({ params }, caller) => deleteAddress(ctx, caller, params.addressId));
  route(app, ctx, api.addressSetDefault, ({ params }, caller) =>
    setDefaultAddress(ctx, caller, params.addressId),
  );
  route(app, ctx, api.addressDistance, ({ query }, caller) => addressDistance(ctx, caller, query));

  route(app, ctx, api.allergiesGet, (_input, caller) => allergyFilter(ctx, caller));
  route(app, ctx, api.allergyAdd, ({ body }, caller) => addAllergy(ctx, caller, body));
  route(app, ctx, api.allergyUpdate, ({ params, body }, caller) =>
    updateAllergy(ctx, caller, params.allergyId, body),
  );
  route(app, ctx, api.allergyDelete, ({ params }, caller) => deleteAllergy(ctx, caller, params.allergyId));

  route(app, ctx, api.userOrders, ({ query }, caller) => userOrders(ctx, caller, query));
  route(app, ctx, api.userOrderDetails, ({ params }, caller) =>
    userOrderDetails(ctx, caller, params.orderId),
  );
  route(app, ctx, api.paymentHistory, ({ query }, caller) => paymentHistory(ctx, caller, query));
  route(app, ctx, api.nutritionDaily, ({ query }, caller) => nutritionDaily(ctx, caller, query));
}
