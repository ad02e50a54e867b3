import { describe, expect, it } from 'vitest';
import { MESSAGE } from '@santap/domain';
import type { DiscountRow } from './coupon-rules';
import {
  couponValue,
  coversOutlet,
  evaluateCoupon,
  localDayAndMinute,
  splitByWeight,
  withinRecurringWindow,
} from './coupon-rules';
import {
  REFERRAL_ALPHABET,
  newReferralCode,
  normaliseReferralCode,
  referralDiscount,
  REFERRAL_OFFERS,
} from './referrals';
import { allocateCashback } from './loyalty';

const coupon = (over: Partial<DiscountRow> = {}): DiscountRow => ({
  id: 1,
  restaurantId: 1001,
  mallId: null,
  code: 'TEST',
  title: { en: 't', id: 't', my: 't' },
  kind: 'percent',
  value: 1000,
  maxDiscount: 1000,
  minOrder: 2000,
  orderTypeMask: 7,
  validFrom: null,
  validUntil: null,
  rules: {},
  totalLimit: null,
  perUserLimit: null,
  usedCount: 0,
  active: true,
  ...over,
});

// Monday 2026-11-23 12:00 in Kuala Lumpur.
const NOW = new Date('2026-11-23T04:00:00Z');
const check = (over: Partial<Parameters<typeof evaluateCoupon>[1]> = {}) => ({
  now: NOW,
  timeZone: 'Asia/Kuala_Lumpur',
  currency: 'MYR' as const,
  lang: 'en' as const,
  orderType: 1 as const,
  coversAnyOutlet: true,
  coveredSubtotal: 3000,
  loggedIn: true,
  myRedemptions: 0,
  ...over,
});

