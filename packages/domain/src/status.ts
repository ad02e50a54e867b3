import type { OrderTypeCode } from './order-type';
import { ORDER_TYPE } from './order-type';

// ---------------------------------------------------------------------------------------------------
// Order status
// ---------------------------------------------------------------------------------------------------

/**
 * Order status codes (spec §4). Completed 4 and cancelled 6 are fixed by the spec; the other codes
 * are ours. `SERVED_OR_PICKED` is one code for the hand-over of a dine-in (served) or pickup (picked)
 * order; a delivery is handed over as `ON_THE_WAY` then `DELIVERED`.
 */
export const ORDER_STATUS = {
  WAITING_CONFIRMATION: 0,
  CONFIRMED: 1,
  PREPARING: 2,
  READY: 3,
  COMPLETED: 4,
  DECLINED: 5,
  CANCELLED: 6,
  SCHEDULED: 7,
  SCHEDULED_ACCEPTED: 8,
  PREPARED: 9,
  SERVED_OR_PICKED: 10,
  ON_THE_WAY: 11,
  DELIVERED: 12,
  DELETED: 13,
  MORE_ITEMS_ADDED: 14,
} as const;

/** One of the {@link ORDER_STATUS} codes. */
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

/** The name of an order status, e.g. `'WAITING_CONFIRMATION'`. */
export type OrderStatusName = keyof typeof ORDER_STATUS;

const S = ORDER_STATUS;

/**
 * The catalogue key of each order status's wording (spec §4), `status.<name>` in camelCase. These are
 * display keys for the `@santap/i18n` catalogues, not error messages, so they are not in `MESSAGE`.
 * For a served-or-picked order prefer {@link orderStatusWordingKey}, which says which.
 */
export const ORDER_STATUS_WORDING_KEY = {
  [S.WAITING_CONFIRMATION]: 'status.waitingConfirmation',
  [S.CONFIRMED]: 'status.confirmed',
  [S.PREPARING]: 'status.preparing',
  [S.READY]: 'status.ready',
  [S.COMPLETED]: 'status.completed',
  [S.DECLINED]: 'status.declined',
  [S.CANCELLED]: 'status.cancelled',
  [S.SCHEDULED]: 'status.scheduled',
  [S.SCHEDULED_ACCEPTED]: 'status.scheduledAccepted',
  [S.PREPARED]: 'status.prepared',
  [S.SERVED_OR_PICKED]: 'status.servedOrPicked',
  [S.ON_THE_WAY]: 'status.onTheWay',
  [S.DELIVERED]: 'status.delivered',
  [S.DELETED]: 'status.deleted',
  [S.MORE_ITEMS_ADDED]: 'status.moreItemsAdded',
} as const satisfies Record<OrderStatus, `status.${string}`>;

/** Statuses no order leaves (spec §4): completed, cancelled, declined, deleted. */
const TERMINAL_ORDER_STATUSES: ReadonlySet<OrderStatus> = new Set([
  S.COMPLETED,
  S.CANCELLED,
  S.DECLINED,
  S.DELETED,
]);

/** Statuses in which the restaurant has not yet accepted the order. */
const AWAITING_ACCEPTANCE: ReadonlySet<OrderStatus> = new Set([S.WAITING_CONFIRMATION, S.SCHEDULED]);

/**
 * Which statuses each status may move to (spec §4; the spec leaves transitions open, so this is the
 * table a real kitchen needs — the package README shows it with the reasons).
 */
const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  [S.WAITING_CONFIRMATION]: [S.CONFIRMED, S.DECLINED, S.CANCELLED, S.DELETED],
  [S.SCHEDULED]: [S.SCHEDULED_ACCEPTED, S.DECLINED, S.CANCELLED, S.DELETED],
  [S.SCHEDULED_ACCEPTED]: [S.PREPARING, S.CANCELLED],
  [S.CONFIRMED]: [S.PREPARING, S.MORE_ITEMS_ADDED, S.CANCELLED],
  [S.PREPARING]: [S.PREPARED, S.READY, S.MORE_ITEMS_ADDED, S.CANCELLED],
  [S.PREPARED]: [S.READY, S.SERVED_OR_PICKED, S.ON_THE_WAY, S.MORE_ITEMS_ADDED],
  [S.READY]: [S.SERVED_OR_PICKED, S.ON_THE_WAY, S.MORE_ITEMS_ADDED],
  [S.SERVED_OR_PICKED]: [S.COMPLETED, S.MORE_ITEMS_ADDED],
  [S.ON_THE_WAY]: [S.DELIVERED],
  [S.DELIVERED]: [S.COMPLETED],
  [S.MORE_ITEMS_ADDED]: [S.CONFIRMED, S.CANCELLED],
  [S.COMPLETED]: [],
  [S.CANCELLED]: [],
  [S.DECLINED]: [],
  [S.DELETED]: [],
};

