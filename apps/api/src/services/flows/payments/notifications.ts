/**
 * Payments area: settling attempts from gateway notifications, polling and failed creates. A
 * notification is verified by its provider, recorded once per (provider, event id) and never moves a
 * state backwards; a capture for an order already paid (or ended) is refunded.
 */
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { MESSAGE } from '@santap/domain';
import type { DbOrTx } from '../../../db/client';
import { orderEvents, orders, paymentEvents, payments } from '../../../db/schema';
import type { AppContext } from '../../context';
import { ApiFailure, fail } from '../../../lib/errors';
import {
  LIVE_STATES,
  allocationOf,
  canPaymentMove,
  dataOf,
  lockOf,
  moveOrderPayment,
  paymentIdOf,
  publishPayment,
  referenceOf,
  setCartLock,
  stateForProviderStatus,
} from './model';
import type { PaymentData, PaymentRow, PaymentState } from './model';
import type { IncomingNotification, VerifiedNotification } from '../../adapters/payments/provider';
import { settleReservationPayment } from './booking-token';
import { endedReason, startRefund } from './refunds';
import { withGatewayTxnId } from './gateway-refs';

import { moveFc } from './model';
import { ENDED } from './ownership';
import { lockPaymentScope } from './scope';
import { settleTabShare } from '../../model/tab-shares';

/**
 * Applies a payment's new state (already known to be a forward move) to the payment, its orders and
 * food-court order, the cart lock and the live channel. A capture pays each order its part; a part
 * for an order already paid is refunded as a duplicate, a part for an ended order is refunded too.
 */
async function applyState(
  ctx: AppContext,
  tx: DbOrTx,
  locked: Awaited<ReturnType<typeof lockPaymentScope>>,
  to: PaymentState,
  providerRef: string | undefined,
) {
  const { payment, fc } = locked;
  const now = ctx.now();
  const [updated] = await tx
    .update(payments)
    .set({
      state: to,
      processingUntil: null,
      ...(providerRef && !payment.providerRef ? { providerRef } : {}),
      updatedAt: now,
    })
    .where(eq(payments.id, payment.id))
    .returning();
  const fresh = updated ?? payment;

  // A tab share's payment settles its share first (model/tab-shares.ts; apps/api docs/tabs.md, Shares):
  // only a share paid moves its orders; one whose dishes were taken meanwhile is given back whole.
  const tabShare = await settleTabShare(ctx, tx, fresh, to);
  if (tabShare && tabShare.outcome !== 'paid') {
    const first = locked.orders.find((o) => o.id === allocationOf(payment)[0]?.order_id);
    if (tabShare.outcome === 'refund' && first) {
      await startRefund(ctx, tx, {
        payment: fresh,
        order: first,
        amount: fresh.amount,
        reason: 'duplicate_payment',
      });
    }
    for (const order of locked.orders) await publishPayment(ctx, tx, order, fresh);
    return fresh;
  }

  const others =
    locked.orders.length === 0 && !fc
      ? []
      : await tx
          .select()
          .from(payments)
          .where(
            and(
              inArray(payments.state, [...LIVE_STATES]),
              isNotNull(payments.processingUntil),
              sql`${payments.id} <> ${payment.id}`,
              or(
                inArray(
                  payments.orderId,
                  locked.orders.map((o) => o.id),
                ),
                fc ? eq(payments.fcOrderId, fc.id) : sql`false`,
              ),
            ),
          );
  const anotherLive = others.some((other) => lockOf(other, now).locked);

  for (const part of allocationOf(payment)) {
    const order = locked.orders.find((o) => o.id === part.order_id);
    if (!order) continue;
    if (to === 'success') {
      const stillOwed = Math.max(0, order.total - order.paidAmount);
      const paidAmount = order.paidAmount + part.amount;
      await moveOrderPayment(ctx, tx, order, paidAmount >= order.total ? 'paid' : 'partial_paid', {
        paidAmount,
      });
      // In the order's log, as a counter payment is: what makes it work for the kitchen when it is
      // paid first (the print spooler reads it; apps/api docs/printing.md).
      await tx.insert(orderEvents).values({
        orderId: order.id,
        kind: 'payment',
        fromStatus: order.status,
        toStatus: order.status,
        actor: `gateway:${payment.provider}`,
        data: { payment_id: payment.id, amount: part.amount, payment_status: order.paymentStatus },
        createdAt: now,
      });
      const ended = endedReason(order.status);
      if (ended) {
        if (await startRefund(ctx, tx, { payment: fresh, order, amount: part.amount, reason: ended })) {
          await moveOrderPayment(ctx, tx, order, 'refund_initiated');
        }
      } else if (part.amount > stillOwed) {
        // Two tabs, two channels: the order was (partly) paid already; the extra goes back.
        await startRefund(ctx, tx, {
          payment: fresh,
          order,
          amount: part.amount - stillOwed,
          reason: 'duplicate_payment',
        });
      }
    } else if (!anotherLive) {
      await moveOrderPayment(ctx, tx, order, to === 'pending' ? 'pending' : 'failed');
    }
    if (!anotherLive || to === 'success') await setCartLock(tx, order, null);
    await publishPayment(ctx, tx, order, fresh);
  }
  if (locked.reservation) await settleReservationPayment(ctx, tx, locked.reservation, fresh, to);
  if (fc) {
    if (to === 'success') {
      const all = await tx.select().from(orders).where(eq(orders.fcOrderId, fc.id));
      const paid = all.every((o) => ENDED(o) || o.paidAmount >= o.total);
      await moveFc(tx, fc, paid ? 'paid' : 'partial_paid');
    } else if (!anotherLive) {
      await moveFc(tx, fc, to === 'pending' ? 'pending' : 'failed');
    }
  }
  return fresh;
}

