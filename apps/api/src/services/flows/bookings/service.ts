/**
 * Table bookings, the diner's side (spec §3 Reservation, §4 booking states, §5 cut-off, §7
 * reservations): availability, create, modification and cancellation requests, the
 * diner's list and one booking, and the refund status. The token payment is `payment.ts`, the staff's
 * calls `staff.ts`, table capacity `capacity.ts`, the booking window's rules `rules.ts`, the views
 * `views.ts`. Login is needed to book (a guest is sent to login).
 */
import { and, asc, desc, eq, gt, lte } from 'drizzle-orm';
import { MESSAGE, normalisePhone } from '@santap/domain';
import type { BookingState } from '@santap/domain';
import type { Reservation } from '@santap/contract';
import type { DbOrTx } from '../../../db/client';
import { reservations } from '../../../db/schema';
import type { AppContext } from '../../context';
import type { Caller } from '../../../lib/caller';
import { fail } from '../../../lib/errors';
import { onceForKey } from '../../../lib/idempotency';
import { paymentsOfBooking, refundBookingToken } from '../payments/booking-token';
import { refundViews } from '../payments/refunds';
import { hashBody } from '../accounts/tokens';
import {
  freeTables,
  holdsDuring,
  lockRestaurantBookings,
  tablesOf,
  takeTable,
} from '../reservations/capacity';
import type { ModifiableState, RequestedChange } from '../../../db/schema';
import { orderUsingToken } from '../reservations/deposit';
import { loadOwnedReservation, moveBooking, publishBooking } from '../reservations/model';
import {
  CANCELLABLE,
  MODIFIABLE,
  assertRealDate,
  bookableSlots,
  bookingSettingsOf,
  epoch,
  loadRestaurant,
  offeredSlot,
  refuseWithinCutOff,
} from '../reservations/rules';
import type { BookingSlot } from '../reservations/time';
import { instantOf } from '../reservations/time';
import { reservationView, reservationViews, tableView } from './views';

/** The caller's bookings: upcoming ones soonest first, then past ones latest first. */
export async function userReservations(ctx: AppContext, caller: Caller, upcomingOnly: boolean) {
  const userId = caller.user?.id ?? fail(MESSAGE.invalidToken);
  const now = ctx.now();
  const mine = eq(reservations.userId, userId);
  const [upcoming, past] = await Promise.all([
    ctx.db
      .select()
      .from(reservations)
      .where(and(mine, gt(reservations.endsAt, now)))
      .orderBy(asc(reservations.startsAt))
      .limit(100),
    upcomingOnly
      ? []
      : ctx.db
          .select()
          .from(reservations)
          .where(and(mine, lte(reservations.endsAt, now)))
          .orderBy(desc(reservations.startsAt))
          .limit(100),
  ]);
  return { reservations: await reservationViews(ctx, ctx.db, [...upcoming, ...past], caller.lang) };
}

export async function checkAvailability(
  ctx: AppContext,
  input: { restaurant_id: number; date: string; slot?: string | undefined; guests: number; smoking: boolean },
) {
  const restaurant = await loadRestaurant(ctx.db, input.restaurant_id);
  const settings = bookingSettingsOf(restaurant);
  assertRealDate(input.date, restaurant.timeZone);
  const now = ctx.now();
  const slots = settings.enabled ? bookableSlots(restaurant, settings, input.date, now) : [];
  const [tables, holds] =
    slots.length > 0
      ? await Promise.all([
          tablesOf(ctx.db, restaurant.id),
          holdsDuring(ctx.db, restaurant.id, { from: slots[0]!.startsAt, to: slots.at(-1)!.endsAt }, now),
        ])
      : [[], []];
  const fits = input.guests <= settings.maxGuests;
  const free = (slot: BookingSlot) =>
    fits
      ? freeTables(tables, holds, {
          from: slot.startsAt,
          to: slot.endsAt,
          guests: input.guests,
          smoking: input.smoking,
        })
      : [];
  const availability = slots.map((slot) => {
    const left = free(slot).length;
    return { slot: slot.slot, starts_epoch: epoch(slot.startsAt), available: left > 0, tables_left: left };
  });
  let requested = null;
  if (input.slot !== undefined) {
    const offered = slots.find((slot) => slot.slot === input.slot);
    const open = offered ? free(offered) : [];
    const startsAt = offered?.startsAt ?? instantOf(input.date, input.slot, restaurant.timeZone);
    requested = {
      slot: input.slot,
      starts_epoch: startsAt ? epoch(startsAt) : 0,
      available: open.length > 0,
      tables_left: open.length,
      tables: open.map(tableView),
    };
  }
  return {
    restaurant_id: restaurant.id,
    date: input.date,
    time_zone: restaurant.timeZone,
    guests: input.guests,
    smoking: input.smoking,
    enabled: settings.enabled,
    token_amount: settings.tokenAmount,
    currency: restaurant.currency as 'MYR' | 'IDR',
    cut_off_minutes: settings.cutOffMinutes,
    slot_minutes: settings.slotMinutes,
    duration_minutes: settings.durationMinutes,
    max_guests: settings.maxGuests,
    slots: availability,
    requested,
  };
}

