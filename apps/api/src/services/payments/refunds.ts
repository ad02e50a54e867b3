/**
 * Refunds (spec §4 'refund initiated -> refunded', §9 refund times; issue 4 §3, §5).
 *
 * A refund starts inside the transaction that decides it (an order cancelled, declined or deleted, an
 * item declined, a second capture of a paid order) as a `refund_initiated` row whose unique
 * `refund_key` is also the gateway's idempotency key; its live event is delivered on commit only, and
 * the refund worker then calls the gateway. If the process dies in between, the reconciliation job
 * retries every refund still initiated, so a refund is never lost and never paid twice.
 */
import { and, eq, inArray, like, ne, or, sql } from 'drizzle-orm';
import { MESSAGE, ORDER_STATUS } from '@santap/domain';
import { PaymentGatewayError } from './config';
import type { OrderPaymentState, OrderStatus } from '@santap/domain';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders, payments, refunds } from '../../db/schema';
import type { AppContext, Caller } from '../../lib/context';
import { fail } from '../../lib/errors';
import {
  COUNTER_PROVIDER,
  allocationOf,
  moveOrderPayment,
  paysPartOf,
  referenceOf,
  refundKeyOf,
  refundOrderIdOf,
} from './model';
import type { OrderRow, PaymentRow, RefundReason } from './model';
import { bookingRefunded, lockReservation, publishBooking } from '../reservations/model';
import type { ReservationRow } from '../reservations/model';

export type RefundRow = typeof refunds.$inferSelect;

/** The internal live topic the refund worker listens on (no client may subscribe to it). */
export const REFUND_TOPIC = 'payments:refunds';

/**
 * Spec §9 wording: a refund of a payment that did not pay the order (a duplicate capture, a capture
 * for the wrong amount) takes 5-7 working days, others 3-5 days (bank).
 */
export function refundWordingKey(reason: string): 'refund.failedPayment' | 'refund.bank' {
  return reason === 'duplicate_payment' || reason === 'amount_mismatch'
    ? 'refund.failedPayment'
    : 'refund.bank';
}

const ENDED_REASON: Partial<Record<OrderStatus, RefundReason>> = {
  [ORDER_STATUS.CANCELLED]: 'order_cancelled',
  [ORDER_STATUS.DECLINED]: 'order_declined',
  [ORDER_STATUS.DELETED]: 'order_deleted',
};

/** The reason an order that ended in `status` is refunded, or undefined when it is not. */
export const endedReason = (status: number): RefundReason | undefined => ENDED_REASON[status as OrderStatus];

/**
 * Starts a refund of `amount` from `payment` for `order` (or for the table booking `reservation`),
 * capped at what is left of the payment (`held`: what the gateway took, when it is not the payment's
 * amount): one row per refund key (`sequence` for refunds that may repeat), so starting it again
 * does nothing.
 * The payment row is locked (after the order or booking, as everywhere) so two outlets of one
 * food-court payment never refund more than it holds. Returns the new refund id, or null when
 * nothing was started.
 */
export async function startRefund(
  ctx: AppContext,
  tx: DbOrTx,
  input: {
    payment: PaymentRow;
    amount: number;
    reason: RefundReason;
    orderItemId?: number;
    held?: number;
    sequence?: number;
  } & ({ order: OrderRow; reservation?: undefined } | { order?: undefined; reservation: ReservationRow }),
): Promise<number | null> {
  const { payment, order, reservation, reason } = input;
  await tx.select({ id: payments.id }).from(payments).where(eq(payments.id, payment.id)).for('update');
  const [started] = await tx
    .select({ total: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, payment.id), ne(refunds.state, 'failed')));
  const amount = Math.min(input.amount, (input.held ?? payment.amount) - Number(started?.total ?? 0));
  if (amount <= 0) return null;
  const now = ctx.now();
  const refundKey = refundKeyOf(
    payment.id,
    reason,
    input.orderItemId !== undefined
      ? { orderItemId: input.orderItemId }
      : reservation
        ? { reservationId: reservation.id }
        : { orderId: order.id },
    input.sequence,
  );
  const [row] = await tx
    .insert(refunds)
    .values({
      paymentId: payment.id,
      amount,
      reason,
      state: 'refund_initiated',
      refundKey,
      orderItemId: input.orderItemId ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: refunds.id });
  if (!row) return null;
  ctx.log.info(
    {
      refundId: row.id,
      paymentId: payment.id,
      orderId: order?.id,
      reservationId: reservation?.id,
      amount,
      reason,
    },
    'refund initiated',
  );
  if (reservation) {
    await publishBooking(ctx, tx, reservation, {
      payment_id: payment.id,
      refund_id: row.id,
      refund_state: 'refund_initiated',
    });
    // The refund worker's own topic: no diner may subscribe to it.
    await ctx.events.publish(tx, {
      topics: [REFUND_TOPIC],
      type: 'booking.status',
      data: { reservation_id: reservation.id, refund_id: row.id, refund_state: 'refund_initiated' },
    });
    return row.id;
  }
  await ctx.events.publish(tx, {
    topics: [
      `order:${order.id}`,
      `restaurant:${order.restaurantId}`,
      ...(order.fcOrderId ? [`fc:${order.fcOrderId}`] : []),
      REFUND_TOPIC,
    ],
    type: 'order.payment',
    data: {
      order_id: order.id,
      fc_order_id: order.fcOrderId,
      payment_id: payment.id,
      payment_status: order.paymentStatus,
      refund_id: row.id,
      refund_state: 'refund_initiated',
    },
  });
  return row.id;
}

