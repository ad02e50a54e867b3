/**
 * Opening hours for the demo restaurants, written as 'HH:MM-HH:MM' and stored as `rest_timings`
 * (spec §3): DINING, DELIVERY and TAKEAWAY, each 7 day entries with index 0 = Sunday, slots in
 * minutes from local midnight. An end at or before the start runs past midnight ('07:00-01:00' is
 * `{ start: 420, end: 60 }`), as `@santap/schedule` reads it.
 */

/** One opening interval in minutes from local midnight of the day it starts on. */
export type OpeningInterval = { start: number; end: number };
/** One weekday of one order type. */
export type DayTiming = { is_enabled: boolean; slots: OpeningInterval[] };
/** `rest_timings` of spec §3. */
export type RestTimings = { DINING: DayTiming[]; DELIVERY: DayTiming[]; TAKEAWAY: DayTiming[] };

/** 0 = Sunday … 6 = Saturday, like `Date#getDay` on the restaurant's local calendar. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

function minutesOf(clock: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(clock);
  if (!match) throw new Error(`Bad clock time '${clock}'`);
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (minutes >= 1440) throw new Error(`Bad clock time '${clock}'`);
  return minutes;
}

/** '07:00-01:00' -> `{ start: 420, end: 60 }`; '00:00' as an end means midnight (1440). */
export function interval(span: string): OpeningInterval {
  const [from = '', to = ''] = span.split('-');
  const start = minutesOf(from);
  const end = minutesOf(to);
  return { start, end: end === 0 ? 1440 : end };
}

function day(spans: readonly string[] | 'closed'): DayTiming {
  return spans === 'closed'
    ? { is_enabled: false, slots: [] }
    : { is_enabled: true, slots: spans.map(interval) };
}

/**
 * The same hours every day, except the days listed.
 *
 * @example
 * ```ts
 * week(['10:00-22:00'], { 1: 'closed' }); // closed on Mondays
 * week(['08:00-21:00'], { 5: ['08:00-11:30', '13:00-21:00'] }); // Friday prayer break
 * ```
 */
export function week(
  spans: readonly string[],
  except: Partial<Record<Weekday, readonly string[] | 'closed'>> = {},
): DayTiming[] {
  return Array.from({ length: 7 }, (_, weekday) => day(except[weekday as Weekday] ?? spans));
}

/** Every day disabled: for an order type the restaurant does not offer. */
export function closedWeek(): DayTiming[] {
  return Array.from({ length: 7 }, () => day('closed'));
}