/** Statuses only some order types may enter; absent = every type. */
const ORDER_TYPES_FOR_STATUS: Partial<Record<OrderStatus, readonly OrderTypeCode[]>> = {
  [S.SERVED_OR_PICKED]: [ORDER_TYPE.DINE_IN, ORDER_TYPE.PICKUP],
  [S.ON_THE_WAY]: [ORDER_TYPE.DELIVERY],
  [S.DELIVERED]: [ORDER_TYPE.DELIVERY],
  // Adding to a running order is the dine-in and takeaway "add more" flow (spec §2, type=addmore).
  [S.MORE_ITEMS_ADDED]: [ORDER_TYPE.DINE_IN, ORDER_TYPE.PICKUP],
};

/** Every order status code, ascending. */
export const ORDER_STATUSES: readonly OrderStatus[] = Object.values(ORDER_STATUS);

/** Is `value` one of the {@link ORDER_STATUS} codes? */
export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'number' && (ORDER_STATUSES as readonly number[]).includes(value);
}

/**
 * May an order move from `from` to `to` (spec §4)? Follows the transition table in the README. With
 * `orderType`, hand-over statuses must fit the type: served/picked is for dine-in and pickup, on the
 * way and delivered for delivery, more items added for dine-in and pickup. Staying in the same status
 * is not a transition. Terminal statuses (completed, cancelled, declined, deleted) go nowhere.
 *
 * Who may make a move is the caller's rule: the diner may only cancel, and only before acceptance
 * ({@link canDinerCancel}); the restaurant may cancel an accepted order until the kitchen has finished
 * it (not from prepared or ready on).
 *
 * @example
 * ```ts
 * canTransition(ORDER_STATUS.READY, ORDER_STATUS.ON_THE_WAY, { orderType: ORDER_TYPE.DELIVERY }); // true
 * canTransition(ORDER_STATUS.READY, ORDER_STATUS.SERVED_OR_PICKED, { orderType: ORDER_TYPE.DELIVERY }); // false
 * canTransition(ORDER_STATUS.COMPLETED, ORDER_STATUS.CANCELLED); // false
 * ```
 */
export function canTransition(
  from: OrderStatus,
  to: OrderStatus,
  options: { orderType?: OrderTypeCode } = {},
): boolean {
  if (!ORDER_TRANSITIONS[from]?.includes(to)) return false;
  const types = ORDER_TYPES_FOR_STATUS[to];
  return options.orderType === undefined || types === undefined || types.includes(options.orderType);
}

/** The statuses `from` may move to (for an order type, if given), in code order. */
export function nextOrderStatuses(
  from: OrderStatus,
  options: { orderType?: OrderTypeCode } = {},
): OrderStatus[] {
  return ORDER_STATUSES.filter((to) => canTransition(from, to, options));
}

/** Is the status final (completed, cancelled, declined, deleted)? */
export function isTerminalOrderStatus(status: OrderStatus): boolean {
  return TERMINAL_ORDER_STATUSES.has(status);
}

/**
 * Is the order still running (any status that is not terminal)? Used for "only one running dine-in
 * or takeaway order across different restaurants" (spec §5).
 */
export function isRunningOrder(status: OrderStatus): boolean {
  return !TERMINAL_ORDER_STATUSES.has(status);
}

/**
 * Has the restaurant accepted the order, and does it stand? True from confirmed / scheduled-accepted
 * up to and including completed; false while waiting for acceptance and for declined, cancelled or
 * deleted orders.
 */
export function isAccepted(status: OrderStatus): boolean {
  return !AWAITING_ACCEPTANCE.has(status) && (status === S.COMPLETED || isRunningOrder(status));
}

/**
 * May the diner cancel (spec §5: "Cancellation only while the merchant has not accepted the order")?
 * True while waiting for confirmation or scheduled but not yet accepted.
 */
export function canDinerCancel(status: OrderStatus): boolean {
  return AWAITING_ACCEPTANCE.has(status);
}

/**
 * The wording key of a status for an order type: a served-or-picked order reads `status.served` for
 * dine-in and `status.picked` for pickup; every other case is {@link ORDER_STATUS_WORDING_KEY}.
 */
