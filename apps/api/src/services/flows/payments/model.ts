/**
 * What the payment service, refunds and reconciliation share: the payment's own state moves, the
 * order's payment state (through `canPaymentTransition`, never backwards), references, allocations,
 * refund keys and the live event. No imports from services/flows/ordering/orders, so ordering may call refunds.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PAYMENT_RESULT, canPaymentTransition, paymentLock } from '@santap/domain';
import type { OrderPaymentState, PaymentPageState, PaymentResultCode } from '@santap/domain';
import type { DbOrTx } from '../../../db/client';
import { carts, foodCourtOrders, malls, orders, payments, restaurants } from '../../../db/schema';
import type { AppContext } from '../../context';
import type { ProviderStatus } from '../../adapters/payments/provider';
import { orderTopics } from '../../../lib/live-events';

export type PaymentRow = typeof payments.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type FcRow = typeof foodCourtOrders.$inferSelect;

/** Payments recorded by staff at the counter (cash, card at the counter) have no gateway. */
export const COUNTER_PROVIDER = 'counter';

export type PaymentState = 'initiated' | 'processing' | 'pending' | 'success' | 'failed' | 'expired';

/**
 * The payment's own moves. An attempt goes forward only; a late capture after a failure or expiry is
 * accepted (the money was taken, so we hold it and, if the order is paid already, refund it); a
 * success is final (refunds are rows of their own).
 */
const PAYMENT_MOVES: Readonly<Record<PaymentState, readonly PaymentState[]>> = {
  initiated: ['processing', 'pending', 'success', 'failed', 'expired'],
  processing: ['pending', 'success', 'failed', 'expired'],
  pending: ['success', 'failed', 'expired'],
  failed: ['success'],
  expired: ['success'],
  success: [],
};

export const canPaymentMove = (from: string, to: PaymentState) =>
  (PAYMENT_MOVES[from as PaymentState] ?? []).includes(to);

/** Attempt states in which the order may be locked for a second checkout. */
export const LIVE_STATES: readonly PaymentState[] = ['initiated', 'processing'];
/** States the reconciliation job polls the gateway about. */
export const UNSETTLED_STATES: readonly PaymentState[] = ['initiated', 'processing', 'pending'];

/** The gateway's word for a payment, in our states (refund statuses are not attempt states). */
export function stateForProviderStatus(status: ProviderStatus): PaymentState | null {
  if (status === 'pending') return 'pending';
  if (status === 'success') return 'success';
  if (status === 'failed') return 'failed';
  if (status === 'expired') return 'expired';
  return null;
}

/** Spec §4 page state of a payment. */
export function pageStateOf(state: string): PaymentPageState {
  if (state === 'success') return 'success';
  if (state === 'failed' || state === 'expired') return 'failed';
  if (state === 'pending') return 'pending';
  if (state === 'processing') return 'processing';
  return 'initiated';
}

/** Spec §4 result code: success 1, failure 2 (failed or expired), otherwise incomplete 0. */
export function resultOf(state: string): PaymentResultCode {
  if (state === 'success') return PAYMENT_RESULT.SUCCESS;
  if (state === 'failed' || state === 'expired') return PAYMENT_RESULT.FAILURE;
  return PAYMENT_RESULT.INCOMPLETE;
}

/** The processing lock of a payment at `now` (spec §4: 60 s, unlockable after 30 s). */
export function lockOf(payment: PaymentRow, now: Date) {
  const live =
    LIVE_STATES.includes(payment.state as PaymentState) &&
    payment.processingUntil !== null &&
    payment.processingUntil > now;
  if (!live) return { locked: false, can_unlock: false, seconds_left: 0 };
  const lock = paymentLock(payment.createdAt, now);
  return { locked: lock.locked, can_unlock: lock.canUnlock, seconds_left: lock.secondsLeft };
}

/** Our reference sent to the gateway as its order id: unique per attempt, and across databases. */
export const newReference = (paymentId: number) => `SNTP-${paymentId}-${randomBytes(3).toString('hex')}`;

/** The payment id inside a reference, or null when it is not one of ours. */
export function paymentIdOf(reference: string): number | null {
  const match = /^SNTP-(\d{1,10})-[0-9a-f]{6}$/.exec(reference);
  return match ? Number(match[1]) : null;
}

/** The part of a payment that pays each order (one order; or every outlet order of a food court). */
export type Allocation = { order_id: number; amount: number }[];

export interface PaymentData {
  reference?: string;
  allocation?: Allocation;
  redirect_url?: string | null;
  qr_string?: string | null;
  speed_mode?: 'fast' | 'secure';
  is_kiosk?: boolean;
  error?: string;
  /** A capture the gateway reported for another amount than ours (refunded in full). */
  amount_mismatch?: { expected: number; captured: number };
  [key: string]: unknown;
}

export const dataOf = (payment: PaymentRow) => payment.data as PaymentData;
export const referenceOf = (payment: PaymentRow) => dataOf(payment).reference ?? `SNTP-${payment.id}`;
/**
 * Payments with a part for `orderId` in their allocation: how a payment of a table's orders (kept on
 * the payer's order, spec §2 `:orderIds`) is found from each of the other orders it paid.
 */
export const paysPartOf = (orderId: number) =>
  sql`${payments.data}->'allocation' @> ${JSON.stringify([{ order_id: orderId }])}::jsonb`;

