/**
 * Dish reviews (spec §7 `/api/review/create.php`): a registered diner rates (1–5) and
 * reviews the dishes of their own completed order, one review per order item; the menu shows each
 * dish's average and count from completed (verified) orders only.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { MESSAGE, ORDER_STATUS } from '@santap/domain';
import type { OrderReviews } from '@santap/contract';
import type { DbOrTx } from '../../../db/client';
import { dishReviews, orderItems, orders, restaurants } from '../../../db/schema';
import type { AppContext } from '../../context';
import type { Caller } from '../../../lib/caller';
import { fail } from '../../../lib/errors';
import type { OrderRow } from '../../model/orders';
import { pick } from '../../model/restaurants';

export interface DishReviewInput {
  order_item_id: number;
  rating: number;
  comment?: string | undefined;
}

/**
 * The caller's own completed order. Guests are sent to log in ('invalid token': reviews are from
 * registered diners); another diner's order is 404 exactly like a missing one (ids reveal nothing,
 * and a cart token is not enough: only the order's user may review it); an order that is not
 * completed is refused with its own message.
 */
async function loadReviewableOrder(db: DbOrTx, caller: Caller, orderId: number): Promise<OrderRow> {
  if (caller.user?.status !== 'ACTIVE') return fail(MESSAGE.invalidToken);
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, caller.user.id)))
    .limit(1);
  if (!order) return fail(MESSAGE.notFound);
  if (order.status !== ORDER_STATUS.COMPLETED) return fail(MESSAGE.reviewOrderNotCompleted);
  return order;
}

/** The order's dishes that can be rated (declined ones left out) with their reviews, for the screen. */
async function orderReviewsView(db: DbOrTx, caller: Caller, order: OrderRow): Promise<OrderReviews> {
  const [[restaurant], rows] = await Promise.all([
    db
      .select({ nameid: restaurants.nameid, name: restaurants.name })
      .from(restaurants)
      .where(eq(restaurants.id, order.restaurantId)),
    db
      .select({ item: orderItems, review: dishReviews })
      .from(orderItems)
      .leftJoin(dishReviews, eq(dishReviews.orderItemId, orderItems.id))
      .where(and(eq(orderItems.orderId, order.id), eq(orderItems.status, 'active')))
      .orderBy(asc(orderItems.id)),
  ]);
  return {
    order_id: order.id,
    restaurant_id: order.restaurantId,
    nameid: restaurant?.nameid ?? '',
    restaurant_name: pick(restaurant?.name, caller.lang),
    items: rows.map(({ item, review }) => ({
      order_item_id: item.id,
      item_id: item.itemId,
      name: pick(item.name, caller.lang),
      quantity: item.quantity,
      review: review
        ? {
            rating: review.rating,
            comment: review.comment,
            created_epoch: Math.floor(review.createdAt.getTime() / 1000),
          }
        : null,
    })),
  };
}

/** `GET /api/review/get_order_items.php`: what the review screen shows for one order. */
export async function orderReviews(ctx: AppContext, caller: Caller, orderId: number) {
  const order = await loadReviewableOrder(ctx.db, caller, orderId);
  return orderReviewsView(ctx.db, caller, order);
}

/**
 * `POST /api/review/create.php`: rates dishes of the caller's completed order, all or none. Each
 * order item has at most one review (a unique index): rating a dish again replaces its rating and
 * comment, so a diner can correct a mis-tap and the count stays one per dish ordered. A dish that is
 * not an active item of this order is refused.
 */
export async function createReviews(
  ctx: AppContext,
  caller: Caller,
  orderId: number,
  reviews: readonly DishReviewInput[],
): Promise<OrderReviews> {
  return ctx.db.transaction(async (tx) => {
    const order = await loadReviewableOrder(tx, caller, orderId);
    const ids = reviews.map((review) => review.order_item_id);
    const items = await tx
      .select({ id: orderItems.id, itemId: orderItems.itemId })
      .from(orderItems)
      .where(
        and(eq(orderItems.orderId, order.id), eq(orderItems.status, 'active'), inArray(orderItems.id, ids)),
      );
    const itemIdOf = new Map(items.map((item) => [item.id, item.itemId]));
    const missing = ids.filter((id) => !itemIdOf.has(id));
    if (missing.length > 0) fail(MESSAGE.reviewItemNotReviewable, {}, { order_item_ids: missing });
    const now = ctx.now();
    await tx
      .insert(dishReviews)
      .values(
        reviews.map((review) => ({
          userId: order.userId!,
          restaurantId: order.restaurantId,
          orderId: order.id,
          orderItemId: review.order_item_id,
          itemId: itemIdOf.get(review.order_item_id)!,
          rating: review.rating,
          comment: review.comment?.trim() || null,
          createdAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: dishReviews.orderItemId,
        set: {
          rating: sql`excluded.rating`,
          comment: sql`excluded.comment`,
          createdAt: sql`excluded.created_at`,
        },
      });
    return orderReviewsView(tx, caller, order);
  });
}
