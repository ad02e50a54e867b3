import { z } from 'zod/mini';
import { MESSAGE } from './messages';
import type { OrderTypeCode, PickupType, VoucherOrder } from './order-type';
import { ORDER_TYPE, voucherOnlyDelivery } from './order-type';

/** When the order is wanted (spec §3): as soon as possible, or at a scheduled slot. */
export type OrderTime = 'ASAP' | 'SCHEDULED';

/**
 * The table label of a takeaway order (spec §3). It is display data kept in the stored context, as
 * the product always has; apps may translate it when shown.
 */
export const TAKEAWAY_TABLE_LABEL = 'Takeaway';

/** The default `tableNo` of a delivery order (spec §3). */
export const DELIVERY_TABLE_NO = 'dl';

/** The default `tableNo` of a pickup order (spec §3). */
export const PICKUP_TABLE_NO = 'pickup';

/**
 * The order context a diner carries per restaurant for the browser session (spec §3, §4).
 * `pickupType` is present only for pickup orders; `date`, `time`, `epoch` (Unix seconds) and
 * `selectedTime` only for scheduled ones.
 */
export interface OrderContext {
  orderType: OrderTypeCode;
  orderTime: OrderTime;
  /** The table number; `'dl'` for delivery, `'pickup'` for pickup, `''` for dine-in before a table is known. */
  tableNo: string;
  /** The table's display name; `'Takeaway'` for takeaway, `''` when there is none. */
  table: string;
  pickupType?: PickupType;
  date?: string;
  time?: string;
  /** The scheduled slot's start, Unix seconds. */
  epoch?: number;
  selectedTime?: string;
}

/** The scheduled slot as the schedule popup gives it (spec §3: date, time, epoch, selectedTime). */
export interface OrderSchedule {
  date: string;
  time: string;
  /** Unix seconds. */
  epoch: number;
  selectedTime: string;
}

/** The table defaults of an order type (spec §3). */
function tableDefaults(
  orderType: OrderTypeCode,
  pickupType: PickupType | undefined,
): { tableNo: string; table: string } {
  if (orderType === ORDER_TYPE.DELIVERY) return { tableNo: DELIVERY_TABLE_NO, table: '' };
  if (orderType === ORDER_TYPE.PICKUP) {
    return { tableNo: PICKUP_TABLE_NO, table: pickupType === 'takeaway' ? TAKEAWAY_TABLE_LABEL : '' };
  }
  return { tableNo: '', table: '' };
}

function pickupTypeFor(orderType: OrderTypeCode, pickupType: PickupType | undefined): PickupType | undefined {
  return orderType === ORDER_TYPE.PICKUP ? (pickupType ?? 'pickup') : undefined;
}

/**
 * A fresh ASAP order context (spec §3). The table defaults to `'dl'` for delivery, `'pickup'` (label
 * `'Takeaway'` when takeaway) for pickup and empty for dine-in; a `tableNo` or `table` passed in wins.
 * A pickup order gets `pickupType` (default `'pickup'`); other types drop it.
 *
 * @example
 * ```ts
 * createOrderContext({ orderType: 3, pickupType: 'takeaway' });
 * // { orderType: 3, orderTime: 'ASAP', tableNo: 'pickup', table: 'Takeaway', pickupType: 'takeaway' }
 * createOrderContext({ orderType: 1, tableNo: '12', table: 'T12' });
 * // { orderType: 1, orderTime: 'ASAP', tableNo: '12', table: 'T12' }
 * ```
 */
export function createOrderContext(input: {
  orderType: OrderTypeCode;
  pickupType?: PickupType;
  tableNo?: string;
  table?: string;
}): OrderContext {
  const pickupType = pickupTypeFor(input.orderType, input.pickupType);
  const defaults = tableDefaults(input.orderType, pickupType);
  const context: OrderContext = {
    orderType: input.orderType,
    orderTime: 'ASAP',
    tableNo: input.tableNo ?? defaults.tableNo,
    table: input.table ?? defaults.table,
  };
  if (pickupType) context.pickupType = pickupType;
  return context;
}

/**
 * Switches the order type (spec §3, §4), keeping the order time and schedule. A change of type or of
 * pickup type resets the table to the new type's defaults (a dine-in table means nothing to a
 * delivery); asking for the same type and pickup type returns `context` itself.
 *
 * @example
 * ```ts
 * withOrderType(dineInAtT12, ORDER_TYPE.DELIVERY); // tableNo 'dl', table ''
 * ```
 */
export function withOrderType(
  context: OrderContext,
  orderType: OrderTypeCode,
  pickupType?: PickupType,
): OrderContext {
  const nextPickupType = pickupTypeFor(orderType, pickupType ?? context.pickupType);
  if (orderType === context.orderType && nextPickupType === context.pickupType) return context;
  const { pickupType: _dropped, ...rest } = context;
  const next: OrderContext = { ...rest, orderType, ...tableDefaults(orderType, nextPickupType) };
  if (nextPickupType) next.pickupType = nextPickupType;
  return next;
}

