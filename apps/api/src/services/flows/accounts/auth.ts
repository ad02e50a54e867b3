/**
 * Diner accounts and sessions (spec §3 profile, §6 roles, §7 auth calls): OTP login, guest sessions and
 * their hand-over to a real user, token rotation and sign-out, registration (18+ or a corporate
 * entity, date of birth saved once), and Facebook / Google links.
 */
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { User } from '@santap/contract';
import { MESSAGE, dateOfBirthSchema, emailSchema, nameSchema, normalisePhone } from '@santap/domain';
import type { Language, MessageKey } from '@santap/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { authTokens, devInbox, users } from '../../../db/schema';
import type { AppContext } from '../../context';
import type { Caller, CallerUser } from '../../../lib/caller';
import { fail } from '../../../lib/errors';
import type { IdentityProviderName, IdentityProviders } from '../../adapters/identity/provider';
import { bringGuestPastAlong } from './guest-merge';
import type { GuestPast } from './guest-merge';
import { checkOtp } from './otp';
import { newToken } from './tokens';

/** A diner's auth token (guest or registered) lives this long unless rotated or signed out. */
export const AUTH_TOKEN_TTL_DAYS = 30;

export type UserRow = typeof users.$inferSelect;

/** Birthdays start at local midnight in the caller's country (Indonesia: Western Indonesia Time). */
export const BIRTHDAY_ZONE: Readonly<Record<'MY' | 'ID', string>> = {
  MY: 'Asia/Kuala_Lumpur',
  ID: 'Asia/Jakarta',
};

export function userView(row: UserRow): User {
  const linked = row.linkedAccounts;
  return {
    user_id: row.id,
    status: row.status === 'ACTIVE' ? 'ACTIVE' : 'GUEST',
    phone: row.phone,
    name: row.name,
    email: row.email,
    date_of_birth: row.dateOfBirth,
    gender: row.gender === 'male' || row.gender === 'female' ? row.gender : null,
    is_corporate: row.isCorporate,
    linked: { facebook: Boolean(linked.facebook), google: Boolean(linked.google) },
  };
}

export async function loadUser(db: DbOrTx, userId: number, lock = false): Promise<UserRow> {
  const query = db.select().from(users).where(eq(users.id, userId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? fail(MESSAGE.invalidToken);
}

/** A new auth token for a user (only its hash is stored) and the session the client keeps. */
async function issueSession(ctx: AppContext, db: DbOrTx, user: UserRow) {
  const now = ctx.now();
  const { token, hash } = newToken();
  const expiresAt = new Date(now.getTime() + AUTH_TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000);
  await db.insert(authTokens).values({ tokenHash: hash, userId: user.id, expiresAt, createdAt: now });
  return { token, expires_epoch: Math.floor(expiresAt.getTime() / 1000), user: userView(user) };
}

/** The caller must be a registered (OTP-verified) diner: guests have no profile to change. */
export function registered(caller: Caller): CallerUser {
  const user = caller.user ?? fail(MESSAGE.invalidToken);
  if (user.status !== 'ACTIVE') fail(MESSAGE.forbidden);
  return user;
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) return fail((result.error.issues[0]?.message ?? MESSAGE.invalidInput) as MessageKey);
  return result.data;
}

export async function createGuest(ctx: AppContext) {
  return ctx.db.transaction(async (tx) => {
    const [guest] = await tx.insert(users).values({ status: 'GUEST', createdAt: ctx.now() }).returning();
    return issueSession(ctx, tx, guest ?? fail(MESSAGE.somethingWentWrong));
  });
}

export async function currentUser(ctx: AppContext, caller: Caller) {
  return { user: userView(await loadUser(ctx.db, (caller.user ?? fail(MESSAGE.invalidToken)).id)) };
}

/** A fresh token for the same user; the presented one is revoked in the same transaction. */
export async function rotateToken(ctx: AppContext, caller: Caller) {
  const current = caller.user ?? fail(MESSAGE.invalidToken);
  return ctx.db.transaction(async (tx) => {
    const revoked = await tx
      .update(authTokens)
      .set({ revokedAt: ctx.now() })
      .where(and(eq(authTokens.tokenHash, current.tokenHash), isNull(authTokens.revokedAt)))
      .returning({ userId: authTokens.userId });
    // Two concurrent rotations of one token: only the first gets a new one.
    if (revoked.length === 0) fail(MESSAGE.invalidToken);
    return issueSession(ctx, tx, await loadUser(tx, current.id));
  });
}

export async function signOut(ctx: AppContext, caller: Caller) {
  const current = caller.user ?? fail(MESSAGE.invalidToken);
  await ctx.db
    .update(authTokens)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(authTokens.tokenHash, current.tokenHash), isNull(authTokens.revokedAt)));
  return {};
}

