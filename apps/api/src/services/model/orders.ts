/** Orders as rows (the model floor, README "Floors"): the row type, and which orders a caller may see and touch. */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MESSAGE, billInputSchema } from '@santap/domain';
import type { Bill } from '@santap/domain';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { fail } from '../../lib/errors';

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

const storedBillSchema = z.object({
  currency: billInputSchema.shape.currency,
  // Not read once the order is placed (a batch only appends to them): absent reads as none.
  lineTotals: z.array(z.int()).default([]),
  subtotal: z.int(),
  lines: z.array(
    z.object({
      key: z.string(),
      amount: z.int(),
      rate: z.int().optional(),
      included: z.literal(true).optional(),
    }),
  ),
  total: z.int(),
}) satisfies z.ZodType<Bill>;

/**
 * `orders.bill` as a {@link Bill}, or null when the stored value is not one (written by hand or by
 * older code). Unknown keys are dropped.
 */
export function parseBill(stored: unknown): Bill | null {
  const parsed = storedBillSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/**
 * The bill an order shows (its page, its invoice): the stored one, or, when that cannot be read
 * ({@link parseBill}), the order's own subtotal and total without lines, so the page still opens.
 */
export function billOf(order: { bill: unknown; currency: string; subtotal: number; total: number }): Bill {
  return (
    parseBill(order.bill) ?? {
      currency: order.currency === 'IDR' ? 'IDR' : 'MYR',
      lineTotals: [],
      subtotal: order.subtotal,
      lines: [],
      total: order.total,
    }
  );
}
