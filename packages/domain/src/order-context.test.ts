import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { OrderContext } from './order-context';
import {
  TAKEAWAY_TABLE_LABEL,
  createOrderContext,
  orderContextSchema,
  placedContext,
  withAsap,
  withOrderType,
  withSchedule,
  withTable,
} from './order-context';
import { ORDER_TYPE } from './order-type';

const { DINE_IN, DELIVERY, PICKUP } = ORDER_TYPE;
const slot = { date: '2025-03-14', time: '19:00', epoch: 1741950000, selectedTime: '7:00 PM - 7:30 PM' };

describe('createOrderContext', () => {
  it("delivery -> tableNo 'dl', ASAP", () => {
    expect(createOrderContext({ orderType: DELIVERY })).toEqual({
      orderType: DELIVERY,
      orderTime: 'ASAP',
      tableNo: 'dl',
      table: '',
    });
  });

  it("pickup -> tableNo 'pickup', pickupType 'pickup', empty label", () => {
    expect(createOrderContext({ orderType: PICKUP })).toEqual({
      orderType: PICKUP,
      orderTime: 'ASAP',
      tableNo: 'pickup',
      table: '',
      pickupType: 'pickup',
    });
  });

  it("takeaway -> tableNo 'pickup', table 'Takeaway'", () => {
    const context = createOrderContext({ orderType: PICKUP, pickupType: 'takeaway' });
    expect(context.tableNo).toBe('pickup');
    expect(context.table).toBe('Takeaway');
    expect(context.pickupType).toBe('takeaway');
  });

  it("TAKEAWAY_TABLE_LABEL -> 'Takeaway'", () => {
    expect(TAKEAWAY_TABLE_LABEL).toBe('Takeaway');
  });

  it('dine-in with a table -> that table', () => {
    expect(createOrderContext({ orderType: DINE_IN, tableNo: '12', table: 'T12' })).toEqual({
      orderType: DINE_IN,
      orderTime: 'ASAP',
      tableNo: '12',
      table: 'T12',
    });
  });

  it("dine-in without a table -> tableNo '' and table ''", () => {
    expect(createOrderContext({ orderType: DINE_IN })).toMatchObject({ tableNo: '', table: '' });
  });

  it('dine-in with pickupType takeaway -> no pickupType', () => {
    expect(createOrderContext({ orderType: DINE_IN, pickupType: 'takeaway' })).not.toHaveProperty(
      'pickupType',
    );
  });

  it('delivery with an explicit tableNo -> the explicit one wins', () => {
    expect(createOrderContext({ orderType: DELIVERY, tableNo: 'D1' }).tableNo).toBe('D1');
  });
});

describe('withOrderType', () => {
  const dineIn = createOrderContext({ orderType: DINE_IN, tableNo: '12', table: 'T12' });

  it("dine-in at T12 -> delivery: tableNo 'dl', table ''", () => {
    expect(withOrderType(dineIn, DELIVERY)).toEqual({
      orderType: DELIVERY,
      orderTime: 'ASAP',
      tableNo: 'dl',
      table: '',
    });
  });

  it("dine-in -> takeaway: tableNo 'pickup', table 'Takeaway'", () => {
    expect(withOrderType(dineIn, PICKUP, 'takeaway')).toEqual({
      orderType: PICKUP,
      orderTime: 'ASAP',
      tableNo: 'pickup',
      table: 'Takeaway',
      pickupType: 'takeaway',
    });
  });

  it('takeaway -> delivery: pickupType dropped', () => {
    const takeaway = createOrderContext({ orderType: PICKUP, pickupType: 'takeaway' });
    expect(withOrderType(takeaway, DELIVERY)).not.toHaveProperty('pickupType');
  });

  it("pickup -> takeaway (same type): label becomes 'Takeaway'", () => {
    const pickup = createOrderContext({ orderType: PICKUP });
    expect(withOrderType(pickup, PICKUP, 'takeaway').table).toBe('Takeaway');
  });

  it('takeaway -> pickup without pickupType: keeps takeaway', () => {
    const takeaway = createOrderContext({ orderType: PICKUP, pickupType: 'takeaway' });
    expect(withOrderType(takeaway, PICKUP)).toBe(takeaway);
  });

  it('same type -> the same context, table kept', () => {
    expect(withOrderType(dineIn, DINE_IN)).toBe(dineIn);
  });

  it('scheduled dine-in -> delivery: schedule kept', () => {
    const scheduled = withSchedule(dineIn, slot);
    expect(withOrderType(scheduled, DELIVERY)).toMatchObject({ orderTime: 'SCHEDULED', ...slot });
  });

  it('does not change its input', () => {
    const before = { ...dineIn };
    withOrderType(dineIn, PICKUP, 'takeaway');
    expect(dineIn).toEqual(before);
  });
});

describe('withSchedule and withAsap', () => {
  const delivery = createOrderContext({ orderType: DELIVERY });

  it('schedule -> SCHEDULED with date, time, epoch and selectedTime', () => {
    expect(withSchedule(delivery, slot)).toEqual({ ...delivery, orderTime: 'SCHEDULED', ...slot });
  });

  it('scheduled -> ASAP drops date, time, epoch and selectedTime', () => {
    expect(withAsap(withSchedule(delivery, slot))).toEqual(delivery);
    const asap = withAsap(withSchedule(delivery, slot));
    for (const key of ['date', 'time', 'epoch', 'selectedTime']) expect(asap).not.toHaveProperty(key);
  });

  it('scheduled -> another slot replaces every schedule field', () => {
    const later = { date: '2025-03-15', time: '12:00', epoch: 1742011200, selectedTime: '12:00 PM' };
    expect(withSchedule(withSchedule(delivery, slot), later)).toMatchObject(later);
  });

  it('does not change its input', () => {
    const scheduled = withSchedule(delivery, slot);
    withAsap(scheduled);
    expect(scheduled.orderTime).toBe('SCHEDULED');
    expect(delivery.orderTime).toBe('ASAP');
  });
});

