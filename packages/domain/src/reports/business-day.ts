import { REPORT_MESSAGE } from './messages';
import type { ReportRefusal } from './messages';

/**
 * The default business-day cut-off (close the day: "each restaurant has a business-day cut-off,
 * default 05:00 in its zone, so a 1 am order counts in the evening it belongs to").
 */
export const DEFAULT_BUSINESS_DAY_CUTOFF = '05:00';

const CUTOFF_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;
const MS_PER_MINUTE = 60_000;

/** Whether `x` is a cut-off `'HH:MM'` from `'00:00'` to `'23:59'`. */
export function isBusinessDayCutoff(x: unknown): x is string {
  return typeof x === 'string' && CUTOFF_PATTERN.test(x);
}

/**
 * Whether `x` is a calendar date `'YYYY-MM-DD'` that exists (`'2026-02-29'` does not), year 1970–9999.
 */
export function isBusinessDate(x: unknown): x is string {
  if (typeof x !== 'string') return false;
  const match = DATE_PATTERN.exec(x);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1970) return false;
  const ms = Date.UTC(year, month - 1, day);
  return new Date(ms).toISOString().slice(0, 10) === x;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One cached formatter per zone; Intl throws RangeError for an unknown zone. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The wall clock of `timeZone` at `ms`, as if that wall-clock reading were UTC (milliseconds kept):
 * `wallClock(t) - t` is the zone's offset at `t`.
 */
function wallClock(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall + (((ms % 1000) + 1000) % 1000);
}

function dateOfWall(wall: number): string {
  return new Date(wall).toISOString().slice(0, 10);
}

function addDays(date: string, days: number): string {
  return dateOfWall(Date.parse(`${date}T00:00:00Z`) + days * MS_PER_DAY);
}

function cutoffMs(cutoff: string): number {
  const match = CUTOFF_PATTERN.exec(cutoff);
  if (!match) throw new RangeError(`business day: cut-off must be HH:MM, got ${cutoff}`);
  return (Number(match[1]) * 60 + Number(match[2])) * MS_PER_MINUTE;
}

/**
 * The first instant at which the zone's clock reads `wall` or later. Where the clock shows `wall`
 * twice (the hour repeated when clocks go back) it is the first time; where it never shows it (the
 * hour skipped when clocks go forward) it is the moment the clocks jump past it.
 */
function firstInstantAtOrAfter(wall: number, timeZone: string): number {
  const offsets = new Set(
    [wall - MS_PER_DAY, wall, wall + MS_PER_DAY].map((probe) => wallClock(probe, timeZone) - probe),
  );
  const exact = [...offsets]
    .map((offset) => wall - offset)
    .filter((t) => wallClock(t, timeZone) === wall)
    .sort((a, b) => a - b);
  if (exact[0] !== undefined) return exact[0];
  // Skipped: the clock jumps from before `wall` to after it at one instant between the two
  // readings; within that window the reading only grows, so a binary search finds the jump.
  let low = wall - Math.max(...offsets); // clock reads before `wall`
  let high = wall - Math.min(...offsets); // clock reads after `wall`
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (wallClock(middle, timeZone) >= wall) high = middle;
    else low = middle;
  }
  return high;
}

// Day starts already worked out: a report puts thousands of orders in the same few days. Bounded,
// and a cache of a deterministic function, so the rules stay plain functions of their arguments.
const starts = new Map<string, number>();
const STARTS_KEPT = 4096;

/** The instant business day `date` starts, in ms. */
function startOf(date: string, timeZone: string, cutoff: string): number {
  const key = `${timeZone} ${date} ${cutoff}`;
  const known = starts.get(key);
  if (known !== undefined) return known;
  const start = firstInstantAtOrAfter(Date.parse(`${date}T00:00:00Z`) + cutoffMs(cutoff), timeZone);
  if (starts.size >= STARTS_KEPT) starts.clear();
  starts.set(key, start);
  return start;
}

/**
 * The half-open range `[start, end)` of business day `date` in `timeZone` (close the day: business
 * day and cut-off): from the first moment the zone's clock reads `date` at `cutoff` to the first moment
 * it reads the next date at `cutoff`. On the day clocks change the range is 23 or 25 hours long; a
 * cut-off inside the repeated hour starts at its first occurrence, one inside the skipped hour at the
 * moment the clocks jump. Consecutive days tile time with no gap and no overlap.
 *
 * @throws RangeError for a date that is not `'YYYY-MM-DD'`, a cut-off that is not `'HH:MM'` or an
 *   unknown time zone (callers validate first: {@link reportRange}, {@link isBusinessDayCutoff}).
 *
 * @example
 * ```ts
 * businessDayRange('2026-12-07', 'Asia/Kuala_Lumpur');
 * // { start: 2026-12-06T21:00:00.000Z, end: 2026-12-07T21:00:00.000Z }
 * ```
 */
