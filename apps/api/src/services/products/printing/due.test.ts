import { describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@santap/domain';
import { dueDockets } from './due';
import type { HistoryEvent } from './due';

const S = ORDER_STATUS;
const ev = (id: number, kind: string, data: Record<string, unknown> = {}, toStatus: number | null = null) =>
  ({ id, kind, data, toStatus }) satisfies HistoryEvent;
const keysAt = (dockets: ReturnType<typeof dueDockets>) =>
  dockets.map((d) => `${d.dueAt} ${d.key} [${d.itemIds}]`);

const payLater = {
  paidFirst: false,
  items: [
    { id: 1, batch: 1 },
    { id: 2, batch: 1 },
    { id: 3, batch: 2 },
  ],
};
const online = { ...payLater, paidFirst: true };

describe('dueDockets', () => {
  it('pay later: created -> the first docket at once; a batch -> a docket of only its lines', () => {
    expect(keysAt(dueDockets(7, payLater, [ev(10, 'created'), ev(11, 'batch', { batch: 2 })]))).toEqual([
      '10 order:7:new [1,2]',
      '11 order:7:batch:2 [3]',
    ]);
  });

  it('paid first: nothing while unpaid; the payment that pays it -> the first docket and a receipt', () => {
    const unpaid = dueDockets(7, online, [
      ev(10, 'created'),
      ev(11, 'payment', { payment_status: 'partial_paid' }),
    ]);
    expect(unpaid).toEqual([]);
    expect(
      keysAt(dueDockets(7, online, [ev(10, 'created'), ev(12, 'payment', { payment_status: 'paid' })])),
    ).toEqual(['12 order:7:new [1,2]', '12 order:7:receipt:12 []']);
  });

  it('paid first, items added before the first payment -> one first docket with every line', () => {
    const events = [
      ev(10, 'created'),
      ev(11, 'batch', { batch: 2 }),
      ev(12, 'payment', { payment_status: 'paid' }),
    ];
    expect(keysAt(dueDockets(7, online, events)).filter((key) => !key.includes('receipt'))).toEqual([
      '12 order:7:new [1,2,3]',
    ]);
  });

  it('paid first, a batch after the kitchen has the order -> its docket when the batch is paid', () => {
    const events = [
      ev(10, 'created'),
      ev(11, 'payment', {}),
      ev(12, 'batch', { batch: 2 }),
      ev(13, 'payment', { payment_status: 'paid' }),
    ];
    expect(keysAt(dueDockets(7, online, events))).toEqual([
      '11 order:7:new [1,2]',
      '11 order:7:receipt:11 []',
      '13 order:7:batch:2 [3]',
      '13 order:7:receipt:13 []',
    ]);
  });

  it('an order cancelled before the kitchen had it -> nothing prints, not even the cancellation', () => {
    const events = [ev(10, 'created'), ev(11, 'status', {}, S.CANCELLED), ev(12, 'payment', {})];
    expect(dueDockets(7, online, events)).toEqual([]);
  });

  it('cancelled after the kitchen had it -> a CANCELLED docket of the lines it had, declined ones left off', () => {
    const events = [
      ev(10, 'created'),
      ev(11, 'item_declined', { order_item_id: 2 }),
      ev(12, 'status', {}, S.CANCELLED),
      ev(13, 'batch', { batch: 2 }),
    ];
    expect(keysAt(dueDockets(7, payLater, events))).toEqual([
      '10 order:7:new [1,2]',
      '11 order:7:item:2:cancelled [2]',
      '12 order:7:cancelled [1]',
    ]);
  });

  it('an item declined before its docket printed is left off it, with no CANCELLED docket', () => {
    const events = [ev(10, 'created'), ev(11, 'item_declined', { order_item_id: 2 }), ev(12, 'payment', {})];
    expect(keysAt(dueDockets(7, online, events))).toEqual(['12 order:7:new [1]', '12 order:7:receipt:12 []']);
  });

  it('taken on by staff -> released even without a payment event; a kiosk order -> its queue ticket', () => {
    const events = [ev(10, 'created'), ev(11, 'kiosk', { queue_no: 4 }), ev(12, 'status', {}, S.CONFIRMED)];
    expect(keysAt(dueDockets(7, online, events))).toEqual([
      '11 order:7:queue_ticket []',
      '12 order:7:new [1,2]',
    ]);
  });

  it('the same log read twice (a second spooler) -> the same keys: nothing is due twice', () => {
    const events = [ev(10, 'created'), ev(11, 'batch', { batch: 2 }), ev(12, 'status', {}, S.DECLINED)];
    const once = dueDockets(7, payLater, events);
    expect(dueDockets(7, payLater, events)).toEqual(once);
    expect(new Set(once.map((d) => d.key)).size).toBe(once.length);
  });

  it('a kitchen mark or refund changes nothing; a batch number that is not one is ignored', () => {
    const events = [ev(10, 'created'), ev(11, 'kitchen', { rush: true }), ev(12, 'batch', { batch: 'x' })];
    expect(keysAt(dueDockets(7, payLater, events))).toEqual(['10 order:7:new [1,2]']);
  });
});
