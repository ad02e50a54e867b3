/**
 * Payments area: loading what a caller may pay or see (their order, food-court order, payment; another
 * diner's is 404) and the payments that touch an order (services/flows/payments README).
 */
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import { MESSAGE } from '@santap/domain';
import type { DbOrTx } from '../../../db/client';
import { foodCourtOrders, orders, payments } from '../../../db/schema';
import { restaurantSettingsSchema } from '../../../db/settings';
import type { RestaurantSettings } from '../../../db/settings';
import type { Caller } from '../../../lib/caller';
import { fail } from '../../../lib/errors';
import { loadOwnedOrder, ownedBy } from '../../model/orders';
import { TAB_SHARE_PURPOSE } from '../../model/tab-shares';
import { loadOwnedReservation } from '../reservations/model';
import { allocationOf, lockOf, paysPartOf } from './model';
import type { OrderRow, PaymentRow } from './model';
import { endedReason } from './refunds';

export const ENDED = (order: OrderRow) => endedReason(order.status) !== undefined;

/** A food-court order of the caller (one of its outlet orders is theirs), optionally locked; else 404. */
export async function loadOwnedFc(db: DbOrTx, caller: Caller, fcOrderId: number, lock = false) {
  const query = db.select().from(foodCourtOrders).where(eq(foodCourtOrders.id, fcOrderId)).limit(1);
  const [fc] = lock ? await query.for('update') : await query;
  if (!fc) return fail(MESSAGE.notFound);
  const owned = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.fcOrderId, fc.id), ownedBy(caller)))
    .limit(1);
  return owned.length > 0 ? fc : fail(MESSAGE.notFound);
}

/** A payment of the caller (through its order, food-court order or booking); another diner's is 404. */
export async function loadOwnedPayment(db: DbOrTx, caller: Caller, paymentId: number): Promise<PaymentRow> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  if (!payment) return fail(MESSAGE.notFound);
  // A tab share's payment is its payer's, whoever ordered the dishes it pays (docs/tabs.md, Shares).
  if (payment.purpose === TAB_SHARE_PURPOSE)
    return paidBy(payment, caller) ? payment : fail(MESSAGE.notFound);
  if (payment.orderId !== null) await loadOwnedOrder(db, caller, payment.orderId);
  else if (payment.fcOrderId !== null) await loadOwnedFc(db, caller, payment.fcOrderId);
  else if (payment.reservationId !== null && caller.user) {
    await loadOwnedReservation(db, caller, payment.reservationId);
  } else fail(MESSAGE.notFound);
  return payment;
}

/** The rule of `ownedBy` for orders, on a payment's own payer: their user's, or their guest token's. */
const paidBy = (payment: PaymentRow, caller: Caller): boolean =>
  payment.userId !== null
    ? caller.user?.id === payment.userId
    : payment.cartToken !== null && caller.cartToken === payment.cartToken;

/** Payments that paid or tried to pay an order: its own and its food court's, newest first. */
export async function paymentsTouching(db: DbOrTx, order: OrderRow): Promise<PaymentRow[]> {
  // A table's payment of several orders is kept on the payer's order: the others find it by its parts.
  const byParts = paysPartOf(order.id);
  const rows = await db
    .select()
    .from(payments)
    .where(
      order.fcOrderId
        ? or(eq(payments.orderId, order.id), eq(payments.fcOrderId, order.fcOrderId), byParts)
        : or(eq(payments.orderId, order.id), byParts),
    )
    .orderBy(desc(payments.id));
  return rows.filter((payment) => allocationOf(payment).some((part) => part.order_id === order.id));
}

export async function fcPayments(db: DbOrTx, fcOrderId: number): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.fcOrderId, fcOrderId)).orderBy(desc(payments.id));
}

/**
 * Payments of a food-court order and of any of its outlet orders (an outlet's own checkout of its
 * part), newest first: what a food-court initiate must see before starting another checkout.
 */
export async function paymentsOfFcScope(
  db: DbOrTx,
  fcOrderId: number,
  parts: OrderRow[],
): Promise<PaymentRow[]> {
  const ids = parts.map((order) => order.id);
  return db
    .select()
    .from(payments)
    .where(
      ids.length > 0
        ? or(eq(payments.fcOrderId, fcOrderId), inArray(payments.orderId, ids))
        : eq(payments.fcOrderId, fcOrderId),
    )
    .orderBy(desc(payments.id));
}

/** The attempt still processing (its lock not yet lifted), if any. */
export function liveOf(rows: PaymentRow[], now: Date): PaymentRow | undefined {
  return rows.find((payment) => lockOf(payment, now).locked);
}

export const parseSettings = (settings: Record<string, unknown>): RestaurantSettings =>
  restaurantSettingsSchema.parse(settings);
