import { computeBill } from '../bill';
import { ORDER_TYPE } from '../order-type';
import { ORDER_STATUS } from '../status';
import { shiftReport } from './shift-report';
import type { ReportOrder, ShiftReportInput } from './shift-report';

export const at = (hhmm: string, day = '07') => new Date(`2026-12-${day}T${hhmm}:00+08:00`);
export const FROM = at('05:00');
export const TO = at('05:00', '08');

/** A Malaysian dine-in bill (test fixture): RM 20 food, 10% service, SST 6%, cash rounding. */
export const sstBill = computeBill({
  currency: 'MYR',
  lines: [{ unitPrice: 1000, quantity: 2 }],
  serviceChargeRate: 1000,
  taxes: [{ key: 'bill.sst', rate: 600, base: 'subtotal' }],
  discounts: [{ kind: 'coupon', amount: 150 }],
  cashRounding: 'nearest5',
});

export const order = (id: string, over: Partial<ReportOrder> = {}): ReportOrder => ({
  id,
  orderType: ORDER_TYPE.DINE_IN,
  channel: 'tableQr',
  status: ORDER_STATUS.COMPLETED,
  placedAt: at('12:00'),
  bill: { lines: sstBill.lines, total: sstBill.total },
  ...over,
});

export const base = (over: Partial<ShiftReportInput> = {}): ShiftReportInput => ({
  currency: 'MYR',
  from: FROM,
  to: TO,
  orders: [],
  payments: [],
  refunds: [],
  voids: [],
  cashMovements: [],
  openingFloat: 20_000,
  ...over,
});

export function report(input: ShiftReportInput) {
  const result = shiftReport(input);
  if (!result.ok) throw new Error(JSON.stringify(result.refusal));
  return result.report;
}