/** Marks an attempt failed when its gateway could not even create it. */
export async function settleAttempt(
  ctx: AppContext,
  paymentId: number,
  to: 'failed',
  data: Record<string, unknown>,
) {
  await ctx.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId));
    if (!payment) return;
    const locked = await lockPaymentScope(tx, payment);
    if (!canPaymentMove(locked.payment.state, to)) return;
    await tx
      .update(payments)
      .set({ data: { ...dataOf(locked.payment), ...data } })
      .where(eq(payments.id, paymentId));
    await applyState(ctx, tx, locked, to, undefined);
  });
}

export interface ProviderEvent extends Omit<VerifiedNotification, 'raw'> {
  raw: Record<string, unknown>;
}

/**
 * A capture the gateway reports for another amount than the payment's (a gateway error, a checkout
 * tampered with): the money it took is neither counted nor kept. The payment is marked
 * (`data.amount_mismatch`, shown as `captured_amount`), what was captured is refunded in full like a
 * duplicate capture (reason `amount_mismatch`), and an attempt not yet settled fails, so the order
 * stays owed at its own amount and can be paid again. A payment that had already succeeded at its
 * own amount is only marked and logged (a gateway captures one reference once).
 */
async function refundMismatchedCapture(
  ctx: AppContext,
  tx: DbOrTx,
  locked: Awaited<ReturnType<typeof lockPaymentScope>>,
  captured: number,
  providerRef: string | undefined,
) {
  const { payment } = locked;
  ctx.log.error(
    { provider: payment.provider, paymentId: payment.id, expected: payment.amount, captured },
    'captured amount differs from the payment: refunding the capture',
  );
  const data: PaymentData = { ...dataOf(payment), amount_mismatch: { expected: payment.amount, captured } };
  await tx
    .update(payments)
    .set({ data, ...(providerRef && !payment.providerRef ? { providerRef } : {}), updatedAt: ctx.now() })
    .where(eq(payments.id, payment.id));
  const marked: PaymentRow = { ...payment, data, providerRef: payment.providerRef ?? providerRef ?? null };
  if (payment.state !== 'success' && captured > 0) {
    const first = allocationOf(payment)[0];
    const order = locked.orders.find((o) => o.id === first?.order_id);
    const refund = { payment: marked, amount: captured, held: captured, reason: 'amount_mismatch' as const };
    if (order) await startRefund(ctx, tx, { ...refund, order });
    else if (locked.reservation) await startRefund(ctx, tx, { ...refund, reservation: locked.reservation });
  }
  if (canPaymentMove(payment.state, 'failed')) {
    await applyState(ctx, tx, { ...locked, payment: marked }, 'failed', providerRef);
  }
}

