/**
 * Table bookings, the diner's side (spec §3 Reservation, §4 booking states, §5 cut-off, §7
 * reservations; issue 7 §2): availability, create, modification and cancellation requests, the
 * diner's list and one booking, and the refund status. The token payment is `payment.ts`, the staff's
 * calls `staff.ts`, table capacity `capacity.ts`.
 *
 * Choices where the spec is silent (see the API README): a booking must start after the restaurant's
 * cut-off (so it can always be changed once) and within {@link BOOKING_WINDOW_DAYS} days; it must end
 * by closing time; login is needed to book (a guest is sent to login).
 */
import { and, asc, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import { MESSAGE, normalisePhone } from '@santap/domain';
import type { BookingState } from '@santap/domain';
import type { Reservation } from '@santap/contract';
import type { DbOrTx } from '../../db/client';
import { diningTables, payments, reservations, restaurants } from '../../db/schema';
import { reservationSettingsSchema } from '../../db/settings';
import type { ReservationSettings } from '../../db/settings';
import type { AppContext, Caller } from '../../lib/context';
import { fail } from '../../lib/errors';
import { onceForKey } from '../../lib/idempotency';
import { lockOf, pageStateOf, resultOf } from '../payments/model';
import type { PaymentState } from '../payments/model';
import { paymentsOfBooking, refundBookingToken } from '../payments/reservation';
import { refundViews } from '../payments/refunds';
import { pick, settingsOf } from '../restaurants/restaurants';
import type { RestaurantRow } from '../restaurants/restaurants';
import { hashBody } from '../accounts/tokens';
import {
  freeTables,
  holdsDuring,
  lockRestaurantBookings,
  requestedChangeOf,
  tablesOf,
  takeTable,
} from './capacity';
import type { ModifiableState, RequestedChange, TableRow } from './capacity';
import { orderUsingToken } from './deposit';
import { loadOwnedReservation, moveBooking, publishBooking } from './model';
import type { ReservationRow } from './model';
import { bookingSlots, daysBetween, instantOf, localDateOf } from './time';
import type { BookingSlot } from './time';

/** How far ahead a table may be booked (the schedule window of spec §9). */
export const BOOKING_WINDOW_DAYS = 45;

const MODIFIABLE: readonly BookingState[] = ['confirmation_pending', 'confirmed'];
const CANCELLABLE: readonly BookingState[] = [
  'payment_pending',
  'payment_failed',
  'confirmation_pending',
  'confirmed',
  'modification_requested',
];

/** A restaurant's booking settings; a restaurant without them takes no bookings. */
export const bookingSettingsOf = (restaurant: RestaurantRow): ReservationSettings =>
  settingsOf(restaurant).reservation ?? reservationSettingsSchema.parse({});

const epoch = (instant: Date) => Math.floor(instant.getTime() / 1000);
const cutOffOf = (booking: Pick<ReservationRow, 'startsAt'>, settings: ReservationSettings) =>
  new Date(booking.startsAt.getTime() - settings.cutOffMinutes * 60_000);

export async function loadRestaurant(db: DbOrTx, restaurantId: number): Promise<RestaurantRow> {
  const [row] = await db.select().from(restaurants).where(eq(restaurants.id, restaurantId));
  return row ?? fail(MESSAGE.notFound);
}

/** A local date the calendar does not have ('2030-02-31') is bad input (400). */
function assertRealDate(date: string, timeZone: string) {
  if (!instantOf(date, '00:00', timeZone)) fail(MESSAGE.invalidInput);
}

/**
 * The slots of `date` a booking may start at now: on the restaurant's grid within its dining hours,
 * after the cut-off, within the booking window.
 */
function bookableSlots(restaurant: RestaurantRow, settings: ReservationSettings, date: string, now: Date) {
  const ahead = daysBetween(localDateOf(now, restaurant.timeZone), date);
  if (ahead === null || ahead < 0 || ahead > BOOKING_WINDOW_DAYS) return [];
  const earliest = new Date(now.getTime() + settings.cutOffMinutes * 60_000);
  return bookingSlots(restaurant.restTimings as never, date, restaurant.timeZone, settings).filter(
    (slot) => slot.startsAt > earliest,
  );
}

/** The refusals every new booking window goes through, in the order a diner fixes them. */
function offeredSlot(
  restaurant: RestaurantRow,
  settings: ReservationSettings,
  wanted: { date: string; slot: string; guests: number },
  now: Date,
): BookingSlot {
  if (!settings.enabled) fail(MESSAGE.bookingDisabled);
  assertRealDate(wanted.date, restaurant.timeZone);
  if (wanted.guests > settings.maxGuests) fail(MESSAGE.bookingTooManyGuests, { max: settings.maxGuests });
  const slot = bookableSlots(restaurant, settings, wanted.date, now).find((s) => s.slot === wanted.slot);
  return slot ?? fail(MESSAGE.bookingSlotInvalid);
}

/** Spec §5: no change or cancellation within the restaurant's cut-off minutes before the booking. */
function refuseWithinCutOff(booking: ReservationRow, settings: ReservationSettings, now: Date) {
  if (now >= cutOffOf(booking, settings)) fail(MESSAGE.bookingCutOff, { minutes: settings.cutOffMinutes });
}

const tableView = (table: TableRow) => ({
  table_id: table.id,
  table_no: table.tableNo,
  display_table: table.displayName,
  seats: table.seats,
  smoking: table.smoking,
});

// ---------------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------------

/** The contract's view of bookings, their restaurants, tables, latest payments and orders in five queries. */
export async function reservationViews(
  ctx: AppContext,
  db: DbOrTx,
  rows: ReservationRow[],
  lang: Caller['lang'],
): Promise<Reservation[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const tableIds = rows.map((row) => row.tableId).filter((id): id is number => id !== null);
  const [places, tables, attempts, usedBy] = await Promise.all([
    db
      .select()
      .from(restaurants)
      .where(inArray(restaurants.id, [...new Set(rows.map((row) => row.restaurantId))])),
    tableIds.length ? db.select().from(diningTables).where(inArray(diningTables.id, tableIds)) : [],
    db.select().from(payments).where(inArray(payments.reservationId, ids)).orderBy(desc(payments.id)),
    Promise.all(ids.map(async (id) => [id, await orderUsingToken(db, id)] as const)),
  ]);
  const orderOf = new Map(usedBy);
  const now = ctx.now();
  return rows.map((row) => {
    const restaurant = places.find((place) => place.id === row.restaurantId)!;
    const settings = bookingSettingsOf(restaurant);
    const table = tables.find((t) => t.id === row.tableId);
    const mine = attempts.filter((payment) => payment.reservationId === row.id);
    const latest = mine[0];
    const processing = mine.some((payment) => lockOf(payment, now).locked);
    const state = row.state as BookingState;
    const beforeCutOff = now < cutOffOf(row, settings);
    const orderId = orderOf.get(row.id) ?? null;
    const change = requestedChangeOf(row);
    return {
      reservation_id: row.id,
      restaurant_id: row.restaurantId,
      nameid: restaurant.nameid,
      restaurant_name: pick(restaurant.name, lang),
      time_zone: restaurant.timeZone,
      date: row.date,
      slot: row.slot,
      starts_epoch: epoch(row.startsAt),
      ends_epoch: epoch(row.endsAt),
      guests: row.guests,
      smoking: row.smoking,
      table: table ? tableView(table) : null,
      contact_name: row.contactName,
      email: row.email,
      contact_number: row.contactNumber,
      special_request: row.specialRequest,
      occasion: row.occasion as Reservation['occasion'],
      state,
      token_amount: row.tokenAmount,
      currency: row.currency as 'MYR' | 'IDR',
      payment_status: row.paymentStatus as Reservation['payment_status'],
      payment: latest
        ? {
            payment_id: latest.id,
            state: latest.state as PaymentState,
            page_state: pageStateOf(latest.state),
            result: resultOf(latest.state),
            amount: latest.amount,
            currency: latest.currency as 'MYR' | 'IDR',
          }
        : null,
      requested_change: change
        ? {
            date: change.date,
            slot: change.slot,
            guests: change.guests,
            smoking: change.smoking,
            starts_epoch: epoch(new Date(change.starts_at)),
            table_id: change.table_id,
          }
        : null,
      reason: row.reason,
      cut_off_epoch: epoch(cutOffOf(row, settings)),
      can_modify: MODIFIABLE.includes(state) && beforeCutOff && orderId === null,
      can_cancel: CANCELLABLE.includes(state) && beforeCutOff && orderId === null,
      can_pay:
        row.tokenAmount > 0 &&
        row.paymentStatus === 'unpaid' &&
        (state === 'payment_pending' || state === 'payment_failed') &&
        !processing,
      order_id: orderId,
      created_epoch: epoch(row.createdAt),
    };
  });
}

export async function reservationView(
  ctx: AppContext,
  db: DbOrTx,
  row: ReservationRow,
  lang: Caller['lang'],
) {
  return (await reservationViews(ctx, db, [row], lang))[0]!;
}

// ---------------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------------

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
      requestedChange: requestedChange as unknown as Record<string, unknown>,
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
