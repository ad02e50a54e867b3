import { describe, expect, it } from 'vitest';
import { isOpen, nextOpenEpoch, openingOfDay } from './opening-hours';
import {
  CLOSED_DAY,
  allTypes,
  everyDay,
  hm,
  localEpoch,
  localInstant,
  openDay,
  weekWith,
} from './test-fixtures';
import type { ProductZone } from './test-fixtures';
import type { RestTimings } from './timings';

const MAKASSAR = 'Asia/Makassar';
const SPLIT_SHIFT = allTypes(everyDay(openDay([hm(10), hm(14)], [hm(17), hm(21)])));
// Friday (index 5) 18:00–01:00 only.
const FRIDAY_LATE = allTypes(weekWith({ 5: openDay([hm(18), hm(1)]) }));

function query(timings: RestTimings, isoLocal: string, timeZone: ProductZone = MAKASSAR) {
  return { timings, orderType: 1 as const, now: localInstant(isoLocal, timeZone), timeZone };
}

describe('isOpen', () => {
  it('10:00-14:00 and 17:00-21:00 Makassar at 15:00 local -> closed', () => {
    expect(isOpen(query(SPLIT_SHIFT, '2025-03-14T15:00'))).toBe(false);
  });

  it('10:00-14:00 and 17:00-21:00 Makassar at 12:00 local -> open', () => {
    expect(isOpen(query(SPLIT_SHIFT, '2025-03-14T12:00'))).toBe(true);
  });

  it('exactly 10:00 -> open (start minute included)', () => {
    expect(isOpen(query(SPLIT_SHIFT, '2025-03-14T10:00'))).toBe(true);
  });

  it('09:59:59 -> closed', () => {
    expect(isOpen(query(SPLIT_SHIFT, '2025-03-14T09:59:59'))).toBe(false);
  });

  it('exactly 14:00 -> closed (end minute excluded)', () => {
    expect(isOpen(query(SPLIT_SHIFT, '2025-03-14T14:00'))).toBe(false);
  });

  it('13:59:59 -> open', () => {
    expect(isOpen(query(SPLIT_SHIFT, '2025-03-14T13:59:59'))).toBe(true);
  });

  it('Friday 18:00-01:00, Saturday 00:30 -> open (carry-over past midnight)', () => {
    expect(isOpen(query(FRIDAY_LATE, '2025-03-15T00:30'))).toBe(true);
  });

  it('Friday 18:00-01:00 written as end 1500, Saturday 00:30 -> open', () => {
    const extended = allTypes(weekWith({ 5: openDay([hm(18), hm(25)]) }));
    expect(isOpen(query(extended, '2025-03-15T00:30'))).toBe(true);
  });

  it('Friday 18:00-01:00, Saturday 01:00 -> closed', () => {
    expect(isOpen(query(FRIDAY_LATE, '2025-03-15T01:00'))).toBe(false);
  });

  it('Friday 18:00-01:00, Friday 00:30 -> closed (Thursday is closed)', () => {
    expect(isOpen(query(FRIDAY_LATE, '2025-03-14T00:30'))).toBe(false);
  });

  it('Friday 18:00-01:00 on a disabled Friday, Saturday 00:30 -> closed', () => {
    const disabled = allTypes(weekWith({ 5: { is_enabled: false, slots: [{ start: hm(18), end: hm(1) }] } }));
    expect(isOpen(query(disabled, '2025-03-15T00:30'))).toBe(false);
  });

  it('hours only at index 0, Sunday 16 March local -> open; Monday 17 March -> closed', () => {
    const sundayOnly = allTypes(weekWith({ 0: openDay([0, 1440]) }));
    expect(isOpen(query(sundayOnly, '2025-03-16T12:00'))).toBe(true);
    expect(isOpen(query(sundayOnly, '2025-03-17T12:00'))).toBe(false);
  });

  it('enabled day with is_enabled false -> closed all day', () => {
    const timings = allTypes(everyDay({ is_enabled: false, slots: [{ start: 0, end: 1440 }] }));
    expect(isOpen(query(timings, '2025-03-14T12:00'))).toBe(false);
  });

  it('dine-in open but delivery closed -> isOpen follows the order type', () => {
    const timings: RestTimings = {
      DINING: everyDay(openDay([0, 1440])),
      DELIVERY: everyDay(CLOSED_DAY),
      TAKEAWAY: everyDay(CLOSED_DAY),
    };
    const input = query(timings, '2025-03-14T12:00');
    expect(isOpen({ ...input, orderType: 1 })).toBe(true);
    expect(isOpen({ ...input, orderType: 2 })).toBe(false);
    expect(isOpen({ ...input, orderType: 3 })).toBe(false);
  });

  it('Friday-only hours at 16:30 UTC -> open in Jakarta (Fri 23:30), closed in Jayapura (Sat 01:30)', () => {
    const fridayOnly = allTypes(weekWith({ 5: openDay([0, 1440]) }));
    const now = new Date('2025-03-14T16:30:00Z');
    const at = (timeZone: string) => isOpen({ timings: fridayOnly, orderType: 1, now, timeZone });
    expect(at('Asia/Jakarta')).toBe(true);
    expect(at('Asia/Kuala_Lumpur')).toBe(false);
    expect(at('Asia/Makassar')).toBe(false);
    expect(at('Asia/Jayapura')).toBe(false);
  });

  it('unknown time zone -> RangeError', () => {
    expect(() => isOpen({ ...query(SPLIT_SHIFT, '2025-03-14T12:00'), timeZone: 'Mars/Base' })).toThrow(
      RangeError,
    );
  });
});

