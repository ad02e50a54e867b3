/**
 * One-time passwords for login by mobile or WhatsApp (spec §6, §7, §8; OWASP ASVS 5.0 §6.5.5, OWASP API
 * Top 10 API2/API6): a 6-digit code from a CSPRNG, stored only as a peppered HMAC, valid 5 minutes,
 * a 30-second resend cooldown, 5 wrong tries per code, and hourly send limits per phone and per IP
 * counted in `otp_challenges`, so every API instance on the database enforces the same limits.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { MESSAGE, OTP_LENGTH, otpSchema } from '@santap/domain';
import { createTranslator } from '@santap/i18n';
import type { Language, MessageKey } from '@santap/domain';
import type { DbOrTx } from '../../../db/client';
import { devInbox, otpChallenges } from '../../../db/schema';
import type { AppContext } from '../../context';
import { ApiFailure, fail } from '../../../lib/errors';
import { recordDelivery } from '../messaging/deliveries';

/** A code is valid this long (FACTS security norms: at most 10 minutes). */
export const OTP_TTL_SECONDS = 5 * 60;
/** A phone gets a new code at most this often (the spec leaves the countdown open, §9). */
export const OTP_RESEND_COOLDOWN_SECONDS = 30;
/** Wrong codes accepted per challenge; the next try, even with the right code, is refused. */
export const OTP_MAX_WRONG_TRIES = 5;
/** Codes sent to one phone per rolling hour. */
export const OTP_SENDS_PER_PHONE_PER_HOUR = 5;
/** Codes sent from one IP address per rolling hour (a café's shared Wi-Fi still fits). */
export const OTP_SENDS_PER_IP_PER_HOUR = 20;

const HOUR_MS = 60 * 60 * 1000;

export type OtpChannel = 'sms' | 'whatsapp';

/**
 * Delivers a code (README, Messaging): the dev sender keeps it in the dev inbox; the real senders
 * (`messaging/otp-sender.ts`) hand it to WhatsApp's authentication template or an SMS gateway and
 * store the attempt under `challengeId`. A refusal throws an `ApiFailure` in the diner's words.
 */
export interface OtpSender {
  send(phone: string, channel: OtpChannel, code: string, lang: Language, challengeId?: number): Promise<void>;
}

/** Development and tests: the message goes to `dev_inbox` (read through GET /api/dev/inbox) and the log. */
export function devOtpSender(ctx: AppContext): OtpSender {
  return {
    async send(phone, channel, code, lang, challengeId) {
      const body = createTranslator(lang)('message.otpSms', { code, minutes: OTP_TTL_SECONDS / 60 });
      const now = ctx.now();
      await ctx.db
        .insert(devInbox)
        .values({ channel, recipient: phone, subject: 'OTP', body, createdAt: now });
      await recordDelivery(
        ctx.db,
        {
          purpose: 'otp',
          channel,
          provider: 'dev',
          recipient: phone,
          ...(challengeId !== undefined ? { otpChallengeId: challengeId } : {}),
          status: 'sent',
        },
        now,
      );
      ctx.log.info({ phone, channel }, `dev OTP sender: ${body}`);
    },
  };
}

/** Production without a configured provider: refuse to pretend a code went out (and never log it). */
export function unconfiguredOtpSender(ctx: AppContext): OtpSender {
  return {
    async send(_phone, channel) {
      ctx.log.error({ channel }, 'no OTP provider is configured; set one up or enable the dev inbox');
      throw new ApiFailure(MESSAGE.somethingWentWrong, 503);
    },
  };
}

/**
 * HMAC-SHA256 of phone and code under a server pepper. Not scrypt: a 6-digit code has only 10^6
 * values, so no slow hash stops an offline guess from a leaked row; the pepper, kept out of the
 * database, does — and a fast HMAC gives attackers no CPU lever on the verify endpoint. The phone is
 * in the message so one code for two phones hashes differently.
 */
export function hashOtp(pepper: string, phone: string, code: string): string {
  return createHmac('sha256', pepper).update(`${phone}:${code}`).digest('hex');
}

