/** Ordering: moving an order along the domain's transition table, and the diner's cancel. */
import { eq } from 'drizzle-orm';
import {
  MESSAGE,
  ORDER_STATUS,
  canDinerCancel,
  canTransition,
  isAccepted,
  orderStatusWordingKey,
} from '@santap/domain';
import type { OrderStatus, OrderTypeCode } from '@santap/domain';
import { writeTogether } from '../../../../db/client';
import type { DbOrTx } from '../../../../db/client';
import { orderEvents, orders } from '../../../../db/schema';
import type { AppContext } from '../../../context';
import type { Caller } from '../../../../lib/caller';
import { fail } from '../../../../lib/errors';
import { queueOrderUpdate } from '../../messaging/order-updates';
import { refundEndedOrder } from '../../payments/order-refunds';
import { afterOrderStatusChange } from '../../promotions/bills';
import type { OrderRow } from '../../../model/orders';
import { loadOwnedOrder } from '../../../model/orders';
import { orderViews } from './views';
import { notifyStatement, orderTopics } from '../../../../lib/live-events';

/** Statuses of an order the restaurant has not taken on yet (waiting for confirmation, scheduled). */
const AWAITING_RESTAURANT: readonly OrderStatus[] = [
  ORDER_STATUS.WAITING_CONFIRMATION,
  ORDER_STATUS.SCHEDULED,
];
/** Where an order may go from there whatever its payment: it ends. */
const ENDINGS: readonly OrderStatus[] = [ORDER_STATUS.DECLINED, ORDER_STATUS.CANCELLED, ORDER_STATUS.DELETED];

/**
 * An order paid before the restaurant takes it on (spec §4 "Scheduled orders must be paid first";
 * prepay): a scheduled order, or one placed to pay online. Pay later and cash orders are paid after.
 */
export function paidFirst(order: Pick<OrderRow, 'orderTime' | 'prepay' | 'paymentMode'>): boolean {
  return order.orderTime === 'SCHEDULED' || order.prepay || order.paymentMode === 'online';
}

/**
 * Moves an order to a new status along the domain transition table, recording and publishing it. An
 * order to be paid first leaves its waiting state unpaid only to end (declined, cancelled, deleted):
 * accepting it is refused until it is paid (`errors.orderAwaitingPayment`).
 */
export async function transitionOrder(
  ctx: AppContext,
  tx: DbOrTx,
  order: OrderRow,
  to: OrderStatus,
  actor: string,
) {
  const from = order.status as OrderStatus;
  if (!canTransition(from, to, { orderType: order.orderType as OrderTypeCode }))
    fail(MESSAGE.invalidTransition);
  // A batch added to an order paid first is confirmed once what it added is paid too (spec §4).
  if (
    (AWAITING_RESTAURANT.includes(from) || from === ORDER_STATUS.MORE_ITEMS_ADDED) &&
    !ENDINGS.includes(to) &&
    paidFirst(order) &&
    order.paymentStatus !== 'paid'
  ) {
    fail(MESSAGE.orderAwaitingPayment);
  }
  const now = ctx.now();
  const acceptedAt = !isAccepted(from) && isAccepted(to) ? now : order.acceptedAt;
  // The move, its history row and its live event in one statement (one round trip, not three): the
  // kitchen's every tap is this, and the live fan-out waits on it (README "Scaling past one machine").
  await writeTogether(tx, [
    tx.update(orders).set({ status: to, acceptedAt, updatedAt: now }).where(eq(orders.id, order.id)),
    tx
      .insert(orderEvents)
      .values({ orderId: order.id, kind: 'status', fromStatus: from, toStatus: to, actor, createdAt: now }),
    notifyStatement({
      topics: orderTopics(order),
      type: 'order.status',
      data: {
        order_id: order.id,
        status: to,
        status_key: orderStatusWordingKey(to, order.orderType as OrderTypeCode),
      },
    }),
  ]);
  // Cashback, coupons and referrals of a completed or voided order read the order as moved.
  await afterOrderStatusChange(tx, order, to, now);
  // A cancelled, declined or deleted order gets its captured money back (refund after commit).
  await refundEndedOrder(ctx, tx, order, to);
  // Its diner's WhatsApp update, if they agreed: queued here, sent after the commit (outbox).
  await queueOrderUpdate(ctx, tx, order, to);
}

export async function cancelOrder(ctx: AppContext, caller: Caller, orderId: number) {
  return ctx.db.transaction(async (tx) => {
    const order = await loadOwnedOrder(tx, caller, orderId, true);
    if (!canDinerCancel(order.status as OrderStatus)) fail(MESSAGE.cancelNotAllowed);
    await transitionOrder(ctx, tx, order, ORDER_STATUS.CANCELLED, 'diner');
    const [fresh] = await tx.select().from(orders).where(eq(orders.id, order.id));
    return (await orderViews(tx, [fresh!], caller.t, caller.lang))[0]!;
  });
}
