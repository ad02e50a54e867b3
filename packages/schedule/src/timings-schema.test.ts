import { MESSAGE } from '@santap/domain';
import { describe, expect, it } from 'vitest';
import { allTypes, everyDay, hm, openDay } from './test-fixtures';
import { restTimingsSchema } from './timings-schema';

const valid = allTypes(everyDay(openDay([hm(10), hm(22)])));

function withDay(day: unknown) {
  return { ...valid, DELIVERY: [day, ...valid.DELIVERY.slice(1)] };
}

function interval(start: unknown, end: unknown) {
  return withDay({ is_enabled: true, slots: [{ start, end }] });
}

describe('restTimingsSchema', () => {
  it('7 entries for each order type -> parsed unchanged', () => {
    expect(restTimingsSchema.parse(valid)).toEqual(valid);
  });

  it('18:00-01:00 as end 60 or end 1500 -> accepted', () => {
    expect(restTimingsSchema.safeParse(interval(1080, 60)).success).toBe(true);
    expect(restTimingsSchema.safeParse(interval(1080, 1500)).success).toBe(true);
  });

  it('bounds 0 <= start < 1440 and 0 < end <= 2880 -> edges accepted', () => {
    expect(restTimingsSchema.safeParse(interval(0, 1)).success).toBe(true);
    expect(restTimingsSchema.safeParse(interval(1439, 2880)).success).toBe(true);
  });

  it('start 1440 -> rejected', () => {
    expect(restTimingsSchema.safeParse(interval(1440, 1500)).success).toBe(false);
  });

  it('start -1 -> rejected', () => {
    expect(restTimingsSchema.safeParse(interval(-1, 60)).success).toBe(false);
  });

  it('end 0 -> rejected', () => {
    expect(restTimingsSchema.safeParse(interval(600, 0)).success).toBe(false);
  });

  it('end 2881 -> rejected', () => {
    expect(restTimingsSchema.safeParse(interval(600, 2881)).success).toBe(false);
  });

  it('fractional minutes -> rejected', () => {
    expect(restTimingsSchema.safeParse(interval(600.5, 700)).success).toBe(false);
  });

  it('minutes as strings -> rejected', () => {
    expect(restTimingsSchema.safeParse(interval('600', 700)).success).toBe(false);
  });

  it('6 day entries -> rejected', () => {
    const sixDays = { ...valid, TAKEAWAY: valid.TAKEAWAY.slice(0, 6) };
    expect(restTimingsSchema.safeParse(sixDays).success).toBe(false);
  });

  it('8 day entries -> rejected', () => {
    const eightDays = { ...valid, DINING: [...valid.DINING, openDay()] };
    expect(restTimingsSchema.safeParse(eightDays).success).toBe(false);
  });

  it('missing TAKEAWAY -> rejected', () => {
    const { TAKEAWAY: _omitted, ...rest } = valid;
    expect(restTimingsSchema.safeParse(rest).success).toBe(false);
  });

  it('is_enabled missing -> rejected', () => {
    expect(restTimingsSchema.safeParse(withDay({ slots: [] })).success).toBe(false);
  });

  it('bad input -> issues carry the catalogue key validation.invalidInput', () => {
    const result = restTimingsSchema.safeParse(interval(1440, 2881));
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      MESSAGE.invalidInput,
      MESSAGE.invalidInput,
    ]);
  });
});
