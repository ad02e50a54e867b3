import type { Country } from './country';

/** Order type codes on the wire and in routes (spec §4): 1 dine-in, 2 delivery, 3 pickup. */
export const ORDER_TYPE = { DINE_IN: 1, DELIVERY: 2, PICKUP: 3 } as const;

/** One of the {@link ORDER_TYPE} codes. */
export type OrderTypeCode = (typeof ORDER_TYPE)[keyof typeof ORDER_TYPE];

/**
 * Bit masks of the order types a restaurant enables (spec §4: "mask 7" for all three). Note the
 * pickup bit is 4, not its code 3.
 */
export const ORDER_TYPE_MASK = { DINE_IN: 1, DELIVERY: 2, PICKUP: 4, ALL: 7 } as const;

/**
 * How a pickup order is collected (spec §3, §4): `takeaway` (the diner is at the counter and takes the
 * food away: route `/r/:name/3/ta`, QR `type=tk`) or `pickup` (ordered ahead and collected later).
 */
export type PickupType = 'takeaway' | 'pickup';

/** The three codes in ascending order; results that list types keep this order. */
const ALL_TYPES: readonly OrderTypeCode[] = [ORDER_TYPE.DINE_IN, ORDER_TYPE.DELIVERY, ORDER_TYPE.PICKUP];

const MASK_BIT: Readonly<Record<OrderTypeCode, number>> = {
  [ORDER_TYPE.DINE_IN]: ORDER_TYPE_MASK.DINE_IN,
  [ORDER_TYPE.DELIVERY]: ORDER_TYPE_MASK.DELIVERY,
  [ORDER_TYPE.PICKUP]: ORDER_TYPE_MASK.PICKUP,
};

/** Indonesia permits delivery and pickup only (spec §4). */
const COUNTRY_MASK: Readonly<Record<Country, number>> = {
  MY: ORDER_TYPE_MASK.ALL,
  ID: ORDER_TYPE_MASK.DELIVERY | ORDER_TYPE_MASK.PICKUP,
};

/** Is `value` one of the three {@link ORDER_TYPE} codes? */
export function isOrderTypeCode(value: unknown): value is OrderTypeCode {
  return value === ORDER_TYPE.DINE_IN || value === ORDER_TYPE.DELIVERY || value === ORDER_TYPE.PICKUP;
}

/**
 * The mask of a set of order types (spec §4).
 *
 * @example
 * ```ts
 * maskOf([ORDER_TYPE.DELIVERY, ORDER_TYPE.PICKUP]); // 6
 * ```
 */
export function maskOf(types: readonly OrderTypeCode[]): number {
  let mask = 0;
  for (const type of types) mask |= MASK_BIT[type];
  return mask;
}

/**
 * The order types a mask enables, in code order (spec §4). Bits above 4 are ignored; a negative or
 * non-integer mask enables nothing.
 *
 * @example
 * ```ts
 * typesInMask(5); // [1, 3] — dine-in and pickup
 * ```
 */
export function typesInMask(mask: number): OrderTypeCode[] {
  if (!Number.isInteger(mask) || mask < 0) return [];
  return ALL_TYPES.filter((type) => (mask & MASK_BIT[type]) !== 0);
}

/** Where an order is being placed, for choosing its type. */
export interface OrderTypeContext {
  country: Country;
  /** A mall / food-court page (`/fc/:mall` or a mall host), not a single restaurant's. */
  mallMode: boolean;
  /** The restaurant's (or food court's) enabled order types, `enabledForOrderType`; missing = all. */
  restaurantMask?: number | null;
  /** The restaurant's own default type (restaurant setting `ot`), tried first when falling back. */
  restaurantDefault?: OrderTypeCode | null;
}

/**
 * The order types a diner may choose here (spec §4): the country's types (Indonesia: delivery and
 * pickup; Malaysia: all three) intersected with the restaurant's mask. Mall mode admits the same three
 * types; it changes only the fallback of {@link resolveOrderType}.
 *
 * @example
 * ```ts
 * allowedOrderTypes({ country: 'ID', mallMode: false, restaurantMask: 7 }); // [2, 3]
 * allowedOrderTypes({ country: 'MY', mallMode: false, restaurantMask: 5 }); // [1, 3]
 * ```
 */
export function allowedOrderTypes(context: OrderTypeContext): OrderTypeCode[] {
  const restaurantMask = context.restaurantMask ?? ORDER_TYPE_MASK.ALL;
  if (!Number.isInteger(restaurantMask) || restaurantMask < 0) return [];
  return typesInMask(COUNTRY_MASK[context.country] & restaurantMask);
}

/**
 * The type an order starts with when none was asked for (spec §2, §4): pickup in mall / food-court
 * mode (the spec's result when nothing else is valid), delivery in Indonesia, dine-in elsewhere (the
 * legacy QR link's `ot` defaults to 1).
 */
export function defaultOrderTypeFor(context: Pick<OrderTypeContext, 'country' | 'mallMode'>): OrderTypeCode {
  if (context.mallMode) return ORDER_TYPE.PICKUP;
  return context.country === 'ID' ? ORDER_TYPE.DELIVERY : ORDER_TYPE.DINE_IN;
}