export function orderStatusWordingKey(status: OrderStatus, orderType?: OrderTypeCode): OrderStatusWordingKey {
  if (status === S.SERVED_OR_PICKED && orderType === ORDER_TYPE.DINE_IN) return 'status.served';
  if (status === S.SERVED_OR_PICKED && orderType === ORDER_TYPE.PICKUP) return 'status.picked';
  return ORDER_STATUS_WORDING_KEY[status];
}

// ---------------------------------------------------------------------------------------------------
// Item status
// ---------------------------------------------------------------------------------------------------

/**
 * Status of one order item (spec §4: "The manager confirms or declines orders and items"; wording
 * "item declined"). Items of an added round wait while their order is `MORE_ITEMS_ADDED`.
 */
export const ITEM_STATUS = { WAITING_CONFIRMATION: 0, CONFIRMED: 1, DECLINED: 2 } as const;

/** One of the {@link ITEM_STATUS} codes. */
export type ItemStatus = (typeof ITEM_STATUS)[keyof typeof ITEM_STATUS];

/** Wording key of each item status (display keys for the catalogues, not in `MESSAGE`). */
export const ITEM_STATUS_WORDING_KEY = {
  [ITEM_STATUS.WAITING_CONFIRMATION]: 'status.itemWaitingConfirmation',
  [ITEM_STATUS.CONFIRMED]: 'status.itemConfirmed',
  [ITEM_STATUS.DECLINED]: 'status.itemDeclined',
} as const satisfies Record<ItemStatus, `status.${string}`>;

/** An item is confirmed or declined once, from waiting; both outcomes are final. */
export function canItemTransition(from: ItemStatus, to: ItemStatus): boolean {
  return from === ITEM_STATUS.WAITING_CONFIRMATION && to !== ITEM_STATUS.WAITING_CONFIRMATION;
}

/** Every wording key of an order or item status: the `status.*` keys the catalogues must hold. */
export type OrderStatusWordingKey =
  (typeof ORDER_STATUS_WORDING_KEY)[OrderStatus] | 'status.served' | 'status.picked';

/** Every `status.*` wording key, for catalogue completeness tests. */
export const STATUS_WORDING_KEYS: readonly string[] = [
  ...Object.values(ORDER_STATUS_WORDING_KEY),
  'status.served',
  'status.picked',
  ...Object.values(ITEM_STATUS_WORDING_KEY),
];

// ---------------------------------------------------------------------------------------------------
// Payments
// ---------------------------------------------------------------------------------------------------

/** Payment result codes of `/payment/response?status=` (spec §4): success 1, incomplete 0, failure 2. */
export const PAYMENT_RESULT = { SUCCESS: 1, INCOMPLETE: 0, FAILURE: 2 } as const;

/** One of the {@link PAYMENT_RESULT} codes. */
export type PaymentResultCode = (typeof PAYMENT_RESULT)[keyof typeof PAYMENT_RESULT];

/**
 * Reads a payment result code from a query value (`'1'`, `'0'`, `'2'` or the number); anything else
 * is `undefined`.
 */
export function parsePaymentResult(value: unknown): PaymentResultCode | undefined {
  const code = typeof value === 'string' && /^[012]$/.test(value) ? Number(value) : value;
  return code === 0 || code === 1 || code === 2 ? code : undefined;
}

/** States of the payment page (spec §4). */
export const PAYMENT_PAGE_STATES = ['initiated', 'processing', 'pending', 'failed', 'success'] as const;

/** One of the {@link PAYMENT_PAGE_STATES}. */
export type PaymentPageState = (typeof PAYMENT_PAGE_STATES)[number];

/**
 * The page state a payment result shows: success -> `success`, failure -> `failed`, incomplete ->
 * `pending` (spec §8: "payment pending or incomplete, try another method").
 */
export function paymentPageStateFor(result: PaymentResultCode): PaymentPageState {
  if (result === PAYMENT_RESULT.SUCCESS) return 'success';
  if (result === PAYMENT_RESULT.FAILURE) return 'failed';
  return 'pending';
}

/** Payment states of an order (spec §4). */
export const ORDER_PAYMENT_STATES = [
  'unpaid',
  'partial_paid',
  'paid',
  'pending',
  'failed',
  'processing',
  'refund_initiated',
  'refunded',
] as const;

/** One of the {@link ORDER_PAYMENT_STATES}. */
export type OrderPaymentState = (typeof ORDER_PAYMENT_STATES)[number];

/**
 * The order payment moves (spec §4). Attempt states (processing, pending, failed) may follow each other
 * while nothing is captured: a failed attempt is retried, a pending one replaced by another method.
 * Once money is captured (partial_paid, paid) the order never returns to an uncaptured state, and a
 * refund only goes forward.
 */
