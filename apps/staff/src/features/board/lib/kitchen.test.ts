import { describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@santap/domain';
import { testOrder } from '../../../lib/testing';
import { columnOf, movesFor } from './columns';
import {
  ageLabel,
  ageLevel,
  ageStart,
  allDayCounts,
  bumpMove,
  recallMove,
  stationFilter,
  stationItems,
} from './kitchen';

const S = ORDER_STATUS;
const KITCHEN = [S.CONFIRMED, S.DECLINED, S.SCHEDULED_ACCEPTED, S.PREPARING, S.PREPARED, S.READY];
const MANAGER = Object.values(S);
const STATIONS = [
  { name: 'Kitchen', category_ids: [100101] },
  { name: 'Bar', category_ids: [100103] },
];

describe('age clock', () => {
  const thresholds = { amber_minutes: 10, red_minutes: 20 };
  it('9:59 fresh, 10:00 amber, 19:59 amber, 20:00 red (the restaurant thresholds)', () => {
    expect(ageLevel(9 * 60 + 59, thresholds)).toBe('fresh');
    expect(ageLevel(10 * 60, thresholds)).toBe('amber');
    expect(ageLevel(20 * 60 - 1, thresholds)).toBe('amber');
    expect(ageLevel(20 * 60, thresholds)).toBe('red');
    expect(ageLevel(6 * 60, { amber_minutes: 5, red_minutes: 8 })).toBe('amber');
  });
  it('labels: 0:00 (never negative), 4:07, 1:02:33', () => {
    expect(ageLabel(-30)).toBe('0:00');
    expect(ageLabel(247)).toBe('4:07');
    expect(ageLabel(3753)).toBe('1:02:33');
  });
  it('starts at placed; a scheduled order at its kitchen release (15 minutes before the slot)', () => {
    expect(ageStart(testOrder(1, { created_epoch: 1000 }))).toBe(1000);
    expect(ageStart(testOrder(1, { created_epoch: 1000, scheduled_epoch: 1_800_000_000 }))).toBe(
      1_800_000_000 - 15 * 60,
    );
  });
});

describe('stations', () => {
  it("'All' or an unknown station -> every dish; Kitchen -> its categories' dishes; Bar -> none of this order", () => {
    const order = testOrder(1);
    expect(stationItems(order, stationFilter(STATIONS, null))).toHaveLength(2);
    expect(stationItems(order, stationFilter(STATIONS, 'Gone'))).toHaveLength(2);
    expect(stationItems(order, stationFilter(STATIONS, 'Kitchen')).map((i) => i.name)).toEqual([
      'Nasi Goreng Kampung',
    ]);
    expect(stationItems(order, stationFilter(STATIONS, 'Bar'))).toEqual([]);
  });
  it('a dish without a known category -> every station sees it', () => {
    const order = testOrder(1);
    order.kitchen.lines[1]!.category_id = null;
    expect(stationItems(order, stationFilter(STATIONS, 'Bar')).map((i) => i.name)).toEqual(['Roti Tisu']);
  });
});

describe('all day', () => {
  it('sums active dishes not struck off, across tickets, most first; per station', () => {
    const a = testOrder(1);
    const b = testOrder(2);
    b.items[0]!.quantity = 2;
    const c = testOrder(3);
    c.kitchen.lines[0]!.done = true; // made: not counted
    c.items[1]!.status = 'declined'; // declined: not counted
    expect(allDayCounts([a, b, c], null)).toEqual([
      { name: 'Nasi Goreng Kampung', quantity: 3 },
      { name: 'Roti Tisu', quantity: 2 },
    ]);
    expect(allDayCounts([a, b, c], stationFilter(STATIONS, 'Kitchen'))).toEqual([
      { name: 'Nasi Goreng Kampung', quantity: 3 },
    ]);
  });
});

describe('bump and recall', () => {
  it('bump -> the first forward move of the role (never decline or cancel)', () => {
    expect(bumpMove(movesFor(testOrder(1, { status: S.WAITING_CONFIRMATION }), KITCHEN))).toBe(S.CONFIRMED);
    expect(bumpMove(movesFor(testOrder(1, { status: S.PREPARING }), KITCHEN))).toBe(S.PREPARED);
    expect(bumpMove(movesFor(testOrder(1, { status: S.READY }), KITCHEN))).toBeNull();
    expect(bumpMove([S.DECLINED, S.CANCELLED])).toBeNull();
  });
  it('recall goes back on the server only where the rules allow it: ready -> preparing is not in the table', () => {
    expect(recallMove(testOrder(1, { status: S.READY }), S.PREPARING, MANAGER)).toBeNull();
    // The one backward move of the table: more items added -> confirmed (a manager's move).
    expect(recallMove(testOrder(1, { status: S.MORE_ITEMS_ADDED }), S.CONFIRMED, MANAGER)).toBe(S.CONFIRMED);
  });
});

describe('prepay', () => {
  it('an order paid first and not paid yet -> not on the board; once paid -> waiting', () => {
    const unpaid = testOrder(1, { prepay: true, payment_mode: 'online' });
    unpaid.kitchen.awaiting_payment = true;
    expect(columnOf(unpaid, 0)).toBeNull();
    const paid = testOrder(1, { prepay: true, payment_mode: 'online', payment_status: 'paid' });
    expect(columnOf(paid, 0)).toBe('waiting');
  });
});
