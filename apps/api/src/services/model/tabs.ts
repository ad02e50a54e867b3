/**
 * A table's tab on the model floor (apps/api docs/tabs.md): the ordering hook that puts a dine-in order
 * on a tab, a round's note, the idle close, and (re-exported) the rows (`tab-rows.ts`), the state
 * (`tab-state.ts`) and the view (`tab-view.ts`). The flows of tabs (`flows/tabs/`) and the share
 * payments build on these.
 */
import { and, asc, eq, lte } from 'drizzle-orm';
import { ORDER_TYPE, isOrderStatus, isRunningOrder } from '@santap/domain';
import type { Db, DbOrTx } from '../../db/client';
import { diningTables, orders, tableTabs } from '../../db/schema';
import type { LiveEvent } from '../../lib/live-events';
import type { OrderRow } from './orders';
import {
  addMember,
  findMember,
  insertMember,
  lockTab,
  newJoinCode,
  openTabsAt,
  publishTab,
  tabSettingsOf,
  touchTab,
} from './tab-rows';
import { loadTabState, voidExpiredShares } from './tab-state';
import type { TabCaller, TabContext, TabMemberRow, TabRow } from './tab-rows';

export {
  COUNTER_PAYER,
  GATEWAY_MINIMUM,
  JOIN_CODE_ALPHABET,
  JOIN_CODE_LENGTH,
  ORDER_PAYMENT_HOLDER,
  addMember,
  allocationOf,
  findMember,
  insertMember,
  isTabMember,
  lockTab,
  memberIdentity,
  memberRowsOf,
  newJoinCode,
  normaliseJoinCode,
  openTabsAt,
  payerOf,
  publishTab,
  splitFailure,
  tabSettingsOf,
  touchTab,
} from './tab-rows';
export type {
  MemberIdentity,
  OrderItemRow,
  TabCaller,
  TabContext,
  TabMemberRow,
  TabRow,
  TabShareRow,
} from './tab-rows';
export { loadTabState, voidExpiredShares } from './tab-state';
export type { TabItem, TabState } from './tab-state';
export { shareViewOf, tabViewOf } from './tab-view';

/**
 * The ordering hook (docs/tabs.md, Joining): puts a newly placed dine-in order at a restaurant's table
 * on a tab, in the order's transaction, with the `dining_tables` row locked FOR UPDATE so two first
 * orders never open two tabs. (1) The caller is a member of an open tab at the table: that one (the
 * newest). (2) Else, the caller's ticket was a dynamic QR's (`dynamicScan`) and a tab is open there:
 * they join the newest (`scan`). (3) Else a new tab opens with them as its first member (`opened`).
 * Orders of no table, of a food court, or not dine-in get no tab (null).
 */
export async function attachOrderToTab(
  ctx: TabContext,
  tx: DbOrTx,
  order: Pick<OrderRow, 'id' | 'restaurantId' | 'tableId' | 'orderType' | 'fcOrderId'>,
  caller: TabCaller,
  options: { dynamicScan: boolean; afterCommit?: LiveEvent[] },
): Promise<{ tab: TabRow; member: TabMemberRow } | null> {
  if (order.orderType !== ORDER_TYPE.DINE_IN || order.tableId === null || order.fcOrderId !== null)
    return null;
  const [table] = await tx
    .select({ id: diningTables.id })
    .from(diningTables)
    .where(and(eq(diningTables.id, order.tableId), eq(diningTables.restaurantId, order.restaurantId)))
    .limit(1)
    .for('update');
  // A food court's table (no restaurant) is not a tab's: its orders are paid per food-court order.
  if (!table) return null;
  const now = ctx.now();
  const open = await openTabsAt(tx, order.restaurantId, table.id);
  let tab: TabRow | undefined;
  let member: TabMemberRow | null = null;
  for (const candidate of open) {
    member = await findMember(tx, candidate.id, caller);
    if (member) {
      tab = candidate;
      break;
    }
  }
  if (!tab && options.dynamicScan && open[0]) {
    tab = open[0];
    member = await addMember(tx, tab, caller, 'scan', now);
  }
  if (!tab) {
    const [opened] = await tx
      .insert(tableTabs)
      .values({
        restaurantId: order.restaurantId,
        tableId: table.id,
        status: 'open',
        joinCode: newJoinCode(),
        openedAt: now,
        lastActivityAt: now,
      })
      .returning();
    tab = opened!;
    member = await insertMember(tx, tab, caller, { status: 'member', via: 'opened', now });
  }
  await tx.update(orders).set({ tabId: tab.id, tabMemberId: member!.id }).where(eq(orders.id, order.id));
  await touchTab(tx, tab.id, now);
  await publishTab(ctx, tx, tab, options.afterCommit);
  return { tab, member: member! };
}

/**
 * A round added to an order on a tab (add more, ordering's batches.ts): the order keeps its tab, whose
 * activity is now and whose members read it again. Nothing for an order on no tab.
 */
export async function noteTabRound(
  ctx: TabContext,
  tx: DbOrTx,
  order: Pick<OrderRow, 'tabId' | 'restaurantId'>,
  afterCommit?: LiveEvent[],
): Promise<void> {
  if (order.tabId === null) return;
  await touchTab(tx, order.tabId, ctx.now());
  await publishTab(ctx, tx, { id: order.tabId, restaurantId: order.restaurantId }, afterCommit);
}

/** The shortest idle time a restaurant may set (db/settings.ts `tabIdleMinutes`): the sweep's first filter. */
const MIN_IDLE_MINUTES = 5;
/** Most tabs one sweep looks at. */
const IDLE_BATCH = 100;

/**
 * The idle close (docs/tabs.md, Closing), run by the order expiry sweep: an open tab idle for its
 * restaurant's `tabIdleMinutes` (default 120) whose orders have all ended and on which nothing is left
 * or being paid is closed `closed_by: idle`. Each tab is checked again under its lock (a round or a
 * share landing meanwhile wins); pending shares whose hold ended are written void on the way. Answers
 * how many tabs it closed.
 */
export async function closeIdleTabs(ctx: TabContext & { readonly db: Db }): Promise<number> {
  const now = ctx.now();
  const candidates = await ctx.db
    .select({ id: tableTabs.id })
    .from(tableTabs)
    .where(
      and(
        eq(tableTabs.status, 'open'),
        lte(tableTabs.lastActivityAt, new Date(now.getTime() - MIN_IDLE_MINUTES * 60_000)),
      ),
    )
    .orderBy(asc(tableTabs.lastActivityAt))
    .limit(IDLE_BATCH);
  let closed = 0;
  for (const { id } of candidates) {
    const done = await ctx.db.transaction(async (tx) => {
      const tab = await lockTab(tx, id);
      if (!tab || tab.status !== 'open') return false;
      const state = await loadTabState(tx, tab, now);
      await voidExpiredShares(tx, state, now);
      const idleSince = now.getTime() - tabSettingsOf(state.restaurant).idleMinutes * 60_000;
      const ended = state.orders.every(
        (order) => isOrderStatus(order.status) && !isRunningOrder(order.status),
      );
      const settled = state.balance.left === 0 && state.balance.pending === 0;
      if (tab.lastActivityAt.getTime() > idleSince || !ended || !settled) return false;
      await tx
        .update(tableTabs)
        .set({ status: 'closed', closedAt: now, closedBy: 'idle' })
        .where(eq(tableTabs.id, tab.id));
      await publishTab(ctx, tx, tab);
      return true;
    });
    if (done) closed++;
  }
  return closed;
}
