/**
 * What the booking calls, the staff calls and the payment service share about one booking: its row,
 * who may see it, which states hold a table, and the one way a booking changes state (along the
 * `@santap/domain` table, published live on commit).
 */
import { and, eq } from 'drizzle-orm';
import { MESSAGE, canBookingTransition } from '@santap/domain';
import type { BookingState } from '@santap/domain';
import type { DbOrTx } from '../../../db/client';
import { payments, refunds, reservations } from '../../../db/schema';
import type { AppContext } from '../../context';
import type { Caller } from '../../../lib/caller';
import { fail } from '../../../lib/errors';
import { queueBookingUpdate } from '../messaging/order-updates';
import type { ReservationRow } from '../../model/reservations';

export type BookingPaymentStatus = 'unpaid' | 'paid' | 'refund_initiated' | 'refunded';

/** States in which a booking keeps its table (a `payment_pending` one only for a while, see below). */
export const CONFIRMED_HOLD_STATES: readonly BookingState[] = [
  'confirmation_pending',
  'confirmed',
  'modification_requested',
];

/**
 * An unpaid booking keeps its table this long after it (re)entered `payment_pending`, so a diner who
 * walks away from the gateway does not block the table for good. Paying later takes a table again.
 */
export const PAYMENT_HOLD_MINUTES = 30;

/** States after which nothing more happens to a booking but its refund. */
export const ENDED_STATES: readonly BookingState[] = [
  'cancelled',
  'declined',
  'refund_initiated',
  'refund_processed',
];

/** The instant before which an unpaid booking's hold has lapsed. */
export const paymentHoldSince = (now: Date) => new Date(now.getTime() - PAYMENT_HOLD_MINUTES * 60_000);

/** Does this booking hold its table at `now`? */
export function holdsTable(booking: ReservationRow, now: Date): boolean {
  const state = booking.state as BookingState;
  if (CONFIRMED_HOLD_STATES.includes(state)) return true;
  return state === 'payment_pending' && booking.updatedAt > paymentHoldSince(now);
}

/** A booking of the calling diner, optionally locked; another diner's (or none) is 404. */
export async function loadOwnedReservation(
  db: DbOrTx,
  caller: Caller,
  reservationId: number,
  lock = false,
): Promise<ReservationRow> {
  const userId = caller.user?.id ?? fail(MESSAGE.invalidToken);
  const query = db
    .select()
    .from(reservations)
    .where(and(eq(reservations.id, reservationId), eq(reservations.userId, userId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? fail(MESSAGE.notFound);
}

/** Publishes a booking change to the booking's, its diner's and its restaurant's live topics. */
export async function publishBooking(
  ctx: AppContext,
  tx: DbOrTx,
  booking: ReservationRow,
  extra: Record<string, string | number | boolean | null> = {},
) {
  await ctx.events.publish(tx, {
    topics: [`reservation:${booking.id}`, `user:${booking.userId}`, `restaurant:${booking.restaurantId}`],
    type: 'booking.status',
    data: {
      reservation_id: booking.id,
      restaurant_id: booking.restaurantId,
      state: booking.state,
      payment_status: booking.paymentStatus,
      ...extra,
    },
  });
}

/**
 * Moves a booking to `to` along the domain table (refused with `errors.bookingNotChangeable`
 * otherwise), with any other column changes, in the caller's transaction; the live event goes out on
 * commit. `updatedAt` is now: for `payment_pending` it starts the table hold afresh.
 */
export async function moveBooking(
  ctx: AppContext,
  tx: DbOrTx,
  booking: ReservationRow,
  to: BookingState | null,
  set: Partial<Omit<ReservationRow, 'id' | 'state'>> = {},
  extra: Record<string, string | number | boolean | null> = {},
) {
  if (to !== null && !canBookingTransition(booking.state as BookingState, to)) {
    fail(MESSAGE.bookingNotChangeable);
  }
  const changes = { ...set, ...(to !== null ? { state: to } : {}), updatedAt: ctx.now() };
  await tx.update(reservations).set(changes).where(eq(reservations.id, booking.id));
  Object.assign(booking, changes);
  await publishBooking(ctx, tx, booking, extra);
  // Its diner's WhatsApp confirmation, if they agreed (once per booked time: README, Messaging).
  if (to === 'confirmed') await queueBookingUpdate(ctx, tx, booking, 'booking_confirmed');
  return booking;
}

/** Locks a booking row by id (no ownership check: the payment and refund paths know it already). */
export async function lockReservation(tx: DbOrTx, reservationId: number): Promise<ReservationRow | null> {
  const [row] = await tx.select().from(reservations).where(eq(reservations.id, reservationId)).for('update');
  return row ?? null;
}

/**
 * Hook of the refund worker, when a refund of one of a booking's payments is done: once no refund of
 * its payments is still on its way, a booking whose token was being refunded is `refund_processed`
 * and its money `refunded`. The diner's page hears of every refund either way.
 */
export async function bookingRefunded(
  ctx: AppContext,
  tx: DbOrTx,
  booking: ReservationRow,
  refund: { id: number },
) {
  const open = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(payments.reservationId, booking.id), eq(refunds.state, 'refund_initiated')))
    .limit(1);
  const extra = { refund_id: refund.id, refund_state: 'refunded' };
  if (open.length > 0 || booking.paymentStatus !== 'refund_initiated') {
    await publishBooking(ctx, tx, booking, extra);
    return;
  }
  await moveBooking(
    ctx,
    tx,
    booking,
    booking.state === 'refund_initiated' ? 'refund_processed' : null,
    { paymentStatus: 'refunded' },
    extra,
  );
}
