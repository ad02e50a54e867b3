import type { FastifyRequest } from 'fastify';
import { MESSAGE } from '@santap/domain';
import type { MessageKey } from '@santap/domain';
import type { AppContext } from '../services/context';
import { ApiFailure } from '../lib/errors';
import { ipSubject } from '../lib/limits';
import type { LimitName } from '../lib/limits';

/** The two failure counters of one kind of secret (a staff password, a kiosk secret). */
export interface SecretLimits {
  /** `<kind>` names the known-IP marker, e.g. `staff`. */
  kind: string;
  /** Failures of one account from one IP (/64): the tight one, with a doubling wait. */
  perAccountIp: LimitName;
  /** Failures of one account from every IP it was never used from: a distributed guess. */
  perAccount: LimitName;
  /** The refusals that count as a wrong secret. */
  failureKeys: readonly MessageKey[];
}

export const STAFF_LOGIN_LIMITS: SecretLimits = {
  kind: 'staff',
  perAccountIp: 'staffLoginFailuresPerAccountIp',
  perAccount: 'staffLoginFailuresPerAccount',
  failureKeys: [MESSAGE.forbidden],
};

export const KIOSK_AUTH_LIMITS: SecretLimits = {
  kind: 'kiosk',
  perAccountIp: 'kioskAuthFailuresPerIp',
  perAccount: 'kioskAuthFailuresPerDevice',
  failureKeys: [MESSAGE.kioskNotRegistered],
};

/**
 * Runs a secret check (`attempt`) behind its failure limits, before any slow hash is computed:
 *
 * - wrong secrets of one account from one IP: {@link PRODUCTION_LIMITS} allow 5 in 15 minutes, then
 *   every further try doubles the wait (capped at a day). An attacker at one address locks only that
 *   address out of that account;
 * - wrong secrets of one account from everywhere: 50 an hour, then the account takes secrets only from
 *   IPs it was used from successfully in the last 30 days (the manager's restaurant, the kiosk's
 *   shop). So a distributed guess stops, and the real manager still gets in from a known place — and
 *   from a new one once the hour of failures ends.
 *
 * A success marks the IP as known to the account. Only refusals named in `failureKeys` count.
 */
export async function withSecretLimits<T>(
  ctx: AppContext,
  request: FastifyRequest,
  limits: SecretLimits,
  account: string,
  attempt: () => Promise<T>,
): Promise<T> {
  const accountIp = `${account}|${ipSubject(request.ip)}`;
  await ctx.limits.guard(request, limits.perAccountIp, accountIp);
  const known = await ctx.limits.seen(request, 'knownIp', `${limits.kind}:${accountIp}`);
  if (!known) await ctx.limits.guard(request, limits.perAccount, account);
  let result: T;
  try {
    result = await attempt();
  } catch (error) {
    if (error instanceof ApiFailure && (limits.failureKeys as readonly string[]).includes(error.key)) {
      await ctx.limits.record(request, limits.perAccountIp, accountIp);
      await ctx.limits.record(request, limits.perAccount, account);
    }
    throw error;
  }
  if (!known) await ctx.limits.mark(request, `${limits.kind}:${accountIp}`);
  return result;
}

/** Staff login behind {@link STAFF_LOGIN_LIMITS} (the account is the username as typed, trimmed, lower-cased). */
export function withLoginLimits<T>(
  ctx: AppContext,
  request: FastifyRequest,
  username: string,
  attempt: () => Promise<T>,
): Promise<T> {
  return withSecretLimits(ctx, request, STAFF_LOGIN_LIMITS, username, attempt);
}

/**
 * An OTP check behind the phone's rolling failure cap: wrong codes of one phone count across every
 * code sent to it (a new code does not reset them), {@link PRODUCTION_LIMITS} `otpFailuresPerPhone`
 * (10 in 6 hours); past it the phone's codes are refused until the window ends, the right one too.
 * With 5 wrong tries per code on top, a guesser gets 10 tries in 10^6 per 6 hours, not 25 an hour.
 */
export async function withOtpFailureCap<T>(
  ctx: AppContext,
  request: FastifyRequest,
  phone: string,
  attempt: () => Promise<T>,
): Promise<T> {
  await ctx.limits.guard(request, 'otpFailuresPerPhone', phone);
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof ApiFailure && error.key === MESSAGE.incorrectOtp) {
      await ctx.limits.record(request, 'otpFailuresPerPhone', phone);
    }
    throw error;
  }
}
