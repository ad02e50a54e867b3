/**
 * Reading orders and moving a dine-in order to another table: the queries behind the order calls of
 * spec §7 (creation, cancellation and status changes live in place.ts and transitions.ts).
 */
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { MESSAGE, ORDER_STATUS, ORDER_TYPE, isRunningOrder, runningOrderConflicts } from '@santap/domain';
import type { OrderStatus } from '@santap/domain';
import { diningTables, foodCourtOrders, malls, orders } from '../../../../db/schema';
import type { AppContext } from '../../../context';
import type { Caller } from '../../../../lib/caller';
import { fail } from '../../../../lib/errors';
import { resolveScope } from '../../../model/carts';
import { orderViews, placeOf, runningOrdersOf, runningOrdersWithPlace } from './index';
import { loadOwnedOrder, ownedBy } from '../../../model/orders';
import { requireTableTicket } from '../../tables/tickets';

/** The caller's upcoming scheduled orders, soonest first. */
export async function upcomingScheduledOrders(ctx: AppContext, caller: Caller) {
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(and(ownedBy(caller), eq(orders.orderTime, 'SCHEDULED')))
    .orderBy(asc(orders.scheduledAt));
  const upcoming = rows.filter((row) => row.scheduledAt && row.scheduledAt > ctx.now());
  return { orders: await orderViews(ctx.db, upcoming, caller.t, caller.lang) };
}

export async function orderDetail(ctx: AppContext, caller: Caller, orderId: number) {
  const order = await loadOwnedOrder(ctx.db, caller, orderId);
  return (await orderViews(ctx.db, [order], caller.t, caller.lang))[0]!;
}

/** The caller's running orders, optionally only those at one table (for 'add more items'). */
export async function runningOrderViews(
  ctx: AppContext,
  caller: Caller,
  at?: { restaurantId: number; tableId: number },
) {
  const rows = (await runningOrdersOf(ctx.db, caller)).filter(
    (row) => !at || (row.restaurantId === at.restaurantId && row.tableId === at.tableId),
  );
  return { orders: await orderViews(ctx.db, rows, caller.t, caller.lang) };
}

/** The caller's orders, newest first, one page. */
export async function orderHistory(
  ctx: AppContext,
  caller: Caller,
  page: { page_no: number; limit: number },
) {
  const [{ total } = { total: 0 }] = await ctx.db
    .select({ total: count() })
    .from(orders)
    .where(ownedBy(caller));
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(ownedBy(caller))
    .orderBy(desc(orders.id))
    .limit(page.limit)
    .offset((page.page_no - 1) * page.limit);
  return {
    orders: await orderViews(ctx.db, rows, caller.t, caller.lang),
    page_no: page.page_no,
    total_pages: Math.ceil(Number(total) / page.limit),
  };
}

const READY_STATES: OrderStatus[] = [
  ORDER_STATUS.READY,
  ORDER_STATUS.SERVED_OR_PICKED,
  ORDER_STATUS.COMPLETED,
];

/** One food-court order with its outlet orders, and whether every live outlet order is ready. */
export async function foodCourtOrderView(ctx: AppContext, caller: Caller, fcOrderId: number) {
  const [fc] = await ctx.db
    .select({ fc: foodCourtOrders, slug: malls.slug })
    .from(foodCourtOrders)
    .innerJoin(malls, eq(malls.id, foodCourtOrders.mallId))
    .where(eq(foodCourtOrders.id, fcOrderId));
  if (!fc) return fail(MESSAGE.notFound);
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.fcOrderId, fc.fc.id), ownedBy(caller)))
    .orderBy(asc(orders.id));
  if (rows.length === 0) return fail(MESSAGE.notFound);
  const live = rows.filter(
    (row) => row.status !== ORDER_STATUS.DECLINED && row.status !== ORDER_STATUS.CANCELLED,
  );
  return {
    fc_order_id: fc.fc.id,
    mall: fc.slug,
    total: fc.fc.total,
    payment_status: fc.fc.paymentStatus,
    all_ready: live.length > 0 && live.every((row) => READY_STATES.includes(row.status as OrderStatus)),
    orders: await orderViews(ctx.db, rows, caller.t, caller.lang),
  };
}

/**
 * Spec §5: the caller's running dine-in or takeaway orders at another place than this scope (a
 * restaurant, or any outlet of a food court): the same rule as the create (`runningOrderConflicts`).
 */
export async function runningOrdersElsewhere(ctx: AppContext, caller: Caller, scope: string) {
  const target = await resolveScope(ctx.db, scope);
  const conflicts = runningOrderConflicts(
    await runningOrdersWithPlace(ctx.db, caller),
    target.outlets.map(placeOf),
  );
  const first = conflicts[0];
  return {
    conflict: conflicts.length > 0,
    message: first ? caller.t(first.message) : null,
    orders: await orderViews(
      ctx.db,
      conflicts.map(({ order }) => order.row),
      caller.t,
      caller.lang,
    ),
  };
}

/**
 * Moves a running dine-in order to another table of its own venue: its restaurant's tables, or for a
 * food-court order the tables of that order's mall. A finished, cancelled or declined order stays
 * where it was; a table that does not exist is an invalid QR (the diner scanned it).
 */
export async function changeTable(
  ctx: AppContext,
  caller: Caller,
  orderId: number,
  tableId: number,
  /** The diner's ticket of the new table's scan (services/flows/tables/tickets.ts). */
  tableTicket: string | undefined,
) {
  return ctx.db.transaction(async (tx) => {
    const order = await loadOwnedOrder(tx, caller, orderId, true);
    if (order.orderType !== ORDER_TYPE.DINE_IN) fail(MESSAGE.wrongTable);
    if (!isRunningOrder(order.status as OrderStatus)) fail(MESSAGE.invalidTransition);
    const [table] = await tx
      .select()
      .from(diningTables)
      .where(and(eq(diningTables.id, tableId), eq(diningTables.active, true)));
    if (!table) return fail(MESSAGE.invalidQr);
    const venueMallId =
      order.fcOrderId === null
        ? null
        : ((
            await tx
              .select({ mallId: foodCourtOrders.mallId })
              .from(foodCourtOrders)
              .where(eq(foodCourtOrders.id, order.fcOrderId))
          )[0]?.mallId ?? null);
    const sameVenue =
      venueMallId === null ? table.restaurantId === order.restaurantId : table.mallId === venueMallId;
    if (!sameVenue) return fail(MESSAGE.wrongTable);
    requireTableTicket(
      ctx,
      tableTicket,
      venueMallId === null
        ? { restaurantId: order.restaurantId, tableId: table.id }
        : { mallId: venueMallId, tableId: table.id },
    );
    // A food-court diner sits at one table: every outlet's part of the food-court order still on its
    // way moves with the one named, or the other outlets would bring their dishes to the old table.
    const parts =
      order.fcOrderId === null
        ? [order]
        : (
            await tx
              .select()
              .from(orders)
              .where(and(eq(orders.fcOrderId, order.fcOrderId), eq(orders.orderType, ORDER_TYPE.DINE_IN)))
              .for('update')
          ).filter((part) => part.id === order.id || isRunningOrder(part.status as OrderStatus));
    const moved = await tx
      .update(orders)
      .set({ tableId: table.id, tableNo: table.tableNo, updatedAt: ctx.now() })
      .where(
        inArray(
          orders.id,
          parts.map((part) => part.id),
        ),
      )
      .returning();
    const fresh = moved.find((part) => part.id === order.id)!;
    return (await orderViews(tx, [fresh], caller.t, caller.lang))[0]!;
  });
}
