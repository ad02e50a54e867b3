/**
 * A tab share's payment settling (apps/api docs/tabs.md, Shares), on the model floor so the payment
 * core's `applyState` (flows/payments/notifications.ts) can ask it before moving any order: the share
 * of a payment that succeeded is paid when what it took is still owed, else the whole capture is to be
 * given back (the payment core starts that refund: refunds are a flow); a payment that failed or
 * expired leaves its share void, its dishes free.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { tabBalance } from '@santap/domain';
import type { SettledShare } from '@santap/domain';
import type { DbOrTx } from '../../db/client';
import { payments, tabShares } from '../../db/schema';
import { allocationOf, loadTabState, lockTab, publishTab, touchTab, voidExpiredShares } from './tabs';
import type { TabContext, TabShareRow, TabState } from './tabs';

/** How long a share under way holds what it takes (docs/tabs.md, Shares): then it is void unless paid. */
export const TAB_SHARE_HOLD_SECONDS = 5 * 60;

/** `payments.purpose` of a share's payment (online, or taken at the counter). */
export const TAB_SHARE_PURPOSE = 'tab_share';

/** What a share payment's `data` carries (flows/tabs/shares.ts writes it). */
export interface TabSharePaymentData {
  tab_share_id?: number;
  tab_id?: number;
}

/** The share a payment pays, by its `data.tab_share_id`; null for any other payment. */
export function tabShareIdOf(payment: { data: unknown }): number | null {
  const id = (payment.data as TabSharePaymentData | null)?.tab_share_id;
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : null;
}

/** What a share's parts of one dish come to (included taxes are inside the others). */
export const moneyOf = (parts: readonly { amount: number; included?: true | undefined }[]): number =>
  parts.reduce((total, part) => (part.included ? total : total + part.amount), 0);

/**
 * What a share pays of each order (`payments.data.allocation`): its dishes' parts summed by order, in
 * the tab's order, orders it takes nothing of left out.
 */
export function orderAllocationOf(
  state: Pick<TabState, 'items'>,
  allocation: readonly {
    lineId: string;
    parts: readonly { amount: number; included?: true | undefined }[];
  }[],
): { order_id: number; amount: number }[] {
  const sums = new Map<number, number>();
  for (const item of state.items) {
    const entry = allocation.find((candidate) => candidate.lineId === item.lineId);
    if (entry) sums.set(item.orderId, (sums.get(item.orderId) ?? 0) + moneyOf(entry.parts));
  }
  return [...sums].filter(([, amount]) => amount > 0).map(([order_id, amount]) => ({ order_id, amount }));
}

/**
 * What settling a share payment did: `paid` (the orders take their parts as any capture's allocation),
 * `refund` (the share is void and what was captured goes back whole as a duplicate; no order moves),
 * `void` (the payment failed or expired), `unchanged` (a gateway's `pending`, or nothing to do).
 */
export type TabShareOutcome = 'paid' | 'refund' | 'void' | 'unchanged';

/**
 * Whether `share` still fits the tab as paid: the balance with its allocation added to the paid shares
 * (and the other live pending shares still holding theirs) is one `tabBalance` accepts, so no part of
 * any dish goes past what was owed. Entries of dishes no longer on the tab (their order cancelled,
 * declined or deleted) are left out, as `loadTabState` leaves them out: the capture's part for such an
 * order is refunded by the payment core's ended-order rule.
 */
export function shareFits(state: TabState, share: TabShareRow): boolean {
  const onTab = new Set(state.items.map((item) => item.lineId));
  const settledOf = (row: TabShareRow): SettledShare | null => {
    const allocation = allocationOf(row);
    return allocation ? { allocation: allocation.filter((entry) => onTab.has(entry.lineId)) } : null;
  };
  const mine = settledOf(share);
  if (!mine) return false;
  const expired = new Set(state.expired.map((row) => row.id));
  const unfit = new Set(state.unfit.map((row) => row.id));
  if (unfit.has(share.id)) return false;
  const others = state.shares
    .filter(
      (row) => row.state === 'pending' && row.id !== share.id && !expired.has(row.id) && !unfit.has(row.id),
    )
    .map(settledOf)
    .filter((settled): settled is SettledShare => settled !== null);
  // Nor more of an order than it still owes: money paid outside shares (an order's own checkout) may
  // have taken it meanwhile.
  const orderOf = new Map(state.items.map((item) => [item.lineId, item.orderId]));
  const perOrder = new Map<number, number>();
  for (const entry of mine.allocation) {
    const orderId = orderOf.get(entry.lineId)!;
    perOrder.set(orderId, (perOrder.get(orderId) ?? 0) + moneyOf(entry.parts));
  }
  for (const [orderId, amount] of perOrder) {
    const order = state.orders.find((row) => row.id === orderId);
    if (!order || amount > Math.max(0, order.total - order.paidAmount)) return false;
  }
  // The tab's paid shares are the paid rows plus money paid outside shares; a share of this payment
  // that is still pending is in neither.
  try {
    tabBalance(state.domainTab, [...state.paid, mine], others);
    return true;
  } catch {
    return false;
  }
}

