import { beforeEach, describe, expect, it } from 'vitest';
import {
  contextInput,
  isSessionComplete,
  readOrderSession,
  sameServerContext,
  writeOrderSession,
} from './order-session';
import type { OrderSession } from './order-session';

const dineIn: OrderSession = {
  context: { orderType: 1, orderTime: 'ASAP', tableNo: '3', table: 'T3' },
  tableId: 5003,
  scanThroughQr: true,
};

beforeEach(() => sessionStorage.clear());

describe('order session', () => {
  it('written then read -> the same session (orderContextSchema round trip)', () => {
    writeOrderSession('kopitiam-ali', dineIn);
    expect(readOrderSession('kopitiam-ali')).toEqual(dineIn);
    expect(readOrderSession('other')).toBeUndefined();
  });

  it('stored context that breaks the schema (pickupType on dine-in) -> no session', () => {
    sessionStorage.setItem(
      'santap.order.x',
      JSON.stringify({ context: { ...dineIn.context, pickupType: 'takeaway' }, tableId: 1 }),
    );
    expect(readOrderSession('x')).toBeUndefined();
  });

  it('completeness: dine-in needs a table, delivery an address, pickup nothing', () => {
    expect(isSessionComplete(dineIn)).toBe(true);
    expect(isSessionComplete({ context: { ...dineIn.context } })).toBe(false);
    expect(
      isSessionComplete({ context: { orderType: 2, orderTime: 'ASAP', tableNo: 'dl', table: '' } }),
    ).toBe(false);
    expect(
      isSessionComplete({
        context: { orderType: 3, orderTime: 'ASAP', pickupType: 'pickup', tableNo: 'pickup', table: '' },
      }),
    ).toBe(true);
  });

  it('server context equal on the kept fields -> same; another table -> different', () => {
    const server = { orderType: 1, orderTime: 'ASAP', tableId: 5003, tableNo: '3', table: 'T3' };
    expect(sameServerContext(server, dineIn)).toBe(true);
    expect(sameServerContext({ ...server, tableId: 5004 }, dineIn)).toBe(false);
    expect(contextInput(dineIn)).toEqual({
      orderType: 1,
      orderTime: 'ASAP',
      tableNo: '3',
      table: 'T3',
      tableId: 5003,
    });
  });
});