export function businessDayRange(
  date: string,
  timeZone: string,
  cutoff: string = DEFAULT_BUSINESS_DAY_CUTOFF,
): { start: Date; end: Date } {
  if (!isBusinessDate(date)) throw new RangeError(`business day: not a date ${date}`);
  return {
    start: new Date(startOf(date, timeZone, cutoff)),
    end: new Date(startOf(addDays(date, 1), timeZone, cutoff)),
  };
}

/**
 * The business date `'YYYY-MM-DD'` an instant belongs to in `timeZone` with `cutoff` (close the day:
 * business day and cut-off): before the cut-off, the evening before. Exactly the date whose
 * {@link businessDayRange} holds the instant.
 *
 * @throws RangeError for an invalid instant, a cut-off that is not `'HH:MM'` or an unknown time zone.
 *
 * @example
 * ```ts
 * businessDayOf(new Date('2026-12-07T17:00:00Z'), 'Asia/Kuala_Lumpur'); // '2026-12-07' (01:00 on the 8th)
 * businessDayOf(new Date('2026-12-07T22:00:00Z'), 'Asia/Kuala_Lumpur'); // '2026-12-08' (06:00 on the 8th)
 * ```
 */
export function businessDayOf(
  instant: Date,
  timeZone: string,
  cutoff: string = DEFAULT_BUSINESS_DAY_CUTOFF,
): string {
  const t = instant.getTime();
  if (!Number.isFinite(t)) throw new RangeError('business day: invalid instant');
  let date = dateOfWall(wallClock(t, timeZone));
  // At most a step or two either way: the local date is the business date or the one before.
  while (startOf(date, timeZone, cutoff) > t) date = addDays(date, -1);
  while (startOf(addDays(date, 1), timeZone, cutoff) <= t) date = addDays(date, 1);
  return date;
}

/** The longest report range, in days (close the day: reports "over any date range"). */
export const REPORT_RANGE_MAX_DAYS = 366;

/** A validated report range: inclusive business dates and the number of days. */
export interface ReportRange {
  from: string;
  to: string;
  days: number;
}

/**
 * Checks a report's date range (inclusive business dates, as the staff console sends them): both dates
 * real, `from` not after `to`, at most {@link REPORT_RANGE_MAX_DAYS} days.
 *
 * @example
 * ```ts
 * reportRange('2026-12-01', '2026-12-07'); // { ok: true, range: { from, to, days: 7 } }
 * reportRange('2026-12-07', '2026-12-01'); // { ok: false, refusal: { key: 'reports.rangeBackwards' } }
 * ```
 */
export function reportRange(
  from: unknown,
  to: unknown,
): { ok: true; range: ReportRange } | { ok: false; refusal: ReportRefusal } {
  if (!isBusinessDate(from))
    return { ok: false, refusal: { key: REPORT_MESSAGE.dateInvalid, field: 'from' } };
  if (!isBusinessDate(to)) return { ok: false, refusal: { key: REPORT_MESSAGE.dateInvalid, field: 'to' } };
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / MS_PER_DAY + 1;
  if (days < 1) return { ok: false, refusal: { key: REPORT_MESSAGE.rangeBackwards, field: 'to' } };
  if (days > REPORT_RANGE_MAX_DAYS) {
    return {
      ok: false,
      refusal: { key: REPORT_MESSAGE.rangeTooLong, field: 'to', values: { max: REPORT_RANGE_MAX_DAYS } },
    };
  }
  return { ok: true, range: { from, to, days } };
}

/**
 * The instants `[start, end)` a report range covers: from the start of its first business day to the
 * end of its last (close the day: reports over a date range, by the restaurant's zone and cut-off).
 *
 * @example
 * ```ts
 * reportRangeBounds({ from: '2026-12-01', to: '2026-12-07', days: 7 }, 'Asia/Jakarta');
 * // { start: 2026-11-30T22:00:00.000Z, end: 2026-12-07T22:00:00.000Z }
 * ```
 */
export function reportRangeBounds(
  range: ReportRange,
  timeZone: string,
  cutoff: string = DEFAULT_BUSINESS_DAY_CUTOFF,
): { start: Date; end: Date } {
  return {
    start: businessDayRange(range.from, timeZone, cutoff).start,
    end: businessDayRange(range.to, timeZone, cutoff).end,
  };
}
