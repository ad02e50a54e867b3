/**
 * Staff moves on one order of their restaurant (spec §4 "the manager confirms or declines orders and
 * items", §9 refunds): its status, pausing new orders, declining an item, the kitchen's marks, and a
 * manager's refund of a completed order.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MESSAGE, ORDER_STATUS as S, isOrderStatus, isTerminalOrderStatus } from '@santap/domain';
import type { OrderStatus } from '@santap/domain';
import { orderEvents, orderItems, orders, payments, restaurants } from '../../../db/schema';
import { forgetCachedScopes } from '../ordering/cart';
import type { AppContext } from '../../context';
import type { Caller } from '../../../lib/caller';
import { fail } from '../../../lib/errors';
import { onceForKey } from '../../../lib/idempotency';
import { transitionOrder } from '../ordering/orders';
import { refundCompletedOrder, refundDeclinedItem } from '../payments/order-refunds';
import { refundViews } from '../payments/refunds';
import { hashBody } from '../accounts/tokens';
import { lockRestaurantOrder, viewOf } from './orders';
import { actorOf, mayMoveTo } from './staff';
import { staffOf } from '../../../lib/caller';
import { orderTopics } from '../../../lib/live-events';
import { recordAudit } from '../../model/audit';
import { approvalNeeded, checkApproval } from '../accounts/approval';
import type { Approval, ApprovalInput } from '../accounts/approval';
import type { FastifyRequest } from 'fastify';
import type { AuditAction } from '../../model/audit';

/** The audit action of a staff status move (docs/audit.md). */
const statusAction = (to: number): AuditAction =>
  to === S.DECLINED
    ? 'order.decline'
    : to === S.CANCELLED
      ? 'order.cancel'
      : to === S.DELETED
        ? 'order.delete'
        : 'order.status';

/** Payment states in which money was taken for the order. */
const PAID_STATES: readonly string[] = ['paid', 'partial_paid'];

/**
 * A move that takes a manager's approval (docs/audit.md, "Manager approval"): declining, cancelling
 * or deleting an order money was taken for. A manager gives a reason; a server or the kitchen a
 * manager's PIN and a reason, which also lets them make the move the manager may (a server's cancel).
 */
export const moveNeedsApproval = (order: { paymentStatus: string }, to: number) =>
  (to === S.DECLINED || to === S.CANCELLED || to === S.DELETED) && PAID_STATES.includes(order.paymentStatus);

/** The order of the caller's restaurant, unlocked (404 when it is not theirs). */
async function restaurantOrder(ctx: AppContext, restaurantId: number, orderId: number) {
  const [order] = await ctx.db
    .select({ paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.restaurantId, restaurantId)))
    .limit(1);
  return order ?? fail(MESSAGE.notFound);
}

/**
 * Moves an order along the domain transition table. Checks in this order: the order is the
 * restaurant's (404), a move that needs approval has it (`moveNeedsApproval`; 403, 400, 422 or 429 of
 * `checkApproval`), the role may set that status (403; the approved move is the manager's), the move
 * is in the table (422). The approval is checked before the transaction (the PIN's count is its own
 * statement) and the locked order is judged again, so an order paid meanwhile is not moved unapproved.
 */
export async function changeOrderStatus(
  ctx: AppContext,
  caller: Caller,
  orderId: number,
  to: number,
  approve?: { request: FastifyRequest; approval: ApprovalInput | undefined },
) {
  const member = staffOf(caller);
  if (!isOrderStatus(to)) return fail(MESSAGE.invalidInput);
  let approval: Approval | null = null;
  if (member.role !== 'business') {
    const seen = await restaurantOrder(ctx, member.restaurantId, orderId);
    if (moveNeedsApproval(seen, to)) {
      if (!approve) return approvalNeeded();
      approval = await checkApproval(ctx, caller, approve.request, approve.approval);
    }
  }
  return ctx.db.transaction(async (tx) => {
    const order = await lockRestaurantOrder(tx, member, orderId);
    const sensitive = member.role !== 'business' && moveNeedsApproval(order, to);
    if (sensitive && !approval) approvalNeeded();
    if (!mayMoveTo(sensitive ? 'manager' : member.role, to)) fail(MESSAGE.forbidden);
    await transitionOrder(ctx, tx, order, to, actorOf(member));
    await recordAudit(tx, {
      by: caller,
      at: ctx.now(),
      action: statusAction(to),
      subject: ['order', order.id],
      reason: approval?.reason,
      before: { status: order.status },
      after: { status: to, ...(approval ? { approved_by: approval.approvedBy } : {}) },
    });
    return viewOf(tx, caller, order.id);
  });
}

