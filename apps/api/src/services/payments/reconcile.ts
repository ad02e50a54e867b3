/**
 * Reconciliation (issue 4 §3; FACTS: DOKU retries a webhook only 3 times, so polling is required).
 * Payments stuck in initiated / processing / pending are asked about at their gateway and settled
 * through the same path as a webhook (deduplicated on a poll event id per status), and refunds still
 * initiated (a worker that died, a gateway that timed out) are tried again with the same refund key.
 */
import { and, asc, eq, inArray, lte, ne } from 'drizzle-orm';
import { payments, refunds } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { COUNTER_PROVIDER, UNSETTLED_STATES, referenceOf, stateForProviderStatus } from './model';
import { processRefund } from './refunds';
import { applyProviderEvent } from './service';

/** How often the job runs outside tests. */
export const RECONCILE_INTERVAL_SECONDS = 60;
/** A payment is 'stuck' once it has waited this long for its webhook. */
export const RECONCILE_AFTER_SECONDS = 60;
/** Work per run, so one run never holds the loop for long; the next run takes the rest. */
const BATCH = 100;

export interface ReconcileReport {
  checked: number;
  settled: number;
  refundsRetried: number;
  refunded: number;
}

export async function reconcilePendingPayments(
  ctx: AppContext,
  options: { olderThanSeconds?: number } = {},
): Promise<ReconcileReport> {
  const cutoff = new Date(ctx.now().getTime() - (options.olderThanSeconds ?? RECONCILE_AFTER_SECONDS) * 1000);
  const report: ReconcileReport = { checked: 0, settled: 0, refundsRetried: 0, refunded: 0 };

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
    .orderBy(asc(payments.id))
    .limit(BATCH);
  for (const payment of stuck) {
    const provider = ctx.payments.get(payment.provider);
    if (!provider) continue;
    report.checked++;
    const reference = referenceOf(payment);
    try {
      const answer = await provider.queryStatus(reference);
      const to = stateForProviderStatus(answer.status);
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
    .where(and(eq(refunds.state, 'refund_initiated'), lte(refunds.updatedAt, cutoff)))
    .orderBy(asc(refunds.id))
    .limit(BATCH);
  for (const { id } of waiting) {
    report.refundsRetried++;
    try {
      if ((await processRefund(ctx, id)) === 'refunded') report.refunded++;
    } catch (error) {
      ctx.log.warn({ err: error, refundId: id }, 'reconcile: refund retry failed');
    }
  }
  if (report.settled > 0 || report.refunded > 0) ctx.log.info(report, 'payments reconciled');
  return report;
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
