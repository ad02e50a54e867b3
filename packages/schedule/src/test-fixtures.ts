// Test support only (not exported from the package): compact builders for `rest_timings`.
import type { DayTiming, RestTimings } from './timings';

/** Minutes from midnight of `h:m`. */
export const hm = (hours: number, minutes = 0): number => hours * 60 + minutes;

export const CLOSED_DAY: DayTiming = { is_enabled: false, slots: [] };

/** An enabled day with the given `[start, end]` intervals. */
export function openDay(...intervals: [number, number][]): DayTiming {
  return { is_enabled: true, slots: intervals.map(([start, end]) => ({ start, end })) };
}

function cloneDay(day: DayTiming): DayTiming {
  return { is_enabled: day.is_enabled, slots: day.slots.map((slot) => ({ ...slot })) };
}

/** The same day entry on all 7 weekdays. */
export function everyDay(day: DayTiming): DayTiming[] {
  return Array.from({ length: 7 }, () => cloneDay(day));
}

/** A week closed except for the given weekdays (0 = Sunday). */
export function weekWith(days: Partial<Record<number, DayTiming>>): DayTiming[] {
  return Array.from({ length: 7 }, (_, weekday) => days[weekday] ?? CLOSED_DAY);
}

/** The same week for dine-in, delivery and takeaway. */
export function allTypes(week: DayTiming[]): RestTimings {
  return { DINING: week, DELIVERY: week.map(cloneDay), TAKEAWAY: week.map(cloneDay) };
}

/** Fixed UTC offsets (hours) of the product's zones: none of them observes daylight saving. */
export const PRODUCT_ZONES = {
  'Asia/Kuala_Lumpur': 8,
  'Asia/Jakarta': 7,
  'Asia/Makassar': 8,
  'Asia/Jayapura': 9,
} as const;

export type ProductZone = keyof typeof PRODUCT_ZONES;

/** The instant of an ISO local time (`2025-03-14T10:40`) in one of the product zones. */
export function localInstant(isoLocal: string, zone: ProductZone): Date {
  const offset = PRODUCT_ZONES[zone];
  return new Date(`${isoLocal}${offset >= 0 ? '+' : '-'}${String(Math.abs(offset)).padStart(2, '0')}:00`);
}

/** Unix seconds of {@link localInstant}. */
export function localEpoch(isoLocal: string, zone: ProductZone): number {
  return localInstant(isoLocal, zone).getTime() / 1000;
}