describe('coupon rules', () => {
  it('10% up to RM 10 on RM 30 -> RM 3; on RM 200 -> capped at RM 10; fixed RM 5 on RM 3 -> RM 3', () => {
    expect(couponValue(coupon(), 3000)).toBe(300);
    expect(couponValue(coupon(), 20_000)).toBe(1000);
    expect(couponValue(coupon({ kind: 'fixed', value: 500, maxDiscount: null }), 300)).toBe(300);
  });

  it('each rule broken -> its own reason, checked in order', () => {
    const reason = (d: DiscountRow, over = {}) => {
      const verdict = evaluateCoupon(d, check(over));
      return verdict.usable ? 'usable' : verdict.key;
    };
    expect(reason(coupon())).toBe('usable');
    expect(reason(coupon({ active: false }))).toBe(MESSAGE.couponInvalid);
    expect(reason(coupon({ rules: { days: ['monday'] } }))).toBe(MESSAGE.couponInvalid);
    expect(reason(coupon({ validFrom: new Date(NOW.getTime() + 1) }))).toBe(MESSAGE.couponNotStarted);
    expect(reason(coupon({ validUntil: NOW }))).toBe(MESSAGE.couponExpired);
    expect(reason(coupon({ rules: { days: [2] } }))).toBe(MESSAGE.couponNotAvailableNow);
    expect(reason(coupon(), { coversAnyOutlet: false })).toBe(MESSAGE.couponOutlet);
    expect(reason(coupon({ orderTypeMask: 2 }))).toBe(MESSAGE.couponOrderType);
    expect(reason(coupon({ orderTypeMask: 2 }), { orderType: null })).toBe('usable');
    expect(reason(coupon({ perUserLimit: 1 }), { loggedIn: false })).toBe(MESSAGE.couponLoginRequired);
    expect(reason(coupon({ perUserLimit: 1 }), { myRedemptions: 1 })).toBe(MESSAGE.couponUserLimitReached);
    expect(reason(coupon({ totalLimit: 5, usedCount: 5 }))).toBe(MESSAGE.couponLimitReached);
    expect(reason(coupon(), { coveredSubtotal: 1999 })).toBe(MESSAGE.couponMinOrder);
  });

  it('minimum order not reached -> the amount in the diner language and currency', () => {
    expect(evaluateCoupon(coupon(), check({ coveredSubtotal: 100 }))).toEqual({
      usable: false,
      key: MESSAGE.couponMinOrder,
      values: { amount: 'RM 20.00' },
    });
    expect(
      evaluateCoupon(
        coupon({ minOrder: 50_000 }),
        check({ coveredSubtotal: 100, currency: 'IDR', lang: 'id' }),
      ),
    ).toMatchObject({ values: { amount: 'Rp 50.000' } });
  });

  it('recurring window -> local day and minute of the place: 04:30Z is Monday 12:30 in KL, 11:30 in Jakarta', () => {
    const at = new Date('2026-11-23T04:30:00Z');
    expect(localDayAndMinute(at, 'Asia/Kuala_Lumpur')).toEqual({ day: 1, minute: 750 });
    expect(localDayAndMinute(at, 'Asia/Jakarta')).toEqual({ day: 1, minute: 690 });
    expect(localDayAndMinute(new Date('2026-11-22T16:30:00Z'), 'Asia/Makassar')).toEqual({
      day: 1,
      minute: 30,
    });
  });

  it('window [from, to) -> start included, end excluded; 22:00-02:00 runs over midnight', () => {
    const lunch = { days: [1], fromMinute: 660, toMinute: 840 };
    expect(withinRecurringWindow(lunch, 1, 660)).toBe(true);
    expect(withinRecurringWindow(lunch, 1, 839)).toBe(true);
    expect(withinRecurringWindow(lunch, 1, 840)).toBe(false);
    expect(withinRecurringWindow(lunch, 2, 700)).toBe(false);
    const late = { fromMinute: 1320, toMinute: 120 };
    expect(withinRecurringWindow(late, 5, 1400)).toBe(true);
    expect(withinRecurringWindow(late, 6, 60)).toBe(true);
    expect(withinRecurringWindow(late, 6, 600)).toBe(false);
    expect(withinRecurringWindow({}, 3, 0)).toBe(true);
  });

  it("mall coupon -> the mall's outlets, limited by rules.outlets; restaurant coupon -> its restaurant only", () => {
    const mall = coupon({ restaurantId: null, mallId: 1 });
    expect(coversOutlet(mall, {}, { id: 1012, mallId: 1 })).toBe(true);
    expect(coversOutlet(mall, { outlets: [1011] }, { id: 1012, mallId: 1 })).toBe(false);
    expect(coversOutlet(mall, {}, { id: 1001, mallId: null })).toBe(false);
    expect(coversOutlet(coupon(), {}, { id: 1002, mallId: null })).toBe(false);
  });

  it('split by weight -> whole units adding up exactly, no share above its weight', () => {
    // A small deterministic generator (the API has no property-testing dependency).
    let seed = 42;
    const next = (max: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % (max + 1);
    };
    for (let round = 0; round < 500; round++) {
      const weights = Array.from({ length: 1 + next(5) }, () => next(100_000));
      const sum = weights.reduce((a, b) => a + b, 0);
      const amount = next(sum);
      const shares = splitByWeight(
        amount,
        weights.map((weight, id) => ({ id, weight })),
      );
      expect([...shares.values()].reduce((a, b) => a + b, 0)).toBe(sum === 0 ? 0 : amount);
      weights.forEach((weight, id) => expect(shares.get(id)!).toBeLessThanOrEqual(weight));
    }
    expect([
      ...splitByWeight(800, [
        { id: 1, weight: 2600 },
        { id: 2, weight: 1400 },
      ]).values(),
    ]).toEqual([520, 280]);
  });
});

describe('cashback and referral rules', () => {
  it('cashback 1000 over bills 700 and 600 -> 700 then 300', () => {
    expect([
      ...allocateCashback(1000, [
        { id: 1, total: 700 },
        { id: 2, total: 600 },
      ]).values(),
    ]).toEqual([700, 300]);
    expect([...allocateCashback(0, [{ id: 1, total: 700 }]).values()]).toEqual([0]);
  });

  it("referral discount -> 10% of the food up to the country's amount", () => {
    expect(referralDiscount(REFERRAL_OFFERS.MY, 5000)).toBe(500);
    expect(referralDiscount(REFERRAL_OFFERS.MY, 50_000)).toBe(1000);
    expect(referralDiscount(REFERRAL_OFFERS.ID, 1_000_000)).toBe(25_000);
  });

  it('referral codes -> 8 characters without look-alikes; typed codes read leniently', () => {
    for (let i = 0; i < 50; i++) {
      const code = newReferralCode();
      expect(code).toMatch(new RegExp(`^[${REFERRAL_ALPHABET}]{8}$`));
    }
    expect(REFERRAL_ALPHABET).not.toMatch(/[01OIL]/);
    expect(normaliseReferralCode(' abcd-efgh ')).toBe('ABCDEFGH');
  });
});
