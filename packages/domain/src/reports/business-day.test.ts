import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  businessDayOf,
  businessDayRange,
  isBusinessDayCutoff,
  reportRange,
  reportRangeBounds,
} from './business-day';

const iso = (s: string) => new Date(s);

describe('businessDayOf', () => {
  it('01:00 in Kuala Lumpur -> the evening before', () => {
    expect(businessDayOf(iso('2026-12-07T17:00:00Z'), 'Asia/Kuala_Lumpur')).toBe('2026-12-07');
  });
  it('05:00 sharp in Kuala Lumpur -> that day', () => {
    expect(businessDayOf(iso('2026-12-07T21:00:00Z'), 'Asia/Kuala_Lumpur')).toBe('2026-12-08');
  });
  it('04:59:59.999 in Jakarta -> the day before', () => {
    expect(businessDayOf(iso('2026-12-07T21:59:59.999Z'), 'Asia/Jakarta')).toBe('2026-12-07');
  });
  it('23:30 in Makassar -> that day', () => {
    expect(businessDayOf(iso('2026-12-07T15:30:00Z'), 'Asia/Makassar')).toBe('2026-12-07');
  });
  it('02:00 in Jayapura with cut-off 03:00 -> the day before', () => {
    expect(businessDayOf(iso('2026-12-07T17:00:00Z'), 'Asia/Jayapura', '03:00')).toBe('2026-12-07');
  });
  it('cut-off 00:00 -> the calendar date', () => {
    expect(businessDayOf(iso('2026-12-07T16:30:00Z'), 'Asia/Kuala_Lumpur', '00:00')).toBe('2026-12-08');
  });
  it('bad cut-off -> RangeError', () => {
    expect(() => businessDayOf(iso('2026-12-07T16:30:00Z'), 'Asia/Jakarta', '25:00')).toThrow(RangeError);
  });
  it('unknown zone -> RangeError', () => {
    expect(() => businessDayOf(iso('2026-12-07T16:30:00Z'), 'Asia/Nowhere')).toThrow(RangeError);
  });
});

describe('businessDayRange', () => {
  it('Kuala Lumpur 2026-12-07 -> 21:00Z the 6th to 21:00Z the 7th', () => {
    expect(businessDayRange('2026-12-07', 'Asia/Kuala_Lumpur')).toEqual({
      start: iso('2026-12-06T21:00:00Z'),
      end: iso('2026-12-07T21:00:00Z'),
    });
  });
  it('Jayapura (UTC+9) 2026-12-07 -> 20:00Z to 20:00Z', () => {
    expect(businessDayRange('2026-12-07', 'Asia/Jayapura')).toEqual({
      start: iso('2026-12-06T20:00:00Z'),
      end: iso('2026-12-07T20:00:00Z'),
    });
  });
  // London: clocks go forward 2026-03-29 01:00 GMT -> 02:00 BST, back 2026-10-25 02:00 BST -> 01:00 GMT.
  it('London, day before clocks go forward -> 23 hours', () => {
    const { start, end } = businessDayRange('2026-03-28', 'Europe/London');
    expect(start).toEqual(iso('2026-03-28T05:00:00Z'));
    expect(end).toEqual(iso('2026-03-29T04:00:00Z'));
  });
  it('London, day before clocks go back -> 25 hours', () => {
    const { start, end } = businessDayRange('2026-10-24', 'Europe/London');
    expect(start).toEqual(iso('2026-10-24T04:00:00Z'));
    expect(end).toEqual(iso('2026-10-25T05:00:00Z'));
  });
  it('London cut-off 01:30 inside the skipped hour -> starts when the clocks jump (01:00Z)', () => {
    expect(businessDayRange('2026-03-29', 'Europe/London', '01:30').start).toEqual(
      iso('2026-03-29T01:00:00Z'),
    );
  });
  it('London cut-off 01:30 inside the repeated hour -> its first occurrence (00:30Z)', () => {
    expect(businessDayRange('2026-10-25', 'Europe/London', '01:30').start).toEqual(
      iso('2026-10-25T00:30:00Z'),
    );
  });
  it('London second 01:15 after clocks go back, cut-off 01:30 -> still the new day', () => {
    // 01:15 GMT (the repeated reading) is 01:15Z, after the day began at the first 01:30 (00:30Z).
    expect(businessDayOf(iso('2026-10-25T01:15:00Z'), 'Europe/London', '01:30')).toBe('2026-10-25');
    expect(businessDayOf(iso('2026-10-25T00:15:00Z'), 'Europe/London', '01:30')).toBe('2026-10-24');
  });
  // New York: forward 2026-03-08 02:00 EST -> 03:00 EDT; back 2026-11-01 02:00 EDT -> 01:00 EST.
  it('New York cut-off 02:30 on the day clocks go forward -> 07:00Z', () => {
    expect(businessDayRange('2026-03-08', 'America/New_York', '02:30').start).toEqual(
      iso('2026-03-08T07:00:00Z'),
    );
  });
  it('New York, day before clocks go back -> 09:00Z to 10:00Z the next day (25 hours)', () => {
    expect(businessDayRange('2026-10-31', 'America/New_York')).toEqual({
      start: iso('2026-10-31T09:00:00Z'),
      end: iso('2026-11-01T10:00:00Z'),
    });
  });
  it('not a date -> RangeError', () => {
    expect(() => businessDayRange('2026-02-29', 'Asia/Jakarta')).toThrow(RangeError);
  });
});

