import type { FastifyInstance } from 'fastify';
import { auth as api } from '@santap/contract';
import { createCartToken, normalisePhone } from '@santap/domain';
import type { AppContext } from '../services/context';
import { withOtpFailureCap } from '../http/login-limits';
import { SESSION_COOKIE, clearDinerSession, keepDinerSession } from '../lib/cookies';
import { presentedCartToken, route, setCartCookie } from '../http/route';
import {
  createGuest,
  currentUser,
  devInboxMessages,
  linkAccount,
  registerUser,
  replaceGuest,
  rotateToken,
  signOut,
  unlinkAccount,
  verifyOtpLogin,
} from '../services/flows/accounts/auth';
import { identityAdaptersFor, identityProvidersFor } from '../services/adapters/identity/providers';
import type { IdentityProviders } from '../services/adapters/identity/provider';
import { otpSenderFor } from '../services/flows/accounts/otp-sender';
import { issueOtp, otpDelivery, otpPepperOf } from '../services/flows/accounts/otp';
import type { OtpSender } from '../services/flows/accounts/otp';

export interface AuthRouteOptions {
  /** The OTP sender; by default the configured one (`otpSenderFor`: dev inbox, real providers or none). */
  otpSender?: OtpSender;
  /**
   * Facebook / Google adapters; by default those the config has keys for, and for the others the
   * local fakes outside production (refuse-all in production).
   */
  identityProviders?: IdentityProviders;
  /** The network of the configured adapters; the platform fetch when omitted. */
  identityFetch?: typeof globalThis.fetch;
}

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext, options: AuthRouteOptions = {}) {
  const otp = {
    pepper: otpPepperOf(ctx),
    sender: options.otpSender ?? otpSenderFor(ctx, ctx.messaging),
  };
  const providers =
    options.identityProviders ??
    identityProvidersFor(
      ctx.config.env,
      identityAdaptersFor(ctx.config.identity, {
        now: ctx.now,
        log: ctx.log,
        ...(options.identityFetch ? { fetch: options.identityFetch } : {}),
      }),
    );

  // send_otp and resend_otp follow the same rules: a fresh code each time, after the cooldown.
  for (const endpoint of [api.sendOtp, api.resendOtp]) {
    route(app, ctx, endpoint, ({ body }, caller) =>
      issueOtp(ctx, otp, {
        phone: normalisePhone(body.phone, body.country ?? caller.country),
        channel: body.channel,
        ip: caller.ip,
        lang: caller.lang,
      }),
    );
  }
  // What the login page offers (none: login by phone is off here), and what became of a sent code.
  route(app, ctx, api.otpChannels, async () => ({ channels: [...otp.sender.channels] }));
  route(app, ctx, api.otpStatus, ({ query }) => otpDelivery(ctx, otp.pepper, query.token));
  route(app, ctx, api.verifyOtp, async ({ body }, caller, request, reply) => {
    const phone = normalisePhone(body.phone, body.country ?? caller.country);
    const session = await withOtpFailureCap(ctx, request, phone, () =>
      verifyOtpLogin(ctx, otp.pepper, {
        phone,
        otp: body.otp,
        // A browser's guest session is its cookie (the page never holds the token).
        guestToken: body.guest_token ?? request.cookies?.[SESSION_COOKIE],
        cartToken: presentedCartToken(request),
        lang: caller.lang,
      }),
    );
    return keepDinerSession(reply, session);
  });

  route(app, ctx, api.registerGuest, async (_input, _caller, _request, reply) =>
    keepDinerSession(reply, await createGuest(ctx)),
  );
  route(app, ctx, api.replaceGuest, ({ body }, caller) => replaceGuest(ctx, caller, body.guest_token));
  route(app, ctx, api.authTokenCustomer, (_input, caller) => currentUser(ctx, caller));
  route(app, ctx, api.generateToken, async (_input, caller, _request, reply) =>
    keepDinerSession(reply, await rotateToken(ctx, caller)),
  );
  // Signing out ends the browser's session cookies and gives it a new cart token: the old one named the diner's carts and orders.
  route(app, ctx, api.signOut, async (_input, caller, _request, reply) => {
    const result = await signOut(ctx, caller);
    clearDinerSession(reply);
    setCartCookie(reply, createCartToken());
    return result;
  });
  route(app, ctx, api.registerUser, ({ body }, caller) => registerUser(ctx, caller, body));
  route(app, ctx, api.linkAccount, ({ params, body }, caller) =>
    linkAccount(ctx, caller, providers, params.provider, body.token, body.nonce),
  );
  route(app, ctx, api.unlinkAccount, ({ params }, caller) => unlinkAccount(ctx, caller, params.provider));

  route(app, ctx, api.devInbox, ({ query }, caller) => devInboxMessages(ctx, caller, query.recipient));
}
