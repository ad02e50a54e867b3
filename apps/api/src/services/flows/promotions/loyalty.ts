/**
 * Loyalty cashback (spec §3 'loyalty cashback', §4 'Amount 0: loyalty cashback
 * completion', §6 'login is needed to earn or apply loyalty cashback'). A balance per user per
 * restaurant ('restaurant:1001') or food court ('mall:1'), with a ledger of every movement: an order
 * earns once and spends once (unique order + kind), a cancelled order's spending comes back once.
 *
 * Choices (the spec leaves them open): cashback is earned on what the diner paid for the order
 * (total after discounts and cashback, less refunds of its own money: a refunded duplicate capture does
 * not count) at the place's percentage, when the food subtotal
 * reaches the place's minimum order (a food-court order: the food of all its outlet orders); an order
 * placed on a food-court cart earns and spends the food court's cashback, one placed on an outlet's own
 * page the outlet's.
 */
import { and, desc, eq, inArray, like, sql } from 'drizzle-orm';
import { ORDER_STATUS } from '@santap/domain';
import type { Language } from '@santap/domain';
import type { DbOrTx } from '../../../db/client';
import {
  loyaltyAccounts,
  loyaltyLedger,
  malls,
  orders,
  refunds,
  restaurants,
  users,
} from '../../../db/schema';
import type { Translated } from '../../../db/schema';
import { restaurantSettingsSchema } from '../../../db/settings';

export type LoyaltySettings = { minOrder: number; percentBps: number };
type OrderRow = typeof orders.$inferSelect;

/** Statuses in which an order no longer stands (its money is given back, it counts for nothing). */
export const VOIDED_STATUSES: readonly number[] = [
  ORDER_STATUS.CANCELLED,
  ORDER_STATUS.DECLINED,
  ORDER_STATUS.DELETED,
];

/** `settings.loyalty` of a restaurant or mall, or null when it gives no cashback. */
export function loyaltySettingsOf(
  settings: Record<string, unknown> | null | undefined,
): LoyaltySettings | null {
  const parsed = restaurantSettingsSchema.shape.loyalty.safeParse(settings?.loyalty);
  return parsed.success && parsed.data && parsed.data.percentBps > 0 ? parsed.data : null;
}

export const restaurantScope = (restaurantId: number) => `restaurant:${restaurantId}`;
export const mallScope = (mallId: number) => `mall:${mallId}`;

/** The cashback scope of an order: its food court's when placed on a food-court cart, else its restaurant's. */
export async function scopeOfOrder(db: DbOrTx, order: Pick<OrderRow, 'restaurantId' | 'fcOrderId'>) {
  if (order.fcOrderId === null) return restaurantScope(order.restaurantId);
  const [row] = await db
    .select({ mallId: restaurants.mallId })
    .from(restaurants)
    .where(eq(restaurants.id, order.restaurantId));
  return row?.mallId != null ? mallScope(row.mallId) : restaurantScope(order.restaurantId);
}

export async function isActiveUser(db: DbOrTx, userId: number | null): Promise<boolean> {
  if (userId === null) return false;
  const [row] = await db.select({ status: users.status }).from(users).where(eq(users.id, userId));
  return row?.status === 'ACTIVE';
}

/** The user's account for a scope, created at 0 on first use; `lock` takes its row lock. */
export async function accountFor(db: DbOrTx, userId: number, scope: string, lock = false) {
  await db.insert(loyaltyAccounts).values({ userId, scope }).onConflictDoNothing();
  const query = db
    .select()
    .from(loyaltyAccounts)
    .where(and(eq(loyaltyAccounts.userId, userId), eq(loyaltyAccounts.scope, scope)))
    .limit(1);
  const [account] = lock ? await query.for('update') : await query;
  if (!account) throw new Error(`loyalty account ${userId}/${scope} missing after insert`);
  return account;
}

export async function balanceOf(db: DbOrTx, userId: number, scope: string): Promise<number> {
  const [row] = await db
    .select({ balance: loyaltyAccounts.balance })
    .from(loyaltyAccounts)
    .where(and(eq(loyaltyAccounts.userId, userId), eq(loyaltyAccounts.scope, scope)));
  return row?.balance ?? 0;
}

/**
 * Moves cashback once per (order, kind): a ledger row and the account's balance and totals together.
 * Returns false when that order already moved that kind (a repeat changes nothing).
 */
