/**
 * The restaurant's order board (spec §4, §6 roles): its orders as staff see them, running first and
 * paged, with the kitchen display's part; and one order of the restaurant, locked for a move.
 */
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { ALLERGENS, MESSAGE, ORDER_STATUS, ORDER_STATUSES, isTerminalOrderStatus } from '@santap/domain';
import type { Allergen, OrderStatus } from '@santap/domain';
import type { DbOrTx } from '../../../db/client';
import { orders, userAllergies } from '../../../db/schema';
import type { AppContext } from '../../context';
import type { Caller, CallerStaff } from '../../../lib/caller';
import { fail } from '../../../lib/errors';
import { orderViewsAndLines, paidFirst } from '../ordering/orders';
import type { OrderRow } from '../../model/orders';
import { refundableOf } from '../payments/order-refunds';
import { S } from './staff';
import { staffOf } from '../../../lib/caller';

/** Orders one page of a staff list shows at most (running ones first; `next_cursor` pages on). */
const STAFF_ORDER_LIMIT = 200;

const TERMINAL_STATUSES = ORDER_STATUSES.filter(isTerminalOrderStatus);

/**
 * The restaurant's orders: running first, newest first within each group; `runningOnly` drops finished
 * ones; `orderId` narrows to that one order (none when it is another restaurant's). Pages of `limit`
 * (at most {@link STAFF_ORDER_LIMIT}): `next_cursor` ('<group>:<id>' of the page's last row, group 0
 * running, 1 finished) continues after it, null on the last page.
 */
export async function staffOrders(
  ctx: AppContext,
  caller: Caller,
  runningOnly: boolean,
  page: { cursor?: string | undefined; limit?: number | undefined; orderId?: number | undefined } = {},
) {
  const member = staffOf(caller);
  const limit = Math.min(page.limit ?? STAFF_ORDER_LIMIT, STAFF_ORDER_LIMIT);
  const finished = sql<number>`case when ${inArray(orders.status, TERMINAL_STATUSES)} then 1 else 0 end`;
  const [afterGroup, afterId] = page.cursor ? page.cursor.split(':').map(Number) : [];
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.restaurantId, member.restaurantId),
        runningOnly ? notInArray(orders.status, TERMINAL_STATUSES) : undefined,
        afterGroup !== undefined && afterId !== undefined
          ? sql`(${finished} > ${afterGroup} or (${finished} = ${afterGroup} and ${orders.id} < ${afterId}))`
          : undefined,
        page.orderId === undefined ? undefined : eq(orders.id, page.orderId),
      ),
    )
    .orderBy(finished, desc(orders.id))
    .limit(limit + 1);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  const next_cursor =
    rows.length > limit && last
      ? `${TERMINAL_STATUSES.includes(last.status as OrderStatus) ? 1 : 0}:${last.id}`
      : null;
  const views = await staffOrderViews(ctx.db, shown, caller);
  if (page.orderId === undefined) return { orders: views, next_cursor };
  // One order asked for (a screen opening it): a completed one says what may still be refunded.
  const one = await Promise.all(
    views.map(async (view, index) => {
      const row = shown[index];
      return row?.status === ORDER_STATUS.COMPLETED
        ? { ...view, refundable_amount: await refundableOf(ctx.db, row) }
        : view;
    }),
  );
  return { orders: one, next_cursor };
}

/** Statuses of an order the restaurant has not taken on yet: one paid first waits there for its payment. */
const NOT_TAKEN_ON: readonly OrderStatus[] = [S.WAITING_CONFIRMATION, S.SCHEDULED];

/**
 * Orders as staff see them: the diner's view (`orderViews`) plus the kitchen display's part
 * (`kitchen`: rush, awaiting payment, the diner's allergies, each line's menu category and done mark,
 * from the lines the diner's view read). One more read for the whole page (allergies, when an order
 * has a diner's account), not per order.
 */
export async function staffOrderViews(db: DbOrTx, rows: OrderRow[], caller: Caller) {
  const { views, lines } = await orderViewsAndLines(db, rows, caller.t, caller.lang);
  if (rows.length === 0) return [];
  const userIds = [...new Set(rows.flatMap((row) => (row.userId === null ? [] : [row.userId])))];
  const allergies =
    userIds.length === 0
      ? []
      : await db
          .select({
            userId: userAllergies.userId,
            category: userAllergies.category,
            severity: userAllergies.severity,
          })
          .from(userAllergies)
          .where(inArray(userAllergies.userId, userIds))
          .orderBy(userAllergies.id);
  return views.map((view, index) => {
    const row = rows[index]!;
    return {
      ...view,
      kitchen: {
        rush: row.kitchenRush,
        awaiting_payment:
          NOT_TAKEN_ON.includes(row.status as OrderStatus) && paidFirst(row) && row.paymentStatus !== 'paid',
        allergies: allergies
          .filter((allergy) => allergy.userId === row.userId)
          .flatMap((allergy) =>
            (ALLERGENS as readonly string[]).includes(allergy.category)
              ? [
                  {
                    category: allergy.category as Allergen,
                    severity: allergy.severity === 'severe' ? ('severe' as const) : ('avoid' as const),
                  },
                ]
              : [],
          ),
        lines: lines
          .filter((line) => line.orderId === row.id)
          .map((line) => ({
            order_item_id: line.id,
            category_id: line.categoryId ?? null,
            done: line.kitchenDoneAt !== null,
          })),
      },
    };
  });
}

/** The order locked for update, if it belongs to the staff member's restaurant; else 404. */
export async function lockRestaurantOrder(
  tx: DbOrTx,
  member: CallerStaff,
  orderId: number,
): Promise<OrderRow> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.restaurantId, member.restaurantId)))
    .limit(1)
    .for('update');
  return order ?? fail(MESSAGE.notFound);
}

export async function viewOf(tx: DbOrTx, caller: Caller, orderId: number) {
  const [fresh] = await tx.select().from(orders).where(eq(orders.id, orderId));
  const [view] = await staffOrderViews(tx, fresh ? [fresh] : [], caller);
  return view ?? fail(MESSAGE.notFound);
}
