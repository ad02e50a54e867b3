import { describe, expect, it } from 'vitest';
import { mallFixture } from '../testing/fixtures';
import { detailsBody, isComplete, outletsNotDelivering, sameContext, startSession } from './fc-session';

const { mall, restaurants: outlets } = mallFixture();
const table = { id: 6001, no: 'F1', label: 'Table F1' };
const address = { line: 'Lot 5, Kuala Lumpur', location: [101.7, 3.14] as [number, number] };

describe('startSession', () => {
  it('nothing kept, no table -> pickup (the mall-mode default)', () => {
    expect(startSession(mall, undefined)).toEqual({ orderType: 3, pickupType: 'pickup' });
  });

  it('table QR F1 -> dine-in at that table, whatever was kept', () => {
    expect(startSession(mall, { orderType: 2, address }, table)).toMatchObject({ orderType: 1, table });
  });

  it('kept dine-in without a table -> pickup (dine-in needs a table QR)', () => {
    expect(startSession(mall, { orderType: 1 }).orderType).toBe(3);
  });

  it('kept delivery with an address -> delivery with that address', () => {
    expect(startSession(mall, { orderType: 2, address })).toEqual({ orderType: 2, address });
  });

  it('an Indonesian food court and a table QR -> pickup (no dine-in in Indonesia), table kept', () => {
    const indonesia = { ...mall, country: 'ID' as const, currency: 'IDR' as const, ot: [2, 3] as (2 | 3)[] };
    expect(startSession(indonesia, undefined, table)).toMatchObject({ orderType: 3, table });
  });

  it('a kept value that does not read back (a broken address) -> left out', () => {
    expect(startSession(mall, { orderType: 2, address: { line: '', location: 'here' } })).toEqual({
      orderType: 2,
    });
  });
});

describe('the session on the server cart', () => {
  it('dine-in at F1 -> context with the table; delivery -> context and address', () => {
    expect(detailsBody('mall-demo', { orderType: 1, table })).toEqual({
      scope: 'mall-demo',
      context: { orderType: 1, orderTime: 'ASAP', tableId: 6001, tableNo: 'F1', table: 'Table F1' },
    });
    expect(detailsBody('mall-demo', { orderType: 2, address })).toEqual({
      scope: 'mall-demo',
      context: { orderType: 2, orderTime: 'ASAP' },
      address,
    });
  });

  it('delivery without an address -> not complete; pickup -> complete', () => {
    expect(isComplete({ orderType: 2 })).toBe(false);
    expect(isComplete({ orderType: 3, pickupType: 'pickup' })).toBe(true);
  });

  it('server context of the same delivery point -> same; another point -> differs', () => {
    const server = { orderType: 2, orderTime: 'ASAP', address: { location: [101.7, 3.14] } };
    expect(sameContext(server, { orderType: 2, address })).toBe(true);
    expect(sameContext(server, { orderType: 2, address: { ...address, location: [101.8, 3.1] } })).toBe(
      false,
    );
    expect(sameContext(server, { orderType: 3, pickupType: 'pickup' })).toBe(false);
  });
});

describe('outletsNotDelivering', () => {
  it('the demo outlets -> only Char Kway Teow Ah Seng (1012)', () => {
    expect(outletsNotDelivering(outlets).map((outlet) => outlet.restaurant_id)).toEqual([1012]);
  });
});
