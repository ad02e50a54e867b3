import { MESSAGE } from '@santap/domain';
import { describe, expect, it } from 'vitest';
import { checkQrAgainstPlan, QR_PLAN, qrAllowedByPlan, SUBSCRIPTION_TIER } from './plan';
import type { QrPlan } from './plan';
import type { ParsedQr } from './types';

const staticTable: ParsedQr = {
  kind: 'table',
  restaurantId: '1001',
  tableId: '5003',
  orderType: 1,
  dynamic: false,
};
const dynamicTable: ParsedQr = { ...staticTable, dynamic: true, validUntil: 1767225600 };

describe('QR plans', () => {
  it('plan codes -> static 0, dynamic 1, both 2 (spec §6)', () => {
    expect(QR_PLAN).toEqual({ STATIC: 0, DYNAMIC: 1, BOTH: 2 });
  });

  it('subscription tiers -> lite, pro, pro_subs (spec §6)', () => {
    expect(SUBSCRIPTION_TIER).toEqual(['lite', 'pro', 'pro_subs']);
  });

  it.each([
    ['static', QR_PLAN.STATIC, true],
    ['dynamic', QR_PLAN.STATIC, false],
    ['static', QR_PLAN.DYNAMIC, false],
    ['dynamic', QR_PLAN.DYNAMIC, true],
    ['static', QR_PLAN.BOTH, true],
    ['dynamic', QR_PLAN.BOTH, true],
  ] as const)('%s QR on plan %i -> allowed %s', (kind, plan, allowed) => {
    expect(qrAllowedByPlan(kind, plan)).toBe(allowed);
  });

  it('unknown plan value from the server -> nothing allowed (fail closed)', () => {
    expect(qrAllowedByPlan('static', 3 as QrPlan)).toBe(false);
    expect(qrAllowedByPlan('dynamic', undefined as unknown as QrPlan)).toBe(false);
  });

  it('static QR on a dynamic-only plan -> qrNotAllowedByPlan', () => {
    expect(checkQrAgainstPlan(staticTable, QR_PLAN.DYNAMIC)).toEqual({
      ok: false,
      error: MESSAGE.qrNotAllowedByPlan,
    });
  });

  it('dynamic QR on a static-only plan -> qrNotAllowedByPlan', () => {
    expect(checkQrAgainstPlan(dynamicTable, QR_PLAN.STATIC)).toEqual({
      ok: false,
      error: MESSAGE.qrNotAllowedByPlan,
    });
  });

  it('static and dynamic QRs on plan 2 -> both allowed', () => {
    expect(checkQrAgainstPlan(staticTable, QR_PLAN.BOTH)).toEqual({ ok: true });
    expect(checkQrAgainstPlan(dynamicTable, QR_PLAN.BOTH)).toEqual({ ok: true });
  });

  it('static QR on static plan and dynamic QR on dynamic plan -> allowed', () => {
    expect(checkQrAgainstPlan(staticTable, QR_PLAN.STATIC)).toEqual({ ok: true });
    expect(checkQrAgainstPlan(dynamicTable, QR_PLAN.DYNAMIC)).toEqual({ ok: true });
  });

  it('food-court table QR -> checked like any printed QR', () => {
    const qr: ParsedQr = { kind: 'foodCourtTable', mall: 'sunway', tableId: '6001', dynamic: false };
    expect(checkQrAgainstPlan(qr, QR_PLAN.DYNAMIC).ok).toBe(false);
  });

  it('menu and food-court links on any plan -> allowed (not a QR of a plan type)', () => {
    const menu: ParsedQr = { kind: 'menuLink', name: 'kedai', to: '/r/kedai' };
    const court: ParsedQr = { kind: 'foodCourtLink', mall: 'sunway', to: '/fc/sunway' };
    for (const plan of [QR_PLAN.STATIC, QR_PLAN.DYNAMIC, QR_PLAN.BOTH]) {
      expect(checkQrAgainstPlan(menu, plan)).toEqual({ ok: true });
      expect(checkQrAgainstPlan(court, plan)).toEqual({ ok: true });
    }
  });
});