/** Captured payments that paid (part of) an order: its own, and its food court's. */
async function capturesOf(tx: DbOrTx, order: OrderRow): Promise<PaymentRow[]> {
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
function refundIsFor(refund: RefundRow, payment: PaymentRow, orderId: number, itemIds: Set<number>) {
  return (
    refund.paymentId === payment.id &&
    (refundOrderIdOf(refund.refundKey) === orderId ||
      (refund.orderItemId !== null && itemIds.has(refund.orderItemId)) ||
      // A payment of one order only: its refunds are that order's (a table's payment names each part).
      (payment.orderId === orderId && payment.fcOrderId === null && allocationOf(payment).length <= 1))
  );
}

async function itemIdsOf(tx: DbOrTx, orderId: number) {
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

/** The order a refund belongs to: from its key, its declined item, or its payment. */
async function orderIdOfRefund(tx: DbOrTx, refund: RefundRow, payment: PaymentRow): Promise<number | null> {
  const fromKey = refundOrderIdOf(refund.refundKey);
  if (fromKey) return fromKey;
  if (refund.orderItemId !== null) {
    const [item] = await tx
      .select({ orderId: orderItems.orderId })
      .from(orderItems)
      .where(eq(orderItems.id, refund.orderItemId));
    if (item) return item.orderId;
  }
  return payment.orderId;
}

/** A gateway's refusal, short, for the refund row and the log. */
function describe(raw: unknown): string {
  try {
    return typeof raw === 'string' ? raw : JSON.stringify(raw ?? null);
  } catch {
    return String(raw);
  }
}

/**
 * Performs one initiated refund through its gateway (idempotent on the refund key) and records the
 * outcome: refunded -> the refund, the payment's and the order's refunded amounts, and the order's
 * payment state once its full refund is done. A gateway that refuses ('failed', or an answer we
 * cannot act on) marks the refund failed for good (logged for staff, `last_error`); no answer (a
 * time-out, the network, a 5xx: retryable) or 'pending' leaves it initiated, its `attempts` counted,
 * for the reconciliation job to try again with backoff.
 */
export async function processRefund(ctx: AppContext, refundId: number): Promise<RefundRow['state'] | null> {
  const [row] = await ctx.db
    .select({ refund: refunds, payment: payments })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, refundId));
  if (!row) return null;
  const { refund, payment } = row;
  if (refund.state !== 'refund_initiated') return refund.state;

  let outcome: 'refunded' | 'pending' | 'failed';
  let lastError: string | null = null;
  if (payment.provider === COUNTER_PROVIDER) {
    // Counter payments are handed back at the counter by staff: nothing to call.
    outcome = 'refunded';
  } else {
    const provider = ctx.payments.get(payment.provider);
    if (!provider) {
      ctx.log.warn({ refundId, provider: payment.provider }, 'refund waits: provider not configured');
      return refund.state;
    }
    try {
      const result = await provider.refund({
        reference: referenceOf(payment),
        providerRef: payment.providerRef ?? '',
        amount: refund.amount,
        currency: payment.currency as 'MYR' | 'IDR',
        refundKey: refund.refundKey,
        reason: refund.reason,
      });
      outcome = result.status;
      if (outcome === 'failed') lastError = describe(result.raw);
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      if (!(error instanceof PaymentGatewayError) || error.retryable) {
        // No answer (time-out, network, 5xx): tried again later with the same refund key.
        await ctx.db
          .update(refunds)
          .set({
            attempts: sql`${refunds.attempts} + 1`,
            lastError: lastError.slice(0, 500),
            updatedAt: ctx.now(),
          })
          .where(and(eq(refunds.id, refund.id), eq(refunds.state, 'refund_initiated')));
        ctx.log.warn(
          { err: error, refundId, attempts: refund.attempts + 1 },
          'refund call failed; will retry',
        );
        return refund.state;
      }
      // An answer we cannot act on (a malformed reply, a 4xx): a refusal, not worth repeating.
      outcome = 'failed';
    }
  }
  if (outcome === 'pending') return refund.state;

  return ctx.db.transaction(async (tx) => {
    const orderId = await orderIdOfRefund(tx, refund, payment);
    const [order] = orderId ? await tx.select().from(orders).where(eq(orders.id, orderId)).for('update') : [];
    const booking = payment.reservationId ? await lockReservation(tx, payment.reservationId) : null;
    await tx.select({ id: payments.id }).from(payments).where(eq(payments.id, payment.id)).for('update');
    const now = ctx.now();
    const [updated] = await tx
      .update(refunds)
      .set({
        state: outcome === 'refunded' ? 'refunded' : 'failed',
        ...(lastError !== null ? { lastError: lastError.slice(0, 500) } : {}),
        updatedAt: now,
      })
      .where(and(eq(refunds.id, refund.id), eq(refunds.state, 'refund_initiated')))
      .returning();
    if (!updated) return refund.state === 'refund_initiated' ? 'refunded' : refund.state;
    if (outcome === 'failed') {
      ctx.log.error(
        { refundId, paymentId: payment.id, reason: lastError },
        'gateway refused the refund: needs staff attention',
      );
      return 'failed';
    }
    await tx
      .update(payments)
      .set({ refundedAmount: sql`${payments.refundedAmount} + ${refund.amount}`, updatedAt: now })
      .where(eq(payments.id, payment.id));
    if (order) {
      const captures = await capturesOf(tx, order);
      const itemIds = await itemIdsOf(tx, order.id);
      const open = captures.length
        ? await tx
            .select()
            .from(refunds)
            .where(
              and(
                eq(refunds.state, 'refund_initiated'),
                inArray(
                  refunds.paymentId,
                  captures.map((p) => p.id),
                ),
              ),
            )
        : [];
      const openForOrder = open.some((r) => captures.some((p) => refundIsFor(r, p, order.id, itemIds)));
      // A wrong-amount capture never counted as paid, so its refund does not count as refunded.
      if (refund.reason !== 'amount_mismatch') {
        await moveOrderPayment(ctx, tx, order, order.paymentStatus as OrderPaymentState, {
          refundedAmount: order.refundedAmount + refund.amount,
        });
      }
      if (order.paymentStatus === 'refund_initiated' && !openForOrder) {
        await moveOrderPayment(ctx, tx, order, 'refunded');
      }
      await ctx.events.publish(tx, {
        topics: [
          `order:${order.id}`,
          `restaurant:${order.restaurantId}`,
          ...(order.fcOrderId ? [`fc:${order.fcOrderId}`] : []),
        ],
        type: 'order.payment',
        data: {
          order_id: order.id,
          fc_order_id: order.fcOrderId,
          payment_id: payment.id,
          payment_status: order.paymentStatus,
          refund_id: refund.id,
          refund_state: 'refunded',
        },
      });
    }
    if (booking) await bookingRefunded(ctx, tx, booking, refund);
    ctx.log.info({ refundId, paymentId: payment.id, amount: refund.amount }, 'refunded');
    return 'refunded';
  });
}

