import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOpen, nextOpenEpoch } from './opening-hours';
import { generateSlots, isValidSlot } from './slots';
import type { Slot } from './slots';
import { PRODUCT_ZONES } from './test-fixtures';
import type { ProductZone } from './test-fixtures';
import type { DayTiming, RestTimings } from './timings';

// A brute-force reference written independently of the implementation: fixed UTC offsets (the
// product's zones have no daylight saving), plain UTC arithmetic and a minute-by-minute scan.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const KEY = { 1: 'DINING', 2: 'DELIVERY', 3: 'TAKEAWAY' } as const;
type OrderType = keyof typeof KEY;

/** Whether minute `minute` (0 = midnight, may exceed 1439) of an entry's own day is inside it. */
function entryCovers(entry: DayTiming | undefined, minute: number): boolean {
  if (!entry?.is_enabled) return false;
  return entry.slots.some(({ start, end }) => {
    const realEnd = end <= start ? end + 1440 : end;
    return start <= minute && minute < realEnd;
  });
}

/** Opening at local minute `minute` of a day whose weekday is `weekday`. */
function openAtMinute(week: DayTiming[], weekday: number, minute: number): boolean {
  return entryCovers(week[weekday], minute) || entryCovers(week[(weekday + 6) % 7], minute + 1440);
}

type Reference = { epoch: number; date: string; time: string };

function referenceEarliestLocalMs(nowMs: number, zone: ProductZone): number {
  const localNow = nowMs + PRODUCT_ZONES[zone] * HOUR;
  let boundary = Math.floor(localNow / HOUR) * HOUR + HOUR;
  if (boundary - localNow < 30 * MINUTE) boundary += 30 * MINUTE;
  return boundary;
}

function referenceSlots(
  timings: RestTimings,
  orderType: OrderType,
  nowMs: number,
  zone: ProductZone,
  days: number,
): Reference[] {
  const offset = PRODUCT_ZONES[zone] * HOUR;
  const week = timings[KEY[orderType]];
  const todayStart = Math.floor((nowMs + offset) / DAY) * DAY;
  const earliest = referenceEarliestLocalMs(nowMs, zone);
  const result: Reference[] = [];
  for (let d = 0; d < days; d++) {
    const dayStart = todayStart + d * DAY;
    const weekday = new Date(dayStart).getUTCDay();
    for (let m = 0; m < 1440; m += 30) {
      const localStart = dayStart + m * MINUTE;
      if (localStart < earliest) continue;
      let openMinutes = 0;
      for (let t = m; t < m + 30; t++) if (openAtMinute(week, weekday, t)) openMinutes++;
      if (openMinutes < 15) continue;
      result.push({
        epoch: (localStart - offset) / 1000,
        date: new Date(dayStart).toISOString().slice(0, 10),
        time: new Date(localStart).toISOString().slice(11, 16),
      });
    }
  }
  return result;
}

function referenceIsOpen(timings: RestTimings, orderType: OrderType, ms: number, zone: ProductZone) {
  const local = ms + PRODUCT_ZONES[zone] * HOUR;
  const weekday = new Date(local).getUTCDay();
  const minute = Math.floor((local - Math.floor(local / DAY) * DAY) / MINUTE);
  return openAtMinute(timings[KEY[orderType]], weekday, minute);
}

// --- arbitraries -------------------------------------------------------------------------------

const startArb = fc.oneof(
  fc.integer({ min: 0, max: 1439 }),
  fc.integer({ min: 0, max: 287 }).map((i) => i * 5),
  fc.integer({ min: 0, max: 47 }).map((i) => i * 30),
);
const intervalArb = fc.oneof(
  fc.record({ start: startArb, end: fc.integer({ min: 1, max: 2880 }) }),
  fc.record({ start: startArb, end: fc.integer({ min: 1, max: 288 }).map((i) => i * 5) }),
  // Short openings around the 15-minute threshold, some running past midnight.
  fc.tuple(startArb, fc.integer({ min: 1, max: 45 }), fc.boolean()).map(([start, length, wrap]) => {
    const end = start + length;
    return { start, end: wrap && end > 1440 ? end - 1440 : Math.min(end, 2880) };
  }),
);
const dayArb: fc.Arbitrary<DayTiming> = fc.record({
  is_enabled: fc.oneof(fc.constant(true), fc.boolean()),
  slots: fc.array(intervalArb, { maxLength: 3 }),
});
const weekArb = fc.array(dayArb, { minLength: 7, maxLength: 7 });
const timingsArb: fc.Arbitrary<RestTimings> = fc.record({
  DINING: weekArb,
  DELIVERY: weekArb,
  TAKEAWAY: weekArb,
});
const FROM = Date.UTC(2020, 0, 1);
const TO = Date.UTC(2035, 0, 1);
const nowArb = fc
  .oneof(
    fc.integer({ min: FROM, max: TO }),
    fc.integer({ min: FROM / MINUTE, max: TO / MINUTE }).map((m) => m * MINUTE),
    // Exactly on :00 or :30, and one millisecond either side: the edges of the earliest rule.
    fc
      .tuple(fc.integer({ min: FROM / (30 * MINUTE), max: TO / (30 * MINUTE) }), fc.constantFrom(-1, 0, 1))
      .map(([half, nudge]) => half * 30 * MINUTE + nudge),
  )
  .map((ms) => new Date(ms));
