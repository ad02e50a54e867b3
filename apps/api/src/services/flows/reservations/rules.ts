/**
 * The rules a table booking's window goes through (spec §5 cut-off, §9 schedule window): the slots a
 * booking may start at, the refusals of a new window, and the cut-off before a change or cancellation.
 *
 * Choices where the spec is silent (see the API README): a booking must start after the restaurant's
 * cut-off (so it can always be changed once) and within {@link BOOKING_WINDOW_DAYS} days; it must end
 * by closing time.
 */
import { eq } from 'drizzle-orm';
import { MESSAGE } from '@santap/domain';
import type { BookingState } from '@santap/domain';
import { localDateAt } from '@santap/schedule';
import type { DbOrTx } from '../../../db/client';
import { restaurants } from '../../../db/schema';
import { reservationSettingsSchema } from '../../../db/settings';
import type { ReservationSettings } from '../../../db/settings';
import { fail } from '../../../lib/errors';
import { settingsOf } from '../../model/restaurants';
import type { RestaurantRow } from '../../model/restaurants';
import type { ReservationRow } from '../../model/reservations';
import { bookingSlots, daysBetween, instantOf } from './time';
import type { BookingSlot } from './time';

/** How far ahead a table may be booked (the schedule window of spec §9). */
export const BOOKING_WINDOW_DAYS = 45;

export const MODIFIABLE: readonly BookingState[] = ['confirmation_pending', 'confirmed'];
export const CANCELLABLE: readonly BookingState[] = [
  'payment_pending',
  'payment_failed',
  'confirmation_pending',
  'confirmed',
  'modification_requested',
];

/** A restaurant's booking settings; a restaurant without them takes no bookings. */
export const bookingSettingsOf = (restaurant: RestaurantRow): ReservationSettings =>
  settingsOf(restaurant).reservation ?? reservationSettingsSchema.parse({});

export const epoch = (instant: Date) => Math.floor(instant.getTime() / 1000);
export const cutOffOf = (booking: Pick<ReservationRow, 'startsAt'>, settings: ReservationSettings) =>
  new Date(booking.startsAt.getTime() - settings.cutOffMinutes * 60_000);

export async function loadRestaurant(db: DbOrTx, restaurantId: number): Promise<RestaurantRow> {
  const [row] = await db.select().from(restaurants).where(eq(restaurants.id, restaurantId));
  return row ?? fail(MESSAGE.notFound);
}

/** A local date the calendar does not have ('2030-02-31') is bad input (400). */
export function assertRealDate(date: string, timeZone: string) {
  if (!instantOf(date, '00:00', timeZone)) fail(MESSAGE.invalidInput);
}

/**
 * The slots of `date` a booking may start at now: on the restaurant's grid within its dining hours,
 * after the cut-off, within the booking window.
 */
export function bookableSlots(
  restaurant: RestaurantRow,
  settings: ReservationSettings,
  date: string,
  now: Date,
) {
  const ahead = daysBetween(localDateAt(now, restaurant.timeZone), date);
  if (ahead === null || ahead < 0 || ahead > BOOKING_WINDOW_DAYS) return [];
  const earliest = new Date(now.getTime() + settings.cutOffMinutes * 60_000);
  return bookingSlots(restaurant.restTimings as never, date, restaurant.timeZone, settings).filter(
    (slot) => slot.startsAt > earliest,
  );
}

/** The refusals every new booking window goes through, in the order a diner fixes them. */
export function offeredSlot(
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
export function refuseWithinCutOff(booking: ReservationRow, settings: ReservationSettings, now: Date) {
  if (now >= cutOffOf(booking, settings)) fail(MESSAGE.bookingCutOff, { minutes: settings.cutOffMinutes });
}
