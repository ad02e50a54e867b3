import { describe, expect, it } from 'vitest';
import { audit, tally } from './invariants';
import type { DbOrder, DbPayment, DinerRecord } from './invariants';
import { roundRobin } from './proxy';

const diner = (token: string, orderId: number | undefined, pageStatus = 4): DinerRecord => ({
  cartToken: token,
  idempotencyKey: `key-${token}`,
  acknowledgedOrderId: orderId,
  pageStatus,
});
const order = (id: number, token: string, extra: Partial<DbOrder> = {}): DbOrder => ({
  id,
  cartToken: token,
  status: 4,
  total: 1000,
  paidAmount: 0,
  refundedAmount: 0,
  ...extra,
});
const payment = (id: number, orderId: number, extra: Partial<DbPayment> = {}): DbPayment => ({
  id,
  reference: `SNTP-${id}`,
  orderId,
  amount: 1000,
  state: 'success',
  refundedAmount: 0,
  ...extra,
});
const failed = (verdicts: ReturnType<typeof audit>) =>
  verdicts.filter((verdict) => !verdict.passed).map((verdict) => verdict.name);
const clean = {
  diners: [diner('a', 1), diner('b', 2)],
  captures: [{ reference: 'SNTP-1', orderId: 1, amount: 1000 }],
  orders: [order(1, 'a', { paidAmount: 1000 }), order(2, 'b')],
  payments: [payment(1, 1)],
  refunds: [],
};

describe('audit', () => {
  it('a clean run -> every invariant passes; "6 passed, 0 failed"', () => {
    const verdicts = audit(clean);
    expect(failed(verdicts)).toEqual([]);
    expect(tally(verdicts)).toBe('6 passed, 0 failed');
  });

  it('a second order for one diner (a retried create not deduplicated) -> doubled', () => {
    const verdicts = audit({ ...clean, orders: [...clean.orders, order(3, 'a')] });
    expect(failed(verdicts)).toEqual([
      'every acknowledged order is in the database, once',
      'orders placed = orders acknowledged (none lost, none doubled)',
    ]);
  });

  it('an acknowledged order missing from the database -> lost', () => {
    expect(failed(audit({ ...clean, orders: [clean.orders[0]!] }))).toContain(
      'every acknowledged order is in the database, once',
    );
  });

  it('a capture whose payment is still processing, or of another amount -> unmatched', () => {
    expect(failed(audit({ ...clean, payments: [payment(1, 1, { state: 'processing' })] }))).toEqual([
      'every capture matches one payment of its order and amount',
    ]);
    expect(failed(audit({ ...clean, payments: [payment(1, 1, { amount: 900 })] }))).toEqual([
      'every capture matches one payment of its order and amount',
    ]);
  });

  it('two successful payments of one order: the duplicate refunded -> passes; not refunded -> fails', () => {
    const twice = { ...clean, payments: [payment(1, 1), payment(2, 1)] };
    expect(failed(audit(twice))).toEqual(['no order paid twice without the duplicate refunded']);
    expect(failed(audit({ ...twice, refunds: [{ paymentId: 2, amount: 1000, state: 'refunded' }] }))).toEqual(
      [],
    );
  });

  it('refunds above the capture -> fails', () => {
    expect(
      failed(
        audit({
          ...clean,
          refunds: [
            { paymentId: 1, amount: 600, state: 'refunded' },
            { paymentId: 1, amount: 600, state: 'refund_initiated' },
          ],
        }),
      ),
    ).toEqual(['refunds never above captures']);
  });

  it('a status page left on an older status -> fails with the order, the page and the database status', () => {
    const verdicts = audit({ ...clean, diners: [diner('a', 1, 2), diner('b', 2)] });
    expect(verdicts.find((verdict) => !verdict.passed)?.detail).toBe('1 page 2 db 4');
  });
});

describe('roundRobin', () => {
  it('3 backends -> each call starts one further on and lists every backend once', () => {
    const next = roundRobin(3);
    expect([next(), next(), next(), next()]).toEqual([
      [0, 1, 2],
      [1, 2, 0],
      [2, 0, 1],
      [0, 1, 2],
    ]);
  });
});
