import { describe, expect, it } from 'vitest';
import { sessionReducer } from './session';
import type { CartLine, SessionState } from './session';

const nasi: Omit<CartLine, 'lineId'> = {
  itemId: 1,
  restaurantId: 1001,
  name: 'Nasi Lemak',
  unitPrice: 650,
  quantity: 1,
  selections: {},
  optionNames: [],
  notes: '',
};
const start: SessionState = { orderType: 1, lines: [] };

describe('session', () => {
  it('the same dish with the same choices twice -> one line of 2', () => {
    const state = sessionReducer(sessionReducer(start, { type: 'add', line: nasi }), {
      type: 'add',
      line: nasi,
    });
    expect(state.lines.map((line) => line.quantity)).toEqual([2]);
  });

  it('the same dish with other choices or notes -> two lines', () => {
    const state = [
      { ...nasi, selections: { sides: ['egg'] } },
      { ...nasi, notes: 'no sambal' },
    ].reduce(
      (acc, line) => sessionReducer(acc, { type: 'add', line }),
      sessionReducer(start, { type: 'add', line: nasi }),
    );
    expect(state.lines).toHaveLength(3);
  });

  it('quantity 0 -> the line is removed; over 99 -> 99; reset -> empty, no order type', () => {
    let state = sessionReducer(start, { type: 'add', line: nasi });
    const lineId = state.lines[0]!.lineId;
    state = sessionReducer(state, { type: 'quantity', lineId, quantity: 120 });
    expect(state.lines[0]?.quantity).toBe(99);
    expect(sessionReducer(state, { type: 'quantity', lineId, quantity: 0 }).lines).toEqual([]);
    expect(sessionReducer(state, { type: 'reset' })).toEqual({ orderType: null, lines: [] });
  });

  it('an update -> a new state; the earlier state and its lines are unchanged (immutable)', () => {
    const one = sessionReducer(start, { type: 'add', line: nasi });
    const two = sessionReducer(one, { type: 'add', line: nasi });
    expect(two).not.toBe(one);
    expect(one.lines[0]?.quantity).toBe(1);
    expect(two.lines[0]?.quantity).toBe(2);
    const other = sessionReducer(two, { type: 'orderType', orderType: 3 });
    expect(other.lines).toBe(two.lines);
    expect(start.lines).toEqual([]);
  });
});
