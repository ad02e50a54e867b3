/**
 * Paying a refund out: the refund worker calls the gateway for each refund row as it commits
 * (idempotent on the refund key), and the outcome is recorded on the refund, the payment, the order
 * and a booking. The reconciliation job calls `processRefund` again for a refund still initiated.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { OrderPaymentState } from '@santap/domain';
import { PaymentGatewayError } from '../../adapters/payments/http';
import type { RefundInput, RefundOutcome } from '../../adapters/payments/provider';
import type { DbOrTx } from '../../../db/client';
import { orderItems, orders, payments, refunds } from '../../../db/schema';
import type { AppContext } from '../../context';
import { COUNTER_PROVIDER, moveOrderPayment, publishPayment, referenceOf, refundOrderIdOf } from './model';
import type { PaymentRow } from './model';
import { bookingRefunded, lockReservation } from '../reservations/model';
import { capturesOf, itemIdsOf, refundIsFor } from './order-refunds';
import { REFUND_TOPIC } from './refunds';
import { gatewayTxnIdOf, markRefundSubmitted, refundSubmittedAt } from './gateway-refs';
import type { RefundRow } from './refunds';

/** The order a refund belongs to: from its key, its declined item, or its payment. */
async function orderIdOfRefund(tx: DbOrTx, refund: RefundRow, payment: PaymentRow): Promise<number | null> {
  const fromKey = refundOrderIdOf(refund.refundKey);
  if (fromKey) return fromKey;
  if (refund.orderItemId !== null) {
    const [item] = await tx
      .select({ orderId: orderItems.orderId })
      .from(orderItems)
      .where(eq(orderItems.id, refund.orderItemId));
    if (item) return item.orderId;
  }
  return payment.orderId;
}

/** A gateway's refusal, short, for the refund row and the log. */
function describe(raw: unknown): string {
  try {
    return typeof raw === 'string' ? raw : JSON.stringify(raw ?? null);
  } catch {
    return String(raw);
  }
}

/**
 * Performs one initiated refund through its gateway (idempotent on the refund key) and records the
 * outcome: refunded -> the refund, the payment's and the order's refunded amounts, and the order's
 * payment state once its full refund is done. A gateway that refuses ('failed', or an answer we
 * cannot act on) marks the refund failed for good, its reason in the gateway's words (`last_error`,
 * shown to the manager; a live event says so); no answer (a time-out, the network, a 5xx, a reply
 * whose signature does not hold: retryable) or 'pending' leaves it initiated, its `attempts` counted,
 * for the reconciliation job to try again with backoff.
 *
 * A gateway whose refunds take days (Razer: `refundStatus`) is never sent the same refund twice: once
 * it took one (pending) or an earlier call got no answer, the refund is asked about by its key, and
 * only sent when the gateway has never heard of it.
 */
