/**
 * The booking deposit on the final bill (spec §9: the token amount is adjusted against the final
 * bill). When a diner who paid a booking's token places a dine-in order at that restaurant on the
 * booking's day, the order links the booking (`orders.reservation_id`) and its bill takes the token
 * off (`@santap/domain` discount kind `deposit`, never below zero). A booking's token is used by one
 * order at a time: an order that is cancelled, declined or deleted frees it for the next one.
 */
import { and, asc, desc, eq, inArray, notInArray } from 'drizzle-orm';
import { ORDER_STATUS, ORDER_TYPE } from '@santap/domain';
import type { OrderTypeCode } from '@santap/domain';
import { localDateAt } from '@santap/schedule';
import type { DbOrTx } from '../../../db/client';
import { orders, reservations } from '../../../db/schema';
import type { ScopeTarget } from '../../model/carts';
import type { RestaurantRow } from '../../model/restaurants';
import { CONFIRMED_HOLD_STATES } from './model';

/** Orders that never happened: their deposit is free again. */
const VOIDED_STATUSES: number[] = [ORDER_STATUS.CANCELLED, ORDER_STATUS.DECLINED, ORDER_STATUS.DELETED];

/** The order (not voided) whose bill took this booking's token off, if any. */
export async function orderUsingToken(db: DbOrTx, reservationId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.reservationId, reservationId), notInArray(orders.status, VOIDED_STATUSES)))
    .orderBy(desc(orders.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The deposit a dine-in order by `userId` at `restaurant` takes off its bill now: the earliest of the
 * diner's bookings there today (restaurant time) whose token is paid, still standing and not used by
 * another order. The booking row is locked, so two orders placed at once never use one token twice.
 */
export async function depositFor(
  tx: DbOrTx,
  userId: number,
  restaurant: Pick<RestaurantRow, 'id' | 'timeZone'>,
  now: Date,
  lock = true,
): Promise<{ reservationId: number; restaurantId: number; amount: number } | null> {
  const today = localDateAt(now, restaurant.timeZone);
  const query = tx
    .select()
    .from(reservations)
    .where(
      and(
        eq(reservations.userId, userId),
        eq(reservations.restaurantId, restaurant.id),
        eq(reservations.date, today),
        eq(reservations.paymentStatus, 'paid'),
        inArray(reservations.state, [...CONFIRMED_HOLD_STATES]),
      ),
    )
    .orderBy(asc(reservations.startsAt));
  const candidates = lock ? await query.for('update') : await query;
  for (const booking of candidates) {
    if (booking.tokenAmount > 0 && (await orderUsingToken(tx, booking.id)) === null) {
      return { reservationId: booking.id, restaurantId: restaurant.id, amount: booking.tokenAmount };
    }
  }
  return null;
}

/**
 * The deposit an order of `orderType` placed by `userId` on `target`'s cart takes off its bill: only a
 * dine-in order at a restaurant (not a food court) by a known diner. Order create locks the booking
 * (`lock`); the cart's bill reads the same rule without a lock, so the cart shows the total the order
 * will have.
 */
export async function depositForOrder(
  tx: DbOrTx,
  args: { userId: number | null; target: ScopeTarget; orderType: OrderTypeCode; now: Date; lock: boolean },
) {
  const { userId, target, orderType, now, lock } = args;
  if (orderType !== ORDER_TYPE.DINE_IN || target.kind !== 'restaurant' || userId === null) return null;
  return depositFor(tx, userId, target.restaurant, now, lock);
}
