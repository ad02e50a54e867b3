import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import type { SettlementRow } from '../../adapters/payments/settlement-report';
import { parseRazerSettlementReport } from '../../adapters/payments/gateways/razer/settlement';
import { reconcile, type CapturedPayment, type Reconciliation } from './settlement-match';

const now = new Date('2026-12-07T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
const options = { now, settleWithinDays: 7 };

const payment = (over: Partial<CapturedPayment> = {}): CapturedPayment => ({
  paymentId: 'p1',
  gateway: 'razer',
  gatewayTransactionId: 'T1',
  orderId: 'SNTP-1',
  amount: 3850,
  currency: 'MYR',
  method: 'Net Banking',
  capturedAt: daysAgo(2),
  refundedAmount: 0,
  ...over,
});

const row = (over: Partial<SettlementRow> = {}): SettlementRow => ({
  gateway: 'razer',
  kind: 'payment',
  refundId: null,
  gatewayTransactionId: 'T1',
  orderId: 'SNTP-1',
  method: 'FPX',
  gross: 3850,
  fee: 80,
  net: 3770,
  currency: 'MYR',
  status: 'settled',
  refunded: 0,
  settledOn: '2026-12-06',
  payoutBatchId: 'B1',
  line: 2,
  ...over,
});

describe('reconcile', () => {
  it('a payment and its row by transaction id -> matched with fee and net, fees totalled by method', () => {
    const p = payment();
    const r = row();
    const result = reconcile([p], [r], options);
    expect(result.matched).toEqual([{ payment: p, row: r, refunds: [], fee: 80, net: 3770 }]);
    expect(result.feesByMethod).toEqual([
      { method: 'Net Banking', currency: 'MYR', count: 1, gross: 3850, fee: 80, net: 3770 },
    ]);
    expect(result.unknownRows).toEqual([]);
  });

  it('a payment without a gateway id -> matched by our order id', () => {
    const p = payment({ gatewayTransactionId: null });
    expect(reconcile([p], [row()], options).matched.map((m) => m.payment)).toEqual([p]);
  });

  it('a payment with a gateway id and a row of the same order but another id -> not matched (another attempt)', () => {
    const result = reconcile([payment()], [row({ gatewayTransactionId: 'T9' })], options);
    expect(result.awaitingSettlement).toHaveLength(1);
    expect(result.unknownRows).toHaveLength(1);
  });

  it('no row, captured 2 days ago -> awaiting; captured 8 days ago -> never settled', () => {
    const fresh = payment({ paymentId: 'p1' });
    const old = payment({ paymentId: 'p2', gatewayTransactionId: 'T2', capturedAt: daysAgo(8) });
    const result = reconcile([fresh, old], [], options);
    expect(result.awaitingSettlement).toEqual([fresh]);
    expect(result.neverSettled).toEqual([old]);
  });

  it('settled for 38.00 against 38.50 captured -> settled for another amount, difference -50', () => {
    const result = reconcile([payment()], [row({ gross: 3800, net: 3720 })], options);
    expect(result.settledForAnotherAmount.map((s) => s.difference)).toEqual([-50]);
    expect(result.matched).toEqual([]);
  });

  it('refunded at the gateway, not here -> refunded there not here', () => {
    const result = reconcile([payment()], [row({ status: 'refunded', refunded: 3850 })], options);
    expect(result.refundedThereNotHere).toMatchObject([{ refundedHere: 0, refundedThere: 3850 }]);
  });

  it('refunded here, not at the gateway -> refunded here not there', () => {
    const result = reconcile([payment({ refundedAmount: 1000 })], [row()], options);
    expect(result.refundedHereNotThere).toMatchObject([{ refundedHere: 1000, refundedThere: 0 }]);
  });

  it('the same transaction twice in a file -> one used, the other reported as a duplicate, fee counted once', () => {
    const first = row({ line: 2 });
    const again = row({ line: 5 });
    const result = reconcile([payment()], [again, first], options);
    expect(result.matched.map((m) => m.row)).toEqual([first]);
    expect(result.duplicateRows).toEqual([again]);
    expect(result.feesByMethod[0]?.fee).toBe(80);
  });

  const refund = (over: Partial<SettlementRow> = {}): SettlementRow =>
    row({
      kind: 'refund',
      refundId: 'R1',
      gross: -1000,
      fee: 0,
      net: -1000,
      status: 'refunded',
      refunded: 1000,
      ...over,
    });

  it('a payment row and its refund row, refunded here too -> matched, the refund with it', () => {
    const r = refund();
    const result = reconcile([payment({ refundedAmount: 1000 })], [row(), r], options);
    expect(result.matched.map((m) => m.refunds)).toEqual([[r]]);
  });

  it('a refund row of a payment not refunded here -> refunded there not here', () => {
    const result = reconcile([payment()], [row(), refund()], options);
    expect(result.refundedThereNotHere).toMatchObject([{ refundedHere: 0, refundedThere: 1000 }]);
  });

  it('only the refund row, refunded here too -> refund only (paid out in an earlier report)', () => {
    const p = payment({ refundedAmount: 1000 });
    expect(reconcile([p], [refund()], options).refundOnly).toEqual([{ payment: p, refunds: [refund()] }]);
  });

  it('the same refund twice -> one counted, the other a duplicate; a second refund id -> both counted', () => {
    const twice = reconcile(
      [payment({ refundedAmount: 1000 })],
      [row(), refund(), refund({ line: 9 })],
      options,
    );
    expect(twice.matched).toHaveLength(1);
    expect(twice.duplicateRows).toEqual([refund({ line: 9 })]);
    const two = reconcile(
      [payment({ refundedAmount: 2000 })],
      [row(), refund(), refund({ refundId: 'R2' })],
      options,
    );
    expect(two.matched.map((m) => m.refunds.length)).toEqual([2]);
  });

  it('a refund row of a transaction we never captured -> unknown', () => {
    const stray = refund({ gatewayTransactionId: 'T8', orderId: 'ELSEWHERE' });
    expect(reconcile([payment()], [row(), stray], options).unknownRows).toEqual([stray]);
  });

  it('a row of a transaction we never captured -> unknown', () => {
    const stranger = row({ gatewayTransactionId: 'T7', orderId: 'ELSEWHERE' });
    expect(reconcile([], [stranger], options).unknownRows).toEqual([stranger]);
  });

  it('a row of another gateway with the same ids -> not matched', () => {
    const result = reconcile([payment()], [row({ gateway: 'midtrans' })], options);
    expect(result.matched).toEqual([]);
    expect(result.unknownRows).toHaveLength(1);
  });

  it('a row whose gross minus fee is not its net -> inconsistent, never counted', () => {
    const bad = row({ net: 3000 });
    const result = reconcile([payment()], [bad], options);
    expect(result.inconsistentRows).toEqual([bad]);
    expect(result.feesByMethod).toEqual([]);
  });

  it('two payments of one order without gateway ids and one row -> the row is used once', () => {
    const a = payment({ paymentId: 'a', gatewayTransactionId: null });
    const b = payment({ paymentId: 'b', gatewayTransactionId: null });
    const result = reconcile([b, a], [row()], options);
    expect(result.matched.map((m) => m.payment.paymentId)).toEqual(['a']);
    expect(result.awaitingSettlement.map((p) => p.paymentId)).toEqual(['b']);
  });
});

describe("reconcile against Fiuu's published Settlement Report example", () => {
  const report = parseRazerSettlementReport(
    readFileSync(
      new URL(
        '../../adapters/payments/gateways/razer/fixtures/razer-settlement-report.json',
        import.meta.url,
      ),
      'utf8',
    ),
  );
  const rows = report.ok ? report.rows : [];

  it("our payments of that batch -> matched, another amount, never settled, and Fiuu's rows we never took unknown", () => {
    const fpx = payment({
      paymentId: 'a',
      gatewayTransactionId: '18300981',
      orderId: 'OP-02559',
      amount: 9900,
    });
    const card = payment({
      paymentId: 'b',
      gatewayTransactionId: '18310736',
      orderId: '163138',
      amount: 303000,
      method: 'Card',
    });
    const lost = payment({
      paymentId: 'c',
      gatewayTransactionId: '19999999',
      orderId: 'SNTP-7',
      capturedAt: daysAgo(30),
    });
    const result = reconcile([fpx, card, lost], rows, options);
    expect(result.matched.map((m) => [m.payment.paymentId, m.fee, m.net, m.row.payoutBatchId])).toEqual([
      ['a', 178, 9722, '20170817-613'],
    ]);
    expect(result.settledForAnotherAmount.map((m) => [m.payment.paymentId, m.difference])).toEqual([
      ['b', 630],
    ]);
    expect(result.neverSettled).toEqual([lost]);
    expect(result.unknownRows.map((r) => [r.kind, r.gatewayTransactionId])).toEqual([
      ['refund', '13251784'],
      ['payment', '18516590'],
      ['payment', '18532262'],
    ]);
    expect(result.feesByMethod).toEqual([
      { method: 'Card', currency: 'MYR', count: 1, gross: 303630, fee: 9656, net: 293974 },
      { method: 'Net Banking', currency: 'MYR', count: 1, gross: 9900, fee: 178, net: 9722 },
    ]);
  });
});

// Small id sets so that collisions (duplicates, shared orders, rows of other gateways) are common.
const gatewayArb = fc.constantFrom('razer', 'midtrans');
const idArb = fc.constantFrom('T1', 'T2', 'T3', 'T4');
const orderArb = fc.constantFrom('O1', 'O2', 'O3');
const amountArb = fc.constantFrom(1000, 2500, 3850);

const paymentArb = fc.record({
  paymentId: fc.uuid(),
  gateway: gatewayArb,
  gatewayTransactionId: fc.option(idArb, { nil: null }),
  orderId: orderArb,
  amount: amountArb,
  currency: fc.constantFrom('MYR', 'IDR'),
  method: fc.constantFrom('Card', 'Wallet', 'Net Banking'),
  capturedAt: fc.integer({ min: 0, max: 20 }).map(daysAgo),
  refundedAmount: fc.constantFrom(0, 0, 1000),
});

const rowArb = fc
  .record({
    gateway: gatewayArb,
    kind: fc.constantFrom('payment', 'payment', 'refund') satisfies fc.Arbitrary<SettlementRow['kind']>,
    refundId: fc.constantFrom('R1', 'R2', null),
    gatewayTransactionId: idArb,
    orderId: orderArb,
    method: fc.constantFrom('FPX', 'QRIS', 'CC'),
    gross: amountArb,
    fee: fc.integer({ min: 0, max: 200 }),
    skew: fc.constantFrom(0, 0, 0, 0, 7),
    currency: fc.constantFrom('MYR', 'IDR'),
    status: fc.constantFrom('settled', 'refunded', 'partiallyRefunded') satisfies fc.Arbitrary<
      SettlementRow['status']
    >,
    refunded: fc.constantFrom(0, 0, 1000),
    settledOn: fc.constantFrom('2026-12-01', null),
    payoutBatchId: fc.constantFrom('B1', null),
    line: fc.integer({ min: 2, max: 500 }),
  })
  .map(({ skew, ...r }): SettlementRow => {
    const gross = r.kind === 'refund' ? -r.gross : r.gross;
    return { ...r, gross, refunded: r.kind === 'refund' ? -gross : r.refunded, net: gross - r.fee + skew };
  });

const inputsArb = fc.record({
  captured: fc.uniqueArray(paymentArb, { selector: (p) => p.paymentId, maxLength: 12 }),
  settled: fc.array(rowArb, { maxLength: 12 }),
});

const paymentOutcomes = (r: Reconciliation): CapturedPayment[] => [
  ...r.matched.map((m) => m.payment),
  ...r.settledForAnotherAmount.map((m) => m.payment),
  ...r.refundedThereNotHere.map((m) => m.payment),
  ...r.refundedHereNotThere.map((m) => m.payment),
  ...r.refundOnly.map((m) => m.payment),
  ...r.awaitingSettlement,
  ...r.neverSettled,
];

const usedRows = (r: Reconciliation): SettlementRow[] => {
  const outcomes: { row?: SettlementRow | null; refunds: SettlementRow[] }[] = [
    ...r.matched,
    ...r.settledForAnotherAmount,
    ...r.refundedThereNotHere,
    ...r.refundedHereNotThere,
    ...r.refundOnly,
  ];
  return outcomes.flatMap((o) => [...(o.row ? [o.row] : []), ...o.refunds]);
};

describe('reconcile properties', () => {
  it('every captured payment -> exactly one outcome', () => {
    fc.assert(
      fc.property(inputsArb, ({ captured, settled }) => {
        const outcomes = paymentOutcomes(reconcile(captured, settled, options));
        expect(outcomes).toHaveLength(captured.length);
        expect(new Set(outcomes)).toEqual(new Set(captured));
      }),
    );
  });

  it('every settlement row -> used at most once, and each row in exactly one place', () => {
    fc.assert(
      fc.property(inputsArb, ({ captured, settled }) => {
        const r = reconcile(captured, settled, options);
        const used = usedRows(r);
        expect(new Set(used).size).toBe(used.length);
        const everywhere = [...used, ...r.unknownRows, ...r.duplicateRows, ...r.inconsistentRows];
        expect(everywhere).toHaveLength(settled.length);
        expect(new Set(everywhere)).toEqual(new Set(settled));
      }),
    );
  });

  it('matched -> gross minus fees is net, each one and in the totals by method', () => {
    fc.assert(
      fc.property(inputsArb, ({ captured, settled }) => {
        const r = reconcile(captured, settled, options);
        for (const m of r.matched) expect(m.row.gross - m.fee).toBe(m.net);
        for (const t of r.feesByMethod) expect(t.gross - t.fee).toBe(t.net);
        const counted = r.feesByMethod.reduce((sum, t) => sum + t.count, 0);
        expect(counted).toBe(usedRows(r).length);
      }),
    );
  });

  it('permuting either input -> the same reconciliation', () => {
    fc.assert(
      fc.property(
        inputsArb.chain((inputs) =>
          fc.record({
            inputs: fc.constant(inputs),
            captured: fc.shuffledSubarray(inputs.captured, { minLength: inputs.captured.length }),
            settled: fc.shuffledSubarray(inputs.settled, { minLength: inputs.settled.length }),
          }),
        ),
        ({ inputs, captured, settled }) => {
          expect(reconcile(captured, settled, options)).toEqual(
            reconcile(inputs.captured, inputs.settled, options),
          );
        },
      ),
    );
  });
});
