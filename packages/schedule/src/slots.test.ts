import { describe, expect, it } from 'vitest';
import { generateSlots, groupSlotsByDate, isValidSlot } from './slots';
import type { Slot } from './slots';
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
import type { RestTimings } from './timings';

const KL = 'Asia/Kuala_Lumpur';
const OPEN_ALL_DAY = allTypes(everyDay(openDay([0, 1440])));
const TEN_TO_TEN = allTypes(everyDay(openDay([hm(10), hm(22)])));

function slotsAt(isoLocal: string, timings: RestTimings = OPEN_ALL_DAY, days = 1): Slot[] {
  return generateSlots({
    timings,
    orderType: 1,
    now: localInstant(isoLocal, KL),
    timeZone: KL,
    days,
  });
}

const times = (slots: Slot[]): string[] => slots.map((slot) => `${slot.date} ${slot.time}`);

describe('generateSlots: the earliest slot', () => {
  it('now 10:40 KL -> first slot 11:30', () => {
    expect(slotsAt('2025-03-14T10:40')[0]?.time).toBe('11:30');
  });

  it('now 10:20 KL -> first slot 11:00', () => {
    expect(slotsAt('2025-03-14T10:20')[0]?.time).toBe('11:00');
  });

  it('now exactly 10:00 KL -> first slot 11:00 (the boundary is strictly after now)', () => {
    expect(slotsAt('2025-03-14T10:00:00.000')[0]?.time).toBe('11:00');
  });

  it('now exactly 10:30 KL -> first slot 11:00 (exactly 30 minutes away is not under 30)', () => {
    expect(slotsAt('2025-03-14T10:30:00.000')[0]?.time).toBe('11:00');
  });

  it('now 10:30:00.001 KL -> first slot 11:30', () => {
    expect(slotsAt('2025-03-14T10:30:00.001')[0]?.time).toBe('11:30');
  });

  it('now 10:59 KL -> first slot 11:30', () => {
    expect(slotsAt('2025-03-14T10:59')[0]?.time).toBe('11:30');
  });

  it('now 23:40 KL -> first slot 00:30 tomorrow, today has none', () => {
    const slots = slotsAt('2025-03-14T23:40', OPEN_ALL_DAY, 2);
    expect(times(slots).slice(0, 2)).toEqual(['2025-03-15 00:30', '2025-03-15 01:00']);
  });

  it('now 23:20 KL -> first slot 00:00 tomorrow', () => {
    expect(times(slotsAt('2025-03-14T23:20', OPEN_ALL_DAY, 2))[0]).toBe('2025-03-15 00:00');
  });

  it('now 08:00 KL, open 10:00-22:00 -> first slot 10:00, not 09:00', () => {
    expect(slotsAt('2025-03-14T08:00', TEN_TO_TEN)[0]?.time).toBe('10:00');
  });

  it('now 10:40 KL, open 10:00-22:00 -> 11:30 to 21:30 today', () => {
    const slots = slotsAt('2025-03-14T10:40', TEN_TO_TEN);
    expect(slots).toHaveLength(21);
    expect(slots.at(-1)?.time).toBe('21:30');
  });
});

