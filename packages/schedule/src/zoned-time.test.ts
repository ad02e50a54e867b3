import { describe, expect, it } from 'vitest';
import { DAY_MS, hhmm, isoDate, toLocal, wallTimeToEpochMs, weekdayOf } from './zoned-time';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;

describe('zoned-time', () => {
  it('1970-01-01 -> Thursday (4)', () => expect(weekdayOf(0)).toBe(4));
  it('2025-03-16 -> Sunday (0)', () => expect(weekdayOf(day('2025-03-16'))).toBe(0));
  it('1969-12-31 -> Wednesday (3)', () => expect(weekdayOf(-1)).toBe(3));
  it('day number -> YYYY-MM-DD', () => expect(isoDate(day('2025-03-14'))).toBe('2025-03-14'));
  it('minute 570 -> 09:30', () => expect(hhmm(570)).toBe('09:30'));
  it('minute 1440 -> 00:00', () => expect(hhmm(1440)).toBe('00:00'));

  it('07:30Z in Jayapura -> 16:30 on the same date', () => {
    expect(toLocal(Date.parse('2025-03-14T07:30:00Z'), 'Asia/Jayapura')).toEqual({
      day: day('2025-03-14'),
      msOfDay: (16 * 60 + 30) * 60_000,
    });
  });

  it('18:00Z in Jakarta -> 01:00 the next date', () => {
    expect(toLocal(Date.parse('2025-03-14T18:00:00Z'), 'Asia/Jakarta').day).toBe(day('2025-03-15'));
  });

  it('Makassar 00:00 on the 15th -> 16:00Z on the 14th', () => {
    expect(wallTimeToEpochMs(day('2025-03-15'), 0, 'Asia/Makassar')).toEqual({
      epochMs: Date.parse('2025-03-14T16:00:00Z'),
      exists: true,
    });
  });

  it('minute 1440 -> midnight of the next day', () => {
    expect(wallTimeToEpochMs(day('2025-03-14'), 1440, 'Asia/Jakarta').epochMs).toBe(
      Date.parse('2025-03-14T17:00:00Z'),
    );
  });

  it('New York 02:30 on 9 March 2025 (skipped) -> does not exist, resolves to 03:30 EDT', () => {
    expect(wallTimeToEpochMs(day('2025-03-09'), 150, 'America/New_York')).toEqual({
      epochMs: Date.parse('2025-03-09T07:30:00Z'),
      exists: false,
    });
  });

  it('New York 01:30 on 2 November 2025 (repeated) -> first occurrence (EDT)', () => {
    expect(wallTimeToEpochMs(day('2025-11-02'), 90, 'America/New_York')).toEqual({
      epochMs: Date.parse('2025-11-02T05:30:00Z'),
      exists: true,
    });
  });
});