/**
 * Pauses new orders of the staff member's restaurant for `minutes` (0 takes orders again): a kitchen
 * that cannot keep up. Manager or kitchen. Order create answers 'Currently not accepting orders'
 * (`errors.notAcceptingOrders`) until it lapses; running orders go on. The restaurant rows cached for
 * order create (`cachedScope`) are dropped here, so this instance applies it at once; other
 * instances within the cache's 5 s.
 */
export async function pauseOrders(ctx: AppContext, caller: Caller, minutes: number) {
  const member = staffOf(caller);
  if (member.role !== 'manager' && member.role !== 'kitchen') fail(MESSAGE.forbidden);
  const until = minutes > 0 ? new Date(ctx.now().getTime() + minutes * 60_000) : null;
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ until: restaurants.ordersPausedUntil })
      .from(restaurants)
      .where(eq(restaurants.id, member.restaurantId))
      .for('update');
    await tx
      .update(restaurants)
      .set({ ordersPausedUntil: until })
      .where(eq(restaurants.id, member.restaurantId));
    await recordAudit(tx, {
      by: caller,
      at: ctx.now(),
      action: 'orders.pause',
      subject: ['restaurant', member.restaurantId],
      before: { paused_until: before?.until ?? null },
      after: { paused_until: until },
    });
  });
  forgetCachedScopes(ctx);
  return { paused_until_epoch: until ? Math.floor(until.getTime() / 1000) : null };
}

/**
 * Declines one item of a running order (manager only; spec §4 "item declined"). The bill stays as it
 * is; on a paid order the item's share is refunded (`refundDeclinedItem`, after commit). The change is
 * recorded in order_events and published as an `order.item` live event.
 */
export async function declineOrderItem(
  ctx: AppContext,
  caller: Caller,
  orderId: number,
  orderItemId: number,
) {
  const member = staffOf(caller);
  return ctx.db.transaction(async (tx) => {
    const order = await lockRestaurantOrder(tx, member, orderId);
    if (member.role !== 'manager' && member.role !== 'kitchen') fail(MESSAGE.forbidden);
    const [item] = await tx
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.id, orderItemId), eq(orderItems.orderId, order.id)))
      .limit(1)
      .for('update');
    if (!item) return fail(MESSAGE.notFound);
    if (isTerminalOrderStatus(order.status as OrderStatus) || item.status === 'declined')
      fail(MESSAGE.invalidTransition);
    const now = ctx.now();
    await tx.update(orderItems).set({ status: 'declined' }).where(eq(orderItems.id, item.id));
    await tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, order.id));
    await tx.insert(orderEvents).values({
      orderId: order.id,
      kind: 'item_declined',
      fromStatus: order.status,
      toStatus: order.status,
      actor: actorOf(member),
      data: { order_item_id: item.id },
      createdAt: now,
    });
    await ctx.events.publish(tx, {
      topics: orderTopics(order),
      type: 'order.item',
      data: { order_id: order.id, order_item_id: item.id, status: 'declined' },
    });
    await recordAudit(tx, {
      by: caller,
      at: now,
      action: 'order.item_decline',
      subject: ['order', order.id],
      before: { order_item_id: item.id, status: item.status },
      after: { order_item_id: item.id, status: 'declined' },
    });
    // A declined item of a paid order is refunded for its share (refund after commit).
    await refundDeclinedItem(ctx, tx, order, item.id);
    return viewOf(tx, caller, order.id);
  });
}

/**
 * A kitchen display's marks on a running order (manager or kitchen; apps/staff README 'Kitchen
 * display'): `rush` pins the ticket to the top of every display, `lines` strike dishes off as made or
 * back. Checks in this order: the order is the restaurant's (404), the role (403), the order is still
 * running (422), every line is the order's (404). Recorded in order_events (kind `kitchen`) and
 * published as an `order.kitchen` event on the restaurant's topic, so every tablet shows it.
 */
