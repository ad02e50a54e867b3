import { describe, expect, it } from 'vitest';
import { audit, tally } from './invariants';
import type { AddMoreRecord, DbOrder, DbOrderItem, DbPayment, DbRefund, DinerRecord } from './invariants';
import type { DbShareLine, DbTabShare, TabGroupRecord } from './tab-invariants';
import { roundRobin } from './proxy';

const diner = (token: string, orderId: number | number[] | undefined, pageStatus = 4): DinerRecord => {
  const ids = orderId === undefined ? undefined : [orderId].flat();
  return {
    cartToken: token,
    idempotencyKey: `key-${token}`,
    acknowledgedOrderIds: ids,
    pageStatus: Object.fromEntries((ids ?? []).map((id) => [id, pageStatus])),
  };
};
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
  cartToken: 'a',
  provider: 'simulator',
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
  it('a clean run -> every invariant passes; "7 passed, 0 failed"', () => {
    const verdicts = audit(clean);
    expect(failed(verdicts)).toEqual([]);
    expect(tally(verdicts)).toBe('7 passed, 0 failed');
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

  const twice = {
    ...clean,
    captures: [...clean.captures, { reference: 'SNTP-2', orderId: 1, amount: 1000 }],
    payments: [payment(1, 1), payment(2, 1)],
  };
  const duplicate = (extra: Partial<DbRefund> = {}): DbRefund => ({
    paymentId: 2,
    amount: 1000,
    state: 'refunded',
    reason: 'duplicate_payment',
    ...extra,
  });

  it('two successful payments of one order: the duplicate refunded -> passes; not refunded -> fails', () => {
    expect(failed(audit(twice))).toEqual([
      'no order paid twice without an automatic refund of the duplicate',
    ]);
    expect(failed(audit({ ...twice, refunds: [duplicate()] }))).toEqual([]);
  });

  it('paid twice, the duplicate refunded only by a manager (or in part) -> fails', () => {
    expect(failed(audit({ ...twice, refunds: [duplicate({ reason: 'staff_refund' })] }))).toEqual([
      'no order paid twice without an automatic refund of the duplicate',
    ]);
    expect(failed(audit({ ...twice, refunds: [duplicate({ amount: 400 })] }))).toEqual([
      'no order paid twice without an automatic refund of the duplicate',
    ]);
    const verdicts = audit({
      ...twice,
      refunds: [duplicate({ amount: 400 }), duplicate({ amount: 600, reason: 'staff_refund' })],
    });
    expect(verdicts.find((verdict) => !verdict.passed)?.detail).toBe(
      'order 1: payment 1 1000 refunded nothing; payment 2 1000 refunded 400 duplicate_payment refunded + 600 staff_refund refunded',
    );
  });

  it('paid twice, the automatic refund refused by the gateway -> fails; still initiated -> passes', () => {
    expect(failed(audit({ ...twice, refunds: [duplicate({ state: 'failed' })] }))).toEqual([
      'no order paid twice without an automatic refund of the duplicate',
    ]);
    const verdicts = audit({ ...twice, refunds: [duplicate({ state: 'refund_initiated' })] });
    expect(failed(verdicts)).toEqual([]);
    expect(verdicts.find((verdict) => verdict.name.startsWith('no order paid twice'))?.detail).toBe(
      '1 paid twice, each duplicate refunded by the product (0 refunded, 1 still initiated: the simulator that held the payment died)',
    );
  });

  it('paid twice, both refunded because the order was cancelled -> passes', () => {
    const cancelled = {
      ...twice,
      diners: [diner('a', 1, 6), diner('b', 2)],
      orders: [order(1, 'a', { status: 6, paidAmount: 2000, refundedAmount: 2000 }), clean.orders[1]!],
    };
    const refunds = [
      duplicate({ paymentId: 1, reason: 'order_cancelled' }),
      duplicate({ reason: 'order_cancelled' }),
    ];
    expect(failed(audit({ ...cancelled, refunds }))).toEqual([]);
  });

  it("a diner's capture the payer never saw -> fails; one submitted without an answer, a counter payment, another cart's -> pass", () => {
    const unseen = { ...clean, payments: [payment(1, 1), payment(3, 2, { cartToken: 'b' })] };
    const verdicts = audit(unseen);
    expect(failed(verdicts)).toEqual(["every captured gateway payment is in the payer's ledger"]);
    expect(verdicts.find((verdict) => !verdict.passed)?.detail).toBe('SNTP-3 (order 2, 1000, success)');
    expect(failed(audit({ ...unseen, unansweredPayments: ['SNTP-3'] }))).toEqual([]);
    expect(
      failed(
        audit({
          ...unseen,
          payments: [payment(1, 1), payment(3, 2, { cartToken: 'b', provider: 'counter' })],
        }),
      ),
    ).toEqual([]);
    expect(
      failed(audit({ ...unseen, payments: [payment(1, 1), payment(3, 2, { cartToken: 'kiosk' })] })),
    ).toEqual([]);
    expect(
      failed(
        audit({ ...unseen, payments: [payment(1, 1), payment(3, 2, { cartToken: 'b', state: 'failed' })] }),
      ),
    ).toEqual([]);
  });

  it('refunds above the capture -> fails', () => {
    expect(
      failed(
        audit({
          ...clean,
          refunds: [
            { paymentId: 1, amount: 600, state: 'refunded', reason: 'staff_refund' },
            { paymentId: 1, amount: 600, state: 'refund_initiated', reason: 'staff_refund' },
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

describe('audit of the add-more, food-court and kiosk journeys', () => {
  const line = (orderId: number, batch: number, quantity = 1, unitPrice = 500): DbOrderItem => ({
    orderId,
    quantity,
    unitPrice,
    batch,
    status: 'active',
  });
  const withAdds = (addMores: AddMoreRecord[], orderItems: DbOrderItem[], subtotal = 1000) =>
    audit({
      ...clean,
      orders: [order(1, 'a', { paidAmount: 1000, subtotal }), order(2, 'b', { subtotal: 500 })],
      orderItems: [...orderItems, line(2, 1)],
      addMores,
    });
  const added: AddMoreRecord = { orderId: 1, acknowledgedBatch: 2, unanswered: false };

  it('one acknowledged add-more, batches 1 and 2, subtotal their sum -> passes', () => {
    expect(failed(withAdds([added], [line(1, 1), line(1, 2)]))).toEqual([]);
  });

  it('a retried add-more placed twice (batch 3 nobody was told of) -> fails', () => {
    expect(failed(withAdds([added], [line(1, 1), line(1, 2), line(1, 3)], 1500))).toEqual([
      'every acknowledged add-more batch is in its order, once',
    ]);
  });

  it('an unanswered add-more may or may not be there; an acknowledged one missing -> fails', () => {
    const unanswered = { orderId: 1, acknowledgedBatch: undefined, unanswered: true };
    expect(failed(withAdds([unanswered], [line(1, 1), line(1, 2)]))).toEqual([]);
    expect(failed(withAdds([added], [line(1, 1)], 500))).toEqual([
      'every acknowledged add-more batch is in its order, once',
    ]);
  });

  it("a subtotal that is not the sum of the order's lines -> fails", () => {
    expect(failed(withAdds([added], [line(1, 1), line(1, 2)], 1200))).toEqual([
      "every order's subtotal is the sum of its batches' lines",
    ]);
  });

  it('a food-court cart: two outlet orders acknowledged together, one payment for both -> passes', () => {
    const verdicts = audit({
      diners: [diner('f', [5, 6])],
      captures: [{ reference: 'SNTP-9', orderId: undefined, fcOrderId: 3, amount: 2000 }],
      orders: [order(5, 'f', { fcOrderId: 3 }), order(6, 'f', { fcOrderId: 3 })],
      payments: [{ ...payment(9, 0), orderId: null, fcOrderId: 3, cartToken: 'f', amount: 2000 }],
      refunds: [{ paymentId: 9, amount: 2500, state: 'refunded', reason: 'staff_refund' }],
    });
    expect(failed(verdicts)).toEqual(['refunds never above captures']);
    expect(verdicts.find((verdict) => !verdict.passed)?.detail).toContain('fc 3 refunded 2500 of 2000');
  });

  it('kiosk: a replayed key answered the same order -> passes; a second order for it -> fails', () => {
    const kioskRun = (replies: number[][], extra: DbOrder[] = []) =>
      audit({
        ...clean,
        orders: [...clean.orders, order(7, 'k1', { kioskDeviceId: 'k' }), ...extra],
        kiosk: { deviceId: 'k', records: [{ key: 'q1', replies }] },
      });
    expect(failed(kioskRun([[7], [7]]))).toEqual([]);
    expect(failed(kioskRun([[7], [8]], [order(8, 'k2', { kioskDeviceId: 'k' })]))).toEqual([
      'kiosk orders placed once per queued order (outbox replays not doubled)',
    ]);
  });
});

describe('audit of the table tabs', () => {
  // Tab 10: phone 1's order 21 (a dish of 1000 + 100 service), phone 2's order 22 (900 + 90). Phone 1
  // paid its dish (share 31); phones 3 and 4 asked for the rest at once: share 32 got it, one refused.
  const dish = (lineId: string, food: number, service: number): DbShareLine => ({
    lineId,
    parts: [
      { key: 'bill.subtotal', amount: food },
      { key: 'bill.serviceCharge', amount: service },
    ],
  });
  const share = (id: number, extra: Partial<DbTabShare> = {}): DbTabShare => ({
    id,
    tabId: 10,
    memberId: 1,
    paymentId: id + 10,
    state: 'paid',
    kind: 'rest',
    settles: 990,
    amount: 990,
    allocation: [dish('102', 900, 90)],
    ...extra,
  });
  const sharePayment = (id: number, amount: number, extra: Partial<DbPayment> = {}) =>
    payment(id, 21, { cartToken: 'g1', purpose: 'tab_share', tabId: 10, amount, ...extra });
  const group = (extra: Partial<TabGroupRecord> = {}): TabGroupRecord => ({
    restaurantId: 1001,
    tableId: 5005,
    tabId: 10,
    orderIds: [21, 22],
    races: [{ leftBefore: 990, shareIds: [32], refused: 1 }],
    final: { total: 2090, paid: 2090, pending: 0, left: 0, status: 'closed' },
    ...extra,
  });
  const tabRun = (
    change: {
      orders?: DbOrder[];
      shares?: DbTabShare[];
      payments?: DbPayment[];
      refunds?: DbRefund[];
      group?: Partial<TabGroupRecord>;
    } = {},
  ) =>
    audit({
      ...clean,
      captures: [
        ...clean.captures,
        { reference: 'SNTP-41', orderId: undefined, tabId: 10, amount: 1100 },
        { reference: 'SNTP-42', orderId: undefined, tabId: 10, amount: 990 },
      ],
      orders: [
        ...clean.orders,
        ...(change.orders ?? [
          order(21, 'g1', { tabId: 10, total: 1100, paidAmount: 1100 }),
          order(22, 'g2', { tabId: 10, total: 990, paidAmount: 990 }),
        ]),
      ],
      orderItems: [
        { id: 101, orderId: 21, quantity: 1, unitPrice: 1000, batch: 1, status: 'active' },
        { id: 102, orderId: 22, quantity: 1, unitPrice: 900, batch: 1, status: 'active' },
      ],
      payments: [...clean.payments, ...(change.payments ?? [sharePayment(41, 1100), sharePayment(42, 990)])],
      refunds: change.refunds ?? [],
      tabs: {
        groups: [group(change.group)],
        shares: change.shares ?? [
          share(31, { kind: 'mine', settles: 1100, amount: 1100, allocation: [dish('101', 1000, 100)] }),
          share(32),
        ],
      },
    });
  const paidOut = [
    share(31, { kind: 'mine', settles: 1100, amount: 1100, allocation: [dish('101', 1000, 100)] }),
    share(32),
  ];

  it('a tab paid in two shares, the last one asked twice and refused once -> the six tab checks pass', () => {
    const verdicts = tabRun();
    expect(failed(verdicts)).toEqual([]);
    expect(tally(verdicts)).toBe('13 passed, 0 failed');
    expect(
      verdicts.find((verdict) => verdict.name === 'nothing charged twice for the last share')?.detail,
    ).toBe('1 races, 1 with one phone refused');
  });

  it("an order of the group's on another tab -> fails", () => {
    const verdicts = tabRun({
      orders: [
        order(21, 'g1', { tabId: 10, total: 1100, paidAmount: 1100 }),
        order(22, 'g2', { tabId: 10, total: 990, paidAmount: 990 }),
        order(23, 'g2', { tabId: 11, total: 500 }),
      ],
      group: { orderIds: [21, 22, 23] },
    });
    expect(failed(verdicts)).toEqual(["a group's orders are all on its tab"]);
    expect(verdicts.find((verdict) => !verdict.passed)?.detail).toBe('order 23 not on tab 10');
  });

  it('nothing left by the server, yet the paid shares settle less than the orders owe -> fails; something left -> passes', () => {
    const short = [paidOut[0]!, share(32, { settles: 900, amount: 900, allocation: [dish('102', 900, 0)] })];
    const payments = [sharePayment(41, 1100), sharePayment(42, 900)];
    const captures = { payments };
    expect(failed(tabRun({ shares: short, ...captures }))).toContain(
      "a tab's paid shares settle at most its total, exactly when nothing is left",
    );
    expect(
      failed(
        tabRun({
          shares: short,
          ...captures,
          group: { final: { total: 2090, paid: 2000, pending: 0, left: 90, status: 'open' } },
        }),
      ),
    ).not.toContain("a tab's paid shares settle at most its total, exactly when nothing is left");
  });

  it('paid shares settling more than the tab (a dish paid again by an amount share) -> fails, with the dish', () => {
    const again = share(33, { kind: 'amount', settles: 100, amount: 100, allocation: [dish('101', 100, 0)] });
    const verdicts = tabRun({
      shares: [...paidOut, again],
      payments: [sharePayment(41, 1100), sharePayment(42, 990), sharePayment(43, 100)],
    });
    expect(failed(verdicts)).toEqual([
      "a tab's paid shares settle at most its total, exactly when nothing is left",
      "no dish's part paid twice",
    ]);
    expect(verdicts.find((verdict) => verdict.name === "no dish's part paid twice")?.detail).toBe(
      'tab 10 line 101: food paid 1100 of 1000, tab 10 order 21: shares took 1200 of 1100',
    );
  });

  it("a dish's food part paid above its price (the charges under) -> fails on that check alone", () => {
    const verdicts = tabRun({
      shares: [
        share(31, { kind: 'mine', settles: 1100, amount: 1100, allocation: [dish('101', 1100, 0)] }),
        paidOut[1]!,
      ],
    });
    expect(failed(verdicts)).toEqual(["no dish's part paid twice"]);
  });

  it('a tab with nothing left whose order the shares never reached -> fails', () => {
    const verdicts = tabRun({
      orders: [
        order(21, 'g1', { tabId: 10, total: 1100, paidAmount: 1100 }),
        order(22, 'g2', { tabId: 10, total: 990, paidAmount: 500 }),
      ],
    });
    expect(failed(verdicts)).toEqual(['every order of a tab with nothing left is paid']);
  });

  const lateCapture = sharePayment(44, 990);
  const voided = share(34, { state: 'void', memberId: 4 });
  const duplicateOf44 = (extra: Partial<DbRefund> = {}): DbRefund => ({
    paymentId: 44,
    amount: 990,
    state: 'refunded',
    reason: 'duplicate_payment',
    ...extra,
  });

  it('a capture of a void share: refunded whole as a duplicate -> passes; kept, refunded by a manager or in part -> fails', () => {
    const run = (refunds: DbRefund[]) =>
      tabRun({
        shares: [...paidOut, voided],
        payments: [sharePayment(41, 1100), sharePayment(42, 990), lateCapture],
        refunds,
      });
    const name = 'every share capture is counted on its paid share or refunded as duplicate_payment';
    expect(failed(run([duplicateOf44()]))).toEqual([]);
    expect(failed(run([]))).toEqual([name]);
    expect(run([]).find((verdict) => verdict.name === name)?.detail).toBe(
      'payment 44 (990): share 34 void, refunded 0 as duplicate',
    );
    expect(failed(run([duplicateOf44({ reason: 'staff_refund' })]))).toEqual([name]);
    expect(failed(run([duplicateOf44({ amount: 500 })]))).toEqual([name]);
    expect(failed(run([duplicateOf44({ state: 'failed' })]))).toEqual([name]);
  });

  it('a paid share whose payment was refunded as a duplicate, or never captured -> fails', () => {
    const name = 'every share capture is counted on its paid share or refunded as duplicate_payment';
    expect(failed(tabRun({ refunds: [{ ...duplicateOf44(), paymentId: 42 }] }))).toEqual([name]);
    expect(
      failed(tabRun({ payments: [sharePayment(41, 1100), sharePayment(42, 990, { state: 'initiated' })] })),
    ).toContain(name);
  });

  it('both phones of the last share charged (the second capture kept) -> fails; the second refunded -> passes', () => {
    const race = { races: [{ leftBefore: 990, shareIds: [32, 34], refused: 0 }] };
    const both = (refunds: DbRefund[], second = voided) =>
      tabRun({
        shares: [...paidOut, second],
        payments: [sharePayment(41, 1100), sharePayment(42, 990), lateCapture],
        refunds,
        group: race,
      });
    expect(failed(both([]))).toContain('nothing charged twice for the last share');
    expect(
      both([]).find((verdict) => verdict.name === 'nothing charged twice for the last share')?.detail,
    ).toBe('tab 10: 990 left, 1 of its last shares paid settling 990, 1980 kept');
    expect(failed(both([duplicateOf44()]))).toEqual([]);
    // Both counted as paid (the tab's total exceeded too).
    expect(failed(both([], share(34, { memberId: 4 })))).toContain(
      'nothing charged twice for the last share',
    );
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
