import {
  DAY_MINUTES,
  DAY_MS,
  MINUTE_MS,
  assertTimeZone,
  assertValidDate,
  isoDate,
  toLocal,
  wallTimeToEpochMs,
  weekdayOf,
} from './zoned-time';

/** What the wall clock of a time zone reads at one instant, to the minute. */
export interface WallClock {
  /** The local calendar date, `YYYY-MM-DD`. */
  date: string;
  /** The local weekday: 0 = Sunday … 6 = Saturday, as `Date#getDay` and `rest_timings`. */
  weekday: number;
  /** Whole minutes since local midnight, 0–1439. */
  minuteOfDay: number;
}

/**
 * The wall clock of `timeZone` at `instant`: the restaurant's date, weekday and minute, for rules
 * written in local time (a booking's day, a coupon's weekly window).
 *
 * @throws RangeError for an invalid `instant` or an unknown time zone.
 *
 * @example
 * ```ts
 * wallClockAt(new Date('2026-11-23T04:30:00Z'), 'Asia/Kuala_Lumpur');
 * // { date: '2026-11-23', weekday: 1, minuteOfDay: 750 } (Monday 12:30)
 * ```
 */
export function wallClockAt(instant: Date, timeZone: string): WallClock {
  assertValidDate(instant);
  assertTimeZone(timeZone);
  const local = toLocal(instant.getTime(), timeZone);
  return {
    date: isoDate(local.day),
    weekday: weekdayOf(local.day),
    minuteOfDay: Math.floor(local.msOfDay / MINUTE_MS),
  };
}

/**
 * `YYYY-MM-DD` of `instant` on the calendar of `timeZone` ('today' at the restaurant).
 *
 * @throws RangeError for an invalid `instant` or an unknown time zone.
 *
 * @example
 * ```ts
 * localDateAt(new Date('2026-11-23T16:30:00Z'), 'Asia/Kuala_Lumpur'); // '2026-11-24'
 * ```
 */
export function localDateAt(instant: Date, timeZone: string): string {
  return wallClockAt(instant, timeZone).date;
}

/**
 * Days since 1970-01-01 of a `YYYY-MM-DD` the calendar has; null for '2030-02-31' or 'soon'. The
 * difference of two is the calendar days between them.
 *
 * @example
 * ```ts
 * calendarDay('1970-01-02'); // 1
 * calendarDay('2030-02-31'); // null
 * ```
 */
export function calendarDay(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(Date.UTC(year, month - 1, day));
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day) {
    return null;
  }
  return utc.getTime() / DAY_MS;
}

/**
 * The instant at which the wall clock of `timeZone` reads `minuteOfDay` on local `date`
 * (`YYYY-MM-DD`); null for a date the calendar does not have. A wall time skipped by a daylight-saving
 * jump gives the instant the clock jumps to, a repeated one its first occurrence (Malaysia and
 * Indonesia have neither).
 *
 * @throws RangeError for an unknown time zone or a minute outside 0–1439.
 *
 * @example
 * ```ts
 * instantAtWallClock('2026-11-24', 19 * 60, 'Asia/Jakarta'); // 2026-11-24T12:00:00Z
 * instantAtWallClock('2030-02-31', 0, 'Asia/Jakarta'); // null
 * ```
 */
export function instantAtWallClock(date: string, minuteOfDay: number, timeZone: string): Date | null {
  assertTimeZone(timeZone);
  if (!Number.isInteger(minuteOfDay) || minuteOfDay < 0 || minuteOfDay >= DAY_MINUTES) {
    throw new RangeError(`minuteOfDay must be a whole minute 0-1439, got ${minuteOfDay}`);
  }
  const day = calendarDay(date);
  if (day === null) return null;
  return new Date(wallTimeToEpochMs(day, minuteOfDay, timeZone).epochMs);
}
