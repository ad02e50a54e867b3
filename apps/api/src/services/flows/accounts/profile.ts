/**
 * The diner's profile (spec §7 Profile 'basic profile', '/api/user/info', 'update_user_details.php'):
 * read it, change name, email, gender and the date of birth (saved once, 18+), and change
 * the phone number after proving it with a one-time code sent to the new number.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { account } from '@santap/contract';
import { MESSAGE, nameSchema } from '@santap/domain';
import type { Language } from '@santap/domain';
import type { DbOrTx } from '../../../db/client';
import { users } from '../../../db/schema';
import type { AppContext } from '../../context';
import type { Caller } from '../../../lib/caller';
import { fail } from '../../../lib/errors';
import { dateOfBirthToKeep, loadUser, parseOptionalEmail, parseWith, registered, userView } from './auth';
import type { UserRow } from './auth';
import { checkOtp, issueOtp } from './otp';
import type { OtpChannel, OtpSettings } from './otp';
import { optOutOfUpdates } from '../messaging/order-updates';
import { isUniqueViolation } from '../../../lib/db-errors';

export function profileView(row: UserRow): account.Profile {
  return {
    ...userView(row),
    registered: row.status === 'ACTIVE',
    date_of_birth_set: row.dateOfBirth !== null,
    created_epoch: Math.floor(row.createdAt.getTime() / 1000),
    whatsapp_updates: row.whatsappUpdatesSince !== null,
  };
}

const callerId = (caller: Caller) => (caller.user ?? fail(MESSAGE.invalidToken)).id;

/** basic profile: what the profile home's header shows. */
export async function basicProfile(ctx: AppContext, caller: Caller) {
  const row = await loadUser(ctx.db, callerId(caller));
  return {
    user_id: row.id,
    status: row.status === 'ACTIVE' ? ('ACTIVE' as const) : ('GUEST' as const),
    registered: row.status === 'ACTIVE',
    name: row.name,
    phone: row.phone,
    date_of_birth_set: row.dateOfBirth !== null,
    is_corporate: row.isCorporate,
  };
}

/** /api/user/info: the whole profile. */
export async function userInfo(ctx: AppContext, caller: Caller) {
  return { user: profileView(await loadUser(ctx.db, callerId(caller))) };
}

export interface UserDetailsInput {
  name?: string | undefined;
  email?: string | undefined;
  gender?: 'male' | 'female' | undefined;
  date_of_birth?: string | undefined;
  whatsapp_updates?: boolean | undefined;
}

/**
 * update_user_details.php: each field given is checked with its `@santap/domain` rule (name 3+
 * characters, the email messages, 18+ on the calendar of the caller's country); an empty email removes
 * it; the date of birth may be saved once (the same value again is accepted, another one refused with
 * 'validation.dateOfBirthLocked'). Absent fields stay as they are.
 */
export async function updateUserDetails(ctx: AppContext, caller: Caller, input: UserDetailsInput) {
  const { id } = registered(caller);
  const name = input.name === undefined ? undefined : parseWith(nameSchema, input.name);
  const email = parseOptionalEmail(input.email);
  return ctx.db.transaction(async (tx) => {
    const user = await loadUser(tx, id, true);
    const dateOfBirth = dateOfBirthToKeep(user.dateOfBirth, input.date_of_birth, ctx.now(), caller.country);
    // Order updates: agreeing keeps the first agreement's time (and the language the diner uses);
    // stopping also drops what is queued and not sent.
    if (input.whatsapp_updates === false && user.whatsappUpdatesSince !== null)
      await optOutOfUpdates(ctx, tx, id);
    const changes = {
      ...(name !== undefined ? { name } : {}),
      ...(email !== undefined ? { email } : {}),
      ...(input.gender ? { gender: input.gender } : {}),
      ...(dateOfBirth !== user.dateOfBirth ? { dateOfBirth } : {}),
      ...(input.whatsapp_updates === true && user.whatsappUpdatesSince === null
        ? { whatsappUpdatesSince: ctx.now(), language: user.language ?? caller.lang }
        : {}),
    };
    if (Object.keys(changes).length === 0) return { user: profileView(await loadUser(tx, id)) };
    const [updated] = await tx.update(users).set(changes).where(eq(users.id, id)).returning();
    return { user: profileView(updated ?? user) };
  });
}

/** Refuses a new number that is the caller's own, or belongs to another diner. */
async function checkNewPhone(db: DbOrTx, userId: number, phone: string) {
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
  if (owner?.id === userId) fail(MESSAGE.phoneSameAsCurrent);
  if (owner) fail(MESSAGE.phoneInUse);
}

/** Phone change, step 1: a one-time code to the new number (login's limits apply to it too). */
export async function requestPhoneChange(
  ctx: AppContext,
  caller: Caller,
  otp: OtpSettings,
  request: { phone: string; channel: OtpChannel; lang: Language },
) {
  const { id } = registered(caller);
  await checkNewPhone(ctx.db, id, request.phone);
  return issueOtp(ctx, otp, { ...request, ip: caller.ip });
}

/**
 * Phone change, step 2: the code the new number received moves the number to the caller. A wrong
 * code's count is committed before the refusal. Two diners claiming one number: the advisory lock
 * serialises them here, and the unique index on `users.phone` refuses one that a login created
 * meanwhile.
 */
export async function verifyPhoneChange(
  ctx: AppContext,
  caller: Caller,
  pepper: string,
  input: { phone: string; otp: string },
) {
  const { id } = registered(caller);
  let outcome;
  try {
    outcome = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone:${input.phone}`}))`);
      await checkNewPhone(tx, id, input.phone);
      const check = await checkOtp(ctx, tx, pepper, input.phone, input.otp);
      if (!check.ok) return check;
      const [updated] = await tx
        .update(users)
        .set({ phone: input.phone })
        .where(and(eq(users.id, id), ne(users.status, 'GUEST')))
        .returning();
      return { ok: true as const, user: profileView(updated ?? fail(MESSAGE.forbidden)) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return fail(MESSAGE.phoneInUse);
    throw error;
  }
  if (!outcome.ok) throw outcome.failure;
  return { user: outcome.user };
}