/** replace/guest: a registered diner takes over a guest session (spec §6). */
export async function replaceGuest(ctx: AppContext, caller: Caller, guestToken: string) {
  const user = registered(caller);
  return ctx.db.transaction(async (tx) => {
    const moved = (await bringGuestPastAlong(ctx, tx, user.id, { guestToken })) ?? fail(MESSAGE.forbidden);
    return { moved_orders: moved.moved_orders, moved_carts: moved.moved_carts };
  });
}

/**
 * verify_otp: checks the code, then finds or creates the ACTIVE user of the phone, brings the browser's
 * guest past along (a valid guest session, the cart token's rows of no user: guest-merge.ts) and opens
 * a session — all in one transaction. A wrong code's count is committed
 * before the refusal is thrown. An invalid guest token is ignored: a stale guest must still log in.
 */
export async function verifyOtpLogin(
  ctx: AppContext,
  pepper: string,
  input: { phone: string; otp: string; lang: Language } & GuestPast,
) {
  const outcome = await ctx.db.transaction(async (tx) => {
    const check = await checkOtp(ctx, tx, pepper, input.phone, input.otp);
    if (!check.ok) return check;
    let [user] = await tx.select().from(users).where(eq(users.phone, input.phone)).limit(1);
    let isNewUser = false;
    if (!user) {
      [user] = await tx
        .insert(users)
        .values({ phone: input.phone, status: 'ACTIVE', language: input.lang, createdAt: ctx.now() })
        .returning();
      isNewUser = true;
    } else if (user.status !== 'ACTIVE') {
      [user] = await tx.update(users).set({ status: 'ACTIVE' }).where(eq(users.id, user.id)).returning();
    }
    if (!user) return fail(MESSAGE.somethingWentWrong);
    await bringGuestPastAlong(ctx, tx, user.id, input);
    return { ok: true as const, session: { ...(await issueSession(ctx, tx, user)), is_new_user: isNewUser } };
  });
  if (!outcome.ok) throw outcome.failure;
  return outcome.session;
}

/** An email as typed: absent stays absent (undefined), blank removes it (null), else the domain rule. */
export function parseOptionalEmail(email: string | undefined): string | null | undefined {
  if (email === undefined) return undefined;
  return email.trim() === '' ? null : parseWith(emailSchema, email);
}

/**
 * The date of birth to keep (spec §1, §5): saved once, 18+ on the calendar of the caller's country.
 * Nothing typed keeps the stored one; the stored value typed again is accepted; another is refused.
 */
export function dateOfBirthToKeep(
  stored: string | null,
  typed: string | undefined,
  now: Date,
  country: Caller['country'],
): string | null {
  const text = typed?.trim() || undefined;
  if (text === undefined) return stored;
  if (stored !== null && stored !== text) fail(MESSAGE.dateOfBirthLocked);
  return parseWith(dateOfBirthSchema(now, BIRTHDAY_ZONE[country]), text);
}

export interface RegistrationInput {
  name: string;
  email?: string | undefined;
  date_of_birth?: string | undefined;
  gender?: 'male' | 'female' | undefined;
  is_corporate?: boolean | undefined;
}

