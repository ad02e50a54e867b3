import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeBill } from '../bill';
import { ORDER_TYPE } from '../order-type';
import { ORDER_STATUS } from '../status';
import { FROM, TO, base, report } from './shift-report.fixtures';
import { PAYMENT_RAILS, SALES_CHANNELS } from './shift-report';
import type { ReportOrder, ReportRefund } from './shift-report';

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
        const paid = new Set(input.payments.map((p) => p.orderId));
        const expected = input.orders.filter(
          (o) =>
            !o.test &&
            o.placedAt >= input.from &&
            o.placedAt < input.to &&
            (paid.has(o.id) || ![5, 6, 13].includes(o.status)),
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
