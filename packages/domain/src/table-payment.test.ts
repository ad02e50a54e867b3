import { describe, expect, it } from 'vitest';
import { MESSAGE } from './messages';
import { ORDER_TYPE } from './order-type';
import { ORDER_STATUS } from './status';
import { parseOrderIds, tablePaymentRefusal, toggleTableOrder } from './table-payment';
import type { TableOrder } from './table-payment';

const own: TableOrder = {
  orderId: 67,
  restaurantId: 1001,
  tableId: 5003,
  orderType: ORDER_TYPE.DINE_IN,
  status: ORDER_STATUS.CONFIRMED,
  owed: 900,
};
const friend: TableOrder = { ...own, orderId: 68, owed: 1250 };

describe('tablePaymentRefusal (spec §2, §5)', () => {
  it("own and a friend's order at the same table, both owing -> allowed", () => {
    expect(tablePaymentRefusal(own, [own, friend])).toBeNull();
  });
  it('own order left out -> own order cannot be deselected', () => {
    expect(tablePaymentRefusal(own, [friend])).toBe(MESSAGE.ownOrderCannotBeDeselected);
  });
  it('an order at another table, restaurant, paid, ended or not dine-in -> refused', () => {
    for (const other of [
      { ...friend, tableId: 5004 },
      { ...friend, restaurantId: 1002 },
      { ...friend, owed: 0 },
      { ...friend, status: ORDER_STATUS.CANCELLED },
      { ...friend, orderType: ORDER_TYPE.PICKUP },
      { ...friend, tableId: null },
    ]) {
      expect(tablePaymentRefusal(own, [own, other])).toBe(MESSAGE.tableOrdersInvalid);
    }
  });
  it('the same order twice -> refused', () => {
    expect(tablePaymentRefusal(own, [own, own])).toBe(MESSAGE.tableOrdersInvalid);
  });
});

describe('toggleTableOrder', () => {
  it('untick own order -> kept, with the words', () => {
    expect(toggleTableOrder([67, 68], 67, 67)).toEqual({
      selected: [67, 68],
      refused: MESSAGE.ownOrderCannotBeDeselected,
    });
  });
  it("tick, then untick a friend's order -> added, removed", () => {
    expect(toggleTableOrder([67], 68, 67)).toEqual({ selected: [67, 68] });
    expect(toggleTableOrder([67, 68], 68, 67)).toEqual({ selected: [67] });
  });
});

describe('parseOrderIds', () => {
  it("'67,68' -> [67, 68]; '67,67' -> [67]", () => {
    expect(parseOrderIds('67,68')).toEqual([67, 68]);
    expect(parseOrderIds('67,67')).toEqual([67]);
  });
  it("'', undefined, '67,x', '-1', '1.5' -> []", () => {
    for (const segment of ['', undefined, '67,x', '-1', '1.5']) expect(parseOrderIds(segment)).toEqual([]);
  });
});
