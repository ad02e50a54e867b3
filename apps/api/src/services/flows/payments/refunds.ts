/**
 * Refunds (spec §4 'refund initiated -> refunded', §9 refund times).
 *
 * A refund starts inside the transaction that decides it (an order cancelled, declined or deleted, an
 * item declined, a second capture of a paid order) as a `refund_initiated` row whose unique
 * `refund_key` is also the gateway's idempotency key; its live event is delivered on commit only, and
 * the refund worker then calls the gateway. If the process dies in between, the reconciliation job
 * retries every refund still initiated, so a refund is never lost and never paid twice.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { ORDER_STATUS } from '@santap/domain';
import type { OrderStatus } from '@santap/domain';
import type { DbOrTx } from '../../../db/client';
import { orderItems, payments, refunds } from '../../../db/schema';
import type { AppContext } from '../../context';
import type { Caller } from '../../../lib/caller';
import { publishPayment, refundKeyOf, refundOrderIdOf } from './model';
import type { OrderRow, PaymentRow, RefundReason } from './model';
import { publishBooking } from '../reservations/model';
import type { ReservationRow } from '../../model/reservations';

export type RefundRow = typeof refunds.$inferSelect;

/** The internal live topic the refund worker listens on (no client may subscribe to it). */
export const REFUND_TOPIC = 'payments:refunds';

/**
 * Spec §9 wording: a refund of a payment that did not pay the order (a duplicate capture, a capture
 * for the wrong amount) takes 5-7 working days, others 3-5 days (bank).
 */
export function refundWordingKey(reason: string): 'refund.failedPayment' | 'refund.bank' {
  return reason === 'duplicate_payment' || reason === 'amount_mismatch'
    ? 'refund.failedPayment'
    : 'refund.bank';
}

const ENDED_REASON: Partial<Record<OrderStatus, RefundReason>> = {
  [ORDER_STATUS.CANCELLED]: 'order_cancelled',
  [ORDER_STATUS.DECLINED]: 'order_declined',
  [ORDER_STATUS.DELETED]: 'order_deleted',
};

/** The reason an order that ended in `status` is refunded, or undefined when it is not. */
export const endedReason = (status: number): RefundReason | undefined => ENDED_REASON[status as OrderStatus];

/**
 * Starts a refund of `amount` from `payment` for `order` (or for the table booking `reservation`),
 * capped at what is left of the payment (`held`: what the gateway took, when it is not the payment's
 * amount): one row per refund key (`sequence` for refunds that may repeat), so starting it again
 * does nothing.
 * The payment row is locked (after the order or booking, as everywhere) so two outlets of one
 * food-court payment never refund more than it holds. Returns the new refund id, or null when
 * nothing was started.
 */
export async function startRefund(
  ctx: AppContext,
  tx: DbOrTx,
  input: {
    payment: PaymentRow;
    amount: number;
    reason: RefundReason;
    orderItemId?: number;
    held?: number;
    sequence?: number;
  } & ({ order: OrderRow; reservation?: undefined } | { order?: undefined; reservation: ReservationRow }),
): Promise<number | null> {
  const { payment, order, reservation, reason } = input;
  await tx.select({ id: payments.id }).from(payments).where(eq(payments.id, payment.id)).for('update');
  const [started] = await tx
    .select({ total: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, payment.id), ne(refunds.state, 'failed')));
  const amount = Math.min(input.amount, (input.held ?? payment.amount) - Number(started?.total ?? 0));
  if (amount <= 0) return null;
  const now = ctx.now();
  const refundKey = refundKeyOf(
    payment.id,
    reason,
    input.orderItemId !== undefined
      ? { orderItemId: input.orderItemId }
      : reservation
        ? { reservationId: reservation.id }
        : { orderId: order.id },
    input.sequence,
  );
  const [row] = await tx
    .insert(refunds)
    .values({
      paymentId: payment.id,
      amount,
      reason,
      state: 'refund_initiated',
      refundKey,
      orderItemId: input.orderItemId ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: refunds.id });
  if (!row) return null;
  ctx.log.info(
    {
      refundId: row.id,
      paymentId: payment.id,
      orderId: order?.id,
      reservationId: reservation?.id,
      amount,
      reason,
    },
    'refund initiated',
  );
  if (reservation) {
    await publishBooking(ctx, tx, reservation, {
      payment_id: payment.id,
      refund_id: row.id,
      refund_state: 'refund_initiated',
    });
    // The refund worker's own topic: no diner may subscribe to it.
    await ctx.events.publish(tx, {
      topics: [REFUND_TOPIC],
      type: 'booking.status',
      data: { reservation_id: reservation.id, refund_id: row.id, refund_state: 'refund_initiated' },
    });
    return row.id;
  }
  await publishPayment(ctx, tx, order, payment, { refund_id: row.id, refund_state: 'refund_initiated' }, [
    REFUND_TOPIC,
  ]);
  return row.id;
}

/**
 * The contract's view of refunds, with the spec's wording in the caller's language; a failed refund
 * carries the gateway's reason for a member of the restaurant's staff.
 */
export async function refundViews(
  db: DbOrTx,
  paymentRows: PaymentRow[],
  caller: Pick<Caller, 't'> & Partial<Pick<Caller, 'staff'>>,
) {
  if (paymentRows.length === 0) return [];
  const rows = await db
    .select()
    .from(refunds)
    .where(
      inArray(
        refunds.paymentId,
        paymentRows.map((p) => p.id),
      ),
    )
    .orderBy(refunds.id);
  const itemIds = rows.map((r) => r.orderItemId).filter((id): id is number => id !== null);
  const items = itemIds.length
    ? await db
        .select({ id: orderItems.id, orderId: orderItems.orderId })
        .from(orderItems)
        .where(inArray(orderItems.id, itemIds))
    : [];
  return rows.map((refund) => {
    const payment = paymentRows.find((p) => p.id === refund.paymentId)!;
    const key = refundWordingKey(refund.reason);
    return {
      refund_id: refund.id,
      payment_id: refund.paymentId,
      order_id:
        refundOrderIdOf(refund.refundKey) ??
        items.find((item) => item.id === refund.orderItemId)?.orderId ??
        payment.orderId,
      order_item_id: refund.orderItemId,
      amount: refund.amount,
      currency: payment.currency as 'MYR' | 'IDR',
      reason: refund.reason,
      state: refund.state as 'refund_initiated' | 'refunded' | 'failed',
      wording_key: key,
      wording: caller.t(key),
      created_epoch: Math.floor(refund.createdAt.getTime() / 1000),
      ...(caller.staff && refund.state === 'failed' && refund.lastError
        ? { failure_reason: refund.lastError }
        : {}),
    };
  });
}