/**
 * The context an order is placed and priced with, given what the cart holds (spec §4): a delivery
 * holding only vouchers becomes a takeaway pickup ({@link voucherOnlyDelivery}) with takeaway's table
 * defaults (`tableNo` `'pickup'`, label `'Takeaway'`), so no delivery fee and no `'dl'` table; any
 * other cart keeps `context` itself. The server prices and stores the order with it and the apps show
 * it, so the cart and the bill agree.
 *
 * @example
 * ```ts
 * placedContext(deliveryContext, [{ isVoucher: true }]);
 * // { orderType: 3, pickupType: 'takeaway', tableNo: 'pickup', table: 'Takeaway', orderTime: 'ASAP' }
 * ```
 */
export function placedContext<C extends Pick<OrderContext, 'orderType' | 'pickupType'>>(
  context: C,
  items: VoucherOrder['items'],
): C & { tableNo?: string; table?: string } {
  const converted = voucherOnlyDelivery({
    orderType: context.orderType,
    ...(context.pickupType ? { pickupType: context.pickupType } : {}),
    items,
  });
  if (converted.orderType === context.orderType) return context;
  return {
    ...context,
    orderType: converted.orderType,
    pickupType: converted.pickupType,
    ...tableDefaults(converted.orderType, converted.pickupType),
  };
}

/**
 * Makes the order ASAP (spec §4): `date`, `time`, `epoch` and `selectedTime` are dropped.
 */
export function withAsap(context: OrderContext): OrderContext {
  const { date: _date, time: _time, epoch: _epoch, selectedTime: _selectedTime, ...rest } = context;
  return { ...rest, orderTime: 'ASAP' };
}

/**
 * Schedules the order for a slot (spec §4): keeps `date`, `time`, `epoch` (Unix seconds) and
 * `selectedTime`. Whether the slot is valid is `@santap/schedule`'s question, asked before this.
 */
export function withSchedule(context: OrderContext, schedule: OrderSchedule): OrderContext {
  return {
    ...context,
    orderTime: 'SCHEDULED',
    date: schedule.date,
    time: schedule.time,
    epoch: schedule.epoch,
    selectedTime: schedule.selectedTime,
  };
}

/** Sets the table (number and display name), e.g. after a dine-in table QR is checked (spec §3). */
export function withTable(context: OrderContext, table: { tableNo: string; table: string }): OrderContext {
  return { ...context, tableNo: table.tableNo, table: table.table };
}

/**
 * The stored form of an {@link OrderContext} (spec §3: kept for the browser session). Parsing rejects
 * an unknown order type, a `pickupType` on a non-pickup order, a scheduled context without `date`,
 * `time` and `epoch`, and an ASAP context that still carries schedule fields (each issue's message is
 * `MESSAGE.invalidInput`, its path the field); callers then start a fresh context with
 * {@link createOrderContext}. Unknown keys are stripped.
 *
 * @example
 * ```ts
 * const parsed = orderContextSchema.safeParse(JSON.parse(stored));
 * const context = parsed.success ? parsed.data : createOrderContext({ orderType });
 * ```
 */
export const orderContextSchema = z
  .object({
    orderType: z.literal([ORDER_TYPE.DINE_IN, ORDER_TYPE.DELIVERY, ORDER_TYPE.PICKUP]),
    orderTime: z.enum(['ASAP', 'SCHEDULED']),
    tableNo: z.string(),
    table: z.string(),
    pickupType: z.optional(z.enum(['takeaway', 'pickup'])),
    date: z.optional(z.string().check(z.minLength(1))),
    time: z.optional(z.string().check(z.minLength(1))),
    epoch: z.optional(z.int().check(z.nonnegative())),
    selectedTime: z.optional(z.string()),
  })
  .check(
    z.superRefine((context, issues) => {
      if (context.pickupType !== undefined && context.orderType !== ORDER_TYPE.PICKUP) {
        issues.addIssue({ code: 'custom', path: ['pickupType'], message: MESSAGE.invalidInput });
      }
      if (context.orderTime === 'SCHEDULED') {
        for (const key of ['date', 'time', 'epoch'] as const) {
          if (context[key] === undefined) {
            issues.addIssue({ code: 'custom', path: [key], message: MESSAGE.invalidInput });
          }
        }
      } else {
        for (const key of ['date', 'time', 'epoch', 'selectedTime'] as const) {
          if (context[key] !== undefined) {
            issues.addIssue({ code: 'custom', path: [key], message: MESSAGE.invalidInput });
          }
        }
      }
    }),
  );
