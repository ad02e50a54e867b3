/**
 * Staff take what is left of a tab at the counter (`staff.tabCash`; apps/api docs/tabs.md, Shares): a
 * `counter` share of the rest (or of an amount), paid at once, recorded as a counter payment is
 * (flows/payments/counter.ts): a `payments` row of provider `counter` in state `success`, each order's
 * `paid_amount` and payment state moved, a `payment` order event per order for the print spooler,
 * and who took it (`recorded_by`). Cash is rounded as the restaurant rounds cash (MYR: to 5 sen).
 */
import { eq } from 'drizzle-orm';
import { MESSAGE, TAB_MESSAGE } from '@santap/domain';
import type { TabShare, TabView } from '@santap/contract';
import { orderEvents, orders, payments, tabShares, tableTabs } from '../../../db/schema';
import type { Caller, CallerStaff } from '../../../lib/caller';
import { staffOf } from '../../../lib/caller';
import { fail } from '../../../lib/errors';
import { onceForKey } from '../../../lib/idempotency';
import type { AppContext } from '../../context';
import {
  COUNTER_PAYER,
  loadTabState,
  lockTab,
  publishTab,
  shareViewOf,
  tabSettingsOf,
  tabViewOf,
  touchTab,
  voidExpiredShares,
} from '../../model/tabs';
import { TAB_SHARE_PURPOSE, orderAllocationOf } from '../../model/tab-shares';
import { hashBody } from '../accounts/tokens';
import { COUNTER_PROVIDER, lockOrders, moveOrderPayment, publishPayment } from '../payments/model';
import type { OrderRow } from '../payments/model';
import { priceShare } from './share-pricing';
import { recordAudit } from '../../model/audit';

/** Who may take money at the counter (as counter.ts): the manager and the front of house. */
const COUNTER_ROLES = ['manager', 'server'];

const actorOf = (member: CallerStaff) => `staff:${member.username}`;

/**
 * `staff.tabCash`: the staff member's restaurant's open tab (another's: 404; kitchen and business
 * roles: 403), `amount` of it or all that is left (dishes a diner is paying right now excepted), in
 * cash (rounded as the restaurant rounds cash) or by card at the counter. With an Idempotency-Key the
 * same key answers the same reply and takes the money once.
 *
 * Locks: the tab's orders first, then the tab (the payment core's order when a share payment settles:
 * orders, payment, tab).
 */
export async function takeTabAtCounter(
  ctx: AppContext,
  caller: Caller,
  tabId: number,
  input: { method: 'Cash' | 'Card'; amount?: number | undefined },
): Promise<{ tab: TabView; share: TabShare }> {
  const member = staffOf(caller);
  const claim = {
    scope: `tab-cash:${member.restaurantId}`,
    key: caller.idempotencyKey,
    requestHash: hashBody({ tabId, ...input }),
  };
  return ctx.db.transaction(async (tx) => {
    const [seen] = await tx.select().from(tableTabs).where(eq(tableTabs.id, tabId)).limit(1);
    if (!seen || seen.restaurantId !== member.restaurantId) return fail(MESSAGE.notFound);
    if (!COUNTER_ROLES.includes(member.role)) fail(MESSAGE.forbidden);
    return onceForKey(tx, claim, async () => {
      const ids = (await tx.select({ id: orders.id }).from(orders).where(eq(orders.tabId, tabId))).map(
        (row) => row.id,
      );
      const locked = new Map<number, OrderRow>((await lockOrders(tx, ids)).map((order) => [order.id, order]));
      const tab = (await lockTab(tx, tabId)) ?? fail(MESSAGE.notFound);
      if (tab.status !== 'open') fail(TAB_MESSAGE.closed);
      const now = ctx.now();
      const state = await loadTabState(tx, tab, now);
      await voidExpiredShares(tx, state, now);
      // An order put on the tab between the two reads (a round placed meanwhile): locked now too.
      const late = state.orders.filter((order) => !locked.has(order.id)).map((order) => order.id);
      for (const order of await lockOrders(tx, late)) locked.set(order.id, order);

      const settings = tabSettingsOf(state.restaurant);
      const share = priceShare(
        state,
        input.amount !== undefined ? { kind: 'amount', amount: input.amount } : { kind: 'rest' },
        {
          payer: COUNTER_PAYER,
          tip: 0,
          ...(input.method === 'Cash' ? { cashRounding: settings.cashRounding } : {}),
        },
        caller.lang,
      );
      const currency = state.balance.currency;
      const allocation = orderAllocationOf(state, share.allocation);
      const first = allocation[0] ?? fail(MESSAGE.paymentAlreadyPaid);

      const [row] = await tx
        .insert(tabShares)
        .values({
          tabId: tab.id,
          memberId: null,
          state: 'paid',
          request: {
            kind: 'counter',
            ...(input.amount !== undefined ? { amount: input.amount } : {}),
          },
          allocation: share.allocation,
          lines: share.lines,
          settles: share.settles,
          tip: 0,
          amount: share.amount,
          currency,
          method: input.method,
          createdAt: now,
          settledAt: now,
        })
        .returning();
      if (!row) return fail(MESSAGE.somethingWentWrong);
      const [payment] = await tx
        .insert(payments)
        .values({
          orderId: first.order_id,
          userId: null,
          cartToken: null,
          purpose: TAB_SHARE_PURPOSE,
          provider: COUNTER_PROVIDER,
          method: input.method,
          amount: share.amount,
          currency,
          state: 'success',
          data: {
            reference: `COUNTER-TAB-${tab.id}-${row.id}`,
            allocation,
            tab_share_id: row.id,
            tab_id: tab.id,
            recorded_by: member.username,
            ...(share.cashRounding !== 0 ? { cash_rounding: share.cashRounding } : {}),
          },
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!payment) return fail(MESSAGE.somethingWentWrong);
      const [paid] = await tx
        .update(tabShares)
        .set({ paymentId: payment.id })
        .where(eq(tabShares.id, row.id))
        .returning();

      for (const part of allocation) {
        const order = locked.get(part.order_id);
        if (!order) continue;
        const paidAmount = order.paidAmount + part.amount;
        await moveOrderPayment(ctx, tx, order, paidAmount >= order.total ? 'paid' : 'partial_paid', {
          paidAmount,
        });
        await tx.insert(orderEvents).values({
          orderId: order.id,
          kind: 'payment',
          fromStatus: order.status,
          toStatus: order.status,
          actor: actorOf(member),
          data: {
            payment_id: payment.id,
            method: input.method,
            amount: part.amount,
            payment_status: order.paymentStatus,
            tab_share_id: row.id,
          },
          createdAt: now,
        });
        await publishPayment(ctx, tx, order, payment);
      }
      ctx.log.info(
        { tabId: tab.id, shareId: row.id, paymentId: payment.id, amount: share.amount, by: member.username },
        'tab share taken at the counter',
      );
      await touchTab(tx, tab.id, now);
      await publishTab(ctx, tx, tab);
      const after = await loadTabState(tx, tab, now);
      await recordAudit(tx, {
        by: caller,
        at: now,
        action: 'tab.cash',
        subject: ['tab', tab.id],
        before: { left: state.balance.left },
        after: {
          left: after.balance.left,
          share_id: row.id,
          payment_id: payment.id,
          method: input.method,
          amount: share.amount,
        },
      });
      return {
        tab: tabViewOf(after, caller.lang, null, { staff: true }),
        share: shareViewOf(paid ?? row),
      };
    });
  });
}