describe('generateSlots: overlap with opening hours', () => {
  const day = '2025-03-14T06:00';
  const onlyFriday = (...intervals: [number, number][]) => allTypes(weekWith({ 5: openDay(...intervals) }));

  it('opening 10:00-10:10 -> no slot (under 15 min overlap)', () => {
    expect(slotsAt(day, onlyFriday([hm(10), hm(10, 10)]))).toEqual([]);
  });

  it('opening 10:00-10:15 -> slot 10:00 (exactly 15 min overlap)', () => {
    expect(times(slotsAt(day, onlyFriday([hm(10), hm(10, 15)])))).toEqual(['2025-03-14 10:00']);
  });

  it('opening 10:20-14:15 -> 10:30 to 14:00 (10:00 has 10 min, 14:00 has 15 min)', () => {
    const slots = slotsAt(day, onlyFriday([hm(10, 20), hm(14, 15)]));
    expect(slots[0]?.time).toBe('10:30');
    expect(slots.at(-1)?.time).toBe('14:00');
    expect(slots).toHaveLength(8);
  });

  it('opening 10:00-10:10 and 10:10-10:20 -> slot 10:00 (adjoining intervals sum to 20 min)', () => {
    const timings = onlyFriday([hm(10), hm(10, 10)], [hm(10, 10), hm(10, 20)]);
    expect(times(slotsAt(day, timings))).toEqual(['2025-03-14 10:00']);
  });

  it('opening 10:00-10:08 and 10:22-10:30 -> slot 10:00 (16 min summed)', () => {
    const timings = onlyFriday([hm(10), hm(10, 8)], [hm(10, 22), hm(10, 30)]);
    expect(times(slotsAt(day, timings))).toEqual(['2025-03-14 10:00']);
  });

  it('opening 10:00-10:10 and 10:05-10:12 -> no slot (overlapping minutes count once: 12)', () => {
    const timings = onlyFriday([hm(10), hm(10, 10)], [hm(10, 5), hm(10, 12)]);
    expect(slotsAt(day, timings)).toEqual([]);
  });

  it('10:00-14:00 and 17:00-21:00 -> no slot between 14:00 and 17:00', () => {
    const slots = slotsAt(day, onlyFriday([hm(10), hm(14)], [hm(17), hm(21)]));
    expect(slots.map((slot) => slot.time)).not.toContain('14:00');
    expect(slots.map((slot) => slot.time)).not.toContain('16:30');
    expect(slots).toHaveLength(16);
  });

  it('disabled day -> no slots on that date', () => {
    const timings = allTypes(everyDay(openDay([hm(10), hm(22)])));
    timings.DINING[6] = { is_enabled: false, slots: [{ start: hm(10), end: hm(22) }] };
    const dates = new Set(slotsAt(day, timings, 3).map((slot) => slot.date));
    expect([...dates]).toEqual(['2025-03-14', '2025-03-16']); // Saturday the 15th is disabled
  });

  it('day entry with no intervals -> no slots', () => {
    expect(slotsAt(day, allTypes(everyDay(openDay())), 7)).toEqual([]);
  });

  it('delivery order -> DELIVERY hours, not DINING hours', () => {
    const timings: RestTimings = {
      DINING: everyDay(openDay([hm(10), hm(11)])),
      DELIVERY: everyDay(openDay([hm(15), hm(16)])),
      TAKEAWAY: everyDay(CLOSED_DAY),
    };
    const input = { timings, now: localInstant(day, KL), timeZone: KL, days: 1 };
    expect(generateSlots({ ...input, orderType: 2 }).map((slot) => slot.time)).toEqual(['15:00', '15:30']);
    expect(generateSlots({ ...input, orderType: 3 })).toEqual([]);
  });
});

describe('generateSlots: opening hours past midnight', () => {
  const friday = '2025-03-14T06:00';

  it('18:00-01:00 -> slots at 00:00 and 00:30 of the next day', () => {
    const timings = allTypes(weekWith({ 5: openDay([hm(18), hm(1)]) }));
    const slots = slotsAt(friday, timings, 3);
    expect(times(slots).slice(-3)).toEqual(['2025-03-14 23:30', '2025-03-15 00:00', '2025-03-15 00:30']);
    expect(slots[0]?.time).toBe('18:00');
    expect(slots).toHaveLength(14);
  });

  it('18:00-01:00 written as end 1500 -> the same slots as end 60', () => {
    const wrapped = allTypes(weekWith({ 5: openDay([hm(18), hm(1)]) }));
    const extended = allTypes(weekWith({ 5: openDay([hm(18), hm(25)]) }));
    expect(slotsAt(friday, extended, 3)).toEqual(slotsAt(friday, wrapped, 3));
  });

  it('Friday 18:00-01:00 with Saturday disabled -> Saturday 00:00 and 00:30 still offered', () => {
    const timings = allTypes(weekWith({ 5: openDay([hm(18), hm(1)]), 6: CLOSED_DAY }));
    const saturday = slotsAt(friday, timings, 2).filter((slot) => slot.date === '2025-03-15');
    expect(saturday.map((slot) => slot.time)).toEqual(['00:00', '00:30']);
  });

  it('Friday 18:00-01:00 but Friday disabled -> nothing on Saturday morning', () => {
    const timings = allTypes(weekWith({ 5: { is_enabled: false, slots: [{ start: hm(18), end: hm(1) }] } }));
    expect(slotsAt(friday, timings, 2)).toEqual([]);
  });

  it('23:45-00:15 -> 23:30 and 00:00 each with exactly 15 min', () => {
    const timings = allTypes(weekWith({ 5: openDay([hm(23, 45), hm(0, 15)]) }));
    expect(times(slotsAt(friday, timings, 2))).toEqual(['2025-03-14 23:30', '2025-03-15 00:00']);
  });

  it('Friday 22:00-00:10 and Saturday 00:10-00:20 -> Saturday 00:00 (carry-over summed)', () => {
    const timings = allTypes(
      weekWith({ 5: openDay([hm(22), hm(0, 10)]), 6: openDay([hm(0, 10), hm(0, 20)]) }),
    );
    const saturday = slotsAt(friday, timings, 2).filter((slot) => slot.date === '2025-03-15');
    expect(saturday.map((slot) => slot.time)).toEqual(['00:00']);
  });

  it('start equal to end -> open 24 hours from the start', () => {
    const timings = allTypes(weekWith({ 5: openDay([hm(12), hm(12)]) }));
    const slots = slotsAt('2025-03-14T06:00', timings, 2);
    expect(slots).toHaveLength(48);
    expect(times(slots).at(-1)).toBe('2025-03-15 11:30');
  });

  it('now 00:10 Saturday during Friday 18:00-03:00 -> first slot 01:00 Saturday', () => {
    const timings = allTypes(weekWith({ 5: openDay([hm(18), hm(3)]) }));
    expect(times(slotsAt('2025-03-15T00:10', timings, 1))).toEqual([
      '2025-03-15 01:00',
      '2025-03-15 01:30',
      '2025-03-15 02:00',
      '2025-03-15 02:30',
    ]);
  });
});

