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
 *
 * A gateway may limit how often it is asked (`statusQueryPolicy`: Razer at most every 30 minutes per
 * payment, the first time only after the payer had time to pay): its payments are not picked before
 * then, so they neither fill a run nor get asked every minute. A payment whose gateway gives no usable
 * answer (down, a reply whose signature does not hold) is asked again at that pace and closed as
 * expired once {@link GIVE_UP_HOURS} old; a capture reported later still settles.
 */
import { and, asc, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { payments, refunds } from '../../../db/schema';
import type { AppContext } from '../../context';
import { COUNTER_PROVIDER, UNSETTLED_STATES, referenceOf, stateForProviderStatus } from './model';
import type { PaymentRow } from './model';
import { gatewayTxnIdOf } from './gateway-refs';
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
/**
 * How long a payment whose gateway never gives a usable answer is asked about before it is closed as
 * expired (Razer keeps order-id requery results for a day).
 */
export const GIVE_UP_HOURS = 24;

export interface ReconcileReport {
  checked: number;
  settled: number;
  /** Abandoned checkouts closed by us (past the gateway expiry and the margin, still unpaid there). */
  expired: number;
  refundsRetried: number;
  refunded: number;
  /** Orders to be paid first, never paid, cancelled past the gateway expiry and the margin. */
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
        ...askablePaced(ctx, now),
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
      const answer = await provider.queryStatus(reference, {
        amount: payment.amount,
        currency: payment.currency as 'MYR' | 'IDR',
        gatewayTxnId: gatewayTxnIdOf(payment),
      });
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
        ...(answer.providerRef ? { providerRef: answer.providerRef } : {}),
        raw: { source: 'poll', answer: answer.raw as Record<string, unknown> | null },
      });
      if (result.changed) report.settled++;
    } catch (error) {
      ctx.log.warn({ err: error, paymentId: payment.id }, 'reconcile: status query failed');
      if (await giveUp(ctx, payment, reference, error)) report.expired++;
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
  if (report.settled > 0 || report.refunded > 0) {
    ctx.log.info(report, 'payments reconciled');
  }
  return report;
}

/**
 * The pace each gateway allows (`statusQueryPolicy`), as conditions on the payments a run picks: a
 * payment of such a gateway only once it is old enough and was not asked within the interval.
 */
function askablePaced(ctx: AppContext, now: Date) {
  const conditions = [];
  for (const [name, provider] of ctx.payments.providers) {
    const policy = provider.statusQueryPolicy;
    if (!policy) continue;
    const firstAfter = new Date(now.getTime() - policy.firstAfterSeconds * 1000);
    const askedBefore = new Date(now.getTime() - policy.everySeconds * 1000);
    conditions.push(
      or(
        ne(payments.provider, name),
        and(
          lte(payments.createdAt, firstAfter),
          or(isNull(payments.lastCheckedAt), lte(payments.lastCheckedAt, askedBefore)),
        ),
      ),
    );
  }
  return conditions;
}

/**
 * A payment its gateway gave no usable answer about for {@link GIVE_UP_HOURS}: closed as expired, as
 * an abandoned checkout is (a capture reported later still settles). Returns whether it was closed.
 */
async function giveUp(ctx: AppContext, payment: PaymentRow, reference: string, error: unknown) {
  if (payment.createdAt.getTime() > ctx.now().getTime() - GIVE_UP_HOURS * 3_600_000) return false;
  ctx.log.error(
    { err: error, paymentId: payment.id, provider: payment.provider },
    'reconcile: no usable status for a day, closed as expired',
  );
  const result = await applyProviderEvent(ctx, payment.provider, {
    eventId: `expiry:${reference}`,
    reference,
    status: 'expired',
    raw: { source: 'expiry', error: error instanceof Error ? error.message : String(error) },
  });
  return result.changed;
}
