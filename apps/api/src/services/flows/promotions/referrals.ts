/**
 * Referrals (spec §7 'referral coupons (referral, referrer-code, details)'). A user's code
 * is created on first ask; a new user applies a friend's code once, before their first order, never
 * their own; their first order then takes a discount of a percentage of the food 'up to' the country's
 * amount; when that order completes the referrer is credited cashback once.
 *
 * Choices (the spec shows neither amount): the offer is server data per country ({@link REFERRAL_OFFERS});
 * the referrer's reward is cashback at the place of the friend's first order (the same scope as that
 * order's cashback), so it is spent where the friendship started. A voided first order gives the
 * referral back to the friend for their next order.
 */
import { randomInt } from 'node:crypto';
import { and, count, eq, inArray, ne, notInArray } from 'drizzle-orm';
import { MESSAGE } from '@santap/domain';
import type { DbOrTx } from '../../../db/client';
import { orders, referralCodes, referrals } from '../../../db/schema';
import type { CallerUser } from '../../../lib/caller';
import { fail } from '../../../lib/errors';
import { VOIDED_STATUSES, moveCashback, scopeOfOrder } from './loyalty';

type OrderRow = typeof orders.$inferSelect;

export interface ReferralOffer {
  country: 'MY' | 'ID';
  currency: 'MYR' | 'IDR';
  /** The friend's first-order discount: a share of the food (bps) up to an amount (minor units). */
  discountPercentBps: number;
  discountUpTo: number;
  /** Cashback credited to the referrer once the friend's first order completes. */
  referrerReward: number;
}

/** The referral offer per country (server data): MY up to RM 10, ID up to Rp 25.000, both at 10%. */
export const REFERRAL_OFFERS: Readonly<Record<'MY' | 'ID', ReferralOffer>> = {
  MY: { country: 'MY', currency: 'MYR', discountPercentBps: 1000, discountUpTo: 1000, referrerReward: 500 },
  ID: {
    country: 'ID',
    currency: 'IDR',
    discountPercentBps: 1000,
    discountUpTo: 25_000,
    referrerReward: 10_000,
  },
};

export const offerForCurrency = (currency: string): ReferralOffer =>
  currency === 'IDR' ? REFERRAL_OFFERS.ID : REFERRAL_OFFERS.MY;

export function offerView(offer: ReferralOffer) {
  return {
    country: offer.country,
    currency: offer.currency,
    discount_percent_bps: offer.discountPercentBps,
    discount_up_to: offer.discountUpTo,
    referrer_reward: offer.referrerReward,
  };
}

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
export const REFERRAL_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;

export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++)
    code += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
  return code;
}

/** What a diner types is read leniently: case, spaces and dashes do not matter. */
export const normaliseReferralCode = (code: string) => code.replace(/[\s-]+/g, '').toUpperCase();

/** Loyalty, coupons with a per-user limit and referrals need a logged-in user (spec §6). */
export function activeUser(user: CallerUser | null): CallerUser {
  if (!user || user.status !== 'ACTIVE') return fail(MESSAGE.invalidToken);
  return user;
}

/** The user's referral code, created on first ask (a collision with another user's code retries). */
export async function referrerCodeOf(db: DbOrTx, userId: number): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const [existing] = await db.select().from(referralCodes).where(eq(referralCodes.userId, userId));
    if (existing) return existing.code;
    // The code is unique too: on the rare clash with another user's code nothing is inserted and
    // the next round draws again.
    await db.insert(referralCodes).values({ userId, code: newReferralCode() }).onConflictDoNothing();
  }
  return fail(MESSAGE.somethingWentWrong);
}

/** Orders of a user that still stand (not cancelled, declined or deleted). */
async function standingOrders(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), notInArray(orders.status, [...VOIDED_STATUSES])));
  return Number(row?.n ?? 0);
}

/** Applies a friend's code: once, before the first order, not one's own. */
export async function applyReferral(db: DbOrTx, userId: number, rawCode: string, now: Date) {
  const code = normaliseReferralCode(rawCode);
  const [owner] = await db.select().from(referralCodes).where(eq(referralCodes.code, code));
  if (!owner) return fail(MESSAGE.referralInvalid);
  if (owner.userId === userId) return fail(MESSAGE.referralOwnCode);
  const [already] = await db.select().from(referrals).where(eq(referrals.refereeUserId, userId));
  if (already) return fail(MESSAGE.referralAlreadyApplied);
  if ((await standingOrders(db, userId)) > 0) return fail(MESSAGE.referralAfterFirstOrder);
  const inserted = await db
    .insert(referrals)
    .values({ refereeUserId: userId, referrerUserId: owner.userId, status: 'applied', createdAt: now })
    .onConflictDoNothing()
    .returning({ id: referrals.id });
  if (inserted.length === 0) return fail(MESSAGE.referralAlreadyApplied);
  return { status: 'applied' };
}