describe('generateSlots: the window', () => {
  it('45 days window length -> 45 local dates from today', () => {
    const groups = groupSlotsByDate(slotsAt('2025-03-14T09:00', OPEN_ALL_DAY, 45));
    expect(groups).toHaveLength(45);
    expect(groups[0]?.date).toBe('2025-03-14');
    expect(groups.at(-1)?.date).toBe('2025-04-27');
  });

  it('default days -> 45 local dates', () => {
    const slots = generateSlots({
      timings: OPEN_ALL_DAY,
      orderType: 3,
      now: localInstant('2025-03-14T09:00', KL),
      timeZone: KL,
    });
    expect(groupSlotsByDate(slots)).toHaveLength(45);
    expect(slots).toHaveLength(28 + 44 * 48); // today from 10:00
  });

  it('days 3 -> 3 local dates', () => {
    expect(groupSlotsByDate(slotsAt('2025-03-14T09:00', OPEN_ALL_DAY, 3))).toHaveLength(3);
  });

  it('days 0 -> no slots', () => {
    expect(slotsAt('2025-03-14T09:00', OPEN_ALL_DAY, 0)).toEqual([]);
  });

  it('now 23:40 with 2 days -> only tomorrow (today counts as a day)', () => {
    const groups = groupSlotsByDate(slotsAt('2025-03-14T23:40', OPEN_ALL_DAY, 2));
    expect(groups.map((group) => group.date)).toEqual(['2025-03-15']);
  });

  it('negative or fractional days -> RangeError', () => {
    expect(() => slotsAt('2025-03-14T09:00', OPEN_ALL_DAY, -1)).toThrow(RangeError);
    expect(() => slotsAt('2025-03-14T09:00', OPEN_ALL_DAY, 1.5)).toThrow(RangeError);
  });

  it('window across a month and year end -> calendar dates roll over', () => {
    const groups = groupSlotsByDate(slotsAt('2025-12-31T09:00', OPEN_ALL_DAY, 2));
    expect(groups.map((group) => group.date)).toEqual(['2025-12-31', '2026-01-01']);
  });
});

describe('generateSlots: slot fields', () => {
  it('19:30 KL slot -> date, time, endTime, epoch and selectedTime', () => {
    const slot = slotsAt('2025-03-14T18:20').find((candidate) => candidate.time === '19:30');
    expect(slot).toEqual({
      date: '2025-03-14',
      time: '19:30',
      endTime: '20:00',
      epoch: localEpoch('2025-03-14T19:30', KL),
      selectedTime: '19:30 - 20:00',
    });
    expect(slot?.epoch).toBe(Date.UTC(2025, 2, 14, 11, 30) / 1000);
  });

  it('last slot of a day -> 23:30 - 00:00 on the same date', () => {
    expect(slotsAt('2025-03-14T18:20').at(-1)).toMatchObject({
      date: '2025-03-14',
      time: '23:30',
      endTime: '00:00',
      selectedTime: '23:30 - 00:00',
    });
  });
});

