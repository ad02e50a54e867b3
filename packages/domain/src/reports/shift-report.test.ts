import { describe, expect, it } from 'vitest';
import { ORDER_TYPE } from '../order-type';
import { ORDER_STATUS } from '../status';
import { businessDayRange } from './business-day';
import { TO, at, base, order, report, sstBill } from './shift-report.fixtures';
import { shiftReport } from './shift-report';
import type { ReportPayment, ReportRefund } from './shift-report';

describe('shiftReport', () => {
  it('one cash order, one DuitNow order -> sales by rail, channel and bill lines', () => {
    const r = report(
      base({
        orders: [order('a'), order('b', { channel: 'counter', orderType: ORDER_TYPE.PICKUP })],
        payments: [
          { orderId: 'a', rail: 'cash', amount: sstBill.total, capturedAt: at('12:30') },
          { orderId: 'b', rail: 'duitnow', amount: sstBill.total, capturedAt: at('12:31') },
        ],
      }),
    );
    expect(sstBill.total).toBe(2145); // 2000 - 150 + 185 service + 111 SST - 1 rounding
    expect(r.grossSales).toBe(4290);
    expect(r.byRail).toEqual([
      { key: 'cash', amount: 2145 },
      { key: 'duitnow', amount: 2145 },
    ]);
    expect(r.byChannel).toEqual([
      { key: 'tableQr', amount: 2145, orders: 1 },
      { key: 'counter', amount: 2145, orders: 1 },
    ]);
    expect(r.billLines.find((l) => l.key === 'bill.sst')).toEqual({
      key: 'bill.sst',
      amount: 222,
      included: false,
    });
    expect(r.billLines.find((l) => l.key === 'bill.discount.coupon')?.amount).toBe(-300);
    expect(r.cash.expected).toBe(20_000 + 2145);
  });

  it("a 01:00 order in Kuala Lumpur -> in the business day before's report, not the next one's", () => {
    const late = order('late', { placedAt: new Date('2026-12-08T01:00:00+08:00') });
    const day = (date: string) => {
      const { start, end } = businessDayRange(date, 'Asia/Kuala_Lumpur');
      return report(base({ from: start, to: end, orders: [late] })).orderCount;
    };
    expect([day('2026-12-07'), day('2026-12-08')]).toEqual([1, 0]);
  });

  it('test order -> left out of sales, payments and cash', () => {
    const r = report(
      base({
        orders: [order('t', { test: true })],
        payments: [{ orderId: 't', rail: 'cash', amount: 2145, capturedAt: at('12:30') }],
      }),
    );
    expect([r.orderCount, r.grossSales, r.cash.taken, r.excluded.testOrders]).toEqual([0, 0, 0, 1]);
  });

  it("a refund today of yesterday's order -> counts today, off its rail and channel", () => {
    const refund: ReportRefund = {
      orderId: 'old',
      amount: 500,
      rail: 'cash',
      channel: 'delivery',
      orderType: ORDER_TYPE.DELIVERY,
      by: 'mgr-1',
      reason: 'cold food',
      at: at('13:00'),
    };
    const r = report(base({ orders: [order('old', { placedAt: at('20:00', '06') })], refunds: [refund] }));
    expect(r.excluded.outsideRange).toBe(1);
    expect([r.grossSales, r.refundTotal, r.netSales]).toEqual([0, 500, -500]);
    expect(r.byChannel).toEqual([{ key: 'delivery', amount: -500, orders: 0 }]);
    expect(r.refunds).toEqual([refund]);
    expect(r.cash.expected).toBe(20_000 - 500);
  });

  it('a refund after the close -> not in this report', () => {
    const r = report(
      base({
        refunds: [
          {
            orderId: 'a',
            amount: 500,
            rail: 'card',
            channel: 'tableQr',
            orderType: 1,
            by: 'm',
            reason: 'x',
            at: TO,
          },
        ],
      }),
    );
    expect(r.refunds).toEqual([]);
  });

  it('cancelled order paid in cash then refunded -> a sale and its refund; net 0, the cash nets to 0', () => {
    const r = report(
      base({
        orders: [order('v', { status: ORDER_STATUS.CANCELLED })],
        payments: [{ orderId: 'v', rail: 'cash', amount: 2145, capturedAt: at('12:10') }],
        refunds: [
          {
            orderId: 'v',
            amount: 2145,
            rail: 'cash',
            channel: 'tableQr',
            orderType: 1,
            by: 'm',
            reason: 'x',
            at: at('12:20'),
          },
        ],
        voids: [{ orderId: 'v', amount: 2145, by: 'cashier-2', reason: 'wrong table', at: at('12:20') }],
      }),
    );
    expect([r.grossSales, r.refundTotal, r.netSales, r.excluded.voidedOrders]).toEqual([2145, 2145, 0, 0]);
    expect(r.byRail).toEqual([{ key: 'cash', amount: 0 }]);
    expect(r.voids).toHaveLength(1);
    expect(r.cash.expected).toBe(20_000);
  });

  it('cancelled with no money taken, cash found in the drawer -> a void listed with who and why; difference +21.45', () => {
    const r = report(
      base({
        orders: [order('v', { status: ORDER_STATUS.CANCELLED })],
        voids: [{ orderId: 'v', amount: 2145, by: 'cashier-2', reason: 'diner left', at: at('12:20') }],
        counted: { amount: 20_000 + 2145 },
      }),
    );
    expect([r.orderCount, r.grossSales, r.excluded.voidedOrders]).toEqual([0, 0, 1]);
    expect(r.voids).toEqual([
      { orderId: 'v', amount: 2145, by: 'cashier-2', reason: 'diner left', at: at('12:20') },
    ]);
    expect(r.cash.difference).toBe(2145);
  });

  it('unpaid counter order -> the unpaid figure', () => {
    const r = report(base({ orders: [order('u', { channel: 'counter' })] }));
    expect(r.byRail).toEqual([{ key: 'unpaid', amount: 2145 }]);
  });

  it('float 200, cash 21.95, in 50, out 30, counted 2 x RM100 + 4 x RM10 + 1 x 50 sen -> difference -95', () => {
    const r = report(
      base({
        orders: [order('a')],
        payments: [{ orderId: 'a', rail: 'cash', amount: 2145, capturedAt: at('12:30') }],
        cashMovements: [
          { direction: 'in', amount: 5000, by: 'c', reason: 'change', at: at('06:00') },
          { direction: 'out', amount: 3000, by: 'c', reason: 'ice supplier', at: at('09:00') },
        ],
        counted: {
          denominations: [
            { value: 10_000, count: 2 },
            { value: 1000, count: 4 },
            { value: 50, count: 1 },
          ],
        },
      }),
    );
    expect(r.cash.expected).toBe(20_000 + 2145 + 5000 - 3000);
    expect(r.cash.counted).toBe(24_050);
    expect(r.cash.difference).toBe(24_050 - 24_145);
  });

  it('counted 12.5 sen -> reports.countedCashInvalid', () => {
    expect(shiftReport(base({ counted: { amount: 12.5 } }))).toEqual({
      ok: false,
      refusal: { key: 'reports.countedCashInvalid', field: 'countedCash' },
    });
  });
  it('counted an RM2 note in MYR -> reports.denominationUnknown', () => {
    expect(shiftReport(base({ counted: { denominations: [{ value: 200, count: 1 }] } }))).toMatchObject({
      ok: false,
      refusal: { key: 'reports.denominationUnknown', values: { value: '200' } },
    });
  });
  it('a bill whose lines do not add up -> reports.amountInvalid', () => {
    const broken = order('x', { bill: { lines: sstBill.lines, total: sstBill.total + 1 } });
    expect(shiftReport(base({ orders: [broken] }))).toMatchObject({
      ok: false,
      refusal: { key: 'reports.amountInvalid', values: { orderId: 'x' } },
    });
  });
  it('the same order twice -> reports.duplicateOrder', () => {
    expect(shiftReport(base({ orders: [order('a'), order('a')] }))).toMatchObject({
      refusal: { key: 'reports.duplicateOrder' },
    });
  });
  it('a negative payment -> reports.amountInvalid', () => {
    const payments: ReportPayment[] = [{ orderId: 'a', rail: 'cash', amount: -1, capturedAt: at('12:00') }];
    expect(shiftReport(base({ payments }))).toMatchObject({
      refusal: { key: 'reports.amountInvalid', field: 'payments' },
    });
  });
});