export async function moveCashback(
  tx: DbOrTx,
  input: {
    userId: number;
    scope: string;
    orderId: number;
    kind: 'earn' | 'spend' | 'reverse' | 'referral';
    amount: number;
    now: Date;
  },
): Promise<boolean> {
  if (input.amount === 0) return false;
  const account = await accountFor(tx, input.userId, input.scope, true);
  const inserted = await tx
    .insert(loyaltyLedger)
    .values({
      accountId: account.id,
      orderId: input.orderId,
      kind: input.kind,
      amount: input.amount,
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ id: loyaltyLedger.id });
  if (inserted.length === 0) return false;
  const credit = input.kind === 'earn' || input.kind === 'referral';
  await tx
    .update(loyaltyAccounts)
    .set({
      balance: sql`${loyaltyAccounts.balance} + ${input.amount}`,
      ...(credit ? { earned: sql`${loyaltyAccounts.earned} + ${input.amount}` } : {}),
      // Spending is negative and its reversal positive: `spent` stays the net cashback used.
      ...(credit ? {} : { spent: sql`${loyaltyAccounts.spent} - ${input.amount}` }),
    })
    .where(eq(loyaltyAccounts.id, account.id));
  return true;
}

/**
 * Allocates spending of up to `balance` over outlet bills in order: each takes what is left, up to its
 * total. Returns the share per restaurant id.
 */
export function allocateCashback(
  balance: number,
  totals: { id: number; total: number }[],
): Map<number, number> {
  const shares = new Map<number, number>();
  let left = Math.max(0, balance);
  for (const { id, total } of totals) {
    const share = Math.min(left, Math.max(0, total));
    shares.set(id, share);
    left -= share;
  }
  return shares;
}

/** The settings of a scope ('restaurant:1001' / 'mall:1') with its place's name, slug and currency. */
export async function placeOfScope(db: DbOrTx, scope: string) {
  const [kind, rawId] = scope.split(':');
  const id = Number(rawId);
  if (kind === 'mall') {
    const [mall] = await db.select().from(malls).where(eq(malls.id, id));
    return mall
      ? {
          kind: 'mall' as const,
          id,
          slug: mall.slug,
          name: mall.name,
          currency: mall.currency,
          loyalty: loyaltySettingsOf(mall.settings),
        }
      : null;
  }
  const [restaurant] = await db.select().from(restaurants).where(eq(restaurants.id, id));
  return restaurant
    ? {
        kind: 'restaurant' as const,
        id,
        slug: restaurant.nameid,
        name: restaurant.name,
        currency: restaurant.currency,
        loyalty: loyaltySettingsOf(restaurant.settings),
      }
    : null;
}

/**
 * What was refunded of the order's own money (declined items, a cancellation, a manager's refund): its
 * refunded amount less the refunds of captures that never paid it — a second capture of a paid order
 * (`duplicate_payment`) gives back the diner's extra money, not the order's. (A capture for the wrong
 * amount is never counted in the refunded amount to begin with.)
 */