describe('generateSlots: time zones', () => {
  // 15:10 UTC on Friday 14 March 2025.
  const instant = new Date('2025-03-14T15:10:00Z');
  const firstSlot = (timeZone: string) =>
    generateSlots({ timings: OPEN_ALL_DAY, orderType: 2, now: instant, timeZone, days: 2 })[0];

  it('same UTC instant in Jakarta (22:10) -> first slot 23:00 on the 14th', () => {
    expect(firstSlot('Asia/Jakarta')).toMatchObject({
      date: '2025-03-14',
      time: '23:00',
      epoch: Date.UTC(2025, 2, 14, 16) / 1000,
    });
  });

  it('same UTC instant in Kuala Lumpur (23:10) -> first slot 00:00 on the 15th', () => {
    expect(firstSlot('Asia/Kuala_Lumpur')).toMatchObject({
      date: '2025-03-15',
      time: '00:00',
      epoch: Date.UTC(2025, 2, 14, 16) / 1000,
    });
  });

  it('same UTC instant in Makassar (23:10) -> first slot 00:00 on the 15th', () => {
    expect(firstSlot('Asia/Makassar')).toMatchObject({ date: '2025-03-15', time: '00:00' });
  });

  it('same UTC instant in Jayapura (00:10) -> first slot 01:00 on the 15th', () => {
    expect(firstSlot('Asia/Jayapura')).toMatchObject({
      date: '2025-03-15',
      time: '01:00',
      epoch: Date.UTC(2025, 2, 14, 16) / 1000,
    });
  });

  it('same UTC instant -> today is the 14th in Jakarta but the 15th in Jayapura', () => {
    const dates = (timeZone: string) =>
      groupSlotsByDate(
        generateSlots({ timings: OPEN_ALL_DAY, orderType: 1, now: instant, timeZone, days: 1 }),
      ).map((group) => group.date);
    expect(dates('Asia/Jakarta')).toEqual(['2025-03-14']);
    expect(dates('Asia/Jayapura')).toEqual(['2025-03-15']);
  });

  it('Friday-only hours at 15:50 UTC -> Jakarta (Fri 22:50) offers 23:30, Jayapura (Sat) none', () => {
    const fridayOnly = allTypes(weekWith({ 5: openDay([0, 1440]) }));
    const at = (timeZone: string) =>
      generateSlots({
        timings: fridayOnly,
        orderType: 1,
        now: new Date('2025-03-14T15:50:00Z'),
        timeZone,
        days: 6,
      });
    expect(times(at('Asia/Jakarta'))).toEqual(['2025-03-14 23:30']);
    expect(at('Asia/Jayapura')).toEqual([]);
  });

  it('unknown time zone -> RangeError', () => {
    expect(() => firstSlot('Asia/Atlantis')).toThrow(RangeError);
  });

  it('invalid now -> RangeError', () => {
    expect(() =>
      generateSlots({ timings: OPEN_ALL_DAY, orderType: 1, now: new Date(NaN), timeZone: KL }),
    ).toThrow(RangeError);
  });
});

describe('generateSlots: a zone with daylight saving (outside the product, kept sound)', () => {
  const NY = 'America/New_York';
  const slotsOn = (date: string, nowIso: string) =>
    generateSlots({
      timings: OPEN_ALL_DAY,
      orderType: 1,
      now: new Date(nowIso),
      timeZone: NY,
      days: 2,
    }).filter((slot) => slot.date === date);

  it('spring forward 9 March 2025 -> no 02:00 or 02:30 slot, 46 slots', () => {
    const slots = slotsOn('2025-03-09', '2025-03-09T04:00:00Z'); // 23:00 on the 8th, EST
    expect(slots.map((slot) => slot.time)).not.toContain('02:00');
    expect(slots.map((slot) => slot.time)).not.toContain('02:30');
    expect(slots).toHaveLength(46);
    expect(slots.find((slot) => slot.time === '03:00')?.epoch).toBe(Date.UTC(2025, 2, 9, 7) / 1000);
  });

  it('fall back 2 November 2025 -> 01:00 offered once, at its first occurrence', () => {
    const slots = slotsOn('2025-11-02', '2025-11-02T03:00:00Z'); // 23:00 on the 1st, EDT
    expect(slots.filter((slot) => slot.time === '01:00')).toHaveLength(1);
    expect(slots.find((slot) => slot.time === '01:00')?.epoch).toBe(Date.UTC(2025, 10, 2, 5) / 1000);
    expect(slots).toHaveLength(48);
  });
});

