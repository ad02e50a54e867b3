import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeBill } from '../bill';
import { ORDER_TYPE } from '../order-type';
import { ORDER_STATUS } from '../status';
import { businessDayRange } from './business-day';
import { PAYMENT_RAILS, SALES_CHANNELS, shiftReport } from './shift-report';
import type { ReportOrder, ReportPayment, ReportRefund, ShiftReportInput } from './shift-report';

const at = (hhmm: string, day = '07') => new Date(`2026-12-${day}T${hhmm}:00+08:00`);
const FROM = at('05:00');
const TO = at('05:00', '08');

/** A Malaysian dine-in bill: RM 20 food, 10% service, SST 6%, cash rounding. */
const sstBill = computeBill({
  currency: 'MYR',
  lines: [{ unitPrice: 1000, quantity: 2 }],
  serviceChargeRate: 1000,
  taxes: [{ key: 'bill.sst', rate: 600, base: 'subtotal' }],
  discounts: [{ kind: 'coupon', amount: 150 }],
  cashRounding: 'nearest5',
});

const order = (id: string, over: Partial<ReportOrder> = {}): ReportOrder => ({
  id,
  orderType: ORDER_TYPE.DINE_IN,
  channel: 'tableQr',
  status: ORDER_STATUS.COMPLETED,
  placedAt: at('12:00'),
  bill: { lines: sstBill.lines, total: sstBill.total },
  ...over,
});