export interface CreateReservationInput {
  restaurant_id: number;
  date: string;
  slot: string;
  guests: number;
  smoking: boolean;
  contact_name: string;
  email: string;
  contact_number: string;
  special_request?: string | undefined;
  occasion?: string | undefined;
}

/**
 * Books a table: the restaurant's booking lock, then the smallest free table that fits, in one
 * transaction (with an Idempotency-Key, once per key). A token makes it `payment_pending`.
 */
export async function createReservation(ctx: AppContext, caller: Caller, input: CreateReservationInput) {
  const user = caller.user;
  // Spec §6: login is needed to book a table; a guest goes to login.
  if (!user || user.status !== 'ACTIVE') return fail(MESSAGE.invalidToken);
  const contactNumber = normalisePhone(input.contact_number, caller.country);
  const claim = {
    scope: `reservation:${user.id}`,
    key: caller.idempotencyKey,
    requestHash: hashBody(input),
  };
  const row = await ctx.db.transaction(async (tx) => {
    const { reservation_id } = await onceForKey(tx, claim, async () => {
      const now = ctx.now();
      const restaurant = await loadRestaurant(tx, input.restaurant_id);
      const settings = bookingSettingsOf(restaurant);
      const slot = offeredSlot(restaurant, settings, input, now);
      await lockRestaurantBookings(tx, restaurant.id);
      const table =
        (await takeTable(
          tx,
          { restaurantId: restaurant.id },
          { from: slot.startsAt, to: slot.endsAt, guests: input.guests, smoking: input.smoking },
          now,
        )) ?? fail(MESSAGE.bookingUnavailable);
      const [created] = await tx
        .insert(reservations)
        .values({
          restaurantId: restaurant.id,
          userId: user.id,
          date: input.date,
          slot: slot.slot,
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
          guests: input.guests,
          smoking: input.smoking,
          tableId: table.id,
          contactName: input.contact_name,
          email: input.email,
          contactNumber,
          specialRequest: input.special_request || null,
          occasion: input.occasion ?? null,
          state: settings.tokenAmount > 0 ? 'payment_pending' : 'confirmation_pending',
          tokenAmount: settings.tokenAmount,
          currency: restaurant.currency,
          paymentStatus: 'unpaid',
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!created) return fail(MESSAGE.somethingWentWrong);
      await publishBooking(ctx, tx, created, { created: true });
      return { reservation_id: created.id };
    });
    return loadOwnedReservation(tx, caller, reservation_id);
  });
  return reservationView(ctx, ctx.db, row, caller.lang);
}

/** A booking of the caller with the restaurant's booking lock taken first, then the row locked. */
export async function lockOwned(tx: DbOrTx, caller: Caller, reservationId: number) {
  const { restaurantId } = await loadOwnedReservation(tx, caller, reservationId);
  await lockRestaurantBookings(tx, restaurantId);
  const booking = await loadOwnedReservation(tx, caller, reservationId, true);
  return { booking, restaurant: await loadRestaurant(tx, restaurantId) };
}

export async function requestModification(
  ctx: AppContext,
  caller: Caller,
  input: {
    reservation_id: number;
    date?: string | undefined;
    slot?: string | undefined;
    guests?: number | undefined;
    smoking?: boolean | undefined;
  },
) {
  const row = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const { booking, restaurant } = await lockOwned(tx, caller, input.reservation_id);
    const settings = bookingSettingsOf(restaurant);
    refuseWithinCutOff(booking, settings, now);
    if (!MODIFIABLE.includes(booking.state as BookingState)) fail(MESSAGE.bookingNotChangeable);
    if ((await orderUsingToken(tx, booking.id)) !== null) fail(MESSAGE.bookingTokenApplied);
    const wanted = {
      date: input.date ?? booking.date,
      slot: input.slot ?? booking.slot,
      guests: input.guests ?? booking.guests,
      smoking: input.smoking ?? booking.smoking,
    };
    if (
      wanted.date === booking.date &&
      wanted.slot === booking.slot &&
      wanted.guests === booking.guests &&
      wanted.smoking === booking.smoking
    ) {
      fail(MESSAGE.invalidInput);
    }
    const slot = offeredSlot(restaurant, settings, wanted, now);
    const table =
      (await takeTable(
        tx,
        { restaurantId: restaurant.id, exceptId: booking.id, prefer: booking.tableId },
        { from: slot.startsAt, to: slot.endsAt, guests: wanted.guests, smoking: wanted.smoking },
        now,
      )) ?? fail(MESSAGE.bookingUnavailable);
    const requestedChange: RequestedChange = {
      ...wanted,
      starts_at: slot.startsAt.toISOString(),
      ends_at: slot.endsAt.toISOString(),
      table_id: table.id,
      // Where a declined change takes the booking back (staff may not have confirmed it yet).
      from_state: booking.state as ModifiableState,
    };
    return moveBooking(ctx, tx, booking, 'modification_requested', {
      requestedChange,
    });
  });
  return reservationView(ctx, ctx.db, row, caller.lang);
}