const PAYMENT_TRANSITIONS: Readonly<Record<OrderPaymentState, readonly OrderPaymentState[]>> = {
  unpaid: ['processing', 'pending', 'failed', 'partial_paid', 'paid'],
  processing: ['pending', 'failed', 'partial_paid', 'paid'],
  pending: ['processing', 'failed', 'partial_paid', 'paid'],
  failed: ['processing', 'pending', 'partial_paid', 'paid'],
  partial_paid: ['paid', 'refund_initiated'],
  paid: ['refund_initiated'],
  refund_initiated: ['refunded'],
  refunded: [],
};

/**
 * May an order's payment state move from `from` to `to` (spec §4)? Never backwards: nothing returns
 * to unpaid, paid never goes back to pending / processing / failed, a refund only starts from captured
 * money and only moves on to refunded. A late gateway success after a failure is accepted.
 *
 * @example
 * ```ts
 * canPaymentTransition('failed', 'processing'); // true — retry
 * canPaymentTransition('paid', 'pending'); // false
 * ```
 */
export function canPaymentTransition(from: OrderPaymentState, to: OrderPaymentState): boolean {
  return PAYMENT_TRANSITIONS[from]?.includes(to) ?? false;
}

/**
 * May the invoice of an order (or of a food-court order) be e-mailed (spec §7 'email invoice')? Only
 * once its payment is settled: an invoice of an unpaid order is no invoice, and mailing one to any
 * address would make the API a relay of our mail domain. Refunds come after a settled payment, so
 * their invoices may still go.
 *
 * @example
 * ```ts
 * invoiceMayBeMailed('paid'); // true
 * invoiceMayBeMailed('pending'); // false
 * ```
 */
export function invoiceMayBeMailed(paymentStatus: string): boolean {
  return (INVOICE_MAILABLE_PAYMENT_STATES as readonly string[]).includes(paymentStatus);
}

/** The payment states whose invoice may be mailed ({@link invoiceMayBeMailed}). */
export const INVOICE_MAILABLE_PAYMENT_STATES: readonly OrderPaymentState[] = [
  'paid',
  'refund_initiated',
  'refunded',
];

// ---------------------------------------------------------------------------------------------------
// Bookings
// ---------------------------------------------------------------------------------------------------

/** Table-booking states (spec §4). */
export const BOOKING_STATES = [
  'confirmation_pending',
  'confirmed',
  'modification_requested',
  'cancelled',
  'payment_pending',
  'payment_failed',
  'refund_initiated',
  'refund_processed',
  'declined',
  /** The diner did not come to a confirmed booking (staff mark it once its time has passed); a paid token is kept. */
  'no_show',
] as const;

/** One of the {@link BOOKING_STATES}. */
export type BookingState = (typeof BOOKING_STATES)[number];

/**
 * Booking moves (spec §4). A booking with a token amount starts at `payment_pending`, one without at
 * `confirmation_pending`. A request to modify waits for the restaurant: accepting it confirms the
 * modified booking; declining it puts the original booking back in the state it had before the
 * request (`confirmation_pending` if staff had not confirmed it yet, else `confirmed`). Cancelled or declined bookings with a paid token are refunded.
 * A capture that arrives after the gateway reported a failure still pays the token (`payment_failed` →
 * `confirmation_pending`).
 */
const BOOKING_TRANSITIONS: Readonly<Record<BookingState, readonly BookingState[]>> = {
  payment_pending: ['confirmation_pending', 'payment_failed', 'cancelled'],
  // A gateway may capture late, after it reported a failure: the token is paid after all.
  payment_failed: ['payment_pending', 'confirmation_pending', 'cancelled'],
  confirmation_pending: ['confirmed', 'declined', 'cancelled', 'modification_requested'],
  // No-show: staff mark a confirmed booking whose time has passed; its paid token is kept, not refunded.
  confirmed: ['modification_requested', 'cancelled', 'no_show'],
  // Accepted -> confirmed; declined -> back to the state it was asked from (not yet confirmed, or confirmed).
  modification_requested: ['confirmed', 'confirmation_pending', 'cancelled'],
  cancelled: ['refund_initiated'],
  declined: ['refund_initiated'],
  refund_initiated: ['refund_processed'],
  refund_processed: [],
  no_show: [],
};

/**
 * May a booking move from `from` to `to` (spec §4)? See the table in the README. Whether a
 * modification or cancellation is still allowed so close to the booking time (spec §5) is a separate,
 * time-based check.
 */
export function canBookingTransition(from: BookingState, to: BookingState): boolean {
  return BOOKING_TRANSITIONS[from]?.includes(to) ?? false;
}
