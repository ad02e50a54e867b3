/**
 * One-time passwords for login by mobile or WhatsApp (spec §6, §7, §8; OWASP ASVS 5.0 §6.5.5, OWASP API
 * Top 10 API2/API6): a 6-digit code from a CSPRNG, stored only as a peppered HMAC, valid 5 minutes,
 * a 30-second resend cooldown, 5 wrong tries per code, and hourly send limits per phone and per IP
 * counted in `otp_challenges`, so every API instance on the database enforces the same limits. A code
 * that never reached the phone does not count against the phone's limit; a WhatsApp code its provider
 * later reports undelivered is sent again by SMS where SMS is configured ({@link resendBySmsAfterWhatsappFailed}),
 * and the login page reads what became of its code with the send reply's status token ({@link otpDelivery}).
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { MESSAGE, OTP_LENGTH, otpSchema } from '@santap/domain';
import { createTranslator, isSupportedLanguage } from '@santap/i18n';
import type { Language, MessageKey } from '@santap/domain';
import type { DbOrTx } from '../../../db/client';
import { devInbox, otpChallenges } from '../../../db/schema';
import type { AppContext } from '../../context';
import { ApiFailure, fail, notFound } from '../../../lib/errors';
import { otpDeliveries, recordDelivery } from '../messaging/deliveries';

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
 * Delivers a code (apps/api docs, Messaging and OTP): the dev sender keeps it in the dev inbox; the
 * real senders (`otp-sender.ts`) hand it to WhatsApp's authentication template or an SMS gateway and
 * store the attempt under `challengeId`. A refusal throws an `ApiFailure` in the diner's words.
 */
export interface OtpSender {
  /** The channels it delivers by (the login page offers only these); none: login by phone is off. */
  readonly channels: readonly OtpChannel[];
  send(phone: string, channel: OtpChannel, code: string, lang: Language, challengeId?: number): Promise<void>;
}

/** Hands a code to the sender, counting the send by channel and result (ctx.metrics: OTP sends). */
async function sendCounted(ctx: AppContext, sender: OtpSender, args: Parameters<OtpSender['send']>) {
  try {
    await sender.send(...args);
    ctx.metrics.otpSend(args[1], 'sent');
  } catch (error) {
    ctx.metrics.otpSend(args[1], 'failed');
    throw error;
  }
}

/** Development and tests: the message goes to `dev_inbox` (read through GET /api/dev/inbox) and the log. */
export function devOtpSender(ctx: AppContext): OtpSender {
  return {
    channels: ['whatsapp', 'sms'],
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

/**
 * No sender (`OTP_SENDERS=none`, which production must say out loud): login by mobile number is off,
 * and every send is refused with words that say so in the diner's language (the start-up log says it
 * once for the operator).
 */
export const noOtpSender: OtpSender = {
  channels: [],
  async send() {
    throw new ApiFailure(MESSAGE.otpLoginOff, 503);
  },
};

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

/**
 * The token a send reply carries for reading its code's delivery ({@link otpDelivery}): the challenge
 * id and an HMAC of it and the phone under the pepper, so it names one challenge and cannot be altered
 * into another's.
 */
export function otpStatusToken(pepper: string, challengeId: number, phone: string): string {
  const mac = createHmac('sha256', pepper).update(`otp-status:${challengeId}:${phone}`).digest('base64url');
  return `${challengeId}.${mac.slice(0, 22)}`;
}

/** The refusal for a channel this server does not deliver by: the other one is offered. */
function channelNotOffered(channel: OtpChannel): never {
  throw channel === 'whatsapp'
    ? new ApiFailure(MESSAGE.otpWhatsappFailed, 422)
    : new ApiFailure(MESSAGE.otpSmsNotOffered, 422);
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
  // Refused before anything is counted: login off, or a channel this server has no sender for.
  if (settings.sender.channels.length === 0) throw new ApiFailure(MESSAGE.otpLoginOff, 503);
  if (!settings.sender.channels.includes(channel)) channelNotOffered(channel);
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
    // The phone's limit protects its owner from a flood of codes: one that never reached the phone
    // (the provider refused it, or reported it undelivered) is not counted. The IP's counts every try.
    const [byPhone] = await tx
      .select({ sends: count() })
      .from(otpChallenges)
      .where(
        and(
          eq(otpChallenges.phone, phone),
          gt(otpChallenges.createdAt, hourAgo),
          isNull(otpChallenges.deliveryFailedAt),
        ),
      );
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
        language: request.lang,
        createdAt: now,
      })
      .returning({ id: otpChallenges.id });
    return challenge!.id;
  });
  // After commit: a failed delivery is marked, so the diner may try the other channel at once and the
  // phone's limit does not count it (the IP's still does, so a broken provider is not a free loop).
  try {
    await sendCounted(ctx, settings.sender, [phone, channel, code, request.lang, challengeId]);
  } catch (error) {
    await ctx.db
      .update(otpChallenges)
      .set({ deliveryFailedAt: ctx.now() })
      .where(eq(otpChallenges.id, challengeId));
    throw error;
  }
  return {
    phone,
    resend_after_seconds: OTP_RESEND_COOLDOWN_SECONDS,
    expires_in_seconds: OTP_TTL_SECONDS,
    status_token: otpStatusToken(settings.pepper, challengeId, phone),
  };
}