/** Starts refunds when their row commits (on every instance; the refund key keeps it to one). */
export function startRefundWorker(ctx: AppContext): () => void {
  return ctx.events.subscribe(REFUND_TOPIC, (event) => {
    const id = event.data.refund_id;
    if (typeof id !== 'number' || event.data.refund_state !== 'refund_initiated') return;
    processRefund(ctx, id).catch((error: unknown) =>
      ctx.log.error({ err: error, refundId: id }, 'refund worker failed'),
    );
  });
}

/** The contract's view of refunds, with the spec's wording in the caller's language. */
export async function refundViews(db: DbOrTx, paymentRows: PaymentRow[], caller: Pick<Caller, 't'>) {
  if (paymentRows.length === 0) return [];
  const rows = await db
    .select()
    .from(refunds)
    .where(
      inArray(
        refunds.paymentId,
        paymentRows.map((p) => p.id),
      ),
    )
    .orderBy(refunds.id);
  const itemIds = rows.map((r) => r.orderItemId).filter((id): id is number => id !== null);
  const items = itemIds.length
    ? await db
        .select({ id: orderItems.id, orderId: orderItems.orderId })
        .from(orderItems)
        .where(inArray(orderItems.id, itemIds))
    : [];
  return rows.map((refund) => {
    const payment = paymentRows.find((p) => p.id === refund.paymentId)!;
    const key = refundWordingKey(refund.reason);
    return {
      refund_id: refund.id,
      payment_id: refund.paymentId,
      order_id:
        refundOrderIdOf(refund.refundKey) ??
        items.find((item) => item.id === refund.orderItemId)?.orderId ??
        payment.orderId,
      order_item_id: refund.orderItemId,
      amount: refund.amount,
      currency: payment.currency as 'MYR' | 'IDR',
      reason: refund.reason,
      state: refund.state as 'refund_initiated' | 'refunded' | 'failed',
      wording_key: key,
      wording: caller.t(key),
      created_epoch: Math.floor(refund.createdAt.getTime() / 1000),
    };
  });
}
