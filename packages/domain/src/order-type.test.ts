import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrderTypeCode, OrderTypeContext } from './order-type';
import {
  ORDER_TYPE,
  ORDER_TYPE_MASK,
  allowedOrderTypes,
  defaultOrderTypeFor,
  isOrderTypeCode,
  maskOf,
  parseOrderTypeParam,
  parsePickupTypeParam,
  resolveOrderType,
  typesInMask,
  voucherOnlyDelivery,
} from './order-type';

const { DINE_IN, DELIVERY, PICKUP } = ORDER_TYPE;
const MY: OrderTypeContext = { country: 'MY', mallMode: false };
const ID: OrderTypeContext = { country: 'ID', mallMode: false };
const MALL_MY: OrderTypeContext = { country: 'MY', mallMode: true };

describe('ORDER_TYPE and ORDER_TYPE_MASK', () => {
  it('codes -> dine-in 1, delivery 2, pickup 3', () => {
    expect(ORDER_TYPE).toEqual({ DINE_IN: 1, DELIVERY: 2, PICKUP: 3 });
  });

  it('mask bits -> dine-in 1, delivery 2, pickup 4, all 7', () => {
    expect(ORDER_TYPE_MASK).toEqual({ DINE_IN: 1, DELIVERY: 2, PICKUP: 4, ALL: 7 });
  });
});

describe('isOrderTypeCode', () => {
  it('1, 2, 3 -> true; 0, 4, "1" -> false', () => {
    expect([1, 2, 3].every(isOrderTypeCode)).toBe(true);
    expect([0, 4, '1', null].some(isOrderTypeCode)).toBe(false);
  });
});

describe('maskOf', () => {
  it('[] -> 0', () => {
    expect(maskOf([])).toBe(0);
  });

  it('[pickup] -> 4 (bit, not code 3)', () => {
    expect(maskOf([PICKUP])).toBe(4);
  });

  it('[delivery, pickup] -> 6', () => {
    expect(maskOf([DELIVERY, PICKUP])).toBe(6);
  });

  it('all three, with a duplicate -> 7', () => {
    expect(maskOf([DINE_IN, DELIVERY, PICKUP, PICKUP])).toBe(7);
  });
});

describe('typesInMask', () => {
  it('7 -> [1, 2, 3]', () => {
    expect(typesInMask(7)).toEqual([DINE_IN, DELIVERY, PICKUP]);
  });

  it('5 -> [dine-in, pickup]', () => {
    expect(typesInMask(5)).toEqual([DINE_IN, PICKUP]);
  });

  it('0 -> []', () => {
    expect(typesInMask(0)).toEqual([]);
  });

  it('8 (unknown bit) -> []', () => {
    expect(typesInMask(8)).toEqual([]);
  });

  it('-1 and 1.5 -> []', () => {
    expect(typesInMask(-1)).toEqual([]);
    expect(typesInMask(1.5)).toEqual([]);
  });

  it('any mask 0..7 -> maskOf(typesInMask(mask)) is the mask', () => {
    for (let mask = 0; mask <= 7; mask++) expect(maskOf(typesInMask(mask))).toBe(mask);
  });
});

describe('allowedOrderTypes', () => {
  it('Malaysia, no restaurant mask -> all three', () => {
    expect(allowedOrderTypes(MY)).toEqual([DINE_IN, DELIVERY, PICKUP]);
  });

  it('Indonesia, mask 7 -> delivery and pickup only', () => {
    expect(allowedOrderTypes({ ...ID, restaurantMask: 7 })).toEqual([DELIVERY, PICKUP]);
  });

  it('Malaysia, restaurant mask 5 -> dine-in and pickup', () => {
    expect(allowedOrderTypes({ ...MY, restaurantMask: 5 })).toEqual([DINE_IN, PICKUP]);
  });

  it('Indonesia, restaurant mask 1 (dine-in only) -> []', () => {
    expect(allowedOrderTypes({ ...ID, restaurantMask: 1 })).toEqual([]);
  });

  it('restaurant mask 0 -> []', () => {
    expect(allowedOrderTypes({ ...MY, restaurantMask: 0 })).toEqual([]);
  });

  it('restaurant mask null -> as if all enabled', () => {
    expect(allowedOrderTypes({ ...MY, restaurantMask: null })).toEqual([DINE_IN, DELIVERY, PICKUP]);
  });

  it('mall mode, Malaysia -> all three', () => {
    expect(allowedOrderTypes(MALL_MY)).toEqual([DINE_IN, DELIVERY, PICKUP]);
  });

  it('mall mode, Indonesia -> delivery and pickup', () => {
    expect(allowedOrderTypes({ country: 'ID', mallMode: true })).toEqual([DELIVERY, PICKUP]);
  });
});