/**
 * Settles the share a payment pays, when it pays one (else null): called by the payment core's
 * `applyState` once the payment's own state is written, before any order moves. Takes the tab's lock
 * (after the orders and the payment, the payment core's order; docs/tabs.md, Shares: locks).
 *
 * - `success`: a `pending` share, or a `void` one (its hold ended, or its payer let go) whose
 *   allocation still fits the tab ({@link shareFits}): `paid`. Otherwise the share stays (or becomes)
 *   void and the outcome is `refund`: the caller gives the whole capture back as `duplicate_payment`.
 * - `failed`, `expired`: a pending share becomes `void`.
 * - `pending` (the gateway waits): nothing changes.
 *
 * Publishes `tab.changed` when the share moved.
 */
export async function settleTabShare(
  ctx: TabContext,
  tx: DbOrTx,
  payment: { id: number; data: unknown },
  to: string,
): Promise<{ outcome: TabShareOutcome; share: TabShareRow } | null> {
  const shareId = tabShareIdOf(payment);
  if (shareId === null) return null;
  const [found] = await tx
    .select({ tabId: tabShares.tabId })
    .from(tabShares)
    .where(and(eq(tabShares.id, shareId), eq(tabShares.paymentId, payment.id)));
  if (!found) return null;
  const tab = await lockTab(tx, found.tabId);
  const [share] = await tx.select().from(tabShares).where(eq(tabShares.id, shareId)).for('update');
  if (!tab || !share) return null;
  const now = ctx.now();

  if (to === 'failed' || to === 'expired') {
    if (share.state !== 'pending') return { outcome: 'unchanged', share };
    const [voided] = await tx
      .update(tabShares)
      .set({ state: 'void', settledAt: now })
      .where(eq(tabShares.id, share.id))
      .returning();
    await publishTab(ctx, tx, tab);
    return { outcome: 'void', share: voided ?? share };
  }
  if (to !== 'success' || share.state === 'paid') return { outcome: 'unchanged', share };

  const state = await loadTabState(tx, tab, now);
  const fits = shareFits(state, share);
  await voidExpiredShares(tx, { expired: state.expired.filter((row) => row.id !== share.id || !fits) }, now);
  const [settled] = await tx
    .update(tabShares)
    .set(fits ? { state: 'paid', settledAt: now, holdUntil: null } : { state: 'void', settledAt: now })
    .where(eq(tabShares.id, share.id))
    .returning();
  await touchTab(tx, tab.id, now);
  await publishTab(ctx, tx, tab);
  return { outcome: fits ? 'paid' : 'refund', share: settled ?? share };
}

/**
 * Whether a share under way (pending, its hold not ended) pays part of any of `orderIds`: an order's
 * own checkout, or the table's orders paid together, waits for it (`tab.error.beingPaid`) rather than
 * charge the diner for what a friend is paying right now (docs/tabs.md, Shares). Read, not locked: a
 * share started in the same instant is still caught when the second capture is settled (refunded).
 */
export async function shareUnderWayOn(tx: DbOrTx, orderIds: readonly number[], now: Date): Promise<boolean> {
  if (orderIds.length === 0) return false;
  const touches = sql.join(
    orderIds.map(
      (orderId) => sql`${payments.data}->'allocation' @> ${JSON.stringify([{ order_id: orderId }])}::jsonb`,
    ),
    sql` or `,
  );
  const [row] = await tx
    .select({ id: tabShares.id })
    .from(tabShares)
    .innerJoin(payments, eq(payments.id, tabShares.paymentId))
    .where(and(eq(tabShares.state, 'pending'), gt(tabShares.holdUntil, now), sql`(${touches})`))
    .limit(1);
  return row !== undefined;
}