const zoneArb = fc.constantFrom(...(Object.keys(PRODUCT_ZONES) as ProductZone[]));
const orderTypeArb = fc.constantFrom<OrderType>(1, 2, 3);
const daysArb = fc.integer({ min: 0, max: 8 });

const strip = (slots: Slot[]): Reference[] => slots.map(({ epoch, date, time }) => ({ epoch, date, time }));

// --- properties --------------------------------------------------------------------------------

describe('generateSlots properties', () => {
  it('no slot starts before the earliest boundary', () => {
    fc.assert(
      fc.property(
        timingsArb,
        orderTypeArb,
        nowArb,
        zoneArb,
        daysArb,
        (timings, orderType, now, zone, days) => {
          const earliestEpochMs = referenceEarliestLocalMs(now.getTime(), zone) - PRODUCT_ZONES[zone] * HOUR;
          const slots = generateSlots({ timings, orderType, now, timeZone: zone, days });
          for (const slot of slots) expect(slot.epoch * 1000).toBeGreaterThanOrEqual(earliestEpochMs);
          // The boundary is at least 30 minutes and under 90 minutes away.
          expect(earliestEpochMs - now.getTime()).toBeGreaterThanOrEqual(30 * MINUTE);
          expect(earliestEpochMs - now.getTime()).toBeLessThan(90 * MINUTE);
        },
      ),
    );
  });

  it('every slot overlaps opening hours by >= 15 minutes (minute-level brute force)', () => {
    fc.assert(
      fc.property(
        timingsArb,
        orderTypeArb,
        nowArb,
        zoneArb,
        daysArb,
        (timings, orderType, now, zone, days) => {
          const week = timings[KEY[orderType]];
          for (const slot of generateSlots({ timings, orderType, now, timeZone: zone, days })) {
            const weekday = new Date(`${slot.date}T00:00:00Z`).getUTCDay();
            const [hours = 0, minutes = 0] = slot.time.split(':').map(Number);
            const first = hours * 60 + minutes;
            let open = 0;
            for (let t = first; t < first + 30; t++) if (openAtMinute(week, weekday, t)) open++;
            expect(open).toBeGreaterThanOrEqual(15);
          }
        },
      ),
    );
  });

  it('slots equal the brute-force reference exactly (nothing missing, nothing extra)', () => {
    fc.assert(
      fc.property(
        timingsArb,
        orderTypeArb,
        nowArb,
        zoneArb,
        daysArb,
        (timings, orderType, now, zone, days) => {
          const actual = generateSlots({ timings, orderType, now, timeZone: zone, days });
          expect(strip(actual)).toEqual(referenceSlots(timings, orderType, now.getTime(), zone, days));
        },
      ),
    );
  });

  it('slots equal the reference over the full 45-day window', () => {
    fc.assert(
      fc.property(timingsArb, orderTypeArb, nowArb, zoneArb, (timings, orderType, now, zone) => {
        const actual = generateSlots({ timings, orderType, now, timeZone: zone });
        expect(strip(actual)).toEqual(referenceSlots(timings, orderType, now.getTime(), zone, 45));
      }),
      { numRuns: 25 },
    );
  });

  it('slots strictly increase; within a date they sit on :00/:30, 30-minute multiples apart', () => {
    fc.assert(
      fc.property(
        timingsArb,
        orderTypeArb,
        nowArb,
        zoneArb,
        daysArb,
        (timings, orderType, now, zone, days) => {
          const slots = generateSlots({ timings, orderType, now, timeZone: zone, days });
          const minuteOf = (slot: Slot) => {
            const [hours = 0, minutes = 0] = slot.time.split(':').map(Number);
            return hours * 60 + minutes;
          };
          slots.forEach((slot, index) => {
            expect(minuteOf(slot) % 30).toBe(0);
            const previous = slots[index - 1];
            if (!previous) return;
            expect(slot.epoch).toBeGreaterThan(previous.epoch);
            if (previous.date === slot.date) {
              expect(slot.epoch - previous.epoch).toBe((minuteOf(slot) - minuteOf(previous)) * 60);
              expect((slot.epoch - previous.epoch) % 1800).toBe(0);
            }
          });
        },
      ),
    );
  });

  it('each slot reads its epoch on the local clock: date, time, endTime and label agree', () => {
    fc.assert(
      fc.property(
        timingsArb,
        orderTypeArb,
        nowArb,
        zoneArb,
        daysArb,
        (timings, orderType, now, zone, days) => {
          for (const slot of generateSlots({ timings, orderType, now, timeZone: zone, days })) {
            const local = new Date(slot.epoch * 1000 + PRODUCT_ZONES[zone] * HOUR).toISOString();
            const localEnd = new Date(slot.epoch * 1000 + PRODUCT_ZONES[zone] * HOUR + 30 * MINUTE);
            expect(slot.date).toBe(local.slice(0, 10));
            expect(slot.time).toBe(local.slice(11, 16));
            expect(slot.endTime).toBe(localEnd.toISOString().slice(11, 16));
            expect(slot.selectedTime).toBe(`${slot.time} - ${slot.endTime}`);
          }
        },
      ),
    );
  });
});