describe('defaultOrderTypeFor', () => {
  it('Indonesia -> delivery', () => {
    expect(defaultOrderTypeFor(ID)).toBe(DELIVERY);
  });

  it('Malaysia -> dine-in', () => {
    expect(defaultOrderTypeFor(MY)).toBe(DINE_IN);
  });

  it('mall mode -> pickup', () => {
    expect(defaultOrderTypeFor(MALL_MY)).toBe(PICKUP);
  });
});

describe('parseOrderTypeParam', () => {
  it("'1', '2', '3' -> 1, 2, 3", () => {
    expect(['1', '2', '3'].map((p) => parseOrderTypeParam(p))).toEqual([1, 2, 3]);
  });

  it('numbers 1..3 -> themselves', () => {
    expect(parseOrderTypeParam(2)).toBe(2);
  });

  it.each(['0', '4', '', ' 1', '1.0', '01', 'dine', '3/ta'])('%j -> undefined', (param) => {
    expect(parseOrderTypeParam(param)).toBeUndefined();
  });

  it('undefined, null, 4 -> undefined', () => {
    expect(parseOrderTypeParam(undefined)).toBeUndefined();
    expect(parseOrderTypeParam(null)).toBeUndefined();
    expect(parseOrderTypeParam(4)).toBeUndefined();
  });
});

describe('parsePickupTypeParam', () => {
  it("'ta' and 'takeaway' -> takeaway", () => {
    expect(parsePickupTypeParam('ta')).toBe('takeaway');
    expect(parsePickupTypeParam('takeaway')).toBe('takeaway');
  });

  it("'TA' -> takeaway (case-insensitive)", () => {
    expect(parsePickupTypeParam('TA')).toBe('takeaway');
  });

  it("'pickup' -> pickup", () => {
    expect(parsePickupTypeParam('pickup')).toBe('pickup');
  });

  it("'tk', '' and undefined -> undefined", () => {
    expect(parsePickupTypeParam('tk')).toBeUndefined();
    expect(parsePickupTypeParam('')).toBeUndefined();
    expect(parsePickupTypeParam(undefined)).toBeUndefined();
  });
});

describe('resolveOrderType: Indonesia', () => {
  it('nothing requested -> delivery', () => {
    expect(resolveOrderType(undefined, ID)).toEqual({ orderType: DELIVERY });
  });

  it('dine-in requested in Indonesia -> pickup', () => {
    expect(resolveOrderType({ orderType: '1' }, ID)).toEqual({ orderType: PICKUP, pickupType: 'pickup' });
  });

  it('dine-in requested in Indonesia, pickup disabled -> delivery', () => {
    expect(resolveOrderType(DINE_IN, { ...ID, restaurantMask: 3 })).toEqual({ orderType: DELIVERY });
  });

  it('delivery requested -> delivery', () => {
    expect(resolveOrderType(DELIVERY, ID)).toEqual({ orderType: DELIVERY });
  });

  it('delivery requested, restaurant pickup only (mask 4) -> pickup', () => {
    expect(resolveOrderType(DELIVERY, { ...ID, restaurantMask: 4 })).toEqual({
      orderType: PICKUP,
      pickupType: 'pickup',
    });
  });

  it('nothing requested, delivery disabled (mask 5) -> pickup', () => {
    expect(resolveOrderType(undefined, { ...ID, restaurantMask: 5 })).toEqual({
      orderType: PICKUP,
      pickupType: 'pickup',
    });
  });

  it('restaurant mask 1 (only dine-in, impossible in Indonesia) -> pickup', () => {
    expect(resolveOrderType(undefined, { ...ID, restaurantMask: 1 })).toEqual({
      orderType: PICKUP,
      pickupType: 'pickup',
    });
  });
});

