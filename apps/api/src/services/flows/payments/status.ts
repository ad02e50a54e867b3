/** Payments area: what a diner sees of payments (status, detail, previous payment, history) and the unlock of a processing one. */
import { eq } from 'drizzle-orm';
import { MESSAGE, paymentLock } from '@santap/domain';
import type { DbOrTx } from '../../../db/client';
import { foodCourtOrders, orders, payments } from '../../../db/schema';
import type { AppContext } from '../../context';
import type { Caller } from '../../../lib/caller';
import { fail } from '../../../lib/errors';
import { loadOwnedOrder } from '../../model/orders';
import {
  allocationOf,
  dataOf,
  lockOf,
  owedBy,
  pageStateOf,
  publishPayment,
  referenceOf,
  resultOf,
  setCartLock,
} from './model';
import type { PaymentRow, PaymentState } from './model';
import { paymentStatusOfBooking } from './booking-token';
import { refundViews } from './refunds';

import { lockPaymentScope } from './scope';
import { ENDED, fcPayments, liveOf, loadOwnedFc, loadOwnedPayment, paymentsTouching } from './ownership';

export async function paymentViews(
  ctx: AppContext,
  db: DbOrTx,
  rows: PaymentRow[],
  caller: Pick<Caller, 't'>,
) {
  const refunds = await refundViews(db, rows, caller);
  const now = ctx.now();
  return rows.map((payment) => {
    const data = dataOf(payment);
    return {
      payment_id: payment.id,
      reference: referenceOf(payment),
      order_id: payment.orderId,
      fc_order_id: payment.fcOrderId,
      order_ids: allocationOf(payment).map((part) => part.order_id),
      provider: payment.provider,
      method: payment.method,
      channel: payment.channel,
      amount: payment.amount,
      currency: payment.currency as 'MYR' | 'IDR',
      refunded_amount: payment.refundedAmount,
      captured_amount: data.amount_mismatch?.captured ?? null,
      state: payment.state as PaymentState,
      page_state: pageStateOf(payment.state),
      result: resultOf(payment.state),
      transaction_id: payment.transactionId ?? payment.providerRef,
      redirect_url: data.redirect_url ?? null,
      qr_string: data.qr_string ?? null,
      lock: lockOf(payment, now),
      created_epoch: Math.floor(payment.createdAt.getTime() / 1000),
      refunds: refunds.filter((refund) => refund.payment_id === payment.id),
    };
  });
}

export function initiatedView(ctx: AppContext, payment: PaymentRow, resumed: boolean) {
  const data = dataOf(payment);
  return {
    payment_id: payment.id,
    reference: referenceOf(payment),
    redirect_url: data.redirect_url ?? null,
    qr_string: data.speed_mode === 'fast' ? (data.qr_string ?? null) : null,
    state: payment.state as PaymentState,
    page_state: pageStateOf(payment.state),
    amount: payment.amount,
    currency: payment.currency as 'MYR' | 'IDR',
    provider: payment.provider,
    speed_mode: data.speed_mode ?? 'secure',
    resumed,
    lock: lockOf(payment, ctx.now()),
  };
}

export async function paymentStatus(ctx: AppContext, caller: Caller, paymentId: number) {
  const payment = await loadOwnedPayment(ctx.db, caller, paymentId);
  let orderPaymentStatus: string;
  if (payment.reservationId !== null) {
    orderPaymentStatus = await paymentStatusOfBooking(ctx.db, payment.reservationId);
  } else if (payment.fcOrderId !== null) {
    const [fc] = await ctx.db.select().from(foodCourtOrders).where(eq(foodCourtOrders.id, payment.fcOrderId));
    orderPaymentStatus = fc?.paymentStatus ?? 'unpaid';
  } else {
    const [order] = await ctx.db
      .select()
      .from(orders)
      .where(eq(orders.id, payment.orderId ?? -1));
    orderPaymentStatus = order?.paymentStatus ?? 'unpaid';
  }
  return {
    payment_id: payment.id,
    order_id: payment.orderId,
    fc_order_id: payment.fcOrderId,
    result: resultOf(payment.state),
    page_state: pageStateOf(payment.state),
    state: payment.state as PaymentState,
    order_payment_status: orderPaymentStatus,
    amount: payment.amount,
    currency: payment.currency as 'MYR' | 'IDR',
    lock: lockOf(payment, ctx.now()),
  };
}