/**
 * Reads the `:ot` route or query parameter: exactly `'1'`, `'2'` or `'3'` (or the number). Anything
 * else is no request.
 *
 * @example
 * ```ts
 * parseOrderTypeParam('3'); // 3
 * parseOrderTypeParam('4'); // undefined
 * ```
 */
export function parseOrderTypeParam(ot?: string | number | null): OrderTypeCode | undefined {
  if (typeof ot === 'number') return isOrderTypeCode(ot) ? ot : undefined;
  if (typeof ot !== 'string' || !/^[123]$/.test(ot)) return undefined;
  return Number(ot) as OrderTypeCode;
}

/**
 * Reads the `:pickupType` route parameter (spec §2: `/r/{nameid}/3/ta`): `ta` or `takeaway` is
 * takeaway, `pickup` is pickup (case-insensitive); anything else is no request.
 */
export function parsePickupTypeParam(pickupType?: string | null): PickupType | undefined {
  const value = typeof pickupType === 'string' ? pickupType.trim().toLowerCase() : '';
  if (value === 'ta' || value === 'takeaway') return 'takeaway';
  if (value === 'pickup') return 'pickup';
  return undefined;
}

/**
 * What the diner (or link) asked for: route-param strings (`{ orderType: '3', pickupType: 'ta' }`
 * for `/r/x/3/ta`) or typed values.
 */
export interface OrderTypeRequest {
  orderType?: OrderTypeCode | number | string | null;
  pickupType?: PickupType | string | null;
}

/** A resolved order type; `pickupType` is present exactly when the type is pickup. */
export interface ResolvedOrderType {
  orderType: OrderTypeCode;
  pickupType?: PickupType;
}

function resolved(orderType: OrderTypeCode, pickupType: PickupType | undefined): ResolvedOrderType {
  return orderType === ORDER_TYPE.PICKUP ? { orderType, pickupType: pickupType ?? 'pickup' } : { orderType };
}

/**
 * The order type to use for a request in a context (spec §4). In order:
 *
 * 1. Dine-in requested in Indonesia becomes pickup.
 * 2. A requested type that is allowed ({@link allowedOrderTypes}) is kept.
 * 3. Otherwise (nothing, an invalid code, or a type not allowed) the first allowed of this fallback
 *    order: the restaurant's default (`restaurantDefault`, not in mall mode), then
 *    {@link defaultOrderTypeFor} (mall: pickup; Indonesia: delivery; Malaysia: dine-in), then pickup,
 *    delivery, dine-in.
 * 4. When no type is allowed at all, pickup (the spec's result when none is valid).
 *
 * A pickup result carries `pickupType`: the requested one (`'ta'`/`'takeaway'` -> takeaway) or
 * `'pickup'`; other types carry none.
 *
 * @example
 * ```ts
 * const id = { country: 'ID', mallMode: false } as const;
 * resolveOrderType({ orderType: '1' }, id); // { orderType: 3, pickupType: 'pickup' }
 * resolveOrderType(undefined, id); // { orderType: 2 }
 * resolveOrderType({ orderType: '3', pickupType: 'ta' }, id); // { orderType: 3, pickupType: 'takeaway' }
 * ```
 */
export function resolveOrderType(
  requested: OrderTypeRequest | OrderTypeCode | null | undefined,
  context: OrderTypeContext,
): ResolvedOrderType {
  const request: OrderTypeRequest =
    typeof requested === 'object' && requested !== null ? requested : { orderType: requested };
  const pickupType = parsePickupTypeParam(request.pickupType);
  let type = parseOrderTypeParam(request.orderType);
  if (type === ORDER_TYPE.DINE_IN && context.country === 'ID') type = ORDER_TYPE.PICKUP;

  const allowed = allowedOrderTypes(context);
  if (type !== undefined && allowed.includes(type)) return resolved(type, pickupType);

  const fallbackOrder: (OrderTypeCode | null | undefined)[] = [
    context.mallMode ? undefined : context.restaurantDefault,
    defaultOrderTypeFor(context),
    ORDER_TYPE.PICKUP,
    ORDER_TYPE.DELIVERY,
    ORDER_TYPE.DINE_IN,
  ];
  const fallback = fallbackOrder.find((candidate) => candidate != null && allowed.includes(candidate));
  return resolved(fallback ?? ORDER_TYPE.PICKUP, pickupType);
}

/** An order whose type may need to change because of what it holds. */
export interface VoucherOrder {
  orderType: OrderTypeCode;
  pickupType?: PickupType;
  items: readonly { isVoucher: boolean }[];
}

/**
 * A delivery order holding only vouchers becomes a takeaway pickup (spec §4): a voucher is nothing to
 * deliver, and charging a delivery fee for it would be wrong. Any other order (including an empty
 * one, or one with a single food item) keeps its type.
 *
 * @example
 * ```ts
 * voucherOnlyDelivery({ orderType: 2, items: [{ isVoucher: true }] });
 * // { orderType: 3, pickupType: 'takeaway' }
 * ```
 */
export function voucherOnlyDelivery(order: VoucherOrder): ResolvedOrderType {
  const onlyVouchers = order.items.length > 0 && order.items.every((item) => item.isVoucher);
  if (order.orderType === ORDER_TYPE.DELIVERY && onlyVouchers) {
    return { orderType: ORDER_TYPE.PICKUP, pickupType: 'takeaway' };
  }
  return resolved(order.orderType, order.pickupType);
}