/**
 * register_user.php (spec §1, §5): name (3+ characters), email, gender, and either a date of birth of
 * someone 18 or older or `is_corporate`. The date of birth is saved once: sending the same value again
 * is fine, another value is refused. Absent fields stay as they are; an empty email removes it.
 */
export async function registerUser(ctx: AppContext, caller: Caller, input: RegistrationInput) {
  const { id } = registered(caller);
  const now = ctx.now();
  const name = parseWith(nameSchema, input.name);
  const email = parseOptionalEmail(input.email);
  return ctx.db.transaction(async (tx) => {
    const user = await loadUser(tx, id, true);
    const dateOfBirth = dateOfBirthToKeep(user.dateOfBirth, input.date_of_birth, now, caller.country);
    const isCorporate = input.is_corporate ?? user.isCorporate;
    if (!isCorporate && dateOfBirth === null) fail(MESSAGE.adultOrCorporate);
    const [updated] = await tx
      .update(users)
      .set({
        name,
        ...(email !== undefined ? { email } : {}),
        dateOfBirth,
        ...(input.gender ? { gender: input.gender } : {}),
        isCorporate,
      })
      .where(eq(users.id, id))
      .returning();
    return { user: userView(updated ?? user) };
  });
}

/**
 * Links a Facebook or Google account after the provider adapter verified the token (for Google, also
 * that it was issued for the `nonce` the diner sent with it). One provider subject belongs to one
 * Santap user: another user's subject is refused (403). Linking again replaces the user's earlier
 * account of that provider. The advisory lock serialises two users racing for one subject.
 */
export async function linkAccount(
  ctx: AppContext,
  caller: Caller,
  providers: IdentityProviders,
  provider: IdentityProviderName,
  providerToken: string,
  nonce?: string,
) {
  const { id } = registered(caller);
  const identity = await providers[provider].verify(providerToken, { nonce });
  if (!identity) return fail(MESSAGE.verificationFailed);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`link:${provider}:${identity.subject}`}))`);
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`${users.linkedAccounts} ->> ${provider} = ${identity.subject}`, ne(users.id, id)))
      .limit(1);
    if (taken) fail(MESSAGE.forbidden);
    const user = await loadUser(tx, id, true);
    const [updated] = await tx
      .update(users)
      .set({ linkedAccounts: { ...user.linkedAccounts, [provider]: identity.subject } })
      .where(eq(users.id, id))
      .returning();
    return { user: userView(updated ?? user) };
  });
}

/** Unlinks a provider; unlinking one that is not linked changes nothing. */
export async function unlinkAccount(ctx: AppContext, caller: Caller, provider: IdentityProviderName) {
  const { id } = registered(caller);
  return ctx.db.transaction(async (tx) => {
    const user = await loadUser(tx, id, true);
    const linkedAccounts = Object.fromEntries(
      Object.entries(user.linkedAccounts).filter(([name]) => name !== provider),
    );
    const [updated] = await tx.update(users).set({ linkedAccounts }).where(eq(users.id, id)).returning();
    return { user: userView(updated ?? user) };
  });
}

/** The dev inbox (OTP messages and mails); 404 unless the server runs with the dev inbox on. */
export async function devInboxMessages(ctx: AppContext, caller: Caller, recipient: string | undefined) {
  if (!ctx.config.devInbox) return fail(MESSAGE.notFound);
  let wanted = recipient?.trim();
  if (wanted) {
    try {
      wanted = normalisePhone(wanted, caller.country);
    } catch {
      // Not a phone: an email recipient, matched as given.
    }
  }
  const rows = await ctx.db
    .select()
    .from(devInbox)
    .where(wanted ? eq(devInbox.recipient, wanted) : undefined)
    .orderBy(desc(devInbox.id))
    .limit(50);
  return {
    messages: rows.map((row) => ({
      id: row.id,
      channel: row.channel,
      recipient: row.recipient,
      subject: row.subject,
      body: row.body,
      created_epoch: Math.floor(row.createdAt.getTime() / 1000),
    })),
  };
}