/** The referral waiting for the user's first order, if any (`lock` for order create). */
export async function openReferral(db: DbOrTx, userId: number, lock = false) {
  const query = db
    .select()
    .from(referrals)
    .where(and(eq(referrals.refereeUserId, userId), eq(referrals.status, 'applied')))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The friend's discount on a food amount: the offer's percentage, up to its amount. */
export function referralDiscount(offer: ReferralOffer, food: number): number {
  return Math.max(
    0,
    Math.min(Math.floor((food * offer.discountPercentBps) / 10_000), offer.discountUpTo, food),
  );
}

/** The first order took the referral: it is used, and that order is the one whose completion rewards. */
export async function markReferralUsed(tx: DbOrTx, referralId: number, orderId: number) {
  await tx
    .update(referrals)
    .set({ status: 'used', refereeOrderId: orderId })
    .where(and(eq(referrals.id, referralId), eq(referrals.status, 'applied')));
}

/** Orders of the same checkout (the food-court order's outlet orders, or the order alone). */
async function checkoutOrderIds(db: DbOrTx, order: OrderRow): Promise<number[]> {
  if (order.fcOrderId === null) return [order.id];
  const rows = await db.select({ id: orders.id }).from(orders).where(eq(orders.fcOrderId, order.fcOrderId));
  return rows.map((row) => row.id);
}

/**
 * A voided first order: the referral passes to another outlet order of the same food-court checkout
 * that still stands, or else goes back to the friend for their next order.
 */
export async function restoreReferral(tx: DbOrTx, order: OrderRow) {
  if (order.userId === null) return;
  const [referral] = await tx
    .select()
    .from(referrals)
    .where(and(eq(referrals.refereeOrderId, order.id), eq(referrals.status, 'used')))
    .for('update');
  if (!referral) return;
  const [sibling] =
    order.fcOrderId === null
      ? []
      : await tx
          .select({ id: orders.id })
          .from(orders)
          .where(
            and(
              eq(orders.fcOrderId, order.fcOrderId),
              ne(orders.id, order.id),
              notInArray(orders.status, [...VOIDED_STATUSES]),
            ),
          )
          .limit(1);
  await tx
    .update(referrals)
    .set(sibling ? { refereeOrderId: sibling.id } : { status: 'applied', refereeOrderId: null })
    .where(eq(referrals.id, referral.id));
}

/** The friend's first order completed: the referrer gets the reward as cashback, once. */
export async function rewardReferrer(tx: DbOrTx, order: OrderRow, now: Date) {
  if (order.userId === null) return;
  const ids = await checkoutOrderIds(tx, order);
  const offer = offerForCurrency(order.currency);
  const [rewarded] = await tx
    .update(referrals)
    .set({ status: 'rewarded', rewardAmount: offer.referrerReward, rewardedAt: now })
    .where(
      and(
        eq(referrals.refereeUserId, order.userId),
        eq(referrals.status, 'used'),
        inArray(referrals.refereeOrderId, ids),
      ),
    )
    .returning({ referrerUserId: referrals.referrerUserId });
  if (!rewarded) return;
  await moveCashback(tx, {
    userId: rewarded.referrerUserId,
    scope: await scopeOfOrder(tx, order),
    orderId: order.id,
    kind: 'referral',
    amount: offer.referrerReward,
    now,
  });
}

/** What a friend gets, the caller's own referral as a referee, and their standing as a referrer. */
export async function referralDetails(db: DbOrTx, userId: number, country: 'MY' | 'ID') {
  const [[code], [mine], mineAsReferrer] = await Promise.all([
    db.select().from(referralCodes).where(eq(referralCodes.userId, userId)),
    db.select().from(referrals).where(eq(referrals.refereeUserId, userId)),
    db.select().from(referrals).where(eq(referrals.referrerUserId, userId)),
  ]);
  const canApply = !mine && (await standingOrders(db, userId)) === 0;
  // Rewards are cashback in the currency of the friend's first order.
  const rewardOrders = mineAsReferrer.filter((r) => r.status === 'rewarded' && r.refereeOrderId !== null);
  const currencies = rewardOrders.length
    ? await db
        .select({ id: orders.id, currency: orders.currency })
        .from(orders)
        .where(
          inArray(
            orders.id,
            rewardOrders.map((r) => r.refereeOrderId ?? 0),
          ),
        )
    : [];
  const totals = new Map<'MYR' | 'IDR', number>();
  for (const referral of rewardOrders) {
    const currency =
      currencies.find((o) => o.id === referral.refereeOrderId)?.currency === 'IDR' ? 'IDR' : 'MYR';
    totals.set(currency, (totals.get(currency) ?? 0) + (referral.rewardAmount ?? 0));
  }
  return {
    offer: offerView(REFERRAL_OFFERS[country]),
    referee: { status: mine?.status ?? 'none', can_apply: canApply },
    referrer: {
      referrer_code: code?.code ?? null,
      referred: mineAsReferrer.length,
      pending: mineAsReferrer.filter((r) => r.status !== 'rewarded').length,
      rewarded: mineAsReferrer.filter((r) => r.status === 'rewarded').length,
      rewards_total: [...totals.entries()].map(([currency, amount]) => ({ currency, amount })),
    },
  };
}