export async function ownMoneyRefunded(db: DbOrTx, order: Pick<OrderRow, 'id' | 'refundedAmount'>) {
  const [row] = await db
    .select({ amount: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(
      and(
        eq(refunds.state, 'refunded'),
        eq(refunds.reason, 'duplicate_payment'),
        like(refunds.refundKey, `%-order${order.id}`),
      ),
    );
  return Math.max(0, order.refundedAmount - Number(row?.amount ?? 0));
}

/**
 * Earns cashback for a completed order, once: a logged-in (ACTIVE) user, a place with cashback, food
 * at or above the minimum order; the percentage of what was paid (total less the refunds of the
 * order's own money, {@link ownMoneyRefunded}), rounded down.
 */
export async function earnCashback(tx: DbOrTx, order: OrderRow, now: Date) {
  if (order.userId === null || !(await isActiveUser(tx, order.userId))) return;
  const scope = await scopeOfOrder(tx, order);
  const place = await placeOfScope(tx, scope);
  if (!place?.loyalty) return;
  let food = order.subtotal;
  if (order.fcOrderId !== null) {
    const [row] = await tx
      .select({ food: sql<number>`coalesce(sum(${orders.subtotal}), 0)::int` })
      .from(orders)
      .where(
        and(
          eq(orders.fcOrderId, order.fcOrderId),
          sql`${orders.status} not in (${sql.join(
            VOIDED_STATUSES.map((s) => sql`${s}`),
            sql`, `,
          )})`,
        ),
      );
    food = Math.max(food, Number(row?.food ?? 0));
  }
  if (food < place.loyalty.minOrder) return;
  const paid = Math.max(0, order.total - (await ownMoneyRefunded(tx, order)));
  const amount = Math.floor((paid * place.loyalty.percentBps) / 10_000);
  if (amount <= 0) return;
  await moveCashback(tx, { userId: order.userId, scope, orderId: order.id, kind: 'earn', amount, now });
}

/** Gives back the cashback a voided order spent, once. */
export async function reverseCashback(tx: DbOrTx, order: OrderRow, now: Date) {
  if (order.userId === null || order.loyaltyUsed <= 0) return;
  const [spend] = await tx
    .select({
      amount: loyaltyLedger.amount,
      accountId: loyaltyLedger.accountId,
      scope: loyaltyAccounts.scope,
    })
    .from(loyaltyLedger)
    .innerJoin(loyaltyAccounts, eq(loyaltyAccounts.id, loyaltyLedger.accountId))
    .where(and(eq(loyaltyLedger.orderId, order.id), eq(loyaltyLedger.kind, 'spend')));
  if (!spend) return;
  await moveCashback(tx, {
    userId: order.userId,
    scope: spend.scope,
    orderId: order.id,
    kind: 'reverse',
    amount: -spend.amount,
    now,
  });
}

const pick = (text: Translated, lang: Language) => text[lang] || text.en;

/** The caller's accounts with the place's rule and the latest history (50 entries per account). */
export async function userLoyalty(db: DbOrTx, userId: number, lang: Language, scope?: string) {
  const accounts = await db
    .select()
    .from(loyaltyAccounts)
    .where(and(eq(loyaltyAccounts.userId, userId), scope ? eq(loyaltyAccounts.scope, scope) : undefined))
    .orderBy(loyaltyAccounts.id);
  const ids = accounts.map((account) => account.id);
  const entries = ids.length
    ? await db
        .select()
        .from(loyaltyLedger)
        .where(inArray(loyaltyLedger.accountId, ids))
        .orderBy(desc(loyaltyLedger.id))
    : [];
  const result = [];
  for (const account of accounts) {
    const place = await placeOfScope(db, account.scope);
    if (!place) continue;
    result.push({
      scope: account.scope,
      kind: place.kind,
      id: place.id,
      slug: place.slug,
      name: pick(place.name, lang),
      currency: (place.currency === 'IDR' ? 'IDR' : 'MYR') as 'MYR' | 'IDR',
      balance: account.balance,
      earned: account.earned,
      spent: account.spent,
      loyalty: place.loyalty
        ? { min_order: place.loyalty.minOrder, percent_bps: place.loyalty.percentBps }
        : null,
      history: entries
        .filter((entry) => entry.accountId === account.id)
        .slice(0, 50)
        .map((entry) => ({
          kind: entry.kind,
          amount: entry.amount,
          order_id: entry.orderId,
          created_epoch: Math.floor(entry.createdAt.getTime() / 1000),
        })),
    });
  }
  return { accounts: result };
}

/**
 * 'Earning and saving total' per currency: cashback earned (orders and referral rewards, from the
 * accounts) and what the bills of the user's orders that still stand took off as coupon, referral
 * and cashback discounts.
 */
export async function earningSavingTotals(db: DbOrTx, userId: number) {
  type Totals = { earned: number; coupon: number; referral: number; cashback: number };
  const byCurrency = new Map<'MYR' | 'IDR', Totals>();
  const totalsOf = (currency: string) => {
    const key = currency === 'IDR' ? 'IDR' : 'MYR';
    let totals = byCurrency.get(key);
    if (!totals) byCurrency.set(key, (totals = { earned: 0, coupon: 0, referral: 0, cashback: 0 }));
    return totals;
  };
  const accounts = await db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.userId, userId));
  for (const account of accounts) {
    if (account.earned === 0) continue;
    const place = await placeOfScope(db, account.scope);
    if (place) totalsOf(place.currency).earned += account.earned;
  }
  const saved = await db.execute<{ currency: string; key: string; amount: number | string }>(sql`
    select o.currency as currency, line->>'key' as key, sum((line->>'amount')::int) as amount
    from ${orders} o, jsonb_array_elements(o.bill->'lines') line
    where o.user_id = ${userId}
      and o.status not in (${sql.join(
        VOIDED_STATUSES.map((s) => sql`${s}`),
        sql`, `,
      )})
      and line->>'key' in ('bill.discount.coupon', 'bill.discount.referral', 'bill.discount.loyalty')
    group by 1, 2`);
  const rows = (Array.isArray(saved) ? saved : (saved as { rows: unknown[] }).rows) as {
    currency: string;
    key: string;
    amount: number | string;
  }[];
  for (const row of rows) {
    const totals = totalsOf(row.currency);
    const amount = -Number(row.amount);
    if (row.key === 'bill.discount.coupon') totals.coupon += amount;
    else if (row.key === 'bill.discount.referral') totals.referral += amount;
    else totals.cashback += amount;
  }
  return {
    totals: [...byCurrency.entries()].map(([currency, t]) => {
      const savedTotal = t.coupon + t.referral + t.cashback;
      return {
        currency,
        earned_cashback: t.earned,
        saved_coupons: t.coupon,
        saved_referral: t.referral,
        saved_cashback: t.cashback,
        saved_total: savedTotal,
        earning_and_saving_total: t.earned + savedTotal,
      };
    }),
  };
}