const STATUS_TOKEN = /^(\d{1,9})\.([\w-]{22})$/;

/**
 * What became of a sent code, by its status token: the channel it travels by now, its newest
 * delivery's status (`sent` until the provider says more), and whether WhatsApp failed and the
 * server sent it by SMS. An unknown or altered token is 404, as is a challenge of another phone.
 */
export async function otpDelivery(ctx: AppContext, pepper: string, token: string) {
  const match = STATUS_TOKEN.exec(token);
  if (!match) return notFound();
  const challengeId = Number(match[1]);
  const [challenge] = await ctx.db
    .select({
      phone: otpChallenges.phone,
      channel: otpChallenges.channel,
      failedAt: otpChallenges.deliveryFailedAt,
    })
    .from(otpChallenges)
    .where(eq(otpChallenges.id, challengeId));
  const expected = challenge ? Buffer.from(otpStatusToken(pepper, challengeId, challenge.phone)) : undefined;
  const given = Buffer.from(token);
  if (!challenge || !expected || expected.length !== given.length || !timingSafeEqual(expected, given))
    return notFound();
  const channel: OtpChannel = challenge.channel === 'whatsapp' ? 'whatsapp' : 'sms';
  const deliveries = await otpDeliveries(ctx.db, challengeId);
  const current = deliveries.filter((delivery) => delivery.channel === channel).at(-1);
  const status: 'sent' | 'delivered' | 'read' | 'failed' =
    challenge.failedAt || current?.status === 'failed'
      ? 'failed'
      : current?.status === 'delivered'
        ? 'delivered'
        : current?.status === 'read'
          ? 'read'
          : 'sent';
  return {
    channel,
    status,
    switched_to_sms:
      channel === 'sms' &&
      deliveries.some((delivery) => delivery.channel === 'whatsapp' && delivery.status === 'failed'),
  };
}

/**
 * A WhatsApp code its provider reported undelivered (the webhook's `failed`: not on WhatsApp, 131026…)
 * goes again by SMS, where this server sends SMS: a new code on the same challenge (the WhatsApp one,
 * never received, stops working), a fresh validity and cooldown, in the language of the send. Only
 * for the phone's newest code, unused and unexpired, once (the challenge is then an SMS one). The
 * login page learns it from {@link otpDelivery}. Answers whether it was sent; never throws for a
 * provider's refusal (the webhook that called it must still be answered).
 */
export async function resendBySmsAfterWhatsappFailed(
  ctx: AppContext,
  settings: OtpSettings,
  challengeId: number,
): Promise<boolean> {
  if (!settings.sender.channels.includes('sms')) return false;
  const [row] = await ctx.db
    .select({ phone: otpChallenges.phone })
    .from(otpChallenges)
    .where(eq(otpChallenges.id, challengeId));
  if (!row) return false;
  const code = newOtpCode();
  const switched = await ctx.db.transaction(async (tx) => {
    // The lock of a send to this phone: a resend the diner asked for meanwhile is serialised with this.
    await lockKeys(tx, [`otp:phone:${row.phone}`]);
    const now = ctx.now();
    const [newest] = await tx
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.phone, row.phone))
      .orderBy(desc(otpChallenges.id))
      .limit(1)
      .for('update');
    if (
      !newest ||
      newest.id !== challengeId ||
      newest.channel !== 'whatsapp' ||
      newest.consumedAt ||
      newest.expiresAt <= now
    )
      return undefined;
    await tx
      .update(otpChallenges)
      .set({
        channel: 'sms',
        codeHash: hashOtp(settings.pepper, newest.phone, code),
        sends: newest.sends + 1,
        lastSentAt: now,
        expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
        deliveryFailedAt: null,
      })
      .where(eq(otpChallenges.id, challengeId));
    return newest;
  });
  if (!switched) return false;
  const lang: Language = isSupportedLanguage(switched.language) ? switched.language : 'en';
  try {
    await sendCounted(ctx, settings.sender, [switched.phone, 'sms', code, lang, challengeId]);
    return true;
  } catch (error) {
    await ctx.db
      .update(otpChallenges)
      .set({ deliveryFailedAt: ctx.now() })
      .where(eq(otpChallenges.id, challengeId));
    ctx.log.warn(
      { challengeId, err: error instanceof ApiFailure ? error.key : error },
      'OTP by SMS after WhatsApp failed: refused too',
    );
    return false;
  }
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