const base = (over: Partial<ShiftReportInput> = {}): ShiftReportInput => ({
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

function report(input: ShiftReportInput) {
  const result = shiftReport(input);
  if (!result.ok) throw new Error(JSON.stringify(result.refusal));
  return result.report;
}

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

  it('cancelled order paid in cash then refunded -> a void, not a sale; the cash nets to 0', () => {
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
    expect([r.grossSales, r.refundTotal, r.excluded.voidedOrders]).toEqual([0, 0, 1]);
    expect(r.collectedOutsideSales).toEqual([{ key: 'cash', amount: 0 }]);
    expect(r.voids).toHaveLength(1);
    expect(r.cash.expected).toBe(20_000);
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

// ---- properties ----

const HOUR = 3_600_000;
const time = fc
  .integer({ min: FROM.getTime() - 6 * HOUR, max: TO.getTime() + 6 * HOUR })
  .map((t) => new Date(t));
const rail = fc.constantFrom(...PAYMENT_RAILS);
const channel = fc.constantFrom(...SALES_CHANNELS);
const orderType = fc.constantFrom(ORDER_TYPE.DINE_IN, ORDER_TYPE.DELIVERY, ORDER_TYPE.PICKUP);
const status = fc.constantFrom(
  ORDER_STATUS.COMPLETED,
  ORDER_STATUS.CONFIRMED,
  ORDER_STATUS.WAITING_CONFIRMATION,
  ORDER_STATUS.CANCELLED,
  ORDER_STATUS.DECLINED,
);
const billArb = fc
  .record({
    lines: fc.array(
      fc.record({ unitPrice: fc.integer({ min: 0, max: 50_000 }), quantity: fc.integer({ min: 1, max: 5 }) }),
      {
        maxLength: 4,
      },
    ),
    serviceChargeRate: fc.constantFrom(0, 1000),
    sst: fc.boolean(),
    coupon: fc.integer({ min: 0, max: 2000 }),
    loyalty: fc.integer({ min: 0, max: 500 }),
  })
  .map(({ lines, serviceChargeRate, sst, coupon, loyalty }) =>
    computeBill({
      currency: 'MYR',
      lines,
      serviceChargeRate,
      taxes: sst
        ? [{ key: 'bill.sst', rate: 600, base: 'subtotal' }]
        : [{ key: 'bill.pbjt', rate: 1000, base: 'subtotal_service', inclusive: true }],
      discounts: [
        { kind: 'coupon', amount: coupon },
        { kind: 'loyalty', amount: loyalty },
      ],
    }),
  );

const inputArb = fc
  .array(
    fc.record({
      orderType,
      channel,
      status,
      test: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
      placedAt: time,
      bill: billArb,
    }),
    { maxLength: 25 },
  )
  .chain((rows) => {
    const orders: ReportOrder[] = rows.map((row, i) => ({
      id: `o${i}`,
      orderType: row.orderType,
      channel: row.channel,
      status: row.status,
      test: row.test,
      placedAt: row.placedAt,
      bill: { lines: row.bill.lines, total: row.bill.total },
    }));
    const ids = [...orders.map((o) => o.id), 'earlier'];
    const id = fc.constantFrom(...ids);
    return fc.record({
      orders: fc.constant(orders),
      payments: fc.array(
        fc.record({ orderId: id, rail, amount: fc.integer({ min: 0, max: 60_000 }), capturedAt: time }),
        { maxLength: 30 },
      ),
      refunds: fc.array(
        fc.record({
          orderId: id,
          rail,
          channel,
          orderType,
          amount: fc.integer({ min: 0, max: 10_000 }),
          by: fc.constantFrom('m1', 'm2'),
          reason: fc.constantFrom('cold', 'wrong dish'),
          at: time,
        }),
        { maxLength: 8 },
      ),
      cashMovements: fc.array(
        fc.record({
          direction: fc.constantFrom('in' as const, 'out' as const),
          amount: fc.integer({ min: 0, max: 10_000 }),
          by: fc.constant('c'),
          reason: fc.constant('change'),
          at: time,
        }),
        { maxLength: 5 },
      ),
    });
  })
  .map((rows) => base(rows));

const sum = (xs: readonly { amount: number }[]) => xs.reduce((s, x) => s + x.amount, 0);

describe('shift report properties', () => {
  it('sum by rail = sum by channel = sum by order type = net sales; bill lines add up to gross sales', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const r = report(input);
        expect(sum(r.byRail)).toBe(r.netSales);
        expect(sum(r.byChannel)).toBe(r.netSales);
        expect(sum(r.byOrderType)).toBe(r.netSales);
        expect(sum(r.billLines.filter((l) => !l.included))).toBe(r.grossSales);
        expect(r.netSales).toBe(r.grossSales - r.refundTotal);
        expect(r.cash.expected).toBe(
          r.cash.openingFloat + r.cash.taken - r.cash.refunded + r.cash.movedIn - r.cash.movedOut,
        );
      }),
      { numRuns: 200 },
    );
  });

  it('every order is counted once: counted + test + voided + outside the range = all orders', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const r = report(input);
        const { testOrders, voidedOrders, outsideRange } = r.excluded;
        expect(r.orderCount + testOrders + voidedOrders + outsideRange).toBe(input.orders.length);
        expect(r.byChannel.reduce((s, f) => s + (f.orders ?? 0), 0)).toBe(r.orderCount);
        const expected = input.orders.filter(
          (o) =>
            !o.test && o.placedAt >= input.from && o.placedAt < input.to && ![5, 6, 13].includes(o.status),
        );
        expect(r.grossSales).toBe(sum(expected.map((o) => ({ amount: o.bill.total }))));
      }),
      { numRuns: 200 },
    );
  });

  it('shuffling the rows changes nothing', () => {
    fc.assert(
      fc.property(inputArb, fc.integer(), (input, seed) => {
        const shuffle = <T>(xs: readonly T[]): T[] =>
          xs
            .map((x, i) => ({ x, k: Math.imul(i + 1, seed | 1) ^ (seed >>> 7) }))
            .sort((a, b) => a.k - b.k)
            .map(({ x }) => x);
        const shuffled = {
          ...input,
          orders: shuffle(input.orders),
          payments: shuffle(input.payments),
          refunds: shuffle(input.refunds),
          cashMovements: shuffle(input.cashMovements),
        };
        expect(report(shuffled)).toEqual(report(input));
      }),
      { numRuns: 200 },
    );
  });

  it('a refund moves only the report of the range it happens in', () => {
    fc.assert(
      fc.property(inputArb, rail, fc.integer({ min: 1, max: 5000 }), (input, r, amount) => {
        const refund: ReportRefund = {
          orderId: 'earlier',
          rail: r,
          channel: 'counter',
          orderType: 3,
          amount,
          by: 'm',
          reason: 'x',
          at: TO,
        };
        // Happening at the close's instant: the next range's, not this one's.
        expect(report({ ...input, refunds: [...input.refunds, refund] })).toEqual(report(input));
        const inside = { ...refund, at: new Date(TO.getTime() - 1) };
        expect(report({ ...input, refunds: [...input.refunds, inside] }).netSales).toBe(
          report(input).netSales - amount,
        );
      }),
      { numRuns: 100 },
    );
  });
});