describe('resolveOrderType: Malaysia', () => {
  it('nothing requested -> dine-in', () => {
    expect(resolveOrderType(undefined, MY)).toEqual({ orderType: DINE_IN });
  });

  it("'1' -> dine-in", () => {
    expect(resolveOrderType({ orderType: '1' }, MY)).toEqual({ orderType: DINE_IN });
  });

  it("'2' -> delivery", () => {
    expect(resolveOrderType({ orderType: '2' }, MY)).toEqual({ orderType: DELIVERY });
  });

  it("'3' -> pickup with pickupType pickup", () => {
    expect(resolveOrderType({ orderType: '3' }, MY)).toEqual({ orderType: PICKUP, pickupType: 'pickup' });
  });

  it("route '3/ta' -> pickup with pickupType takeaway", () => {
    expect(resolveOrderType({ orderType: '3', pickupType: 'ta' }, MY)).toEqual({
      orderType: PICKUP,
      pickupType: 'takeaway',
    });
  });

  it("'3' with pickupType 'takeaway' -> takeaway", () => {
    expect(resolveOrderType({ orderType: 3, pickupType: 'takeaway' }, MY)).toEqual({
      orderType: PICKUP,
      pickupType: 'takeaway',
    });
  });

  it("pickupType 'ta' on a dine-in request -> dine-in, no pickupType", () => {
    expect(resolveOrderType({ orderType: '1', pickupType: 'ta' }, MY)).toEqual({ orderType: DINE_IN });
  });

  it("invalid '9' -> default dine-in", () => {
    expect(resolveOrderType({ orderType: '9' }, MY)).toEqual({ orderType: DINE_IN });
  });

  it('dine-in requested, restaurant mask 6 -> pickup (fallback after the default)', () => {
    expect(resolveOrderType(DINE_IN, { ...MY, restaurantMask: 6 })).toEqual({
      orderType: PICKUP,
      pickupType: 'pickup',
    });
  });

  it('dine-in requested, restaurant mask 2 -> delivery', () => {
    expect(resolveOrderType(DINE_IN, { ...MY, restaurantMask: 2 })).toEqual({ orderType: DELIVERY });
  });

  it('nothing requested, restaurant default delivery -> delivery', () => {
    expect(resolveOrderType(undefined, { ...MY, restaurantDefault: DELIVERY })).toEqual({
      orderType: DELIVERY,
    });
  });

  it('nothing requested, restaurant default delivery but disabled (mask 5) -> dine-in', () => {
    expect(resolveOrderType(undefined, { ...MY, restaurantMask: 5, restaurantDefault: DELIVERY })).toEqual({
      orderType: DINE_IN,
    });
  });

  it('restaurant mask 0 -> pickup', () => {
    expect(resolveOrderType(DELIVERY, { ...MY, restaurantMask: 0 })).toEqual({
      orderType: PICKUP,
      pickupType: 'pickup',
    });
  });
});

describe('resolveOrderType: mall / food-court mode', () => {
  it('dine-in requested -> dine-in', () => {
    expect(resolveOrderType(DINE_IN, MALL_MY)).toEqual({ orderType: DINE_IN });
  });

  it('delivery requested -> delivery', () => {
    expect(resolveOrderType(DELIVERY, MALL_MY)).toEqual({ orderType: DELIVERY });
  });

  it("invalid '0' -> pickup", () => {
    expect(resolveOrderType({ orderType: '0' }, MALL_MY)).toEqual({
      orderType: PICKUP,
      pickupType: 'pickup',
    });
  });

  it('nothing requested -> pickup (not the country default)', () => {
    expect(resolveOrderType(undefined, MALL_MY)).toEqual({ orderType: PICKUP, pickupType: 'pickup' });
    expect(resolveOrderType(undefined, { country: 'ID', mallMode: true })).toEqual({
      orderType: PICKUP,
      pickupType: 'pickup',
    });
  });

  it('nothing requested, restaurant default dine-in -> still pickup', () => {
    expect(resolveOrderType(undefined, { ...MALL_MY, restaurantDefault: DINE_IN })).toEqual({
      orderType: PICKUP,
      pickupType: 'pickup',
    });
  });

  it('dine-in requested in an Indonesian food court -> pickup', () => {
    expect(resolveOrderType(DINE_IN, { country: 'ID', mallMode: true })).toEqual({
      orderType: PICKUP,
      pickupType: 'pickup',
    });
  });

  it('delivery requested, food court mask 1 -> dine-in', () => {
    expect(resolveOrderType(DELIVERY, { ...MALL_MY, restaurantMask: 1 })).toEqual({ orderType: DINE_IN });
  });

  it('food court with no valid type (mask 0) -> pickup', () => {
    expect(resolveOrderType(DINE_IN, { ...MALL_MY, restaurantMask: 0 })).toEqual({
      orderType: PICKUP,
      pickupType: 'pickup',
    });
  });
});

