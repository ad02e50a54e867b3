/**
 * A table's tab as rows (the model floor; apps/api docs/tabs.md): the row types, who is a member and
 * how one is added, join codes, the tab's live event, its settings and the gateway minimum. Reached
 * through `model/tabs.ts`.
 */
import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import { formatMoney } from '@santap/domain';
import type { Currency, Language, SettledShare, SplitRefusal } from '@santap/domain';
import type { DbOrTx } from '../../db/client';
import type { orderItems, tabShares } from '../../db/schema';
import { tabMembers, tableTabs } from '../../db/schema';
import type { LiveEvent, LiveEvents } from '../../lib/live-events';
import { ApiFailure, statusForKey } from '../../lib/errors';
import { settingsOf } from './restaurants';
import type { RestaurantRow } from './restaurants';

export type TabRow = typeof tableTabs.$inferSelect;
export type TabMemberRow = typeof tabMembers.$inferSelect;
export type TabShareRow = typeof tabShares.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

/** What the tab code reads of the server's context (the context floor is above this one). */
export interface TabContext {
  readonly events: LiveEvents;
  now(): Date;
}

/** Who is asking, as the tab rows know a diner: a user, or a guest's cart token. */
export interface TabCaller {
  readonly user: { id: number } | null;
  readonly cartToken: string | undefined;
}

/** A caller's identity on a tab's member rows (`memberIdentity`). */
export interface MemberIdentity {
  userId: number | null;
  cartToken: string | null;
}

/** The caller as a member row would name them: their user, else their cart token. */
export function memberIdentity(caller: TabCaller): MemberIdentity {
  return { userId: caller.user?.id ?? null, cartToken: caller.cartToken ?? null };
}

/**
 * Member rows of the caller: their user's, and their cart token's rows of no user; neither -> none.
 * The rule of `ownedBy` for orders (model/orders.ts): a user's row is never matched by the token alone.
 */
export function memberRowsOf(who: MemberIdentity): SQL {
  const byUser = who.userId !== null ? eq(tabMembers.userId, who.userId) : undefined;
  const byToken =
    who.cartToken !== null
      ? and(isNull(tabMembers.userId), eq(tabMembers.cartToken, who.cartToken))
      : undefined;
  if (byUser && byToken) return or(byUser, byToken)!;
  return byUser ?? byToken ?? sql`false`;
}

/** The tab row, locked FOR UPDATE (every change of a tab and its shares holds it); null when unknown. */
export async function lockTab(tx: DbOrTx, tabId: number): Promise<TabRow | null> {
  const [row] = await tx.select().from(tableTabs).where(eq(tableTabs.id, tabId)).limit(1).for('update');
  return row ?? null;
}

/**
 * The caller's member row on a tab: a `member` (let in), or with `waiting: true` also one waiting for
 * staff to let them in. Null when the caller is not on the tab.
 */
export async function findMember(
  db: DbOrTx,
  tabId: number,
  caller: TabCaller,
  options: { waiting?: boolean } = {},
): Promise<TabMemberRow | null> {
  const [row] = await db
    .select()
    .from(tabMembers)
    .where(
      and(
        eq(tabMembers.tabId, tabId),
        memberRowsOf(memberIdentity(caller)),
        options.waiting ? undefined : eq(tabMembers.status, 'member'),
      ),
    )
    .orderBy(asc(tabMembers.id))
    .limit(1);
  return row ?? null;
}

/** Whether `who` is a let-in member of the tab (the live route's check for `tab:<id>`). */
export async function isTabMember(db: DbOrTx, tabId: number, who: MemberIdentity): Promise<boolean> {
  if (who.userId === null && who.cartToken === null) return false;
  const [row] = await db
    .select({ id: tabMembers.id })
    .from(tabMembers)
    .where(and(eq(tabMembers.tabId, tabId), eq(tabMembers.status, 'member'), memberRowsOf(who)))
    .limit(1);
  return row !== undefined;
}

/** The emoji a member starts with (no words: the same in every language), by their place on the tab. */
const MEMBER_EMOJI = ['🍜', '🍛', '🥟', '🍢', '🍡', '🥥', '🌶️', '🍵', '🧋', '🍤', '🍙', '🥭'] as const;

/**
 * Puts the caller on a tab as a `member` joined `via`: a row they already have there (waiting) is let
 * in, else a new row with `name` (empty: the apps show the emoji) and `emoji` (default: the next of a
 * fixed set). Answers the row.
 */
export async function addMember(
  tx: DbOrTx,
  tab: Pick<TabRow, 'id'>,
  caller: TabCaller,
  via: 'opened' | 'scan' | 'code' | 'staff',
  now: Date,
  chosen: { name?: string | undefined; emoji?: string | undefined } = {},
): Promise<TabMemberRow> {
  const existing = await findMember(tx, tab.id, caller, { waiting: true });
  if (existing) {
    if (existing.status === 'member') return existing;
    const [row] = await tx
      .update(tabMembers)
      .set({
        status: 'member',
        joinedVia: via,
        joinedAt: now,
        ...(chosen.name !== undefined ? { name: chosen.name } : {}),
        ...(chosen.emoji !== undefined ? { emoji: chosen.emoji } : {}),
      })
      .where(eq(tabMembers.id, existing.id))
      .returning();
    return row!;
  }
  return insertMember(tx, tab, caller, { status: 'member', via, now, ...chosen });
}

