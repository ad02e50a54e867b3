import { describe, expect, it } from 'vitest';
import { ORDER_STATUS, ORDER_TYPE } from '@santap/domain';
import { columnOf, movesFor } from './columns';
import { testOrder } from '../../../lib/testing';

const S = ORDER_STATUS;
// The moves the server gives each role (`STAFF_ROLE_MOVES` of apps/api, through GET /api/staff/me).
const KITCHEN = [S.CONFIRMED, S.DECLINED, S.SCHEDULED_ACCEPTED, S.PREPARING, S.PREPARED, S.READY];
const SERVER = [S.SERVED_OR_PICKED, S.ON_THE_WAY, S.DELIVERED, S.COMPLETED];

describe('columnOf', () => {
  const slot = 1_800_000_000;
  it('an accepted scheduled order 16 minutes before its slot -> not on the board yet', () => {
    const order = testOrder(1, {
      status: S.SCHEDULED_ACCEPTED,
      scheduled_epoch: slot,
      order_time: 'SCHEDULED',
    });
    expect(columnOf(order, slot - 16 * 60)).toBeNull();
  });
  it('the same order 15 minutes before its slot (kitchen release) -> confirmed / preparing', () => {
    const order = testOrder(1, {
      status: S.SCHEDULED_ACCEPTED,
      scheduled_epoch: slot,
      order_time: 'SCHEDULED',
    });
    expect(columnOf(order, slot - 15 * 60)).toBe('cooking');
  });
  it('waiting, ready, served, completed -> waiting, ready, handed over, off the board', () => {
    expect(columnOf(testOrder(1, { status: S.WAITING_CONFIRMATION }), 0)).toBe('waiting');
    expect(columnOf(testOrder(1, { status: S.READY }), 0)).toBe('ready');
    expect(columnOf(testOrder(1, { status: S.SERVED_OR_PICKED }), 0)).toBe('handedOver');
    expect(columnOf(testOrder(1, { status: S.COMPLETED }), 0)).toBeNull();
  });
});

describe('movesFor', () => {
  it('kitchen on a waiting dine-in order -> confirm or decline', () => {
    expect(movesFor(testOrder(1), KITCHEN)).toEqual([S.CONFIRMED, S.DECLINED]);
  });
  it('server on a waiting order -> nothing (the kitchen confirms)', () => {
    expect(movesFor(testOrder(1), SERVER)).toEqual([]);
  });
  it('server on a ready dine-in order -> served, not "on the way" (a delivery move)', () => {
    const moves = movesFor(testOrder(1, { status: S.READY, order_type: ORDER_TYPE.DINE_IN }), SERVER);
    expect(moves).toContain(S.SERVED_OR_PICKED);
    expect(moves).not.toContain(S.ON_THE_WAY);
  });
});
