import { MESSAGE } from './messages';
import type { MessageKey } from './messages';
import { ORDER_TYPE } from './order-type';
import type { OrderTypeCode, PickupType } from './order-type';
import { ORDER_STATUS, canTransition, isRunningOrder } from './status';
import type { OrderPaymentState, OrderStatus } from './status';

/**
 * Where an order is placed: its restaurant and, for an outlet of a food court, that food court. The
 * outlets of one food court are one place (one table, one cart, one payment), so they never count as
 * "different restaurants" for each other (spec §5).
 */
export interface OrderPlace {
  restaurantId: number;
  /** The food court the restaurant is an outlet of; null or absent for a restaurant on its own. */
  foodCourtId?: number | null | undefined;
}

/** What the running-order rules read of an existing order. */
export interface RunningOrderFacts {
  status: OrderStatus;
  orderType: OrderTypeCode;
  pickupType?: PickupType | string | null | undefined;
  place: OrderPlace;
}

/**
 * Are two places the same for the running-order rule: the same restaurant, or two outlets of the same
 * food court?
 *
 * @example
 * ```ts
 * samePlace({ restaurantId: 1, foodCourtId: 9 }, { restaurantId: 2, foodCourtId: 9 }); // true
 * samePlace({ restaurantId: 1 }, { restaurantId: 2 }); // false
 * ```
 */
export function samePlace(a: OrderPlace, b: OrderPlace): boolean {
  if (a.restaurantId === b.restaurantId) return true;
  return a.foodCourtId != null && a.foodCourtId === b.foodCourtId;
}

/** The kind of order the one-running-order rule is about: dine-in, or a takeaway pickup. */
export type RunningOrderKind = 'dineIn' | 'takeaway';

/** Which kind of running order `order` is for spec §5, or undefined (delivery, plain pickup). */
export function runningOrderKind(order: {
  orderType: OrderTypeCode;
  pickupType?: PickupType | string | null | undefined;
}): RunningOrderKind | undefined {
  if (order.orderType === ORDER_TYPE.DINE_IN) return 'dineIn';
  if (order.orderType === ORDER_TYPE.PICKUP && order.pickupType === 'takeaway') return 'takeaway';
  return undefined;
}

/** The §8 words of a conflict of each kind. */
const CONFLICT_MESSAGE: Record<RunningOrderKind, MessageKey> = {
  dineIn: MESSAGE.runningDineInElsewhere,
  takeaway: MESSAGE.runningTakeawayElsewhere,
};

/** A running order elsewhere that stops a new one, and the §8 words for it. */
export interface RunningOrderConflict<T extends RunningOrderFacts> {
  order: T;
  message: MessageKey;
}

/**
 * Spec §5 "Only one running dine-in or takeaway order across different restaurants": the caller's
 * running orders of that kind placed somewhere else than `at` (the new order's outlets; one place per
 * outlet, see {@link samePlace}). With `kind` (the new order's), only orders of that kind conflict; without it
 * (the pre-check of `match-running-orders`, before the diner has chosen) both kinds do. The first
 * conflict's words are the ones to show.
 *
 * @example
 * ```ts
 * // A dine-in order running at outlet 1 of food court 9; the new cart is at outlet 2 of the same court.
 * runningOrderConflicts(
 *   [{ status: ORDER_STATUS.CONFIRMED, orderType: ORDER_TYPE.DINE_IN, place: { restaurantId: 1, foodCourtId: 9 } }],
 *   [{ restaurantId: 2, foodCourtId: 9 }],
 *   'dineIn',
 * ); // []
 * ```
 */
export function runningOrderConflicts<T extends RunningOrderFacts>(
  orders: readonly T[],
  at: readonly OrderPlace[],
  kind?: RunningOrderKind,
): RunningOrderConflict<T>[] {
  return orders.flatMap((order) => {
    const orderKind = runningOrderKind(order);
    if (orderKind === undefined || (kind !== undefined && orderKind !== kind)) return [];
    if (!isRunningOrder(order.status)) return [];
    if (at.some((place) => samePlace(place, order.place))) return [];
    return [{ order, message: CONFLICT_MESSAGE[orderKind] }];
  });
}