/** A new member row (`member`, or `waiting` for staff to let them in). */
export async function insertMember(
  tx: DbOrTx,
  tab: Pick<TabRow, 'id'>,
  caller: TabCaller,
  row: {
    status: 'member' | 'waiting';
    via: 'opened' | 'scan' | 'code' | 'staff';
    now: Date;
    name?: string | undefined;
    emoji?: string | undefined;
  },
): Promise<TabMemberRow> {
  const [{ count } = { count: 0 }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(tabMembers)
    .where(eq(tabMembers.tabId, tab.id));
  const who = memberIdentity(caller);
  const [inserted] = await tx
    .insert(tabMembers)
    .values({
      tabId: tab.id,
      userId: who.userId,
      cartToken: who.cartToken,
      name: row.name ?? '',
      emoji: row.emoji ?? MEMBER_EMOJI[count % MEMBER_EMOJI.length]!,
      status: row.status,
      joinedVia: row.via,
      joinedAt: row.now,
    })
    .returning();
  return inserted!;
}

// ---------------------------------------------------------------------------------------------
// Join codes, live

/** The characters of a join code: no 0/O, 1/I/L look-alikes (docs/tabs.md, Joining). */
export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const JOIN_CODE_LENGTH = 6;

/** A random join code (crypto-random, uniform over {@link JOIN_CODE_ALPHABET}). */
export function newJoinCode(): string {
  let code = '';
  for (let i = 0; i < JOIN_CODE_LENGTH; i++) code += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)];
  return code;
}

/** A typed code as stored: upper case, spaces and dashes dropped. */
export const normaliseJoinCode = (code: string): string => code.toUpperCase().replace(/[\s-]/g, '');

/** The open tabs at a restaurant's table, newest first. */
export function openTabsAt(db: DbOrTx, restaurantId: number, tableId: number) {
  return db
    .select()
    .from(tableTabs)
    .where(
      and(
        eq(tableTabs.restaurantId, restaurantId),
        eq(tableTabs.tableId, tableId),
        eq(tableTabs.status, 'open'),
      ),
    )
    .orderBy(desc(tableTabs.id));
}

/**
 * `tab.changed` `{ tab_id }` on `tab:<id>` and `restaurant:<id>`: every change of a tab (a round, a
 * member, a share, the tab closed); the apps read the tab again. In the transaction (delivered on
 * commit), or pushed onto `afterCommit` for a caller that sends its events once committed.
 */
export async function publishTab(
  ctx: Pick<TabContext, 'events'>,
  tx: DbOrTx,
  tab: Pick<TabRow, 'id' | 'restaurantId'>,
  afterCommit?: LiveEvent[],
): Promise<void> {
  const event: LiveEvent = {
    topics: [`tab:${tab.id}`, `restaurant:${tab.restaurantId}`],
    type: 'tab.changed',
    data: { tab_id: tab.id },
  };
  if (afterCommit) afterCommit.push(event);
  else await ctx.events.publish(tx, event);
}

/** The tab's last activity is now (a round, a member, a share): what the idle close counts from. */
export async function touchTab(tx: DbOrTx, tabId: number, now: Date): Promise<void> {
  await tx.update(tableTabs).set({ lastActivityAt: now }).where(eq(tableTabs.id, tabId));
}

// ---------------------------------------------------------------------------------------------
// Payers, settings, allocations

/** The payer of a hold by a payment of an order outside shares (a line's `locks` value). */
export const ORDER_PAYMENT_HOLDER = 'order';
/** The payer id of a share taken at the counter (no member). */
export const COUNTER_PAYER = 'counter';

/** A share's payer as the domain names it: the member id as a string, or the counter. */
export const payerOf = (share: Pick<TabShareRow, 'memberId'>): string =>
  share.memberId === null ? COUNTER_PAYER : String(share.memberId);

/**
 * The gateway's smallest online charge, minor units. None of the gateway adapters publishes one
 * (`services/adapters/payments`), so this is the floor every one of them takes: RM 1.00, Rp 1.000.
 * A share below it is paid at the counter (docs/tabs.md, Shares).
 */
export const GATEWAY_MINIMUM: Readonly<Record<Currency, number>> = { MYR: 100, IDR: 1000 };

/** What a restaurant set for its tabs (db/settings.ts `tabTips`, `tabIdleMinutes`) and its gateway minimum. */
export function tabSettingsOf(restaurant: RestaurantRow) {
  const settings = settingsOf(restaurant);
  return {
    tips: settings.tabTips,
    idleMinutes: settings.tabIdleMinutes,
    minimum: GATEWAY_MINIMUM[restaurant.currency === 'IDR' ? 'IDR' : 'MYR'],
    cashRounding: settings.cashRounding,
  };
}

const allocationSchema = z.array(
  z.object({
    lineId: z.string(),
    amount: z.int().optional(),
    parts: z.array(
      z.object({
        key: z.string(),
        amount: z.int(),
        rate: z.int().optional(),
        included: z.literal(true).optional(),
      }),
    ),
  }),
);

/** A share's stored `allocation` as the domain reads it; null when it cannot be read. */
export function allocationOf(share: Pick<TabShareRow, 'allocation'>): SettledShare['allocation'] | null {
  const parsed = allocationSchema.safeParse(share.allocation);
  return parsed.success ? parsed.data : null;
}

// ---------------------------------------------------------------------------------------------
// Refusals

/** Values of split refusals that are money (minor units), formatted for the reader. */
const MONEY_VALUES = new Set(['left', 'minimum']);

/**
 * A split refusal of the domain (`splitShare`) as the API's failure: amounts formatted in the reader's
 * language (`formatMoney`), counts as they are; the status of the key (`statusForKey`: 422).
 */
export function splitFailure(refusal: SplitRefusal, currency: Currency, lang: Language): ApiFailure {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(refusal.values ?? {})) {
    values[name] = MONEY_VALUES.has(name) ? formatMoney(value, currency, lang) : value;
  }
  return new ApiFailure(
    refusal.key,
    statusForKey(refusal.key),
    values,
    refusal.lineIds ? { line_ids: refusal.lineIds } : undefined,
  );
}