describe('isBusinessDayCutoff', () => {
  it("'05:00' -> true, '5:00' / '24:00' / '05:60' -> false", () => {
    expect(isBusinessDayCutoff('05:00')).toBe(true);
    expect(['5:00', '24:00', '05:60', 5].map(isBusinessDayCutoff)).toEqual([false, false, false, false]);
  });
});

describe('reportRange', () => {
  it('one week -> 7 days', () => {
    expect(reportRange('2026-12-01', '2026-12-07')).toEqual({
      ok: true,
      range: { from: '2026-12-01', to: '2026-12-07', days: 7 },
    });
  });
  it('backwards -> reports.rangeBackwards', () => {
    expect(reportRange('2026-12-07', '2026-12-01')).toEqual({
      ok: false,
      refusal: { key: 'reports.rangeBackwards', field: 'to' },
    });
  });
  it('a leap year, 366 days -> ok; 367 -> reports.rangeTooLong', () => {
    expect(reportRange('2028-01-01', '2028-12-31')).toMatchObject({ ok: true, range: { days: 366 } });
    expect(reportRange('2027-01-01', '2028-01-02')).toMatchObject({
      ok: false,
      refusal: { key: 'reports.rangeTooLong', values: { max: 366 } },
    });
  });
  it("'2026-13-01' / 'yesterday' / 20261201 -> reports.dateInvalid", () => {
    expect(reportRange('2026-13-01', '2026-12-01')).toMatchObject({
      refusal: { key: 'reports.dateInvalid', field: 'from' },
    });
    expect(reportRange('2026-12-01', 'yesterday')).toMatchObject({
      refusal: { key: 'reports.dateInvalid', field: 'to' },
    });
    expect(reportRange(20261201, '2026-12-01')).toMatchObject({ refusal: { key: 'reports.dateInvalid' } });
  });
});

describe('reportRangeBounds', () => {
  it('Jakarta 1 to 7 December -> 22:00Z 30 November to 22:00Z 7 December', () => {
    expect(reportRangeBounds({ from: '2026-12-01', to: '2026-12-07', days: 7 }, 'Asia/Jakarta')).toEqual({
      start: iso('2026-11-30T22:00:00Z'),
      end: iso('2026-12-07T22:00:00Z'),
    });
  });
});

const ZONES = [
  'Asia/Kuala_Lumpur',
  'Asia/Jakarta',
  'Asia/Makassar',
  'Asia/Jayapura',
  'Europe/London',
  'America/New_York',
  'America/Santiago', // clocks change at midnight
  'Australia/Lord_Howe', // a 30-minute change
];
const zone = fc.constantFrom(...ZONES);
const cutoff = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
// 2000 to 2040, with extra weight on the hours around London's and New York's clock changes.
const instant = fc.oneof(
  fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }),
  fc
    .constantFrom(
      Date.UTC(2026, 2, 29, 1),
      Date.UTC(2026, 9, 25, 1),
      Date.UTC(2026, 2, 8, 7),
      Date.UTC(2026, 10, 1, 6),
    )
    .chain((t) => fc.integer({ min: t - 4 * 3_600_000, max: t + 4 * 3_600_000 })),
);

describe('business day properties', () => {
  it('businessDayOf(t) = d iff t is in businessDayRange(d)', () => {
    fc.assert(
      fc.property(instant, zone, cutoff, (t, tz, c) => {
        const day = businessDayOf(new Date(t), tz, c);
        const { start, end } = businessDayRange(day, tz, c);
        expect(start.getTime()).toBeLessThanOrEqual(t);
        expect(t).toBeLessThan(end.getTime());
        // and not in the neighbours' ranges (exactly one day)
        const before = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
        const after = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
        expect(businessDayRange(before, tz, c).end.getTime()).toBeLessThanOrEqual(t);
        expect(businessDayRange(after, tz, c).start.getTime()).toBeGreaterThan(t);
      }),
      { numRuns: 300 },
    );
  });
  it('consecutive days tile time: day d ends where d + 1 starts, each 22 to 26 hours', () => {
    fc.assert(
      fc.property(instant, zone, cutoff, (t, tz, c) => {
        const day = businessDayOf(new Date(t), tz, c);
        const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
        const a = businessDayRange(day, tz, c);
        const b = businessDayRange(next, tz, c);
        expect(a.end).toEqual(b.start);
        const hours = (a.end.getTime() - a.start.getTime()) / 3_600_000;
        expect(hours).toBeGreaterThanOrEqual(22);
        expect(hours).toBeLessThanOrEqual(26);
        expect(businessDayOf(a.start, tz, c)).toBe(day);
        expect(businessDayOf(new Date(a.end.getTime() - 1), tz, c)).toBe(day);
      }),
      { numRuns: 300 },
    );
  });
});
