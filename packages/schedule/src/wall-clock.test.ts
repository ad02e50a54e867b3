import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarDay, instantAtWallClock, localDateAt, wallClockAt } from './wall-clock';

const ZONES = ['Asia/Kuala_Lumpur', 'Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura'];

describe('wallClockAt', () => {
  it('04:30Z -> Monday 12:30 in Kuala Lumpur, 11:30 in Jakarta', () => {
    const at = new Date('2026-11-23T04:30:00Z');
    expect(wallClockAt(at, 'Asia/Kuala_Lumpur')).toEqual({
      date: '2026-11-23',
      weekday: 1,
      minuteOfDay: 750,
    });
    expect(wallClockAt(at, 'Asia/Jakarta')).toEqual({ date: '2026-11-23', weekday: 1, minuteOfDay: 690 });
  });

  it('Sunday 16:30Z -> Monday 00:30 in Makassar', () => {
    expect(wallClockAt(new Date('2026-11-22T16:30:00Z'), 'Asia/Makassar')).toEqual({
      date: '2026-11-23',
      weekday: 1,
      minuteOfDay: 30,
    });
  });

  it('seconds -> the minute they fall in (12:30:59 -> 750)', () => {
    expect(wallClockAt(new Date('2026-11-23T04:30:59Z'), 'Asia/Kuala_Lumpur').minuteOfDay).toBe(750);
  });

  it('an unknown zone or an invalid date -> RangeError', () => {
    expect(() => wallClockAt(new Date(0), 'Mars/Olympus')).toThrow(RangeError);
    expect(() => wallClockAt(new Date(Number.NaN), 'Asia/Jakarta')).toThrow(RangeError);
  });
});

describe('localDateAt', () => {
  it('16:30Z is 00:30 the next day in Kuala Lumpur -> 2026-11-24; 15:59Z -> 2026-11-23', () => {
    expect(localDateAt(new Date('2026-11-23T16:30:00Z'), 'Asia/Kuala_Lumpur')).toBe('2026-11-24');
    expect(localDateAt(new Date('2026-11-23T15:59:00Z'), 'Asia/Kuala_Lumpur')).toBe('2026-11-23');
  });
});

describe('calendarDay', () => {
  it('days since 1970-01-01; their difference counts calendar days; not a date -> null', () => {
    expect(calendarDay('1970-01-01')).toBe(0);
    expect(calendarDay('1970-01-02')).toBe(1);
    expect(calendarDay('2027-01-01')! - calendarDay('2026-12-31')!).toBe(1);
    expect(calendarDay('2030-02-31')).toBeNull();
    expect(calendarDay('soon')).toBeNull();
  });
});

describe('instantAtWallClock', () => {
  it.each([
    ['Asia/Kuala_Lumpur', '2026-11-24T11:00:00.000Z'],
    ['Asia/Jakarta', '2026-11-24T12:00:00.000Z'],
    ['Asia/Jayapura', '2026-11-24T10:00:00.000Z'],
  ])('2026-11-24 19:00 in %s -> %s', (zone, utc) => {
    expect(instantAtWallClock('2026-11-24', 19 * 60, zone)?.toISOString()).toBe(utc);
  });

  it('a date the calendar does not have (2030-02-31, 2026-13-01, 24-11-2026) -> null', () => {
    expect(instantAtWallClock('2030-02-31', 0, 'Asia/Jakarta')).toBeNull();
    expect(instantAtWallClock('2026-13-01', 0, 'Asia/Jakarta')).toBeNull();
    expect(instantAtWallClock('24-11-2026', 0, 'Asia/Jakarta')).toBeNull();
  });

  it('minute 1440 or 7.5 -> RangeError', () => {
    expect(() => instantAtWallClock('2026-11-24', 1440, 'Asia/Jakarta')).toThrow(RangeError);
    expect(() => instantAtWallClock('2026-11-24', 7.5, 'Asia/Jakarta')).toThrow(RangeError);
  });

  it('any minute in the four zones -> the wall clock at that instant reads it back', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2060, 0, 1) }),
        (zone, ms) => {
          const wall = wallClockAt(new Date(ms), zone);
          const instant = instantAtWallClock(wall.date, wall.minuteOfDay, zone)!;
          expect(wallClockAt(instant, zone)).toEqual(wall);
          expect(ms - instant.getTime()).toBeGreaterThanOrEqual(0);
          expect(ms - instant.getTime()).toBeLessThan(60_000);
        },
      ),
    );
  });
});
