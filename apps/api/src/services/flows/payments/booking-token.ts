/**
 * The token payment of a table booking (payments.purpose 'reservation', spec §4 booking states, §9
 * token amount), on the same machinery as orders: the webhook path (verified, deduplicated, never
 * backwards) calls {@link settleReservationPayment} inside its transaction, and refunds go through
 * `startRefund` and the refund worker.
 *
 * - A capture pays the token: `payment_pending` (or `payment_failed`, when the gateway captured late)
 *   → `confirmation_pending`, money `paid`. A booking whose hold lapsed takes a table again; when none
 *   is free any more, the booking is cancelled and the token refunded (`reservation_unavailable`).
 * - A second capture for a paid token is refunded (`duplicate_payment`); a capture for a booking
 *   already cancelled or declined is refunded too.
 * - A failure or expiry, with no other attempt still processing, leaves `payment_failed`.
 */
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { BookingState } from '@santap/domain';
import type { DbOrTx } from '../../../db/client';
import { payments, refunds, reservations } from '../../../db/schema';
import type { AppContext } from '../../context';
import { lockRestaurantBookings, retakeTable } from '../reservations/capacity';
import {
  ENDED_STATES,
  holdsTable,
  lockReservation,
  moveBooking,
  publishBooking,
} from '../reservations/model';
import type { BookingPaymentStatus } from '../reservations/model';
import type { ReservationRow } from '../../model/reservations';
import { LIVE_STATES, lockOf } from './model';
import type { PaymentRow, PaymentState, RefundReason } from './model';
import { startRefund } from './refunds';

/** For a booking's payment: the restaurant's booking lock, then the booking row (in that order). */
export async function lockBookingOfPayment(tx: DbOrTx, payment: PaymentRow): Promise<ReservationRow | null> {
  if (payment.reservationId === null) return null;
  const [row] = await tx
    .select({ restaurantId: reservations.restaurantId })
    .from(reservations)
    .where(eq(reservations.id, payment.reservationId));
  if (!row) return null;
  await lockRestaurantBookings(tx, row.restaurantId);
  return lockReservation(tx, payment.reservationId);
}

/** The booking's money state, as `check-payment-status` reports it for a booking's payment. */
export async function paymentStatusOfBooking(db: DbOrTx, reservationId: number): Promise<string> {
  const [row] = await db
    .select({ paymentStatus: reservations.paymentStatus })
    .from(reservations)
    .where(eq(reservations.id, reservationId));
  return row?.paymentStatus ?? 'unpaid';
}

/** The booking's payment attempts, newest first. */
export async function paymentsOfBooking(db: DbOrTx, reservationId: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.reservationId, reservationId))
    .orderBy(desc(payments.id));
}

/** What is left of a captured payment once its started (not failed) refunds are taken off. */
async function heldBy(tx: DbOrTx, payment: PaymentRow): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, payment.id), ne(refunds.state, 'failed')));
  return Math.max(0, payment.amount - Number(row?.total ?? 0));
}

const REFUND_REASON: Partial<Record<BookingState, RefundReason>> = {
  cancelled: 'reservation_cancelled',
  declined: 'reservation_declined',
};

/**
 * Refunds a booking's paid token (inside the transaction that cancels or declines it): every captured
 * payment of the booking gives back what it still holds, the booking moves `cancelled` / `declined` →
 * `refund_initiated` and its money to `refund_initiated`. The gateway call follows on commit (refund
 * worker). Nothing happens for a booking whose token was not paid.
 */
export async function refundBookingToken(
  ctx: AppContext,
  tx: DbOrTx,
  booking: ReservationRow,
  reason: RefundReason = REFUND_REASON[booking.state as BookingState] ?? 'reservation_cancelled',
) {
  if (booking.paymentStatus !== 'paid') return;
  const captured = (await paymentsOfBooking(tx, booking.id)).filter((p) => p.state === 'success');
  let started = 0;
  for (const payment of captured) {
    const left = await heldBy(tx, payment);
    if (left > 0 && (await startRefund(ctx, tx, { payment, reservation: booking, amount: left, reason }))) {
      started++;
    }
  }
  if (started === 0) return;
  await moveBooking(ctx, tx, booking, 'refund_initiated', {
    paymentStatus: 'refund_initiated' satisfies BookingPaymentStatus,
  });
}

/**
 * Hook of the payment service's `applyState` for a booking's payment (the booking locked, the payment
 * already moved to `to`): see the module comment.
 */
export async function settleReservationPayment(
  ctx: AppContext,
  tx: DbOrTx,
  booking: ReservationRow,
  payment: PaymentRow,
  to: PaymentState,
) {
  const now = ctx.now();
  const extra = { payment_id: payment.id, payment_state: to };
  if (to === 'success') {
    if (booking.paymentStatus !== 'unpaid') {
      // Two tabs, two channels: the token was paid already; this one goes back whole.
      await startRefund(ctx, tx, {
        payment,
        reservation: booking,
        amount: payment.amount,
        reason: 'duplicate_payment',
      });
      return;
    }
    if (ENDED_STATES.includes(booking.state as BookingState)) {
      // Cancelled or declined while the payment was processing: the money goes back.
      await moveBooking(ctx, tx, booking, null, { paymentStatus: 'paid' }, extra);
      await refundBookingToken(ctx, tx, booking);
      return;
    }
    let tableId = booking.tableId;
    if (!holdsTable(booking, now)) {
      const table = await retakeTable(tx, booking, now);
      if (!table) {
        await moveBooking(
          ctx,
          tx,
          booking,
          'cancelled',
          { paymentStatus: 'paid', reason: 'unavailable' },
          extra,
        );
        await refundBookingToken(ctx, tx, booking, 'reservation_unavailable');
        return;
      }
      tableId = table.id;
    }
    await moveBooking(ctx, tx, booking, 'confirmation_pending', { paymentStatus: 'paid', tableId }, extra);
    return;
  }
  if (to === 'failed' || to === 'expired') {
    const others = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.reservationId, booking.id),
          inArray(payments.state, [...LIVE_STATES]),
          ne(payments.id, payment.id),
        ),
      );
    const anotherLive = others.some((other) => lockOf(other, now).locked);
    if (booking.state === 'payment_pending' && !anotherLive) {
      await moveBooking(ctx, tx, booking, 'payment_failed', {}, extra);
      return;
    }
  }
  await publishBooking(ctx, tx, booking, extra);
}