/** What adding items reads of the running order (spec §4 "More items added"). */
export interface AddMoreTarget {
  status: OrderStatus;
  orderType: OrderTypeCode;
  pickupType?: PickupType | string | null | undefined;
  restaurantId: number;
  tableId?: number | null | undefined;
  /** A scheduled order is made at its slot; items join it only as a new order. */
  scheduled?: boolean | undefined;
}

/** What the new items ask for: where, how and at which table. */
export interface AddMoreRequest {
  restaurantId: number;
  orderType: OrderTypeCode;
  pickupType?: PickupType | string | null | undefined;
  tableId?: number | null | undefined;
}

/** Statuses in which items join the order without it changing status: nothing is accepted yet, or the last batch still waits. */
const JOINS_AS_IS: readonly OrderStatus[] = [
  ORDER_STATUS.WAITING_CONFIRMATION,
  ORDER_STATUS.MORE_ITEMS_ADDED,
];

/**
 * May more items join this running order (spec §4 "More items added", the dine-in and takeaway
 * "add more" flow)? True for a running dine-in or takeaway order, not scheduled, while it waits for
 * confirmation, awaits a batch, or may move to "more items added" (confirmed up to served).
 *
 * @example
 * ```ts
 * canAddItemsTo({ status: ORDER_STATUS.PREPARING, orderType: ORDER_TYPE.DINE_IN, restaurantId: 1 }); // true
 * canAddItemsTo({ status: ORDER_STATUS.COMPLETED, orderType: ORDER_TYPE.DINE_IN, restaurantId: 1 }); // false
 * ```
 */
export function canAddItemsTo(order: AddMoreTarget): boolean {
  if (runningOrderKind(order) === undefined || order.scheduled === true) return false;
  if (JOINS_AS_IS.includes(order.status)) return true;
  return canTransition(order.status, ORDER_STATUS.MORE_ITEMS_ADDED, { orderType: order.orderType });
}

/**
 * Why new items may not join `order`, or null when they may: the order no longer takes items
 * (`errors.addMoreClosed`), it is another restaurant's or another kind of order
 * (`errors.addMoreMismatch`), or a dine-in order at another table (`errors.wrongTable`, re-scan).
 */
export function addMoreRefusal(order: AddMoreTarget, request: AddMoreRequest): MessageKey | null {
  if (!canAddItemsTo(order)) return MESSAGE.addMoreClosed;
  if (order.restaurantId !== request.restaurantId || runningOrderKind(order) !== runningOrderKind(request)) {
    return MESSAGE.addMoreMismatch;
  }
  if (order.orderType === ORDER_TYPE.DINE_IN && (request.tableId ?? null) !== (order.tableId ?? null)) {
    return MESSAGE.wrongTable;
  }
  return null;
}

/**
 * The order's status once a batch of items joined it: it awaits the kitchen's confirmation of the
 * batch as "more items added" (status 14); an order not yet confirmed stays waiting (the kitchen
 * confirms everything at once), one already awaiting a batch stays so.
 */
export function statusAfterAddingItems(status: OrderStatus): OrderStatus {
  return JOINS_AS_IS.includes(status) ? status : ORDER_STATUS.MORE_ITEMS_ADDED;
}

/** The batch number of the next items of an order whose items carry `batches` (1 for the first). */
export function nextBatch(batches: readonly number[]): number {
  return batches.reduce((highest, batch) => Math.max(highest, batch), 0) + 1;
}

/**
 * The order's payment state once its bill grew by a batch: a fully paid order owes the new items
 * (`partial_paid`); any other state stays (unpaid, partly paid, an attempt in progress). This is the
 * bill changing, not a payment going backwards, so it is not one of `canPaymentTransition`'s moves.
 */
export function paymentStateAfterBillGrew(state: OrderPaymentState): OrderPaymentState {
  return state === 'paid' ? 'partial_paid' : state;
}