export async function markOrderKitchen(
  ctx: AppContext,
  caller: Caller,
  orderId: number,
  input: { rush?: boolean | undefined; lines?: { order_item_id: number; done: boolean }[] | undefined },
) {
  const member = staffOf(caller);
  return ctx.db.transaction(async (tx) => {
    const order = await lockRestaurantOrder(tx, member, orderId);
    if (member.role !== 'manager' && member.role !== 'kitchen') fail(MESSAGE.forbidden);
    if (isTerminalOrderStatus(order.status as OrderStatus)) fail(MESSAGE.invalidTransition);
    const now = ctx.now();
    const lineIds = [...new Set((input.lines ?? []).map((line) => line.order_item_id))];
    if (lineIds.length > 0) {
      const own = await tx
        .select({ id: orderItems.id })
        .from(orderItems)
        .where(and(eq(orderItems.orderId, order.id), inArray(orderItems.id, lineIds)));
      if (own.length !== lineIds.length) fail(MESSAGE.notFound);
      const done = (input.lines ?? []).filter((line) => line.done).map((line) => line.order_item_id);
      const undone = (input.lines ?? []).filter((line) => !line.done).map((line) => line.order_item_id);
      if (done.length > 0)
        await tx
          .update(orderItems)
          .set({ kitchenDoneAt: now })
          .where(and(inArray(orderItems.id, done), sql`${orderItems.kitchenDoneAt} is null`));
      if (undone.length > 0)
        await tx.update(orderItems).set({ kitchenDoneAt: null }).where(inArray(orderItems.id, undone));
    }
    if (input.rush !== undefined)
      await tx.update(orders).set({ kitchenRush: input.rush }).where(eq(orders.id, order.id));
    await tx.insert(orderEvents).values({
      orderId: order.id,
      kind: 'kitchen',
      fromStatus: order.status,
      toStatus: order.status,
      actor: actorOf(member),
      data: { rush: input.rush ?? null, lines: input.lines ?? [] },
      createdAt: now,
    });
    await ctx.events.publish(tx, {
      topics: [`restaurant:${order.restaurantId}`],
      type: 'order.kitchen',
      data: { order_id: order.id },
    });
    return viewOf(tx, caller, order.id);
  });
}

/**
 * A manager refunds a completed order of their restaurant, whole or `amount` of it, with a reason
 * (spec §9 'Refund: starts after order completion'; the rules are `refundCompletedOrder`'s); a server
 * with a manager's approval (docs/audit.md, "Manager approval"). Checks in this order: the order is
 * the restaurant's (404), the caller is the manager, or a server with an approval (403, 422, 429), the
 * refund's own rules. With an Idempotency-Key the same key answers the same reply and refunds once.
 * The reason and the amount are kept in order_events (kind `refund`); the audit record names who
 * approved it.
 */
export async function refundOrder(
  ctx: AppContext,
  caller: Caller,
  request: FastifyRequest,
  orderId: number,
  input: { amount?: number | undefined; reason: string; approval?: ApprovalInput | undefined },
) {
  const member = staffOf(caller);
  const claim = {
    scope: `staff-refund:${member.restaurantId}`,
    key: caller.idempotencyKey,
    requestHash: hashBody({ orderId, amount: input.amount, reason: input.reason }),
  };
  if (member.role !== 'manager' && member.role !== 'server') {
    await restaurantOrder(ctx, member.restaurantId, orderId);
    return fail(MESSAGE.forbidden);
  }
  await restaurantOrder(ctx, member.restaurantId, orderId);
  const approval = await checkApproval(ctx, caller, request, {
    ...input.approval,
    reason: input.approval?.reason ?? input.reason,
  });
  return ctx.db.transaction(async (tx) => {
    const order = await lockRestaurantOrder(tx, member, orderId);
    return onceForKey(tx, claim, async () => {
      const done = await refundCompletedOrder(ctx, tx, order, input.amount);
      await tx.insert(orderEvents).values({
        orderId: order.id,
        kind: 'refund',
        fromStatus: order.status,
        toStatus: order.status,
        actor: actorOf(member),
        data: { amount: done.refunded, reason: input.reason, refund_ids: done.refundIds },
        createdAt: ctx.now(),
      });
      await recordAudit(tx, {
        by: caller,
        at: ctx.now(),
        action: 'order.refund',
        subject: ['order', order.id],
        reason: input.reason,
        before: { refundable: done.refunded + done.left },
        after: {
          refunded: done.refunded,
          refundable: done.left,
          refund_ids: done.refundIds,
          approved_by: approval.approvedBy,
        },
      });
      const touched = await tx.select().from(payments).where(eq(payments.orderId, order.id));
      const fcTouched = order.fcOrderId
        ? await tx.select().from(payments).where(eq(payments.fcOrderId, order.fcOrderId))
        : [];
      const views = await refundViews(tx, [...touched, ...fcTouched], caller);
      return {
        order_id: order.id,
        payment_status: order.paymentStatus,
        currency: order.currency as 'MYR' | 'IDR',
        amount: done.refunded,
        refundable_amount: done.left,
        refunds: views.filter((view) => done.refundIds.includes(view.refund_id)),
      };
    });
  });
}
