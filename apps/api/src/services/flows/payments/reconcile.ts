/**
 * Reconciliation (FACTS: DOKU retries a webhook only 3 times, so polling is required).
 * Payments stuck in initiated / processing / pending are asked about at their gateway and settled
 * through the same path as a webhook (deduplicated on a poll event id per status), and refunds still
 * initiated (a worker that died, a gateway that timed out) are tried again with the same refund key.
 *
 * Our attempts expire too: one the gateway still calls pending (or does not know: an abandoned
 * checkout) past {@link GATEWAY_EXPIRY_MINUTES} plus {@link EXPIRY_MARGIN_MINUTES} is closed as expired
 * (its orders' payment moves to failed; a capture reported later is still accepted and settled). The
 * least recently asked payments are asked first (`last_checked_at`), so nothing starves. And the orders
 * of such checkouts: an order to be paid first that was never paid is cancelled once its age passes the
 * same expiry and margin (`expireUnpaidOrders`), so unpaid online orders never pile up in the kitchen.
 */
import { and, asc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import { ORDER_STATUS } from '@santap/domain';
import { orders, payments, refunds } from '../../../db/schema';
import { paidFirst, transitionOrder } from '../ordering/orders';
import type { AppContext } from '../../context';
import { COUNTER_PROVIDER, UNSETTLED_STATES, referenceOf, stateForProviderStatus } from './model';
import { processRefund } from './refund-gateway';
import { GATEWAY_EXPIRY_MINUTES, applyProviderEvent } from './service';

/** How often the job runs outside tests. */
export const RECONCILE_INTERVAL_SECONDS = 60;
/** A payment is 'stuck' once it has waited this long for its webhook. */
export const RECONCILE_AFTER_SECONDS = 60;
/** Work per run, so one run never holds the loop for long; the next run takes the rest. */
export const RECONCILE_BATCH = 100;
const BATCH = RECONCILE_BATCH;
/**
 * How long past the gateway's own expiry ({@link GATEWAY_EXPIRY_MINUTES}) we still wait for a payment
 * the gateway calls pending or does not know, before we close it as expired ourselves.
 */
export const EXPIRY_MARGIN_MINUTES = 10;

export interface ReconcileReport {
  checked: number;
  settled: number;
  /** Abandoned checkouts closed by us (past the gateway expiry and the margin, still unpaid there). */
  expired: number;
  refundsRetried: number;
  refunded: number;
  /** Orders to be paid first, never paid, cancelled past the gateway expiry and the margin. */
  ordersExpired: number;
}

export async function reconcilePendingPayments(
  ctx: AppContext,
  options: { olderThanSeconds?: number } = {},
): Promise<ReconcileReport> {
  const now = ctx.now();
  const cutoff = new Date(now.getTime() - (options.olderThanSeconds ?? RECONCILE_AFTER_SECONDS) * 1000);
  const expiredBefore = new Date(now.getTime() - (GATEWAY_EXPIRY_MINUTES + EXPIRY_MARGIN_MINUTES) * 60_000);
  const report: ReconcileReport = {
    checked: 0,
    settled: 0,
    expired: 0,
    refundsRetried: 0,
    refunded: 0,
    ordersExpired: 0,
  };

  // Least recently asked first (never asked first of all), so a pile of abandoned checkouts never
  // starves a newer payment: each run moves the ones it asked to the back of the queue.
  const stuck = await ctx.db
    .select()
    .from(payments)
    .where(
      and(
        inArray(payments.state, [...UNSETTLED_STATES]),
        ne(payments.provider, COUNTER_PROVIDER),
        lte(payments.createdAt, cutoff),
      ),
    )
    .orderBy(sql`${payments.lastCheckedAt} asc nulls first`, asc(payments.id))
    .limit(BATCH);
  if (stuck.length > 0) {
    await ctx.db
      .update(payments)
      .set({ lastCheckedAt: now })
      .where(
        inArray(
          payments.id,
          stuck.map((payment) => payment.id),
        ),
      );
  }
  for (const payment of stuck) {
    const provider = ctx.payments.get(payment.provider);
    if (!provider) continue;
    report.checked++;
    const reference = referenceOf(payment);
    try {
      const answer = await provider.queryStatus(reference);
      const to = stateForProviderStatus(answer.status);
      if (to === 'pending' && payment.createdAt <= expiredBefore) {
        // Past the gateway's own expiry (and a margin) and still not paid there: an abandoned
        // checkout. Closed by us, through the same path as a webhook; a late capture still settles.
        const result = await applyProviderEvent(ctx, payment.provider, {
          eventId: `expiry:${reference}`,
          reference,
          status: 'expired',
          raw: { source: 'expiry', answer: answer.raw as Record<string, unknown> | null },
        });
        if (result.changed) {
          report.expired++;
          ctx.log.info({ paymentId: payment.id, provider: payment.provider }, 'payment expired by us');
        }
        continue;
      }
      if (!to || to === payment.state) continue;
      const result = await applyProviderEvent(ctx, payment.provider, {
        eventId: `poll:${reference}:${answer.status}`,
        reference,
        status: answer.status,
        ...(answer.amount !== undefined ? { amount: answer.amount } : {}),
        raw: { source: 'poll', answer: answer.raw as Record<string, unknown> | null },
      });
      if (result.changed) report.settled++;
    } catch (error) {
      ctx.log.warn({ err: error, paymentId: payment.id }, 'reconcile: status query failed');
    }
  }

  const waiting = await ctx.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        eq(refunds.state, 'refund_initiated'),
        lte(refunds.updatedAt, cutoff),
        // Backoff: a refund whose gateway gave no answer n times waits n minutes (at most 30) more.
        sql`${refunds.updatedAt} <= ${now.toISOString()}::timestamptz - least(${refunds.attempts}, 30) * interval '1 minute'`,
      ),
    )
    .orderBy(asc(refunds.updatedAt), asc(refunds.id))
    .limit(BATCH);
  for (const { id } of waiting) {
    report.refundsRetried++;
    try {
      if ((await processRefund(ctx, id)) === 'refunded') report.refunded++;
    } catch (error) {
      ctx.log.warn({ err: error, refundId: id }, 'reconcile: refund retry failed');
    }
  }
  report.ordersExpired = await expireUnpaidOrders(ctx, expiredBefore);
  if (report.settled > 0 || report.refunded > 0 || report.ordersExpired > 0) {
    ctx.log.info(report, 'payments reconciled');
  }
  return report;
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
    reconcilePendingPayments(ctx)
      .catch((error: unknown) => ctx.log.error({ err: error }, 'reconcile job failed'))
      .finally(() => {
        running = false;
      });
  }, intervalSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