describe('isValidSlot', () => {
  const now = localInstant('2025-03-14T10:40', KL);
  const input = { timings: TEN_TO_TEN, orderType: 1 as const, now, timeZone: KL };

  it('11:30 today, the first offered slot -> valid', () => {
    expect(isValidSlot({ ...input, epoch: localEpoch('2025-03-14T11:30', KL) })).toBe(true);
  });

  it('11:00 today, before the earliest boundary -> invalid', () => {
    expect(isValidSlot({ ...input, epoch: localEpoch('2025-03-14T11:00', KL) })).toBe(false);
  });

  it('11:45 today, not on a :00 or :30 -> invalid', () => {
    expect(isValidSlot({ ...input, epoch: localEpoch('2025-03-14T11:45', KL) })).toBe(false);
  });

  it('11:30:01 today -> invalid', () => {
    expect(isValidSlot({ ...input, epoch: localEpoch('2025-03-14T11:30', KL) + 1 })).toBe(false);
  });

  it('22:00 today, after closing -> invalid', () => {
    expect(isValidSlot({ ...input, epoch: localEpoch('2025-03-14T22:00', KL) })).toBe(false);
  });

  it('21:30 on day 45 -> valid', () => {
    expect(isValidSlot({ ...input, epoch: localEpoch('2025-04-27T21:30', KL) })).toBe(true);
  });

  it('10:00 on day 46 -> invalid', () => {
    expect(isValidSlot({ ...input, epoch: localEpoch('2025-04-28T10:00', KL) })).toBe(false);
  });

  it('10:00 on day 46 with days 46 -> valid', () => {
    const epoch = localEpoch('2025-04-28T10:00', KL);
    expect(isValidSlot({ ...input, days: 46, epoch })).toBe(true);
  });

  it('yesterday -> invalid', () => {
    expect(isValidSlot({ ...input, epoch: localEpoch('2025-03-13T12:00', KL) })).toBe(false);
  });

  it('fractional or non-finite epoch -> invalid', () => {
    const epoch = localEpoch('2025-03-14T12:00', KL);
    expect(isValidSlot({ ...input, epoch: epoch + 0.5 })).toBe(false);
    expect(isValidSlot({ ...input, epoch: Number.NaN })).toBe(false);
  });

  it('slot with 10 min of opening -> invalid', () => {
    const timings = allTypes(everyDay(openDay([hm(12), hm(12, 10)])));
    const epoch = localEpoch('2025-03-14T12:00', KL);
    expect(isValidSlot({ ...input, timings, epoch })).toBe(false);
  });

  it('Saturday 00:30 carried over from Friday 18:00-01:00 -> valid', () => {
    const timings = allTypes(weekWith({ 5: openDay([hm(18), hm(1)]) }));
    const epoch = localEpoch('2025-03-15T00:30', KL);
    expect(isValidSlot({ ...input, timings, epoch })).toBe(true);
  });

  it('epoch in milliseconds by mistake -> invalid', () => {
    const epoch = localEpoch('2025-03-14T12:00', KL) * 1000;
    expect(isValidSlot({ ...input, epoch })).toBe(false);
  });

  it('every generated slot -> valid', () => {
    for (const slot of generateSlots(input)) {
      expect(isValidSlot({ ...input, epoch: slot.epoch })).toBe(true);
    }
  });
});

describe('groupSlotsByDate', () => {
  it('slots over two dates -> two groups in order', () => {
    const groups = groupSlotsByDate(slotsAt('2025-03-14T22:00', OPEN_ALL_DAY, 2));
    expect(groups.map((group) => [group.date, group.slots.length])).toEqual([
      ['2025-03-14', 2],
      ['2025-03-15', 48],
    ]);
    expect(groups[1]?.slots[0]?.time).toBe('00:00');
  });

  it('no slots -> no groups', () => {
    expect(groupSlotsByDate([])).toEqual([]);
  });

  it('unordered input -> grouped by first appearance', () => {
    const [a, b, c] = slotsAt('2025-03-14T23:00', OPEN_ALL_DAY, 2);
    if (!a || !b || !c) throw new Error('fixture');
    const late = { ...c, date: '2025-03-16' };
    expect(groupSlotsByDate([late, a, b]).map((group) => group.date)).toEqual(['2025-03-16', '2025-03-15']);
  });
});