export async function processRefund(ctx: AppContext, refundId: number): Promise<RefundRow['state'] | null> {
  const [row] = await ctx.db
    .select({ refund: refunds, payment: payments })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, refundId));
  if (!row) return null;
  const { refund, payment } = row;
  if (refund.state !== 'refund_initiated') return refund.state;

  let outcome: 'refunded' | 'pending' | 'failed';
  let lastError: string | null = null;
  if (payment.provider === COUNTER_PROVIDER) {
    // Counter payments are handed back at the counter by staff: nothing to call.
    outcome = 'refunded';
  } else {
    const provider = ctx.payments.get(payment.provider);
    if (!provider) {
      ctx.log.warn({ refundId, provider: payment.provider }, 'refund waits: provider not configured');
      return refund.state;
    }
    const currency = payment.currency as 'MYR' | 'IDR';
    const input: RefundInput = {
      reference: referenceOf(payment),
      providerRef: payment.providerRef ?? '',
      amount: refund.amount,
      currency,
      refundKey: refund.refundKey,
      reason: refund.reason,
      payment: { amount: payment.amount, currency, gatewayTxnId: gatewayTxnIdOf(payment) },
    };
    const submitted = refundSubmittedAt(payment, refund.refundKey) !== undefined;
    try {
      let result: RefundOutcome;
      if (provider.refundStatus && (submitted || refund.attempts > 0)) {
        const known = await provider.refundStatus(input);
        if (known.status !== 'unknown') result = known;
        else if (submitted) {
          // Taken once and not found now: it is not sent again (the gateway would refuse the key).
          result = {
            status: 'pending',
            raw: known.raw,
            reason: 'taken earlier, not found at the gateway now',
          };
        } else result = await provider.refund(input);
      } else {
        result = await provider.refund(input);
      }
      outcome = result.status;
      if (outcome === 'failed') lastError = result.reason ?? describe(result.raw);
      if (outcome === 'pending') {
        if (result.reason) ctx.log.warn({ refundId, raw: result.raw, note: result.reason }, 'refund pending');
        if (provider.refundStatus && !submitted)
          await markRefundSubmitted(ctx.db, payment.id, refund.refundKey, ctx.now());
        // Asked again later, less often each time (the reconciliation job's backoff, at most 30 min).
        await ctx.db
          .update(refunds)
          .set({ attempts: sql`${refunds.attempts} + 1`, updatedAt: ctx.now() })
          .where(and(eq(refunds.id, refund.id), eq(refunds.state, 'refund_initiated')));
      }
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      if (!(error instanceof PaymentGatewayError) || error.retryable) {
        // No answer (time-out, network, 5xx): tried again later with the same refund key.
        await ctx.db
          .update(refunds)
          .set({
            attempts: sql`${refunds.attempts} + 1`,
            lastError: lastError.slice(0, 500),
            updatedAt: ctx.now(),
          })
          .where(and(eq(refunds.id, refund.id), eq(refunds.state, 'refund_initiated')));
        ctx.log.warn(
          { err: error, refundId, attempts: refund.attempts + 1 },
          'refund call failed; will retry',
        );
        return refund.state;
      }
      // An answer we cannot act on (a malformed reply, a 4xx): a refusal, not worth repeating.
      outcome = 'failed';
    }
  }
  if (outcome === 'pending') return refund.state;

  const settled = await ctx.db.transaction(async (tx) => {
    const orderId = await orderIdOfRefund(tx, refund, payment);
    const [order] = orderId ? await tx.select().from(orders).where(eq(orders.id, orderId)).for('update') : [];
    const booking = payment.reservationId ? await lockReservation(tx, payment.reservationId) : null;
    await tx.select({ id: payments.id }).from(payments).where(eq(payments.id, payment.id)).for('update');
    const now = ctx.now();
    const [updated] = await tx
      .update(refunds)
      .set({
        state: outcome === 'refunded' ? 'refunded' : 'failed',
        ...(lastError !== null ? { lastError: lastError.slice(0, 500) } : {}),
        updatedAt: now,
      })
      .where(and(eq(refunds.id, refund.id), eq(refunds.state, 'refund_initiated')))
      .returning();
    if (!updated) return refund.state === 'refund_initiated' ? 'refunded' : refund.state;
    if (outcome === 'failed') {
      ctx.log.error(
        { refundId, paymentId: payment.id, reason: lastError },
        'gateway refused the refund: needs staff attention',
      );
      if (order) {
        await publishPayment(ctx, tx, order, payment, { refund_id: refund.id, refund_state: 'failed' });
      }
      return 'failed';
    }
    await tx
      .update(payments)
      .set({ refundedAmount: sql`${payments.refundedAmount} + ${refund.amount}`, updatedAt: now })
      .where(eq(payments.id, payment.id));
    if (order) {
      const captures = await capturesOf(tx, order);
      const itemIds = await itemIdsOf(tx, order.id);
      const open = captures.length
        ? await tx
            .select()
            .from(refunds)
            .where(
              and(
                eq(refunds.state, 'refund_initiated'),
                inArray(
                  refunds.paymentId,
                  captures.map((p) => p.id),
                ),
              ),
            )
        : [];
      const openForOrder = open.some((r) => captures.some((p) => refundIsFor(r, p, order.id, itemIds)));
      // A wrong-amount capture never counted as paid, so its refund does not count as refunded.
      if (refund.reason !== 'amount_mismatch') {
        await moveOrderPayment(ctx, tx, order, order.paymentStatus as OrderPaymentState, {
          refundedAmount: order.refundedAmount + refund.amount,
        });
      }
      if (order.paymentStatus === 'refund_initiated' && !openForOrder) {
        await moveOrderPayment(ctx, tx, order, 'refunded');
      }
      await publishPayment(ctx, tx, order, payment, { refund_id: refund.id, refund_state: 'refunded' });
    }
    if (booking) await bookingRefunded(ctx, tx, booking, refund);
    ctx.log.info({ refundId, paymentId: payment.id, amount: refund.amount }, 'refunded');
    return 'refunded';
  });
  // Counted once committed: the refused-for-good refunds of the dashboard and its alert.
  if (outcome === 'failed' && settled === 'failed') ctx.metrics.refundFailed(payment.provider);
  return settled;
}

/** Starts refunds when their row commits (on every instance; the refund key keeps it to one). */
export function startRefundWorker(ctx: AppContext): () => void {
  return ctx.events.subscribe(REFUND_TOPIC, (event) => {
    const id = event.data.refund_id;
    if (typeof id !== 'number' || event.data.refund_state !== 'refund_initiated') return;
    processRefund(ctx, id).catch((error: unknown) =>
      ctx.log.error({ err: error, refundId: id }, 'refund worker failed'),
    );
  });
}
