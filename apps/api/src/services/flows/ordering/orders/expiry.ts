/**
 * The reconcile job (ARCHITECTURE "Inside the API: floors"): the payment core settles, expires and
 * pays out what the gateways answer (flows/payments/reconcile.ts), then ordering cancels the orders to
 * be paid first whose payment never came, past the same expiry and margin, so unpaid online orders never
 * pile up in the kitchen. Ordering sits above payments, so the job that needs both lives here.
 */
import { and, asc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import { ORDER_STATUS } from '@santap/domain';
import { orders, payments } from '../../../../db/schema';
import type { AppContext } from '../../../context';
import {
  EXPIRY_MARGIN_MINUTES,
  RECONCILE_BATCH as BATCH,
  RECONCILE_INTERVAL_SECONDS,
  reconcilePendingPayments,
} from '../../payments/reconcile';
import type { ReconcileReport } from '../../payments/reconcile';
import { GATEWAY_EXPIRY_MINUTES } from '../../payments/service';
import { paidFirst, transitionOrder } from './transitions';
import { closeIdleTabs } from '../../../model/tabs';

/** One run: the payments first, then the orders they leave unpaid, then the tabs left idle. */
export async function reconcile(
  ctx: AppContext,
  options: { olderThanSeconds?: number } = {},
): Promise<ReconcileReport & { ordersExpired: number; tabsClosed: number }> {
  const report = await reconcilePendingPayments(ctx, options);
  const expiredBefore = new Date(
    ctx.now().getTime() - (GATEWAY_EXPIRY_MINUTES + EXPIRY_MARGIN_MINUTES) * 60_000,
  );
  const ordersExpired = await expireUnpaidOrders(ctx, expiredBefore);
  if (ordersExpired > 0) ctx.log.info({ ordersExpired }, 'unpaid orders expired');
  // Table tabs left idle, settled, with every order ended (apps/api docs/tabs.md, Closing).
  const tabsClosed = await closeIdleTabs(ctx);
  if (tabsClosed > 0) ctx.log.info({ tabsClosed }, 'idle tabs closed');
  return { ...report, ordersExpired, tabsClosed };
}

/**
 * Orders to be paid first (online, prepay or scheduled: `paidFirst`) still waiting for the restaurant
 * and unpaid, placed before `placedBefore` (the gateway's expiry plus the margin) and with no payment
 * still under way (an attempt past that age was closed as expired above): cancelled by the system, so
 * abandoned checkouts leave the kitchen's list and release what they held. Checked again under the
 * order's row lock, so a capture that lands meanwhile wins.
 */
export async function expireUnpaidOrders(ctx: AppContext, placedBefore: Date): Promise<number> {
  const paidFirstSql = sql`(${orders.prepay} or ${orders.paymentMode} = 'online' or ${orders.orderTime} = 'SCHEDULED')`;
  const underWay = sql`exists (select 1 from ${payments} p where p.state in ('initiated', 'processing', 'pending')
    and (p.order_id = ${orders.id} or (${orders.fcOrderId} is not null and p.fc_order_id = ${orders.fcOrderId})))`;
  const candidates = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.status, [ORDER_STATUS.WAITING_CONFIRMATION, ORDER_STATUS.SCHEDULED]),
        ne(orders.paymentStatus, 'paid'),
        paidFirstSql,
        lte(orders.createdAt, placedBefore),
        sql`not ${underWay}`,
      ),
    )
    .orderBy(asc(orders.id))
    .limit(BATCH);
  let expired = 0;
  for (const { id } of candidates) {
    try {
      const cancelled = await ctx.db.transaction(async (tx) => {
        const [order] = await tx
          .select()
          .from(orders)
          .where(
            and(
              eq(orders.id, id),
              inArray(orders.status, [ORDER_STATUS.WAITING_CONFIRMATION, ORDER_STATUS.SCHEDULED]),
              ne(orders.paymentStatus, 'paid'),
              sql`not ${underWay}`,
            ),
          )
          .for('update');
        if (!order || !paidFirst(order)) return false;
        await transitionOrder(ctx, tx, order, ORDER_STATUS.CANCELLED, 'system:payment-expired');
        return true;
      });
      if (cancelled) expired++;
    } catch (error) {
      ctx.log.warn({ err: error, orderId: id }, 'reconcile: expiring an unpaid order failed');
    }
  }
  return expired;
}

/** Runs the job every `intervalSeconds` (never two runs at once); returns the stop function. */
export function startReconcileJob(ctx: AppContext, intervalSeconds = RECONCILE_INTERVAL_SECONDS): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    reconcile(ctx)
      .catch((error: unknown) => ctx.log.error({ err: error }, 'reconcile job failed'))
      .finally(() => {
        running = false;
      });
  }, intervalSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
