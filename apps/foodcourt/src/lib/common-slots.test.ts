import { describe, expect, it } from 'vitest';
import { commonSlotDays } from './common-slots';

const slot = (date: string, time: string, epoch: number) => ({
  date,
  time,
  epoch,
  selectedTime: `${time} - later`,
});

describe('commonSlotDays', () => {
  it('two outlets sharing 19:30 only -> that slot; the other outlet-only slots dropped', () => {
    const a = [
      { date: '2026-11-28', slots: [slot('2026-11-28', '19:00', 100), slot('2026-11-28', '19:30', 200)] },
    ];
    const b = [
      { date: '2026-11-28', slots: [slot('2026-11-28', '19:30', 200), slot('2026-11-28', '20:00', 300)] },
    ];
    expect(commonSlotDays([a, b])).toEqual([
      { date: '2026-11-28', slots: [slot('2026-11-28', '19:30', 200)] },
    ]);
  });

  it('one outlet -> its own days; no outlets -> none', () => {
    const a = [{ date: '2026-11-28', slots: [slot('2026-11-28', '19:00', 100)] }];
    expect(commonSlotDays([a])).toEqual(a);
    expect(commonSlotDays([])).toEqual([]);
  });

  it('no shared slot on a day -> the day stays, empty', () => {
    const a = [{ date: '2026-11-28', slots: [slot('2026-11-28', '19:00', 100)] }];
    const b = [{ date: '2026-11-28', slots: [slot('2026-11-28', '20:00', 300)] }];
    expect(commonSlotDays([a, b])).toEqual([{ date: '2026-11-28', slots: [] }]);
  });
});