/**
 * Cancels a booking outside the cut-off; a paid token is refunded through its gateway. A booking
 * whose token is already on an order's bill is not cancelled (the diner has dined).
 */
export async function requestCancellation(
  ctx: AppContext,
  caller: Caller,
  input: { reservation_id: number; reason?: string | undefined },
) {
  const row = await ctx.db.transaction(async (tx) => {
    const booking = await loadOwnedReservation(tx, caller, input.reservation_id, true);
    const restaurant = await loadRestaurant(tx, booking.restaurantId);
    refuseWithinCutOff(booking, bookingSettingsOf(restaurant), ctx.now());
    if (!CANCELLABLE.includes(booking.state as BookingState)) fail(MESSAGE.bookingNotChangeable);
    if ((await orderUsingToken(tx, booking.id)) !== null) fail(MESSAGE.bookingTokenApplied);
    await moveBooking(ctx, tx, booking, 'cancelled', {
      reason: input.reason || null,
      requestedChange: null,
    });
    await refundBookingToken(ctx, tx, booking);
    return booking;
  });
  return reservationView(ctx, ctx.db, row, caller.lang);
}

export async function fetchReservation(ctx: AppContext, caller: Caller, reservationId: number) {
  const row = await loadOwnedReservation(ctx.db, caller, reservationId);
  return reservationView(ctx, ctx.db, row, caller.lang);
}

/** Where the refund of a booking's token stands (the refund status popup), with the spec's wording. */
export async function reservationRefundStatus(ctx: AppContext, caller: Caller, reservationId: number) {
  // One snapshot: the refund worker moves the refund and the booking in one transaction, and a
  // booking read before its commit beside refunds read after it would say 'refunded' money on a
  // booking still 'refund initiated'.
  const { booking, refunds } = await ctx.db.transaction(
    async (tx) => {
      const row = await loadOwnedReservation(tx, caller, reservationId);
      return { booking: row, refunds: await refundViews(tx, await paymentsOfBooking(tx, row.id), caller) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const states = new Set(refunds.map((refund) => refund.state));
  return {
    reservation_id: booking.id,
    state: booking.state as BookingState,
    payment_status: booking.paymentStatus as Reservation['payment_status'],
    token_amount: booking.tokenAmount,
    currency: booking.currency as 'MYR' | 'IDR',
    refund_state: states.has('refund_initiated')
      ? ('refund_initiated' as const)
      : states.has('failed')
        ? ('failed' as const)
        : states.has('refunded')
          ? ('refunded' as const)
          : ('none' as const),
    refunded_amount: refunds
      .filter((refund) => refund.state === 'refunded')
      .reduce((sum, refund) => sum + refund.amount, 0),
    refunds,
  };
}
