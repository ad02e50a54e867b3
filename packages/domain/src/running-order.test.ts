import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGE } from './messages';
import { ORDER_TYPE } from './order-type';
import {
  addMoreRefusal,
  canAddItemsTo,
  nextBatch,
  paymentStateAfterBillGrew,
  runningOrderConflicts,
  samePlace,
  statusAfterAddingItems,
} from './running-order';
import type { RunningOrderFacts } from './running-order';
import { ORDER_STATUS, ORDER_STATUSES, isRunningOrder } from './status';

const S = ORDER_STATUS;
const dineIn = (place: RunningOrderFacts['place'], status: RunningOrderFacts['status'] = S.CONFIRMED) => ({
  status,
  orderType: ORDER_TYPE.DINE_IN,
  place,
});
const takeaway = (place: RunningOrderFacts['place']) => ({
  status: S.PREPARING,
  orderType: ORDER_TYPE.PICKUP,
  pickupType: 'takeaway',
  place,
});

describe('samePlace', () => {
  it('the same restaurant -> same', () => {
    expect(samePlace({ restaurantId: 1 }, { restaurantId: 1 })).toBe(true);
  });
  it('two outlets of one food court -> same', () => {
    expect(samePlace({ restaurantId: 1, foodCourtId: 9 }, { restaurantId: 2, foodCourtId: 9 })).toBe(true);
  });
  it('two outlets of two food courts -> different', () => {
    expect(samePlace({ restaurantId: 1, foodCourtId: 9 }, { restaurantId: 2, foodCourtId: 8 })).toBe(false);
  });
  it('two restaurants on their own (no food court) -> different', () => {
    expect(samePlace({ restaurantId: 1, foodCourtId: null }, { restaurantId: 2, foodCourtId: null })).toBe(
      false,
    );
  });
});

describe('runningOrderConflicts (spec §5)', () => {
  it('dine-in running at outlet 1 of food court 9, new order at outlet 2 of it -> none', () => {
    const orders = [dineIn({ restaurantId: 1, foodCourtId: 9 })];
    expect(runningOrderConflicts(orders, [{ restaurantId: 2, foodCourtId: 9 }], 'dineIn')).toEqual([]);
    expect(runningOrderConflicts(orders, [{ restaurantId: 2, foodCourtId: 9 }])).toEqual([]);
  });

  it('dine-in running at another restaurant -> conflict with the dine-in words', () => {
    const orders = [dineIn({ restaurantId: 1 })];
    expect(runningOrderConflicts(orders, [{ restaurantId: 2 }], 'dineIn')).toEqual([
      { order: orders[0], message: MESSAGE.runningDineInElsewhere },
    ]);
  });

  it('takeaway running elsewhere, new dine-in -> none; pre-check (no kind) -> the takeaway words', () => {
    const orders = [takeaway({ restaurantId: 1 })];
    expect(runningOrderConflicts(orders, [{ restaurantId: 2 }], 'dineIn')).toEqual([]);
    expect(runningOrderConflicts(orders, [{ restaurantId: 2 }])[0]?.message).toBe(
      MESSAGE.runningTakeawayElsewhere,
    );
  });

  it('a completed, cancelled or delivery order elsewhere -> none', () => {
    const orders = [
      dineIn({ restaurantId: 1 }, S.COMPLETED),
      dineIn({ restaurantId: 1 }, S.CANCELLED),
      { status: S.CONFIRMED, orderType: ORDER_TYPE.DELIVERY, place: { restaurantId: 1 } },
    ];
    expect(runningOrderConflicts(orders, [{ restaurantId: 2 }])).toEqual([]);
  });

  it("property: an order at one of the new order's places never conflicts", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
        fc.constantFrom(...ORDER_STATUSES),
        (restaurantId, foodCourtId, status) => {
          const place = { restaurantId, foodCourtId };
          expect(runningOrderConflicts([dineIn(place, status)], [place])).toEqual([]);
        },
      ),
    );
  });
});

