import { describe, expect, it } from 'vitest';
import { buildOrderSession, slotMinutesToTime } from './build-order-session';
import type { OrderSession } from './order-session';

const MY = { country: 'MY' as const, ot: [1, 2, 3] as (1 | 2 | 3)[] };
const ID = { country: 'ID' as const, ot: [2, 3] as (1 | 2 | 3)[] };
const nowEpoch = 1_795_300_000;
const base = {
  stored: undefined,
  ot: undefined,
  pickupType: undefined,
  query: new URLSearchParams(),
  nowEpoch,
};

describe('buildOrderSession', () => {
  it("route /3/ta in Malaysia -> takeaway pickup, table label 'Takeaway'", () => {
    expect(buildOrderSession({ ...base, ot: '3', pickupType: 'ta', restaurant: MY }).context).toEqual({
      orderType: 3,
      orderTime: 'ASAP',
      pickupType: 'takeaway',
      tableNo: 'pickup',
      table: 'Takeaway',
    });
  });

  it('no route type in Malaysia -> dine-in without a table (the QR is still needed)', () => {
    const session = buildOrderSession({ ...base, restaurant: MY });
    expect(session.context).toMatchObject({ orderType: 1, tableNo: '' });
    expect(session.tableId).toBeUndefined();
  });

  it('checked table QR -> dine-in at that table, scanned through a QR', () => {
    const session = buildOrderSession({
      ...base,
      ot: '1',
      query: new URLSearchParams('source=qr&tableId=5003'),
      restaurant: MY,
      table: { tableId: 5003, tableNo: '3', table: 'T3' },
    });
    expect(session).toMatchObject({ context: { orderType: 1, tableNo: '3', table: 'T3' }, tableId: 5003 });
    expect(session.scanThroughQr).toBe(true);
  });

  it('dine-in QR in Indonesia -> pickup, and the table is not used', () => {
    const session = buildOrderSession({
      ...base,
      ot: '1',
      restaurant: ID,
      table: { tableId: 5101, tableNo: '1', table: 'A1' },
    });
    expect(session.context).toMatchObject({ orderType: 3, pickupType: 'pickup' });
    expect(session.tableId).toBeUndefined();
  });

  it('stored scheduled delivery, no route type -> kept with its address and slot', () => {
    const stored: OrderSession = {
      context: {
        orderType: 2,
        orderTime: 'SCHEDULED',
        tableNo: 'dl',
        table: '',
        date: '2026-11-22',
        time: '12:00',
        epoch: nowEpoch + 86_400,
        selectedTime: '12:00 - 12:30',
      },
      address: { line: 'Jalan 1', location: [101.7, 3.14] },
    };
    expect(buildOrderSession({ ...base, stored, restaurant: MY })).toEqual(stored);
  });

  it('stored slot that has passed -> ASAP', () => {
    const stored: OrderSession = {
      context: {
        orderType: 3,
        orderTime: 'SCHEDULED',
        pickupType: 'pickup',
        tableNo: 'pickup',
        table: '',
        date: '2026-11-20',
        time: '12:00',
        epoch: nowEpoch - 60,
        selectedTime: '12:00 - 12:30',
      },
    };
    const session = buildOrderSession({ ...base, stored, restaurant: MY });
    expect(session.context.orderTime).toBe('ASAP');
    expect(session.context.epoch).toBeUndefined();
  });

  it('login return with orderTime=SCHEDULED -> that slot', () => {
    const query = new URLSearchParams(
      `orderTime=SCHEDULED&date=2026-11-22&time=13:00&epoch=${nowEpoch + 3600}&selectedTime=13:00 - 13:30`,
    );
    const session = buildOrderSession({ ...base, ot: '2', query, restaurant: MY });
    expect(session.context).toMatchObject({ orderType: 2, orderTime: 'SCHEDULED', time: '13:00' });
  });
});

describe('slotMinutesToTime', () => {
  it.each([
    ['720', '12:00'],
    ['45', '00:45'],
    ['19:30', '19:30'],
    ['9:30', '09:30'],
    ['24:00', undefined],
    ['19:75', undefined],
    ['1440', undefined],
    ['x', undefined],
    [null, undefined],
  ])('%s -> %s', (slot, time) => expect(slotMinutesToTime(slot)).toBe(time));
});
