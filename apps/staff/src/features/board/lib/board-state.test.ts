import { describe, expect, it } from 'vitest';
import { boardReducer, initialBoard } from './board-state';
import { testOrder } from '../../../lib/testing';

describe('boardReducer', () => {
  it('first load of orders 1 and 2 -> both shown, none marked new', () => {
    const state = boardReducer(initialBoard, { type: 'loaded', orders: [testOrder(1), testOrder(2)] });
    expect(Object.keys(state.orders)).toEqual(['1', '2']);
    expect(state.fresh).toEqual([]);
  });

  it('an event for order 2 that changed it -> a new object for 2 only; order 1 keeps its object', () => {
    const loaded = boardReducer(initialBoard, { type: 'loaded', orders: [testOrder(1), testOrder(2)] });
    const next = boardReducer(loaded, { type: 'order', orderId: 2, order: testOrder(2, { status: 1 }) });
    expect(next.orders[1]).toBe(loaded.orders[1]);
    expect(next.orders[2]).not.toBe(loaded.orders[2]);
    expect(next.orders[2]!.status).toBe(1);
  });

  it('an event for order 2 with nothing changed -> the same state object (no card re-renders)', () => {
    const loaded = boardReducer(initialBoard, { type: 'loaded', orders: [testOrder(1), testOrder(2)] });
    expect(boardReducer(loaded, { type: 'order', orderId: 2, order: testOrder(2) })).toBe(loaded);
  });

  it('a new order 3 by event, then the list after a reconnect with 4 more -> 3 and 4 new until "seen"', () => {
    const loaded = boardReducer(initialBoard, { type: 'loaded', orders: [testOrder(1)] });
    const withThree = boardReducer(loaded, { type: 'order', orderId: 3, order: testOrder(3) });
    const caughtUp = boardReducer(withThree, {
      type: 'loaded',
      orders: [testOrder(1), testOrder(3), testOrder(4)],
    });
    expect(caughtUp.fresh).toEqual([3, 4]);
    expect(boardReducer(caughtUp, { type: 'seen' }).fresh).toEqual([]);
  });

  it('an order that left the running list (completed, cancelled) -> removed, and from the new ones', () => {
    const loaded = boardReducer(initialBoard, { type: 'loaded', orders: [testOrder(1)] });
    const withTwo = boardReducer(loaded, { type: 'order', orderId: 2, order: testOrder(2) });
    const gone = boardReducer(withTwo, { type: 'order', orderId: 2, order: undefined });
    expect(gone.orders[2]).toBeUndefined();
    expect(gone.fresh).toEqual([]);
  });
});