describe('canAddItemsTo / addMoreRefusal (spec §4 More items added)', () => {
  const order = {
    status: S.PREPARING,
    orderType: ORDER_TYPE.DINE_IN,
    restaurantId: 1001,
    tableId: 5003,
  } as const;
  const request = { restaurantId: 1001, orderType: ORDER_TYPE.DINE_IN, tableId: 5003 } as const;

  it('dine-in preparing, same restaurant and table -> may join', () => {
    expect(addMoreRefusal(order, request)).toBeNull();
  });
  it('waiting for confirmation or awaiting a batch -> may join', () => {
    expect(canAddItemsTo({ ...order, status: S.WAITING_CONFIRMATION })).toBe(true);
    expect(canAddItemsTo({ ...order, status: S.MORE_ITEMS_ADDED })).toBe(true);
  });
  it('completed, cancelled or declined -> closed', () => {
    for (const status of [S.COMPLETED, S.CANCELLED, S.DECLINED]) {
      expect(addMoreRefusal({ ...order, status }, request)).toBe(MESSAGE.addMoreClosed);
    }
  });
  it('delivery or scheduled -> closed', () => {
    expect(canAddItemsTo({ ...order, orderType: ORDER_TYPE.DELIVERY })).toBe(false);
    expect(canAddItemsTo({ ...order, scheduled: true })).toBe(false);
  });
  it('another restaurant, or pickup items for a dine-in order -> mismatch', () => {
    expect(addMoreRefusal(order, { ...request, restaurantId: 1002 })).toBe(MESSAGE.addMoreMismatch);
    expect(addMoreRefusal(order, { ...request, orderType: ORDER_TYPE.PICKUP, pickupType: 'takeaway' })).toBe(
      MESSAGE.addMoreMismatch,
    );
  });
  it('dine-in at another table -> wrong table', () => {
    expect(addMoreRefusal(order, { ...request, tableId: 5004 })).toBe(MESSAGE.wrongTable);
  });
  it('takeaway adds to takeaway (no table) -> may join', () => {
    const ta = { status: S.CONFIRMED, orderType: ORDER_TYPE.PICKUP, pickupType: 'takeaway', restaurantId: 1 };
    expect(
      addMoreRefusal(ta, { restaurantId: 1, orderType: ORDER_TYPE.PICKUP, pickupType: 'takeaway' }),
    ).toBeNull();
  });
  it('property: only running orders ever take items', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_STATUSES), (status) => {
        if (canAddItemsTo({ ...order, status })) expect(isRunningOrder(status)).toBe(true);
      }),
    );
  });
});

describe('statusAfterAddingItems', () => {
  it('preparing -> more items added (14)', () => {
    expect(statusAfterAddingItems(S.PREPARING)).toBe(14);
  });
  it('waiting for confirmation -> stays waiting; more items added -> stays', () => {
    expect(statusAfterAddingItems(S.WAITING_CONFIRMATION)).toBe(S.WAITING_CONFIRMATION);
    expect(statusAfterAddingItems(S.MORE_ITEMS_ADDED)).toBe(S.MORE_ITEMS_ADDED);
  });
});

describe('nextBatch', () => {
  it('[] -> 1; [1, 1] -> 2; [1, 3, 2] -> 4', () => {
    expect(nextBatch([])).toBe(1);
    expect(nextBatch([1, 1])).toBe(2);
    expect(nextBatch([1, 3, 2])).toBe(4);
  });
});

describe('paymentStateAfterBillGrew', () => {
  it('paid -> partial paid; unpaid, partial paid, processing -> unchanged', () => {
    expect(paymentStateAfterBillGrew('paid')).toBe('partial_paid');
    for (const state of ['unpaid', 'partial_paid', 'processing'] as const) {
      expect(paymentStateAfterBillGrew(state)).toBe(state);
    }
  });
});
