/**
 * The refunds an order's own events decide (spec §4, §9): an order that ends cancelled, declined or
 * deleted, a declined item of a paid order, and a manager's refund of a completed order; each from
 * what the order's captured payments still hold for it. Started with `startRefund` (refunds.ts).
 */
import { and, eq, inArray, like, ne, or } from 'drizzle-orm';
import { MESSAGE, ORDER_STATUS } from '@santap/domain';
import type { DbOrTx } from '../../../db/client';
import { orderItems, orders, payments, refunds } from '../../../db/schema';
import type { AppContext } from '../../context';
import { fail } from '../../../lib/errors';
import { allocationOf, moveOrderPayment, paysPartOf, refundOrderIdOf } from './model';
import type { OrderRow, PaymentRow } from './model';
import { endedReason, startRefund } from './refunds';
import type { RefundRow } from './refunds';

/** Captured payments that paid (part of) an order: its own, and its food court's. */
export async function capturesOf(tx: DbOrTx, order: OrderRow): Promise<PaymentRow[]> {
  const rows = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.state, 'success'),
        order.fcOrderId
          ? or(eq(payments.orderId, order.id), eq(payments.fcOrderId, order.fcOrderId), paysPartOf(order.id))
          : or(eq(payments.orderId, order.id), paysPartOf(order.id)),
      ),
    )
    .orderBy(payments.id);
  return rows.filter((payment) => allocationOf(payment).some((part) => part.order_id === order.id));
}

/** Is a refund of `payment` one for `orderId` (by its key, its declined item, or a single-order payment)? */
export function refundIsFor(refund: RefundRow, payment: PaymentRow, orderId: number, itemIds: Set<number>) {
  return (
    refund.paymentId === payment.id &&
    (refundOrderIdOf(refund.refundKey) === orderId ||
      (refund.orderItemId !== null && itemIds.has(refund.orderItemId)) ||
      // A payment of one order only: its refunds are that order's (a table's payment names each part).
      (payment.orderId === orderId && payment.fcOrderId === null && allocationOf(payment).length <= 1))
  );
}

export async function itemIdsOf(tx: DbOrTx, orderId: number) {
  const items = await tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return new Set(items.map((item) => item.id));
}

/** For each payment, what it still holds for `order`: its part less the refunds for that order. */
async function partsLeft(tx: DbOrTx, order: OrderRow, captures: PaymentRow[]) {
  if (captures.length === 0) return [];
  const [rows, itemIds] = await Promise.all([
    tx
      .select()
      .from(refunds)
      .where(
        and(
          inArray(
            refunds.paymentId,
            captures.map((p) => p.id),
          ),
          ne(refunds.state, 'failed'),
        ),
      ),
    itemIdsOf(tx, order.id),
  ]);
  return captures.map((payment) => {
    const part = allocationOf(payment)
      .filter((p) => p.order_id === order.id)
      .reduce((sum, p) => sum + p.amount, 0);
    const refunded = rows
      .filter((refund) => refundIsFor(refund, payment, order.id, itemIds))
      .reduce((sum, refund) => sum + refund.amount, 0);
    return { payment, left: Math.max(0, part - refunded) };
  });
}

/**
 * What a manager may still refund of a completed order (`refundCompletedOrder`'s `held`): each
 * captured part that paid it, less its refunds that did not fail. 0 for an order not completed.
 */
export async function refundableOf(tx: DbOrTx, order: OrderRow): Promise<number> {
  if (order.status !== ORDER_STATUS.COMPLETED) return 0;
  const parts = await partsLeft(tx, order, await capturesOf(tx, order));
  return parts.reduce((sum, part) => sum + part.left, 0);
}

/**
 * Hook of `transitionOrder`: an order that ends cancelled, declined or deleted gets back every part
 * of a captured payment that paid it (for a food court, only this outlet's part of the one payment).
 * A payment still processing is handled when it settles: a capture for an ended order is refunded.
 */
export async function refundEndedOrder(ctx: AppContext, tx: DbOrTx, order: OrderRow, to: number) {
  const reason = endedReason(to);
  if (!reason || order.paidAmount <= 0) return;
  const [fresh] = await tx.select().from(orders).where(eq(orders.id, order.id));
  if (!fresh) return;
  let started = 0;
  for (const { payment, left } of await partsLeft(tx, fresh, await capturesOf(tx, fresh))) {
    if (left > 0 && (await startRefund(ctx, tx, { payment, order: fresh, amount: left, reason }))) started++;
  }
  if (started > 0) await moveOrderPayment(ctx, tx, fresh, 'refund_initiated');
}