/** Constant-time comparison of a typed code with a stored hash. */
export function otpMatches(pepper: string, phone: string, code: string, storedHash: string): boolean {
  const expected = Buffer.from(storedHash, 'hex');
  const actual = Buffer.from(hashOtp(pepper, phone, code), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A uniformly random code of {@link OTP_LENGTH} digits from the OS CSPRNG. */
export function newOtpCode(): string {
  return randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');
}

/** Used when no pepper is configured: fine for dev and tests, a warning in production. */
const DEV_OTP_PEPPER = 'santap-dev-otp-pepper';

/**
 * The OTP pepper: `config.otpPepper` (env OTP_PEPPER) when the server config carries one. It must
 * live outside the database, or a leaked table is a leaked set of codes.
 */
export function otpPepperOf(ctx: AppContext): string {
  const configured = ctx.config.otpPepper;
  if (configured) return configured;
  if (ctx.config.env === 'production')
    ctx.log.warn('OTP_PEPPER is not set: OTP hashes use the public development pepper');
  return DEV_OTP_PEPPER;
}

export interface OtpSettings {
  pepper: string;
  sender: OtpSender;
}

/** Serialises sends of one phone and of one IP across instances (both engines have advisory locks). */
async function lockKeys(tx: DbOrTx, keys: string[]) {
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/**
 * Sends a fresh code to a phone (send_otp and resend_otp alike: only hashes are kept, so an old code
 * cannot be sent again; the newest code supersedes earlier ones). Refused inside the cooldown
 * (429 with the seconds left) and beyond the hourly limits per phone and per IP (429).
 */
export async function issueOtp(
  ctx: AppContext,
  settings: OtpSettings,
  request: { phone: string; channel: OtpChannel; ip: string; lang: Language },
) {
  const { phone, channel, ip } = request;
  const code = newOtpCode();
  const challengeId = await ctx.db.transaction(async (tx) => {
    await lockKeys(tx, [`otp:phone:${phone}`, `otp:ip:${ip}`]);
    const now = ctx.now();
    const [latest] = await tx
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.phone, phone))
      .orderBy(desc(otpChallenges.id))
      .limit(1);
    // A code no provider took was never sent: the diner may try the other channel at once.
    if (latest && !latest.deliveryFailedAt) {
      const waitMs = latest.lastSentAt.getTime() + OTP_RESEND_COOLDOWN_SECONDS * 1000 - now.getTime();
      if (waitMs > 0) fail(MESSAGE.otpResendCooldown, { seconds: Math.ceil(waitMs / 1000) });
    }
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    const [byPhone] = await tx
      .select({ sends: count() })
      .from(otpChallenges)
      .where(and(eq(otpChallenges.phone, phone), gt(otpChallenges.createdAt, hourAgo)));
    const [byIp] = await tx
      .select({ sends: count() })
      .from(otpChallenges)
      .where(and(eq(otpChallenges.ip, ip), gt(otpChallenges.createdAt, hourAgo)));
    if (
      Number(byPhone?.sends ?? 0) >= OTP_SENDS_PER_PHONE_PER_HOUR ||
      Number(byIp?.sends ?? 0) >= OTP_SENDS_PER_IP_PER_HOUR
    ) {
      fail(MESSAGE.tooManyRequests);
    }
    const resentOf = latest && !latest.consumedAt && latest.createdAt > hourAgo ? latest : undefined;
    const [challenge] = await tx
      .insert(otpChallenges)
      .values({
        phone,
        channel,
        codeHash: hashOtp(settings.pepper, phone, code),
        ip,
        attempts: 0,
        sends: (resentOf?.sends ?? 0) + 1,
        lastSentAt: now,
        expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
        createdAt: now,
      })
      .returning({ id: otpChallenges.id });
    return challenge!.id;
  });
  // After commit: a failed delivery still counts against the limits, so a broken provider cannot be
  // used to send unlimited codes.
  try {
    await settings.sender.send(phone, channel, code, request.lang, challengeId);
  } catch (error) {
    await ctx.db
      .update(otpChallenges)
      .set({ deliveryFailedAt: ctx.now() })
      .where(eq(otpChallenges.id, challengeId));
    throw error;
  }
  return { phone, resend_after_seconds: OTP_RESEND_COOLDOWN_SECONDS, expires_in_seconds: OTP_TTL_SECONDS };
}

export type OtpCheck = { ok: true } | { ok: false; failure: ApiFailure };

const refused = (key: MessageKey, status: number): OtpCheck => ({
  ok: false,
  failure: new ApiFailure(key, status),
});

/**
 * Checks a code against the phone's newest challenge inside the caller's transaction, with the
 * challenge row locked. A wrong code is counted and reported as a result rather than thrown, so the
 * caller commits the count before refusing; the right code consumes the challenge.
 */
export async function checkOtp(
  ctx: AppContext,
  tx: DbOrTx,
  pepper: string,
  phone: string,
  typed: string,
): Promise<OtpCheck> {
  const parsed = otpSchema.safeParse(typed);
  if (!parsed.success) return refused(MESSAGE.otpInvalidFormat, 400);
  const now = ctx.now();
  const [challenge] = await tx
    .select()
    .from(otpChallenges)
    .where(eq(otpChallenges.phone, phone))
    .orderBy(desc(otpChallenges.id))
    .limit(1)
    .for('update');
  if (!challenge || challenge.consumedAt || challenge.expiresAt <= now)
    return refused(MESSAGE.otpExpired, 422);
  if (challenge.attempts >= OTP_MAX_WRONG_TRIES) return refused(MESSAGE.otpLocked, 429);
  if (!otpMatches(pepper, phone, parsed.data, challenge.codeHash)) {
    await tx
      .update(otpChallenges)
      .set({ attempts: sql`${otpChallenges.attempts} + 1` })
      .where(eq(otpChallenges.id, challenge.id));
    return refused(MESSAGE.incorrectOtp, 422);
  }
  await tx.update(otpChallenges).set({ consumedAt: now }).where(eq(otpChallenges.id, challenge.id));
  return { ok: true };
}
