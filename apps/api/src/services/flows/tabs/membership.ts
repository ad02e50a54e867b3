/**
 * A diner and a table's tab (apps/api docs/tabs.md, Joining): reading the tab of their order, of an id
 * or at the table they scanned, joining by a dynamic scan or the join code (wrong codes limited per
 * table and address), asking staff to be let in, and their name on the tab. Only members read a tab:
 * anyone else gets 404, and at a table only whether a tab there may be joined and how.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { MESSAGE, TAB_MESSAGE } from '@santap/domain';
import type { TabView } from '@santap/contract';
import type { DbOrTx } from '../../../db/client';
import { tabMembers, tableTabs } from '../../../db/schema';
import type { AppContext } from '../../context';
import type { Caller } from '../../../lib/caller';
import { ApiFailure, fail } from '../../../lib/errors';
import { ipSubject } from '../../../lib/limits';
import type { LimitName } from '../../../lib/limits';
import { loadOwnedOrder } from '../../model/orders';
import {
  addMember,
  findMember,
  insertMember,
  loadTabState,
  lockTab,
  normaliseJoinCode,
  openTabsAt,
  publishTab,
  tabViewOf,
  touchTab,
} from '../../model/tabs';
import type { TabMemberRow, TabRow } from '../../model/tabs';
import { requireTableTicket } from '../tables/tickets';

/** The tab as `member` reads it now. */
export async function memberView(
  ctx: AppContext,
  db: DbOrTx,
  caller: Caller,
  tab: TabRow,
  member: TabMemberRow,
): Promise<TabView> {
  return tabViewOf(await loadTabState(db, tab, ctx.now()), caller.lang, member.id);
}

/** A tab the caller is a member of, with their member row; anyone else's (or none) is 404. */
export async function memberTab(
  db: DbOrTx,
  caller: Caller,
  tabId: number,
  lock = false,
): Promise<{ tab: TabRow; member: TabMemberRow }> {
  const tab = lock
    ? await lockTab(db, tabId)
    : ((await db.select().from(tableTabs).where(eq(tableTabs.id, tabId)).limit(1))[0] ?? null);
  const member = tab ? await findMember(db, tab.id, caller) : null;
  if (!tab || !member) return fail(MESSAGE.notFound);
  return { tab, member };
}

/** `tabs.ofOrder`: the tab of the caller's own dine-in order (another's order 404); null for none. */
export async function tabOfOrder(ctx: AppContext, caller: Caller, orderId: number) {
  const order = await loadOwnedOrder(ctx.db, caller, orderId);
  if (order.tabId === null) return { tab: null };
  const [tab] = await ctx.db.select().from(tableTabs).where(eq(tableTabs.id, order.tabId)).limit(1);
  const member = tab ? await findMember(ctx.db, tab.id, caller) : null;
  if (!tab || !member) return { tab: null };
  return { tab: await memberView(ctx, ctx.db, caller, tab, member) };
}

/** `tabs.get`: a tab the caller is a member of (anyone else: 404). */
export async function tabGet(ctx: AppContext, caller: Caller, tabId: number) {
  const { tab, member } = await memberTab(ctx.db, caller, tabId);
  return { tab: await memberView(ctx, ctx.db, caller, tab, member) };
}

/** The table of a ticket the caller holds: exactly that restaurant's table, else `errors.scanTableQr`. */
function ticketOf(ctx: AppContext, ticket: string | undefined, restaurantId: number, tableId: number) {
  const held = requireTableTicket(ctx, ticket, { restaurantId, tableId });
  // A ticket's `d` flag (flows/tables/tickets.ts): the scan verified a dynamic QR's signature.
  return { dynamic: 'dynamic' in held && held.dynamic === true };
}

/** The caller's open tab at a table (the newest they are a member of), and the open tabs there. */
async function callersTabAt(db: DbOrTx, caller: Caller, restaurantId: number, tableId: number) {
  const open = await openTabsAt(db, restaurantId, tableId);
  for (const tab of open) {
    const member = await findMember(db, tab.id, caller);
    if (member) return { open, tab, member };
  }
  return { open, tab: null, member: null };
}

/**
 * `tabs.atTable`, with the table's ticket: the caller's open tab there, or whether an open tab there
 * may be joined and how (`scan` when their ticket is a dynamic QR's, else `code`). Nothing of a tab
 * the caller is not on is shown.
 */
