/**
 * Table bookings, the restaurant's side (README: Table bookings): staff confirm or decline a booking and
 * accept or decline a modification. Every call is scoped to the staff member's own restaurant (another
 * restaurant's booking is 404), and only the manager answers a booking, as with orders. Each move is
 * published live, so the diner's page changes as it happens.
 */
import { and, asc, eq } from 'drizzle-orm';
import { MESSAGE } from '@santap/domain';
import type { BookingState } from '@santap/domain';
import type { DbOrTx } from '../../../db/client';
import { reservations } from '../../../db/schema';
import type { AppContext } from '../../context';
import { staffOf } from '../../../lib/caller';
import type { Caller } from '../../../lib/caller';
import { fail } from '../../../lib/errors';
import { refundBookingToken } from '../payments/booking-token';
import { lockRestaurantBookings, takeTable } from '../reservations/capacity';
import { requestedChangeOf } from '../../model/reservations';
import { orderUsingToken } from '../reservations/deposit';
import { lockReservation, moveBooking } from '../reservations/model';
import type { ReservationRow } from '../../model/reservations';
import { reservationView, reservationViews } from './views';

/** Bookings a staff list shows at most. */
const STAFF_BOOKING_LIMIT = 300;

/** The restaurant's bookings by start time, optionally of one local date or state. */
export async function staffReservations(
  ctx: AppContext,
  caller: Caller,
  query: { date?: string | undefined; state?: BookingState | undefined },
) {
  const member = staffOf(caller);
  const rows = await ctx.db
    .select()
    .from(reservations)
    .where(
      and(
        eq(reservations.restaurantId, member.restaurantId),
        query.date ? eq(reservations.date, query.date) : undefined,
        query.state ? eq(reservations.state, query.state) : undefined,
      ),
    )
    .orderBy(asc(reservations.startsAt), asc(reservations.id))
    .limit(STAFF_BOOKING_LIMIT);
  return { reservations: await reservationViews(ctx, ctx.db, rows, caller.lang) };
}

/**
 * Runs one manager move on a booking of the member's restaurant: the restaurant's booking lock (a
 * move may take a table), the booking row, then `move`; the reply is the booking as it now is.
 */
async function managerMove(
  ctx: AppContext,
  caller: Caller,
  reservationId: number,
  move: (tx: DbOrTx, booking: ReservationRow) => Promise<unknown>,
  roles: readonly string[] = ['manager'],
) {
  const member = staffOf(caller);
  const row = await ctx.db.transaction(async (tx) => {
    const [own] = await tx
      .select({ id: reservations.id })
      .from(reservations)
      .where(and(eq(reservations.id, reservationId), eq(reservations.restaurantId, member.restaurantId)));
    if (!own) return fail(MESSAGE.notFound);
    if (!roles.includes(member.role)) fail(MESSAGE.forbidden);
    await lockRestaurantBookings(tx, member.restaurantId);
    const booking = (await lockReservation(tx, reservationId)) ?? fail(MESSAGE.notFound);
    await move(tx, booking);
    return booking;
  });
  return reservationView(ctx, ctx.db, row, caller.lang);
}

export function confirmReservation(ctx: AppContext, caller: Caller, reservationId: number) {
  return managerMove(ctx, caller, reservationId, async (tx, booking) => {
    if (booking.state !== 'confirmation_pending') fail(MESSAGE.bookingNotChangeable);
    await moveBooking(ctx, tx, booking, 'confirmed');
  });
}

/** Declines a booking waiting for the restaurant: its table is free again and a paid token refunded. */
export function declineReservation(
  ctx: AppContext,
  caller: Caller,
  reservationId: number,
  reason: string | undefined,
) {
  return managerMove(ctx, caller, reservationId, async (tx, booking) => {
    if (booking.state !== 'confirmation_pending') fail(MESSAGE.bookingNotChangeable);
    if ((await orderUsingToken(tx, booking.id)) !== null) fail(MESSAGE.bookingTokenApplied);
    await moveBooking(ctx, tx, booking, 'declined', { reason: reason || null });
    await refundBookingToken(ctx, tx, booking);
  });
}

/** Accepts the diner's modification: the booking takes the new window and the table kept for it. */
export function acceptModification(ctx: AppContext, caller: Caller, reservationId: number) {
  return managerMove(ctx, caller, reservationId, async (tx, booking) => {
    const change = requestedChangeOf(booking);
    if (booking.state !== 'modification_requested' || !change) return fail(MESSAGE.bookingNotChangeable);
    const from = new Date(change.starts_at);
    const to = new Date(change.ends_at);
    // The table was kept for the change; checked again under the lock all the same.
    const table =
      (await takeTable(
        tx,
        { restaurantId: booking.restaurantId, exceptId: booking.id, prefer: change.table_id },
        { from, to, guests: change.guests, smoking: change.smoking },
        ctx.now(),
      )) ?? fail(MESSAGE.bookingUnavailable);
    await moveBooking(ctx, tx, booking, 'confirmed', {
      date: change.date,
      slot: change.slot,
      startsAt: from,
      endsAt: to,
      guests: change.guests,
      smoking: change.smoking,
      tableId: table.id,
      requestedChange: null,
    });
  });
}

/**
 * Declines the diner's modification: the booking keeps its window and table and goes back to the
 * state it was asked from (`confirmation_pending` when staff had not confirmed it yet). A request
 * stored before that state was kept goes to `confirmed`, as every decline did then.
 */
export function declineModification(
  ctx: AppContext,
  caller: Caller,
  reservationId: number,
  reason: string | undefined,
) {
  return managerMove(ctx, caller, reservationId, async (tx, booking) => {
    if (booking.state !== 'modification_requested') fail(MESSAGE.bookingNotChangeable);
    const back = requestedChangeOf(booking)?.from_state ?? 'confirmed';
    await moveBooking(ctx, tx, booking, back, { requestedChange: null, reason: reason || null });
  });
}

/**
 * Marks a confirmed booking whose start time has come as a no-show (manager or server: the front of
 * house sees who came). Refused before the start, or once the diner ordered with its token (they
 * came). The table is not taken back (its time has passed) and a paid token is kept: it stays `paid`
 * and no refund starts, unlike a cancellation or a decline.
 */
export function markNoShow(ctx: AppContext, caller: Caller, reservationId: number) {
  return managerMove(
    ctx,
    caller,
    reservationId,
    async (tx, booking) => {
      if (booking.state !== 'confirmed') fail(MESSAGE.bookingNotChangeable);
      if (ctx.now().getTime() < booking.startsAt.getTime()) fail(MESSAGE.bookingNotChangeable);
      if ((await orderUsingToken(tx, booking.id)) !== null) fail(MESSAGE.bookingNotChangeable);
      await moveBooking(ctx, tx, booking, 'no_show');
    },
    ['manager', 'server'],
  );
}