describe('resolveOrderType properties', () => {
  const context = fc.record({
    country: fc.constantFrom('MY' as const, 'ID' as const),
    mallMode: fc.boolean(),
    restaurantMask: fc.option(fc.integer({ min: -2, max: 16 }), { nil: undefined }),
    restaurantDefault: fc.option(fc.constantFrom<OrderTypeCode>(1, 2, 3), { nil: undefined }),
  });
  const request = fc.record({
    orderType: fc.option(fc.oneof(fc.constantFrom('1', '2', '3', '0', '4', 'x'), fc.integer()), {
      nil: undefined,
    }),
    pickupType: fc.option(fc.constantFrom('ta', 'takeaway', 'pickup', 'tk', ''), { nil: undefined }),
  });

  it('any request -> a type allowed in its context, or pickup when none is allowed', () => {
    fc.assert(
      fc.property(request, context, (req, ctx) => {
        const { orderType } = resolveOrderType(req, ctx);
        const allowed = allowedOrderTypes(ctx);
        if (allowed.length === 0) expect(orderType).toBe(PICKUP);
        else expect(allowed).toContain(orderType);
      }),
    );
  });

  it('any request -> pickupType present exactly when the type is pickup', () => {
    fc.assert(
      fc.property(request, context, (req, ctx) => {
        const result = resolveOrderType(req, ctx);
        expect(result.pickupType !== undefined).toBe(result.orderType === PICKUP);
      }),
    );
  });

  it('Indonesia, any request -> never dine-in', () => {
    fc.assert(
      fc.property(request, context, (req, ctx) => {
        expect(resolveOrderType(req, { ...ctx, country: 'ID' }).orderType).not.toBe(DINE_IN);
      }),
    );
  });

  it('an allowed type requested (not dine-in in Indonesia) -> kept', () => {
    fc.assert(
      fc.property(context, fc.constantFrom<OrderTypeCode>(1, 2, 3), (ctx, type) => {
        fc.pre(allowedOrderTypes(ctx).includes(type));
        expect(resolveOrderType(type, ctx).orderType).toBe(type);
      }),
    );
  });
});

describe('voucherOnlyDelivery', () => {
  const voucher = { isVoucher: true };
  const food = { isVoucher: false };

  it('delivery with only vouchers -> takeaway pickup', () => {
    expect(voucherOnlyDelivery({ orderType: DELIVERY, items: [voucher, voucher] })).toEqual({
      orderType: PICKUP,
      pickupType: 'takeaway',
    });
  });

  it('delivery with a voucher and food -> delivery', () => {
    expect(voucherOnlyDelivery({ orderType: DELIVERY, items: [voucher, food] })).toEqual({
      orderType: DELIVERY,
    });
  });

  it('delivery with no items -> delivery', () => {
    expect(voucherOnlyDelivery({ orderType: DELIVERY, items: [] })).toEqual({ orderType: DELIVERY });
  });

  it('dine-in with only vouchers -> dine-in', () => {
    expect(voucherOnlyDelivery({ orderType: DINE_IN, items: [voucher] })).toEqual({ orderType: DINE_IN });
  });

  it('pickup with only vouchers -> pickup, its pickupType kept', () => {
    expect(voucherOnlyDelivery({ orderType: PICKUP, pickupType: 'pickup', items: [voucher] })).toEqual({
      orderType: PICKUP,
      pickupType: 'pickup',
    });
  });
});