describe('nextOpenEpoch', () => {
  it('10:00-14:00 and 17:00-21:00 Makassar at 15:00 local -> closed, next open 17:00', () => {
    const input = query(SPLIT_SHIFT, '2025-03-14T15:00');
    expect(isOpen(input)).toBe(false);
    expect(nextOpenEpoch(input)).toBe(localEpoch('2025-03-14T17:00', MAKASSAR));
  });

  it('open at 12:00:00.750 -> now, floored to the second', () => {
    const input = query(SPLIT_SHIFT, '2025-03-14T12:00:00.750');
    expect(nextOpenEpoch(input)).toBe(localEpoch('2025-03-14T12:00', MAKASSAR));
  });

  it('22:00 after closing -> 10:00 tomorrow', () => {
    expect(nextOpenEpoch(query(SPLIT_SHIFT, '2025-03-14T22:00'))).toBe(
      localEpoch('2025-03-15T10:00', MAKASSAR),
    );
  });

  it('exactly 14:00 (closing) -> 17:00', () => {
    expect(nextOpenEpoch(query(SPLIT_SHIFT, '2025-03-14T14:00'))).toBe(
      localEpoch('2025-03-14T17:00', MAKASSAR),
    );
  });

  it('Friday 17:00 with Friday 18:00-01:00 -> Friday 18:00', () => {
    expect(nextOpenEpoch(query(FRIDAY_LATE, '2025-03-14T17:00'))).toBe(
      localEpoch('2025-03-14T18:00', MAKASSAR),
    );
  });

  it('Saturday 00:30 inside the Friday carry-over -> now', () => {
    expect(nextOpenEpoch(query(FRIDAY_LATE, '2025-03-15T00:30'))).toBe(
      localEpoch('2025-03-15T00:30', MAKASSAR),
    );
  });

  it('Saturday 02:00 after the carry-over -> next Friday 18:00 (6 days 16 hours later)', () => {
    expect(nextOpenEpoch(query(FRIDAY_LATE, '2025-03-15T02:00'))).toBe(
      localEpoch('2025-03-21T18:00', MAKASSAR),
    );
  });

  it('Friday 19:00 after a Friday 10:00-11:00 opening -> next Friday 10:00 (within 7 days)', () => {
    const timings = allTypes(weekWith({ 5: openDay([hm(10), hm(11)]) }));
    expect(nextOpenEpoch(query(timings, '2025-03-14T19:00'))).toBe(localEpoch('2025-03-21T10:00', MAKASSAR));
  });

  it('next opening 2 days away with withinDays 1 -> null', () => {
    const timings = allTypes(weekWith({ 0: openDay([hm(10), hm(11)]) }));
    expect(nextOpenEpoch({ ...query(timings, '2025-03-14T12:00'), withinDays: 1 })).toBeNull();
    expect(nextOpenEpoch({ ...query(timings, '2025-03-14T12:00'), withinDays: 2 })).toBe(
      localEpoch('2025-03-16T10:00', MAKASSAR),
    );
  });

  it('next opening exactly withinDays away -> included', () => {
    const timings = allTypes(weekWith({ 6: openDay([hm(12), hm(13)]) }));
    expect(nextOpenEpoch({ ...query(timings, '2025-03-14T12:00'), withinDays: 1 })).toBe(
      localEpoch('2025-03-15T12:00', MAKASSAR),
    );
  });

  it('closed with withinDays 0 -> null', () => {
    expect(nextOpenEpoch({ ...query(SPLIT_SHIFT, '2025-03-14T15:00'), withinDays: 0 })).toBeNull();
  });

  it('every day disabled -> null', () => {
    expect(nextOpenEpoch(query(allTypes(everyDay(CLOSED_DAY)), '2025-03-14T15:00'))).toBeNull();
  });

  it('negative withinDays -> RangeError', () => {
    expect(() => nextOpenEpoch({ ...query(SPLIT_SHIFT, '2025-03-14T15:00'), withinDays: -1 })).toThrow(
      RangeError,
    );
  });

  it('same instant in Jakarta and Jayapura -> each opening at its own local 10:00', () => {
    const now = new Date('2025-03-14T00:00:00Z'); // 07:00 Jakarta, 09:00 Jayapura
    const at = (timeZone: string) => nextOpenEpoch({ timings: SPLIT_SHIFT, orderType: 2, now, timeZone });
    expect(at('Asia/Jakarta')).toBe(Date.UTC(2025, 2, 14, 3) / 1000);
    expect(at('Asia/Jayapura')).toBe(Date.UTC(2025, 2, 14, 1) / 1000);
  });
});

describe('openingOfDay', () => {
  it('own hours, adjoining hours and yesterday carry-over -> merged, clipped to the day', () => {
    const week = weekWith({
      5: openDay([hm(22), hm(2)]),
      6: openDay([hm(1), hm(3)], [hm(2), hm(4)], [hm(4), hm(5)], [hm(23), hm(26)]),
    });
    const saturday = Date.UTC(2025, 2, 15) / 86_400_000;
    expect(openingOfDay(week, saturday)).toEqual([
      { start: 0, end: hm(5) }, // overlapping and adjoining intervals merged
      { start: hm(23), end: 1440 },
    ]);
  });
});