export async function tabAtTable(
  ctx: AppContext,
  caller: Caller,
  ticket: string | undefined,
  restaurantId: number,
  tableId: number,
): Promise<{ tab: TabView | null; joinable: 'scan' | 'code' | null }> {
  const { dynamic } = ticketOf(ctx, ticket, restaurantId, tableId);
  const found = await callersTabAt(ctx.db, caller, restaurantId, tableId);
  if (found.tab && found.member) {
    return { tab: await memberView(ctx, ctx.db, caller, found.tab, found.member), joinable: null };
  }
  return { tab: null, joinable: found.open.length === 0 ? null : dynamic ? 'scan' : 'code' };
}

/** Whether a typed code is the tab's (constant time). */
function codeMatches(tab: TabRow, typed: string): boolean {
  const given = Buffer.from(normaliseJoinCode(typed));
  const expected = Buffer.from(tab.joinCode);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A table's limit subject for one address: the restaurant's table and the caller's IP (IPv6 by /64). */
const tableIpSubject = (caller: Caller, restaurantId: number, tableId: number) =>
  `${restaurantId}:${tableId}:${ipSubject(caller.ip)}`;

/** A limit's 429 in the tab's words (`key`, the wait in minutes), keeping `Retry-After`. */
function asTabLimit(
  error: unknown,
  key: typeof TAB_MESSAGE.codeTooManyTries | typeof TAB_MESSAGE.askTooMany,
) {
  if (!(error instanceof ApiFailure) || error.statusCode !== 429) return error;
  const seconds = (error.details as { retry_after_seconds?: number } | undefined)?.retry_after_seconds ?? 60;
  return new ApiFailure(key, 429, { minutes: Math.max(1, Math.ceil(seconds / 60)) }, error.details);
}

async function guardLimit(
  ctx: AppContext,
  request: FastifyRequest,
  rule: LimitName,
  subject: string,
  key: typeof TAB_MESSAGE.codeTooManyTries | typeof TAB_MESSAGE.askTooMany,
  count: boolean,
) {
  try {
    if (count) await ctx.limits.hit(request, rule, subject);
    else await ctx.limits.guard(request, rule, subject);
  } catch (error) {
    throw asTabLimit(error, key);
  }
}

/**
 * `tabs.join`, with the table's ticket. Already a member of an open tab there: that tab. A dynamic QR's
 * ticket joins the newest open tab (`scan`). Otherwise `code` must be the join code of one of the open
 * tabs there (`code`): a wrong or missing one is `tab.error.codeWrong` and counts against
 * `tabCodeFailuresPerTableIp` (table and address) as it is judged; past it every try is
 * `tab.error.codeTooManyTries` (429) until the window ends, the right code too. No open tab:
 * `tab.error.noOpenTab`.
 */
export async function joinTab(
  ctx: AppContext,
  caller: Caller,
  request: FastifyRequest,
  ticket: string | undefined,
  input: {
    restaurant_id: number;
    table_id: number;
    code?: string | undefined;
    name?: string | undefined;
    emoji?: string | undefined;
  },
) {
  const { dynamic } = ticketOf(ctx, ticket, input.restaurant_id, input.table_id);
  const subject = tableIpSubject(caller, input.restaurant_id, input.table_id);
  const rule = 'tabCodeFailuresPerTableIp';
  /** A wrong code, counted as it is judged (the count and its check are one statement): past the limit, 429. */
  const wrongCode = async () => {
    await guardLimit(ctx, request, rule, subject, TAB_MESSAGE.codeTooManyTries, true);
    return fail(TAB_MESSAGE.codeWrong);
  };
  if (!dynamic) {
    await guardLimit(ctx, request, rule, subject, TAB_MESSAGE.codeTooManyTries, false);
    // The code is judged before anything is written, so that guesses sent all at once are each counted
    // before the next is answered, and a right one is taken only while the window still has room: a
    // burst gets the limit's answers, not one per request in flight (routes/tab-attacks.test.ts).
    const found = await callersTabAt(ctx.db, caller, input.restaurant_id, input.table_id);
    if (!found.member && found.open.length > 0) {
      const code = input.code;
      if (code === undefined || !found.open.some((tab) => codeMatches(tab, code))) return wrongCode();
      await guardLimit(ctx, request, rule, subject, TAB_MESSAGE.codeTooManyTries, false);
    }
  }
  const joined = await ctx.db.transaction(async (tx) => {
    const found = await callersTabAt(tx, caller, input.restaurant_id, input.table_id);
    if (found.tab && found.member) return { tab: found.tab, member: found.member };
    if (found.open.length === 0) return fail(TAB_MESSAGE.noOpenTab);
    const target = dynamic
      ? found.open[0]!
      : input.code === undefined
        ? undefined
        : found.open.find((tab) => codeMatches(tab, input.code!));
    if (!target) return null;
    const tab = (await lockTab(tx, target.id))!;
    if (tab.status !== 'open') return fail(TAB_MESSAGE.closed);
    const now = ctx.now();
    const member = await addMember(tx, tab, caller, dynamic ? 'scan' : 'code', now, {
      name: input.name,
      emoji: input.emoji,
    });
    await touchTab(tx, tab.id, now);
    await publishTab(ctx, tx, tab);
    return { tab, member };
  });
  // A tab closed between the look and the lock: counted as a wrong code, outside the transaction (the
  // limit's counter is its own statement).
  if (!joined) return wrongCode();
  return { tab: await memberView(ctx, ctx.db, caller, joined.tab, joined.member) };
}

/**
 * `tabs.askToJoin`, with the table's ticket and no code: the caller waits on the newest open tab at the
 * table for staff to let them in (`staff.tabAdmit`); the board shows them. Asking again while waiting
 * changes their name and counts nothing; a new ask counts against `tabAsksPerTableIp`
 * (`tab.error.askTooMany`, 429). Already a member: nothing to ask. No open tab: `tab.error.noOpenTab`.
 */
export async function askToJoinTab(
  ctx: AppContext,
  caller: Caller,
  request: FastifyRequest,
  ticket: string | undefined,
  input: { restaurant_id: number; table_id: number; name: string; emoji?: string | undefined },
): Promise<{ waiting: true }> {
  ticketOf(ctx, ticket, input.restaurant_id, input.table_id);
  const found = await callersTabAt(ctx.db, caller, input.restaurant_id, input.table_id);
  if (found.member) return { waiting: true };
  const newest = found.open[0];
  if (!newest) return fail(TAB_MESSAGE.noOpenTab);
  const waiting = await findMember(ctx.db, newest.id, caller, { waiting: true });
  if (!waiting) {
    await guardLimit(
      ctx,
      request,
      'tabAsksPerTableIp',
      tableIpSubject(caller, input.restaurant_id, input.table_id),
      TAB_MESSAGE.askTooMany,
      true,
    );
  }
  await ctx.db.transaction(async (tx) => {
    const tab = (await lockTab(tx, newest.id))!;
    if (tab.status !== 'open') return fail(TAB_MESSAGE.closed);
    const again = await findMember(tx, tab.id, caller, { waiting: true });
    if (again?.status === 'member') return;
    if (again) {
      await tx
        .update(tabMembers)
        .set({ name: input.name, ...(input.emoji !== undefined ? { emoji: input.emoji } : {}) })
        .where(eq(tabMembers.id, again.id));
    } else {
      await insertMember(tx, tab, caller, {
        status: 'waiting',
        via: 'staff',
        now: ctx.now(),
        name: input.name,
        emoji: input.emoji,
      });
    }
    await publishTab(ctx, tx, tab);
  });
  return { waiting: true };
}

/** `tabs.setMe`: the caller's name and emoji on a tab they are a member of (a closed tab refuses). */
export async function setMe(
  ctx: AppContext,
  caller: Caller,
  tabId: number,
  input: { name: string; emoji?: string | null | undefined },
) {
  return ctx.db.transaction(async (tx) => {
    const { tab, member } = await memberTab(tx, caller, tabId, true);
    if (tab.status !== 'open') return fail(TAB_MESSAGE.closed);
    const [updated] = await tx
      .update(tabMembers)
      .set({ name: input.name, ...(input.emoji !== undefined ? { emoji: input.emoji } : {}) })
      .where(eq(tabMembers.id, member.id))
      .returning();
    await publishTab(ctx, tx, tab);
    return { tab: await memberView(ctx, tx, caller, tab, updated!) };
  });
}