export function allocationOf(payment: PaymentRow): Allocation {
  const allocation = dataOf(payment).allocation;
  if (allocation) return allocation;
  return payment.orderId ? [{ order_id: payment.orderId, amount: payment.amount }] : [];
}

export type RefundReason =
  | 'duplicate_payment'
  | 'order_cancelled'
  | 'order_declined'
  | 'order_deleted'
  | 'item_declined'
  /** A manager's refund of a completed order (spec §9 'Refund: starts after order completion'). */
  | 'staff_refund'
  /** A capture for another amount than the payment's: recorded, and all of it given back. */
  | 'amount_mismatch'
  | 'reservation_cancelled'
  | 'reservation_declined'
  | 'reservation_unavailable';

/**
 * The refund key: the gateway's idempotency key, and our unique row. One refund per payment, reason
 * and order (or declined item, or table booking), so a retried cancellation never refunds twice.
 * Refunds that may come more than once for one order (a manager's partial refunds) add their
 * `sequence` number, counted under the order's row lock.
 */
export function refundKeyOf(
  paymentId: number,
  reason: RefundReason,
  target: { orderId: number } | { orderItemId: number } | { reservationId: number },
  sequence?: number,
) {
  const suffix =
    'orderItemId' in target
      ? `item${target.orderItemId}`
      : 'reservationId' in target
        ? `reservation${target.reservationId}`
        : `order${target.orderId}`;
  return `refund-${paymentId}-${reason}-${sequence !== undefined ? `${sequence}-` : ''}${suffix}`;
}

/** The order a refund row is for, read from its key (refunds carry no order column). */
export function refundOrderIdOf(refundKey: string): number | null {
  const match = /-order(\d+)$/.exec(refundKey);
  return match ? Number(match[1]) : null;
}

/**
 * Moves an order's payment state when the domain allows it (spec §4: never backwards); a move that
 * is not allowed, or to the same state, changes nothing. Returns whether it moved.
 */
export async function moveOrderPayment(
  ctx: AppContext,
  tx: DbOrTx,
  order: OrderRow,
  to: OrderPaymentState,
  extra: Partial<Pick<OrderRow, 'paidAmount' | 'refundedAmount'>> = {},
): Promise<boolean> {
  const from = order.paymentStatus as OrderPaymentState;
  const moves = from !== to && canPaymentTransition(from, to);
  if (!moves && Object.keys(extra).length === 0) return false;
  const set = { ...extra, ...(moves ? { paymentStatus: to } : {}), updatedAt: ctx.now() };
  await tx.update(orders).set(set).where(eq(orders.id, order.id));
  Object.assign(order, set);
  return moves;
}

/**
 * Publishes a payment change (`order.payment`, the one way it is built) to the order's, restaurant's and
 * food court's live topics, and to `alsoTo` (the refund worker's own topic).
 */
export async function publishPayment(
  ctx: AppContext,
  tx: DbOrTx,
  order: OrderRow,
  payment: Pick<PaymentRow, 'id' | 'state'> | null,
  extra: Record<string, string | number | boolean | null> = {},
  alsoTo: readonly string[] = [],
) {
  await ctx.events.publish(tx, {
    topics: [...orderTopics(order), ...alsoTo],
    type: 'order.payment',
    data: {
      order_id: order.id,
      fc_order_id: order.fcOrderId,
      payment_id: payment?.id ?? null,
      payment_state: payment?.state ?? null,
      payment_status: order.paymentStatus,
      ...extra,
    },
  });
}

/** Locks orders by id (ascending, so two transactions never wait on each other crosswise). */
export async function lockOrders(tx: DbOrTx, ids: number[]): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(orders)
    .where(
      inArray(
        orders.id,
        [...new Set(ids)].sort((a, b) => a - b),
      ),
    )
    .orderBy(orders.id)
    .for('update');
}

/**
 * Locks or releases the cart an order came from (spec §4: the cart is locked while a payment
 * processes). `at` null releases it.
 */
export async function setCartLock(tx: DbOrTx, order: OrderRow, at: Date | null) {
  const scope = order.fcOrderId
    ? await tx
        .select({ scope: malls.slug })
        .from(malls)
        .innerJoin(restaurants, eq(restaurants.mallId, malls.id))
        .where(eq(restaurants.id, order.restaurantId))
    : await tx
        .select({ scope: restaurants.nameid })
        .from(restaurants)
        .where(eq(restaurants.id, order.restaurantId));
  const name = scope[0]?.scope;
  if (!name) return;
  await tx
    .update(carts)
    .set({ lockedAt: at })
    .where(and(eq(carts.token, order.cartToken), eq(carts.scope, name)));
}

/**
 * What an order still owes: its total less what was captured. Refunds do not make an order owe again
 * (a refunded duplicate leaves it paid; a declined item's share is not owed).
 */
export const owedBy = (order: OrderRow) => Math.max(0, order.total - order.paidAmount);

/** Moves a food-court order's payment state, when the move is allowed (the payment core's one way to). */
export async function moveFc(tx: DbOrTx, fc: FcRow, to: OrderPaymentState) {
  if (fc.paymentStatus === to || !canPaymentTransition(fc.paymentStatus as OrderPaymentState, to)) return;
  await tx.update(foodCourtOrders).set({ paymentStatus: to }).where(eq(foodCourtOrders.id, fc.id));
  fc.paymentStatus = to;
}
