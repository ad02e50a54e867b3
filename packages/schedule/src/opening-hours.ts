import type { OrderTypeCode } from '@santap/domain';
import type { DayTiming, OpeningInterval, RestTimings } from './timings';
import { timingsKeyFor } from './timings';
import {
  DAY_MINUTES,
  DAY_MS,
  MINUTE_MS,
  assertTimeZone,
  assertValidDate,
  toLocal,
  wallTimeToEpochMs,
  weekdayOf,
} from './zoned-time';

/** What every opening-hours question needs: whose hours, for which order type, when and where. */
export type OpeningHoursInput = {
  timings: RestTimings;
  orderType: OrderTypeCode;
  /** The current instant; this package never reads the clock. */
  now: Date;
  /** The restaurant's IANA time zone (spec §3 `time_zone`), e.g. `Asia/Makassar`. */
  timeZone: string;
};

/** Input of {@link nextOpenEpoch}. */
export type NextOpenInput = OpeningHoursInput & {
  /** How far ahead to look, in days of 24 hours after `now` (default 7). */
  withinDays?: number;
};

/** The 7 day entries that apply to an order type. */
export function weekFor(timings: RestTimings, orderType: OrderTypeCode): readonly DayTiming[] {
  return timings[timingsKeyFor(orderType)];
}

/**
 * The intervals a weekday's entry opens, in minutes from that day's midnight, with `end` always
 * after `start` (a past-midnight `end` is moved into the next day). A disabled or missing entry has
 * none.
 */
export function ownIntervals(week: readonly DayTiming[], weekday: number): OpeningInterval[] {
  const entry = week[weekday];
  if (!entry?.is_enabled) return [];
  return entry.slots.map(({ start, end }) => ({
    start,
    end: end <= start ? end + DAY_MINUTES : end,
  }));
}

/**
 * Every opening minute of local `day` as disjoint, sorted intervals within [0, 1440): the day's own
 * intervals plus whatever the previous day's intervals carry past midnight. Merging first means
 * overlapping or adjoining intervals are counted once.
 */
export function openingOfDay(week: readonly DayTiming[], day: number): OpeningInterval[] {
  const carriedOver = ownIntervals(week, weekdayOf(day - 1)).map(({ start, end }) => ({
    start: start - DAY_MINUTES,
    end: end - DAY_MINUTES,
  }));
  const clipped = [...carriedOver, ...ownIntervals(week, weekdayOf(day))]
    .map(({ start, end }) => ({ start: Math.max(start, 0), end: Math.min(end, DAY_MINUTES) }))
    .filter(({ start, end }) => start < end)
    .sort((a, b) => a.start - b.start);

  const merged: OpeningInterval[] = [];
  for (const interval of clipped) {
    const last = merged[merged.length - 1];
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged;
}

/**
 * Whether the restaurant is open for an order type at `now` (spec §3 `rest_timings`, §8 'Restaurant
 * is currently closed'): `now`, read on the restaurant's wall clock, falls inside an enabled
 * interval of today or inside the part of yesterday's interval that runs past midnight. Intervals
 * are half-open: open at the start minute, closed at the end minute.
 *
 * @example
 * ```ts
 * // Friday 18:00–01:00 (Friday entry { start: 1080, end: 60 }); Saturday 00:30 local
 * isOpen({ timings, orderType: 1, now, timeZone: 'Asia/Kuala_Lumpur' }); // true
 * ```
 */
export function isOpen({ timings, orderType, now, timeZone }: OpeningHoursInput): boolean {
  assertValidDate(now);
  assertTimeZone(timeZone);
  const local = toLocal(now.getTime(), timeZone);
  const minuteOfDay = local.msOfDay / MINUTE_MS;
  return openingOfDay(weekFor(timings, orderType), local.day).some(
    ({ start, end }) => start <= minuteOfDay && minuteOfDay < end,
  );
}

/**
 * Unix seconds of the next time the restaurant opens for an order type (spec §3
 * `next_open_epoch`).
 *
 * - Open at `now` → `now` itself (floored to the second), so `nextOpenEpoch(x) <= now` exactly
 *   when {@link isOpen} is true and callers need no special case.
 * - Closed → the start of the next opening, if it starts within `withinDays` × 24 hours after
 *   `now` (inclusive); otherwise `null`. The default 7 days finds the next opening of any weekly
 *   timetable that has at least one enabled interval.
 *
 * @example
 * ```ts
 * // 10:00–14:00 and 17:00–21:00 in Asia/Makassar, at 15:00 local → 17:00 local the same day
 * nextOpenEpoch({ timings, orderType: 2, now, timeZone: 'Asia/Makassar' });
 * ```
 */
export function nextOpenEpoch({
  timings,
  orderType,
  now,
  timeZone,
  withinDays = 7,
}: NextOpenInput): number | null {
  if (!Number.isFinite(withinDays) || withinDays < 0) {
    throw new RangeError('`withinDays` must be a non-negative number');
  }
  const nowMs = now.getTime();
  if (isOpen({ timings, orderType, now, timeZone })) return Math.floor(nowMs / 1000);

  const week = weekFor(timings, orderType);
  const windowEndMs = nowMs + withinDays * DAY_MS;
  const today = toLocal(nowMs, timeZone).day;
  // One extra day covers a window that ends in the early hours of a later local day.
  for (let offset = 0; offset <= Math.ceil(withinDays) + 1; offset++) {
    const day = today + offset;
    const starts = ownIntervals(week, weekdayOf(day))
      .map(({ start }) => start)
      .sort((a, b) => a - b);
    for (const start of starts) {
      const { epochMs } = wallTimeToEpochMs(day, start, timeZone);
      if (epochMs > windowEndMs) return null;
      // Closed now, so the first start after now opens the restaurant (it cannot continue an
      // opening that was already running).
      if (epochMs > nowMs) return Math.floor(epochMs / 1000);
    }
  }
  return null;
}
