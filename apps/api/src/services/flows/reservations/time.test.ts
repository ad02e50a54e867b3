import { describe, expect, it } from 'vitest';
import { closedWeek, week } from '../../../seed/timings';
import { localDateAt } from '@santap/schedule';
import { bookingSlots, daysBetween, instantOf } from './time';

const KL = 'Asia/Kuala_Lumpur';
const timings = (dining: ReturnType<typeof week>) => ({
  DINING: dining,
  DELIVERY: closedWeek(),
  TAKEAWAY: closedWeek(),
});
const grid = { slotMinutes: 30, durationMinutes: 90 };

describe('booking times', () => {
  it.each([
    ['Asia/Kuala_Lumpur', '2026-11-24T11:00:00.000Z'],
    ['Asia/Jakarta', '2026-11-24T12:00:00.000Z'],
    ['Asia/Makassar', '2026-11-24T11:00:00.000Z'],
    ['Asia/Jayapura', '2026-11-24T10:00:00.000Z'],
  ])('2026-11-24 19:00 in %s -> %s', (zone, utc) => {
    expect(instantOf('2026-11-24', '19:00', zone)?.toISOString()).toBe(utc);
  });

  it('a date the calendar does not have (2030-02-31, 2026-13-01) -> null', () => {
    expect(instantOf('2030-02-31', '19:00', KL)).toBeNull();
    expect(instantOf('2026-13-01', '19:00', KL)).toBeNull();
    expect(daysBetween('2026-11-23', '2030-02-31')).toBeNull();
  });

  it('16:30 UTC is 00:30 the next day in Kuala Lumpur -> local date 2026-11-24', () => {
    expect(localDateAt(new Date('2026-11-23T16:30:00Z'), KL)).toBe('2026-11-24');
    expect(localDateAt(new Date('2026-11-23T15:59:00Z'), KL)).toBe('2026-11-23');
  });

  it('days between dates -> calendar days, across months and years', () => {
    expect(daysBetween('2026-11-23', '2026-12-01')).toBe(8);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2026-11-23', '2026-11-22')).toBe(-1);
  });
});

describe('bookingSlots', () => {
  it('07:00-01:00, 90 min bookings on a 30 min grid -> 07:00 to 23:30 (ends by closing), 34 slots', () => {
    const slots = bookingSlots(timings(week(['07:00-01:00'])), '2026-11-24', KL, grid);
    expect(slots).toHaveLength(34);
    expect(slots[0]).toMatchObject({ slot: '07:00' });
    expect(slots.at(-1)).toMatchObject({ slot: '23:30' });
    expect(slots.at(-1)!.endsAt.toISOString()).toBe('2026-11-24T17:00:00.000Z'); // 01:00 local
  });

  it('lunch and dinner 10-14 and 17-21 -> 10:00..12:30 and 17:00..19:30', () => {
    const slots = bookingSlots(timings(week(['10:00-14:00', '17:00-21:00'])), '2026-11-24', KL, grid);
    expect(slots.map((s) => s.slot)).toEqual([
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
      '12:30',
      '17:00',
      '17:30',
      '18:00',
      '18:30',
      '19:00',
      '19:30',
    ]);
  });

  it('a closed day -> no slots; the night before running past midnight -> its early slots', () => {
    // 2026-11-28 is a Saturday (6); Friday (5) runs 18:00-02:00.
    const fridayLate = timings(week(['18:00-23:00'], { 5: ['18:00-02:00'], 6: 'closed' }));
    expect(
      bookingSlots(fridayLate, '2026-11-28', KL, { slotMinutes: 30, durationMinutes: 60 }).map((s) => s.slot),
    ).toEqual(['00:00', '00:30', '01:00']);
    expect(bookingSlots(timings(closedWeek()), '2026-11-24', KL, grid)).toEqual([]);
  });

  it('a 15 min grid -> quarter hours; a booking longer than the opening -> none', () => {
    const quarter = bookingSlots(timings(week(['12:00-13:30'])), '2026-11-24', KL, {
      slotMinutes: 15,
      durationMinutes: 60,
    });
    expect(quarter.map((s) => s.slot)).toEqual(['12:00', '12:15', '12:30']);
    expect(
      bookingSlots(timings(week(['12:00-13:00'])), '2026-11-24', KL, {
        slotMinutes: 30,
        durationMinutes: 90,
      }),
    ).toEqual([]);
  });
});