/**
 * One event from a gateway (a verified notification, or the answer of a status poll): recorded once
 * per (provider, event id), and applied only when it moves the payment forward. A success whose
 * amount differs from the payment is recorded and its capture refunded ({@link refundMismatchedCapture}).
 */
export async function applyProviderEvent(ctx: AppContext, provider: string, event: ProviderEvent) {
  const paymentId = paymentIdOf(event.reference);
  const [payment] = paymentId
    ? await ctx.db
        .select()
        .from(payments)
        .where(and(eq(payments.id, paymentId), eq(payments.provider, provider)))
    : [];
  if (!payment || referenceOf(payment) !== event.reference) {
    ctx.log.warn({ provider, reference: event.reference }, 'notification for an unknown payment');
    return { received: true, duplicate: false, payment_id: null, changed: false };
  }
  const to = stateForProviderStatus(event.status);
  // A capture in another currency than the payment's is no more its capture than another amount is.
  const mismatch =
    to === 'success' &&
    ((event.amount !== undefined && event.amount !== payment.amount) ||
      (event.currency !== undefined && event.currency !== payment.currency));
  return ctx.db.transaction(async (tx) => {
    let locked = await lockPaymentScope(tx, payment);
    const recorded = await tx
      .insert(paymentEvents)
      .values({
        provider,
        eventId: event.eventId,
        paymentId: payment.id,
        status: event.status,
        payload: event.raw,
        receivedAt: ctx.now(),
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (recorded.length === 0) {
      return { received: true, duplicate: true, payment_id: payment.id, changed: false };
    }
    // The gateway's own transaction id (Razer's tranID) is kept whatever the event does: refunds need it.
    const withTxnId = withGatewayTxnId(locked.payment, event.providerRef);
    if (withTxnId) {
      await tx.update(payments).set({ data: withTxnId }).where(eq(payments.id, payment.id));
      locked = { ...locked, payment: { ...locked.payment, data: withTxnId } };
    }
    if (mismatch) {
      if (event.currency !== undefined && event.currency !== payment.currency) {
        ctx.log.error(
          { provider, paymentId: payment.id, expected: payment.currency, captured: event.currency },
          'captured currency differs from the payment',
        );
      }
      await refundMismatchedCapture(ctx, tx, locked, event.amount ?? 0, event.providerRef);
      return { received: true, duplicate: false, payment_id: payment.id, changed: true };
    }
    if (!to || !canPaymentMove(locked.payment.state, to)) {
      // A late 'pending' after a success, a failure after a success: recorded, ignored.
      return { received: true, duplicate: false, payment_id: payment.id, changed: false };
    }
    await applyState(ctx, tx, locked, to, event.providerRef);
    ctx.log.info({ provider, paymentId: payment.id, from: locked.payment.state, to }, 'payment state');
    return { received: true, duplicate: false, payment_id: payment.id, changed: true };
  });
}

/** A gateway notification posted to our webhook route: verified by its provider, then applied. */
export async function receiveNotification(
  ctx: AppContext,
  providerName: string,
  notification: IncomingNotification,
) {
  const provider = ctx.payments.get(providerName);
  if (!provider) return fail(MESSAGE.notFound);
  const verified = provider.verifyNotification(notification);
  if (!verified) {
    ctx.log.warn({ provider: providerName }, 'notification refused: signature or shape');
    throw new ApiFailure(MESSAGE.invalidSignature, 401);
  }
  const { changed: _changed, ...reply } = await applyProviderEvent(ctx, providerName, verified);
  return reply;
}
