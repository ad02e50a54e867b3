import { TZDate, tzOffset } from '@date-fns/tz';

// Internal helpers (the package exports them as `wallClockAt`, `localDateAt`, `instantAtWallClock` of
// wall-clock.ts): the one place that turns instants into the restaurant's wall clock and back. All IANA knowledge comes from @date-fns/tz, which reads the
// runtime's own zone database through Intl; nothing here hard-codes an offset.

export const MINUTE_MS = 60_000;
export const DAY_MINUTES = 1440;
export const DAY_MS = DAY_MINUTES * MINUTE_MS;

/**
 * A moment on the restaurant's wall clock. `day` counts local calendar days since 1970-01-01 (so
 * calendar arithmetic is plain integer arithmetic); `msOfDay` is the time since local midnight.
 */
export interface LocalMoment {
  day: number;
  msOfDay: number;
}

/** Throws a RangeError (a programming or data error, never shown to diners) for an unknown zone. */
export function assertTimeZone(timeZone: string): void {
  if (Number.isNaN(tzOffset(timeZone, new Date(0)))) {
    throw new RangeError(`Unknown IANA time zone: ${timeZone}`);
  }
}

/** Throws a RangeError when `now` is not a valid Date. */
export function assertValidDate(now: Date): void {
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) {
    throw new RangeError('`now` must be a valid Date');
  }
}

/** The wall-clock reading of an instant in `timeZone`. */
export function toLocal(epochMs: number, timeZone: string): LocalMoment {
  const zoned = new TZDate(epochMs, timeZone);
  const day = Date.UTC(zoned.getFullYear(), zoned.getMonth(), zoned.getDate()) / DAY_MS;
  const msOfDay =
    ((zoned.getHours() * 60 + zoned.getMinutes()) * 60 + zoned.getSeconds()) * 1000 + zoned.getMilliseconds();
  return { day, msOfDay };
}

/**
 * The instant at which the wall clock of `timeZone` reads `minuteOfDay` on local `day`.
 *
 * `exists` is false for a wall time skipped by a daylight-saving jump; `epochMs` is then the instant
 * the clock jumps to (JavaScript Date semantics). A repeated wall time resolves to its first
 * occurrence, which keeps the mapping monotonic. Malaysia and Indonesia have no daylight saving, so
 * for the product's zones every wall time exists exactly once.
 */
export function wallTimeToEpochMs(
  day: number,
  minuteOfDay: number,
  timeZone: string,
): { epochMs: number; exists: boolean } {
  const wallAsUtc = day * DAY_MS + minuteOfDay * MINUTE_MS;
  // The true instant lies within ±14 h of wallAsUtc, so the offsets a day either side bracket every
  // offset it can have (zones change offset at most once in two days).
  const offsetBefore = tzOffset(timeZone, new Date(wallAsUtc - DAY_MS));
  const offsetAfter = tzOffset(timeZone, new Date(wallAsUtc + DAY_MS));
  const candidates = [offsetBefore, offsetAfter]
    .map((offset) => ({ offset, epochMs: wallAsUtc - offset * MINUTE_MS }))
    // A candidate is real when the zone has that very offset at that instant.
    .filter(({ offset, epochMs }) => tzOffset(timeZone, new Date(epochMs)) === offset)
    .map(({ epochMs }) => epochMs);
  if (candidates.length > 0) return { epochMs: Math.min(...candidates), exists: true };
  return { epochMs: wallAsUtc - offsetBefore * MINUTE_MS, exists: false };
}

/** Local weekday of a local day number: 0 = Sunday … 6 = Saturday, as `Date#getDay`. */
export function weekdayOf(day: number): number {
  // 1970-01-01 was a Thursday (4).
  return (((day + 4) % 7) + 7) % 7;
}

/** `YYYY-MM-DD` of a local day number. */
export function isoDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** `HH:mm` of a minute of the day; 1440 (the end of the last slot) prints as `00:00`. */
export function hhmm(minuteOfDay: number): string {
  const wrapped = ((minuteOfDay % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  const hours = Math.floor(wrapped / 60);
  const minutes = wrapped % 60;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}
