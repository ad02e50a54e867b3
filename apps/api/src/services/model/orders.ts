/** Ordering: which orders a caller may see and touch (services/README 'Ordering'). */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { MESSAGE } from '@santap/domain';
import type { DbOrTx } from '../../../../db/client';
import { orders } from '../../../../db/schema';
import type { Caller } from '../../../../lib/caller';
import { fail } from '../../../../lib/errors';

export type OrderRow = typeof orders.$inferSelect;

/**
 * Orders the caller may see: their user's, and their cart token's orders of no user (a guest's, which
 * a diner logging in in that browser takes over); neither -> none. An order of a user is never matched
 * by the token alone: after a sign-out the browser's next guest or diner does not see it.
 */
export function ownedBy(caller: Caller) {
  const byToken = caller.cartToken
    ? and(isNull(orders.userId), eq(orders.cartToken, caller.cartToken))
    : undefined;
  const byUser = caller.user ? eq(orders.userId, caller.user.id) : undefined;
  if (byToken && byUser) return or(byToken, byUser)!;
  return byToken ?? byUser ?? sql`false`;
}

export async function loadOwnedOrder(
  db: DbOrTx,
  caller: Caller,
  orderId: number,
  lock = false,
): Promise<OrderRow> {
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), ownedBy(caller)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  // Another diner's order is reported as not found, not forbidden: ids reveal nothing.
  return row ?? fail(MESSAGE.notFound);
}