describe('withTable', () => {
  it('dine-in -> the scanned table number and name', () => {
    const context = withTable(createOrderContext({ orderType: DINE_IN }), { tableNo: '7', table: 'Patio 7' });
    expect(context).toMatchObject({ tableNo: '7', table: 'Patio 7' });
  });
});

describe('orderContextSchema', () => {
  it('schema output -> an OrderContext', () => {
    expectTypeOf<z.output<typeof orderContextSchema>>().toExtend<OrderContext>();
  });

  it('takeaway ASAP context -> round-trips through JSON', () => {
    const context = createOrderContext({ orderType: PICKUP, pickupType: 'takeaway' });
    expect(orderContextSchema.parse(JSON.parse(JSON.stringify(context)))).toEqual(context);
  });

  it('scheduled delivery context -> round-trips through JSON', () => {
    const context = withSchedule(createOrderContext({ orderType: DELIVERY }), slot);
    expect(orderContextSchema.parse(JSON.parse(JSON.stringify(context)))).toEqual(context);
  });

  it('orderType 4 -> rejected', () => {
    expect(
      orderContextSchema.safeParse({ orderType: 4, orderTime: 'ASAP', tableNo: '', table: '' }).success,
    ).toBe(false);
  });

  it("orderType '1' (string) -> rejected", () => {
    expect(
      orderContextSchema.safeParse({ orderType: '1', orderTime: 'ASAP', tableNo: '', table: '' }).success,
    ).toBe(false);
  });

  it('pickupType on a delivery -> rejected at pickupType with validation.invalidInput', () => {
    const result = orderContextSchema.safeParse({
      orderType: DELIVERY,
      orderTime: 'ASAP',
      tableNo: 'dl',
      table: '',
      pickupType: 'takeaway',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['pickupType'],
      message: 'validation.invalidInput',
    });
  });

  it('SCHEDULED without epoch -> rejected', () => {
    const { epoch: _epoch, ...noEpoch } = withSchedule(createOrderContext({ orderType: DELIVERY }), slot);
    expect(orderContextSchema.safeParse(noEpoch).success).toBe(false);
  });

  it('ASAP carrying a date -> rejected', () => {
    const context = { ...createOrderContext({ orderType: DELIVERY }), date: '2025-03-14' };
    expect(orderContextSchema.safeParse(context).success).toBe(false);
  });

  it('fractional epoch -> rejected', () => {
    const context = withSchedule(createOrderContext({ orderType: DELIVERY }), { ...slot, epoch: 1.5 });
    expect(orderContextSchema.safeParse(context).success).toBe(false);
  });

  it('any context built by the updaters -> round-trips', () => {
    const type = fc.constantFrom(DINE_IN, DELIVERY, PICKUP);
    const pickupType = fc.option(fc.constantFrom('takeaway' as const, 'pickup' as const), { nil: undefined });
    const step = fc.oneof(
      fc.tuple(fc.constant('type' as const), type, pickupType),
      fc.constant(['asap'] as const),
      fc.constant(['schedule'] as const),
      fc.tuple(fc.constant('table' as const), fc.string(), fc.string()),
    );
    fc.assert(
      fc.property(type, pickupType, fc.array(step, { maxLength: 8 }), (orderType, pt, steps) => {
        let context = createOrderContext({ orderType, pickupType: pt });
        for (const s of steps) {
          if (s[0] === 'type') context = withOrderType(context, s[1], s[2]);
          else if (s[0] === 'asap') context = withAsap(context);
          else if (s[0] === 'schedule') context = withSchedule(context, slot);
          else context = withTable(context, { tableNo: s[1], table: s[2] });
        }
        expect(orderContextSchema.parse(JSON.parse(JSON.stringify(context)))).toEqual(context);
      }),
    );
  });
});

describe('placedContext', () => {
  const voucher = { isVoucher: true };
  const food = { isVoucher: false };

  it("delivery holding only vouchers -> takeaway, tableNo 'pickup', table 'Takeaway', schedule kept", () => {
    const delivery = withSchedule(createOrderContext({ orderType: DELIVERY }), slot);
    expect(placedContext(delivery, [voucher, voucher])).toEqual({
      ...delivery,
      orderType: PICKUP,
      pickupType: 'takeaway',
      tableNo: 'pickup',
      table: TAKEAWAY_TABLE_LABEL,
    });
  });

  it('delivery holding a voucher and food -> the same context', () => {
    const delivery = createOrderContext({ orderType: DELIVERY });
    expect(placedContext(delivery, [voucher, food])).toBe(delivery);
  });

  it('dine-in holding only vouchers -> the same context', () => {
    const dineIn = createOrderContext({ orderType: DINE_IN, tableNo: '3', table: 'T3' });
    expect(placedContext(dineIn, [voucher])).toBe(dineIn);
  });
});
