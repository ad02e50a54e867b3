/**
 * Booking times in the restaurant's zone (spec §3 Reservation: date and time slot). A booking names a
 * local date and slot start; the database keeps the instants they mean. The wall clock is
 * `@santap/schedule`'s.
 */
import { calendarDay, instantAtWallClock } from '@santap/schedule';
import type { RestTimings } from '@santap/schedule';
import type { ReservationSettings } from '../../../db/settings';

const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;

const pad = (n: number) => String(n).padStart(2, '0');

/** `HH:MM` of a minute of the day. */
export const slotLabel = (minuteOfDay: number) =>
  `${pad(Math.floor(minuteOfDay / 60))}:${pad(minuteOfDay % 60)}`;

const minuteOf = (slot: string) => {
  const [hours = 0, minutes = 0] = slot.split(':').map(Number);
  return hours * 60 + minutes;
};

/** The instant the restaurant's clock reads `slot` on `date`; null for a date not on the calendar. */
export function instantOf(date: string, slot: string, timeZone: string): Date | null {
  return instantAtWallClock(date, minuteOf(slot), timeZone);
}

/** Calendar days from `from` to `to` (both `YYYY-MM-DD`); null when either is not a real date. */
export function daysBetween(from: string, to: string): number | null {
  const a = calendarDay(from);
  const b = calendarDay(to);
  return a === null || b === null ? null : b - a;
}

/**
 * The dining intervals that can hold a booking starting on local `date`, in minutes from that
 * midnight: the day's own (an end at or before the start runs past midnight) and what the previous
 * day carries past midnight.
 */
function diningIntervals(timings: RestTimings, date: string): { start: number; end: number }[] {
  const day = calendarDay(date);
  if (day === null) return [];
  const weekday = (((day + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday; 0 = Sunday as in rest_timings
  const own = (index: number, shift: number) => {
    const entry = timings.DINING[index];
    if (!entry?.is_enabled) return [];
    return entry.slots.map(({ start, end }) => ({
      start: start + shift,
      end: (end <= start ? end + DAY_MINUTES : end) + shift,
    }));
  };
  return [...own((weekday + 6) % 7, -DAY_MINUTES), ...own(weekday, 0)].filter((i) => i.end > 0);
}

export interface BookingSlot {
  slot: string;
  startsAt: Date;
  endsAt: Date;
}

/**
 * The slots of local `date` a booking may start at: every `slotMinutes` step from midnight whose whole
 * booking (`durationMinutes`) fits in one dining interval (a booking ends by closing time). Choice
 * where the spec is silent: the grid starts at midnight, so 30-minute slots fall on :00 and :30.
 */
export function bookingSlots(
  timings: RestTimings,
  date: string,
  timeZone: string,
  settings: Pick<ReservationSettings, 'slotMinutes' | 'durationMinutes'>,
): BookingSlot[] {
  const intervals = diningIntervals(timings, date);
  const slots: BookingSlot[] = [];
  for (let minute = 0; minute < DAY_MINUTES; minute += settings.slotMinutes) {
    const fits = intervals.some(
      (interval) => interval.start <= minute && minute + settings.durationMinutes <= interval.end,
    );
    if (!fits) continue;
    const slot = slotLabel(minute);
    const startsAt = instantOf(date, slot, timeZone);
    if (!startsAt) continue;
    slots.push({
      slot,
      startsAt,
      endsAt: new Date(startsAt.getTime() + settings.durationMinutes * MINUTE_MS),
    });
  }
  return slots;
}