describe('isValidSlot properties', () => {
  it('isValidSlot agrees with generateSlots for offered, nearby and random epochs', () => {
    const epochArb = fc.integer({ min: FROM / 1000, max: TO / 1000 });
    fc.assert(
      fc.property(
        timingsArb,
        orderTypeArb,
        nowArb,
        zoneArb,
        daysArb,
        fc.array(epochArb, { maxLength: 5 }),
        fc.array(fc.integer({ min: -2, max: 9 * 48 }), { maxLength: 20 }),
        (timings, orderType, now, zone, days, randomEpochs, halfHourSteps) => {
          const input = { timings, orderType, now, timeZone: zone, days };
          const offered = new Set(generateSlots(input).map((slot) => slot.epoch));
          // Every :00/:30 from local midnight today, whichever the steps pick.
          const todayStart =
            Math.floor((now.getTime() + PRODUCT_ZONES[zone] * HOUR) / DAY) * DAY - PRODUCT_ZONES[zone] * HOUR;
          const aligned = halfHourSteps.map((step) => (todayStart + step * 30 * MINUTE) / 1000);
          const nearby = [...offered].flatMap((epoch) => [epoch, epoch - 1800, epoch + 1800, epoch + 60]);
          for (const epoch of [...nearby, ...aligned, ...randomEpochs]) {
            expect(isValidSlot({ ...input, epoch })).toBe(offered.has(epoch));
          }
        },
      ),
    );
  });
});

describe('isOpen and nextOpenEpoch properties', () => {
  it('isOpen agrees with the minute-level reference', () => {
    fc.assert(
      fc.property(timingsArb, orderTypeArb, nowArb, zoneArb, (timings, orderType, now, zone) => {
        expect(isOpen({ timings, orderType, now, timeZone: zone })).toBe(
          referenceIsOpen(timings, orderType, now.getTime(), zone),
        );
      }),
    );
  });

  it('nextOpenEpoch: now when open, else the first open minute within 7 days, else null', () => {
    fc.assert(
      fc.property(timingsArb, orderTypeArb, nowArb, zoneArb, (timings, orderType, now, zone) => {
        const nowMs = now.getTime();
        const next = nextOpenEpoch({ timings, orderType, now, timeZone: zone });
        if (referenceIsOpen(timings, orderType, nowMs, zone)) {
          expect(next).toBe(Math.floor(nowMs / 1000));
          return;
        }
        // Closed now: scan every following minute boundary for the first open one.
        let expected: number | null = null;
        const firstMinute = Math.floor(nowMs / MINUTE) * MINUTE + MINUTE;
        for (let ms = firstMinute; ms <= nowMs + 7 * DAY; ms += MINUTE) {
          if (referenceIsOpen(timings, orderType, ms, zone)) {
            expected = ms / 1000;
            break;
          }
        }
        expect(next).toBe(expected);
      }),
      { numRuns: 60 },
    );
  });
});