export async function paymentDetail(ctx: AppContext, caller: Caller, paymentId: number) {
  const payment = await loadOwnedPayment(ctx.db, caller, paymentId);
  return (await paymentViews(ctx, ctx.db, [payment], caller))[0]!;
}

/** The latest payment of an order or food-court order: a returning diner sees a processing one. */
export async function previousPayment(
  ctx: AppContext,
  caller: Caller,
  target: { orderId?: number | undefined; fcOrderId?: number | undefined },
) {
  let rows: PaymentRow[];
  let status: string;
  let owed: number;
  if (target.orderId !== undefined) {
    const order = await loadOwnedOrder(ctx.db, caller, target.orderId);
    rows = await paymentsTouching(ctx.db, order);
    status = order.paymentStatus;
    owed = ENDED(order) ? 0 : owedBy(order);
  } else {
    const fc = await loadOwnedFc(ctx.db, caller, target.fcOrderId ?? -1);
    rows = await fcPayments(ctx.db, fc.id);
    status = fc.paymentStatus;
    const outlets = await ctx.db.select().from(orders).where(eq(orders.fcOrderId, fc.id));
    owed = outlets.filter((o) => !ENDED(o)).reduce((sum, o) => sum + owedBy(o), 0);
  }
  const now = ctx.now();
  const live = liveOf(rows, now);
  const latest = live ?? rows[0];
  return {
    order_payment_status: status,
    payment: latest ? (await paymentViews(ctx, ctx.db, [latest], caller))[0]! : null,
    processing: live !== undefined,
    can_pay: live === undefined && owed > 0,
  };
}

export async function orderPaymentHistory(ctx: AppContext, caller: Caller, orderId: number) {
  const order = await loadOwnedOrder(ctx.db, caller, orderId);
  const rows = await paymentsTouching(ctx.db, order);
  const views = await paymentViews(ctx, ctx.db, rows, caller);
  return {
    order_id: order.id,
    payment_status: order.paymentStatus,
    total: order.total,
    paid_amount: order.paidAmount,
    refunded_amount: order.refundedAmount,
    currency: order.currency as 'MYR' | 'IDR',
    payments: views,
    refunds: views.flatMap((view) => view.refunds).filter((refund) => refund.order_id === order.id),
  };
}

/**
 * Releases the processing lock of a payment started 30 s ago or more (spec §4), so the diner may try
 * another method. The attempt itself may still complete at its gateway; a second capture is refunded.
 */
export async function unlockPayment(ctx: AppContext, caller: Caller, paymentId: number) {
  const owned = await loadOwnedPayment(ctx.db, caller, paymentId);
  await ctx.db.transaction(async (tx) => {
    const locked = await lockPaymentScope(tx, owned);
    const lock = lockOf(locked.payment, ctx.now());
    if (!lock.locked) return;
    if (!lock.can_unlock) {
      fail(MESSAGE.paymentUnlockTooEarly, {
        seconds: paymentLock(locked.payment.createdAt, ctx.now()).secondsToUnlock,
      });
    }
    await tx
      .update(payments)
      .set({ processingUntil: ctx.now(), updatedAt: ctx.now() })
      .where(eq(payments.id, owned.id));
    for (const order of locked.orders) {
      await setCartLock(tx, order, null);
      await publishPayment(ctx, tx, order, locked.payment, { unlocked: true });
    }
  });
  return paymentDetail(ctx, caller, paymentId);
}
