/**
 * The staff's side of a table's tabs (apps/api docs/tabs.md): the board's open tabs, letting in a
 * diner who asked, clearing the table. Manager and server only (kitchen and business: 403); another
 * restaurant's tab is 404 whatever the role, checked first so ids reveal nothing.
 */
import { and, asc, eq } from 'drizzle-orm';
import { MESSAGE, TAB_MESSAGE, formatMoney } from '@santap/domain';
import type { Currency } from '@santap/domain';
import type { TabView } from '@santap/contract';
import type { DbOrTx } from '../../../db/client';
import { tabMembers, tableTabs } from '../../../db/schema';
import type { AppContext } from '../../context';
import { staffOf } from '../../../lib/caller';
import type { Caller, CallerStaff } from '../../../lib/caller';
import { fail } from '../../../lib/errors';
import { loadTabState, lockTab, publishTab, tabViewOf, touchTab, voidExpiredShares } from '../../model/tabs';
import type { TabRow } from '../../model/tabs';
import { recordAudit } from '../../model/audit';
import { approvalNeeded, checkApproval } from '../accounts/approval';
import type { Approval, ApprovalInput } from '../accounts/approval';
import type { FastifyRequest } from 'fastify';

/** The roles that work the tabs on the floor. */
const TAB_ROLES: readonly string[] = ['manager', 'server'];

/** The staff member calling, if their role works the tabs (else 403). */
function tabStaffOf(caller: Caller): CallerStaff {
  const member = staffOf(caller);
  if (!TAB_ROLES.includes(member.role)) fail(MESSAGE.forbidden);
  return member;
}

/** The board's view of a tab (with the diners waiting to be let in). */
async function staffView(ctx: AppContext, db: DbOrTx, caller: Caller, tab: TabRow): Promise<TabView> {
  return tabViewOf(await loadTabState(db, tab, ctx.now()), caller.lang, null, { staff: true });
}

/** A tab of the staff member's restaurant, locked (another restaurant's: 404), then their role (403). */
async function lockStaffTab(tx: DbOrTx, caller: Caller, tabId: number) {
  const member = staffOf(caller);
  const tab = await lockTab(tx, tabId);
  if (!tab || tab.restaurantId !== member.restaurantId) return fail(MESSAGE.notFound);
  return { tab, member: tabStaffOf(caller) };
}

/** `staff.tabs`: the open tabs of the staff member's restaurant, oldest first. */
export async function staffTabs(ctx: AppContext, caller: Caller) {
  const member = tabStaffOf(caller);
  const open = await ctx.db
    .select()
    .from(tableTabs)
    .where(and(eq(tableTabs.restaurantId, member.restaurantId), eq(tableTabs.status, 'open')))
    .orderBy(asc(tableTabs.id));
  const tabs: TabView[] = [];
  for (const tab of open) tabs.push(await staffView(ctx, ctx.db, caller, tab));
  return { tabs };
}

/**
 * `staff.tabAdmit`: lets a diner who asked (`tabs.askToJoin`) into the tab (`joined_via: staff`).
 * Letting in one already in answers the tab; a member of another tab is 404; a closed tab refuses.
 */
export async function admitToTab(ctx: AppContext, caller: Caller, tabId: number, memberId: number) {
  return ctx.db.transaction(async (tx) => {
    const { tab } = await lockStaffTab(tx, caller, tabId);
    const [row] = await tx
      .select()
      .from(tabMembers)
      .where(and(eq(tabMembers.id, memberId), eq(tabMembers.tabId, tab.id)))
      .limit(1);
    if (!row) return fail(MESSAGE.notFound);
    if (tab.status !== 'open') return fail(TAB_MESSAGE.closed);
    if (row.status !== 'member') {
      const now = ctx.now();
      await tx
        .update(tabMembers)
        .set({ status: 'member', joinedVia: 'staff', joinedAt: now })
        .where(eq(tabMembers.id, row.id));
      await touchTab(tx, tab.id, now);
      await publishTab(ctx, tx, tab);
    }
    return { tab: await staffView(ctx, tx, caller, tab) };
  });
}

/** A forced close met money owing and has no approval yet: checked outside the transaction, then retried. */
class ForceNeedsApproval extends Error {}

/**
 * `staff.tabClose`: clears the table. A tab with money left or being paid is refused
 * (`tab.error.notSettled`, with what is left) unless `force`, which leaves the orders owing as they
 * are and takes a manager's approval (apps/api docs/audit.md, "Manager approval"): a manager's reason,
 * or a server's manager PIN and reason (`checkApproval`: 400, 403, 422, 429). The approval is checked
 * outside the transaction (its PIN count is its own statement) once a close finds money owing, and
 * the close is judged again with it. Closing a closed tab answers it. Pending shares whose hold ended
 * are written void first.
 */
export async function closeTab(
  ctx: AppContext,
  caller: Caller,
  tabId: number,
  force: boolean,
  approve?: { request: FastifyRequest; approval: ApprovalInput | undefined },
) {
  try {
    return await closeOnce(ctx, caller, tabId, force, null);
  } catch (error) {
    if (!(error instanceof ForceNeedsApproval)) throw error;
  }
  if (!approve) return approvalNeeded();
  const approval = await checkApproval(ctx, caller, approve.request, approve.approval);
  return closeOnce(ctx, caller, tabId, force, approval);
}

async function closeOnce(
  ctx: AppContext,
  caller: Caller,
  tabId: number,
  force: boolean,
  approval: Approval | null,
) {
  return ctx.db.transaction(async (tx) => {
    const { tab, member } = await lockStaffTab(tx, caller, tabId);
    if (tab.status !== 'open') return { tab: await staffView(ctx, tx, caller, tab) };
    const now = ctx.now();
    const state = await loadTabState(tx, tab, now);
    await voidExpiredShares(tx, state, now);
    const owing = state.balance.left + state.balance.pending;
    if (owing > 0) {
      if (!force) {
        fail(TAB_MESSAGE.notSettled, {
          left: formatMoney(owing, state.balance.currency as Currency, caller.lang),
        });
      }
      if (member.role !== 'manager' && member.role !== 'server') fail(MESSAGE.forbidden);
      if (!approval) throw new ForceNeedsApproval();
    }
    const [closed] = await tx
      .update(tableTabs)
      .set({ status: 'closed', closedAt: now, closedBy: `staff:${member.username}` })
      .where(eq(tableTabs.id, tab.id))
      .returning();
    await recordAudit(tx, {
      by: caller,
      at: now,
      action: owing > 0 ? 'tab.close_forced' : 'tab.close',
      subject: ['tab', tab.id],
      reason: owing > 0 ? approval?.reason : undefined,
      before: { status: 'open', owing },
      after: { status: 'closed', ...(owing > 0 && approval ? { approved_by: approval.approvedBy } : {}) },
    });
    await publishTab(ctx, tx, tab);
    return { tab: await staffView(ctx, tx, caller, closed!) };
  });
}