/**
 * Hook of the staff item decline: a declined item of a paid order is refunded for its share — its
 * line total scaled by the bill's (total − delivery fee) / subtotal, so its part of the service
 * charge, taxes and discounts goes with it. Declining the last active item refunds all that is left.
 */
export async function refundDeclinedItem(ctx: AppContext, tx: DbOrTx, order: OrderRow, orderItemId: number) {
  const [fresh] = await tx.select().from(orders).where(eq(orders.id, order.id));
  if (!fresh || fresh.paidAmount <= 0) return;
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, fresh.id));
  const item = items.find((row) => row.id === orderItemId);
  if (!item) return;
  const parts = await partsLeft(tx, fresh, await capturesOf(tx, fresh));
  const heldTotal = parts.reduce((sum, part) => sum + part.left, 0);
  const lastItem = items.every((row) => row.id === item.id || row.status === 'declined');
  const lines = ((fresh.bill as { lines?: { key: string; amount: number }[] }).lines ?? []) as {
    key: string;
    amount: number;
  }[];
  const deliveryFee = lines.find((line) => line.key === 'bill.deliveryFee')?.amount ?? 0;
  const share =
    fresh.subtotal > 0
      ? Math.round((item.unitPrice * item.quantity * (fresh.total - deliveryFee)) / fresh.subtotal)
      : 0;
  let due = Math.min(heldTotal, lastItem ? heldTotal : share);
  for (const { payment, left } of [...parts].reverse()) {
    if (due <= 0) break;
    const amount = Math.min(due, left);
    if (amount <= 0) continue;
    const id = await startRefund(ctx, tx, {
      payment,
      order: fresh,
      amount,
      reason: 'item_declined',
      orderItemId: item.id,
    });
    if (id) due -= amount;
  }
  if (lastItem) await moveOrderPayment(ctx, tx, fresh, 'refund_initiated');
}

/**
 * A manager's refund of a completed order (spec §9 'Refund: starts after order completion'): `amount`,
 * or all that is still unrefunded when absent, taken from the order's captures newest first, each
 * through its provider's idempotent refund call after commit. Refused for an order not completed
 * (`errors.refundOrderNotCompleted`) and for more than is still unrefunded (`errors.refundTooLarge`:
 * what earlier refunds of any reason, declined items and duplicates included, gave back is not
 * refundable again). Refunding all that is left moves the order's payment to refund initiated (then
 * refunded); a part leaves it paid. The caller holds the order's row lock.
 */
export async function refundCompletedOrder(
  ctx: AppContext,
  tx: DbOrTx,
  order: OrderRow,
  amount: number | undefined,
): Promise<{ refundIds: number[]; refunded: number; left: number }> {
  if (order.status !== ORDER_STATUS.COMPLETED) fail(MESSAGE.refundOrderNotCompleted);
  const parts = await partsLeft(tx, order, await capturesOf(tx, order));
  const held = parts.reduce((sum, part) => sum + part.left, 0);
  const due = amount ?? held;
  if (due <= 0 || due > held) fail(MESSAGE.refundTooLarge);
  // Moved first, so the refunds' live events already carry the new state.
  if (due === held) await moveOrderPayment(ctx, tx, order, 'refund_initiated');
  const refundIds: number[] = [];
  let rest = due;
  for (const { payment, left } of [...parts].reverse()) {
    if (rest <= 0) break;
    const part = Math.min(rest, left);
    if (part <= 0) continue;
    const earlier = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(
        and(
          eq(refunds.paymentId, payment.id),
          like(refunds.refundKey, `refund-${payment.id}-staff_refund-%-order${order.id}`),
        ),
      );
    const id = await startRefund(ctx, tx, {
      payment,
      order,
      amount: part,
      reason: 'staff_refund',
      sequence: earlier.length + 1,
    });
    if (!id) continue;
    const [row] = await tx.select({ amount: refunds.amount }).from(refunds).where(eq(refunds.id, id));
    refundIds.push(id);
    rest -= row?.amount ?? 0;
  }
  // Only if the payments hold less than their parts said (never expected): nothing is started.
  if (rest > 0) fail(MESSAGE.refundTooLarge);
  return { refundIds, refunded: due, left: held - due };
}
