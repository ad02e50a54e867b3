import { ORDER_TYPE, isOrderTypeCode } from '@santap/domain';
import type { OrderTypeCode } from '@santap/domain';

/**
 * One opening interval of a day, in minutes from local midnight of the day it starts on (spec §3,
 * `rest_timings`). The interval is half-open: open at `start`, closed at `end`.
 *
 * An `end` at or before `start`, or an `end` past 1440, means the opening runs past midnight into
 * the next day; `start === end` is a full 24 hours.
 *
 * @example
 * ```ts
 * // 18:00–01:00, both spellings mean the same
 * const late: OpeningInterval = { start: 1080, end: 60 };
 * const same: OpeningInterval = { start: 1080, end: 1500 };
 * ```
 */
export type OpeningInterval = { start: number; end: number };

/**
 * The opening hours of one weekday for one order type (spec §3, `rest_timings`). A disabled day has
 * no opening at all, including the part of its intervals that would run past midnight.
 */
export type DayTiming = { is_enabled: boolean; slots: OpeningInterval[] };

/**
 * The restaurant's weekly opening hours per order type (spec §3, `rest_timings`). Each list has 7
 * entries indexed like `Date#getDay`: **index 0 is Sunday**, 1 Monday … 6 Saturday, on the
 * restaurant's local calendar. `TAKEAWAY` holds the hours for every pickup order (order type 3).
 */
export type RestTimings = { DINING: DayTiming[]; DELIVERY: DayTiming[]; TAKEAWAY: DayTiming[] };

/** The `rest_timings` key of one order type. */
export type TimingsKey = keyof RestTimings;

const TIMINGS_KEY: Readonly<Record<OrderTypeCode, TimingsKey>> = {
  [ORDER_TYPE.DINE_IN]: 'DINING',
  [ORDER_TYPE.DELIVERY]: 'DELIVERY',
  [ORDER_TYPE.PICKUP]: 'TAKEAWAY',
};

/**
 * The `rest_timings` key that holds the hours of an order type (spec §3, §4): 1 dine-in →
 * `DINING`, 2 delivery → `DELIVERY`, 3 pickup (takeaway included) → `TAKEAWAY`.
 *
 * @example
 * ```ts
 * timingsKeyFor(ORDER_TYPE.PICKUP); // 'TAKEAWAY'
 * ```
 */
export function timingsKeyFor(orderType: OrderTypeCode): TimingsKey {
  // Guards callers that cast an unchecked number from a route or the wire.
  if (!isOrderTypeCode(orderType)) throw new RangeError(`Unknown order type: ${String(orderType)}`);
  return TIMINGS_KEY[orderType];
}
