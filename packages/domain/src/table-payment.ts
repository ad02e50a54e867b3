import { MESSAGE } from './messages';
import type { MessageKey } from './messages';
import { ORDER_TYPE } from './order-type';
import type { OrderTypeCode } from './order-type';
import { isRunningOrder } from './status';
import type { OrderStatus } from './status';

/** What paying a table's orders together reads of each order (spec §2 `/payments/…/:orderIds`). */
export interface TableOrder {
  orderId: number;
  restaurantId: number;
  tableId: number | null;
  orderType: OrderTypeCode;
  status: OrderStatus;
  /** What the order still owes, minor units. */
  owed: number;
}

/**
 * May `chosen` be paid in one payment by the diner of `own` (spec §2, §5)? Their own order is always
 * among them ("own order cannot be deselected when merging orders"), and every one is a running
 * dine-in order at the same restaurant and table that still owes money. Null when it may; else the
 * words of the refusal.
 *
 * @example
 * ```ts
 * tablePaymentRefusal(own, [own, friendsOrder]); // null: both at table 5003, both owe
 * tablePaymentRefusal(own, [friendsOrder]); // 'validation.ownOrderCannotBeDeselected'
 * ```
 */
export function tablePaymentRefusal(own: TableOrder, chosen: readonly TableOrder[]): MessageKey | null {
  if (!chosen.some((order) => order.orderId === own.orderId)) return MESSAGE.ownOrderCannotBeDeselected;
  const ids = new Set(chosen.map((order) => order.orderId));
  if (ids.size !== chosen.length) return MESSAGE.tableOrdersInvalid;
  const payable = chosen.every(
    (order) =>
      order.orderType === ORDER_TYPE.DINE_IN &&
      order.restaurantId === own.restaurantId &&
      order.tableId !== null &&
      order.tableId === own.tableId &&
      isRunningOrder(order.status) &&
      order.owed > 0,
  );
  return payable ? null : MESSAGE.tableOrdersInvalid;
}

/**
 * The diner ticks or unticks order `orderId` in the list of a table's orders: the new selection, or
 * the same one with the words to show when the diner tried to untick their own order.
 */
export function toggleTableOrder(
  selected: readonly number[],
  orderId: number,
  ownOrderId: number,
): { selected: number[]; refused?: MessageKey } {
  if (orderId === ownOrderId) {
    return { selected: [...selected], refused: MESSAGE.ownOrderCannotBeDeselected };
  }
  return selected.includes(orderId)
    ? { selected: selected.filter((id) => id !== orderId) }
    : { selected: [...selected, orderId] };
}

/**
 * The order ids of the `orderIds` route segment (`'67,68'`), positive integers in the order given,
 * each once; anything that is not such a list is none.
 */
export function parseOrderIds(segment: string | null | undefined): number[] {
  if (!segment) return [];
  const ids = segment.split(',').map((part) => Number(part.trim()));
  if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) return [];
  return [...new Set(ids)];
}
