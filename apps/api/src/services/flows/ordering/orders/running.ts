/** Ordering: the caller's running orders, and where each is (spec §5 one running order). */
import { and, desc, eq, notInArray, or } from 'drizzle-orm';
import { ORDER_STATUSES, ORDER_TYPE, isRunningOrder } from '@santap/domain';
import type { OrderPlace, OrderStatus, OrderTypeCode } from '@santap/domain';
import type { DbOrTx } from '../../../../db/client';
import { orders, restaurants } from '../../../../db/schema';
import type { Caller } from '../../../../lib/caller';
import { ownedBy } from '../../../model/orders';

/** Where an outlet is, for the running-order rule: itself, and its food court if it is an outlet of one. */
export const placeOf = (restaurant: { id: number; mallId: number | null }): OrderPlace => ({
  restaurantId: restaurant.id,
  foodCourtId: restaurant.mallId,
});

/**
 * The caller's running dine-in and takeaway orders, each with its place (restaurant and food court):
 * what the one-running-order rule of spec §5 reads, for the create and its pre-check alike.
 */
export async function runningOrdersWithPlace(db: DbOrTx, caller: Caller) {
  const rows = await db
    .select({ order: orders, mallId: restaurants.mallId })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .where(
      and(
        ownedBy(caller),
        notInArray(orders.status, TERMINAL_STATUSES),
        or(
          eq(orders.orderType, ORDER_TYPE.DINE_IN),
          and(eq(orders.orderType, ORDER_TYPE.PICKUP), eq(orders.pickupType, 'takeaway')),
        ),
      ),
    )
    .orderBy(desc(orders.id));
  return rows.map(({ order, mallId }) => ({
    row: order,
    status: order.status as OrderStatus,
    orderType: order.orderType as OrderTypeCode,
    pickupType: order.pickupType,
    place: placeOf({ id: order.restaurantId, mallId }),
  }));
}

const TERMINAL_STATUSES = ORDER_STATUSES.filter((status) => !isRunningOrder(status));

export async function runningOrdersOf(db: DbOrTx, caller: Caller) {
  const rows = await db.select().from(orders).where(ownedBy(caller)).orderBy(desc(orders.id)).limit(100);
  return rows.filter((row) => isRunningOrder(row.status as OrderStatus));
}
