/**
 * Table requests: a diner at a table calls a waiter or asks for the bill from their running dine-in
 * order; the restaurant's staff see it on the board with the table and acknowledge it. Both moves are
 * published live as `table.request` events on `order:<id>` (the diner's page) and `restaurant:<id>`
 * (the board), inside the transaction (delivered on commit). README "Table requests".
 */
import { and, asc, desc, eq, isNull, notInArray } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  MESSAGE,
  ORDER_STATUSES,
  ORDER_TYPE,
  isOrderStatus,
  isRunningOrder,
  isTerminalOrderStatus,
} from '@santap/domain';
import type { TableRequest, TableRequestKind } from '@santap/contract';
import type { DbOrTx } from '../../../db/client';
import { diningTables, orders, tableRequests } from '../../../db/schema';
import type { AppContext } from '../../context';
import { staffOf } from '../../../lib/caller';
import type { Caller } from '../../../lib/caller';
import { ApiFailure, fail } from '../../../lib/errors';
import { loadOwnedOrder } from '../../model/orders';
import type { OrderRow } from '../../model/orders';

type TableRequestRow = typeof tableRequests.$inferSelect;
type LabelledRow = TableRequestRow & { tableLabel: string | null };

const TERMINAL_STATUSES = ORDER_STATUSES.filter(isTerminalOrderStatus);

/** Staff roles that answer a table (business accounts only read). */
const ACKNOWLEDGING_ROLES: readonly string[] = ['manager', 'server', 'kitchen'];

const epoch = (date: Date) => Math.floor(date.getTime() / 1000);

/** Requests with their table's label ('Table 3', the words the menu showed for it), in one query. */
function selectRequests(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      id: tableRequests.id,
      restaurantId: tableRequests.restaurantId,
      orderId: tableRequests.orderId,
      tableNo: tableRequests.tableNo,
      kind: tableRequests.kind,
      createdAt: tableRequests.createdAt,
      acknowledgedAt: tableRequests.acknowledgedAt,
      acknowledgedBy: tableRequests.acknowledgedBy,
      tableLabel: diningTables.displayName,
    })
    .from(tableRequests)
    .innerJoin(orders, eq(orders.id, tableRequests.orderId))
    .leftJoin(diningTables, eq(diningTables.id, orders.tableId))
    .where(where);
}

const viewOf = (row: LabelledRow): TableRequest => ({
  request_id: row.id,
  order_id: row.orderId,
  restaurant_id: row.restaurantId,
  kind: row.kind as TableRequestKind,
  table_no: row.tableNo,
  table_label: row.tableLabel,
  created_epoch: epoch(row.createdAt),
  acknowledged_epoch: row.acknowledgedAt ? epoch(row.acknowledgedAt) : null,
});

/** The one request `id` as the contract shows it. */
async function viewById(db: DbOrTx, id: number) {
  const [row] = await selectRequests(db, eq(tableRequests.id, id));
  return row ? viewOf(row) : fail(MESSAGE.notFound);
}

async function openRequestOf(db: DbOrTx, orderId: number, kind: TableRequestKind) {
  const [open] = await db
    .select({ id: tableRequests.id })
    .from(tableRequests)
    .where(
      and(
        eq(tableRequests.orderId, orderId),
        eq(tableRequests.kind, kind),
        isNull(tableRequests.acknowledgedAt),
      ),
    )
    .orderBy(desc(tableRequests.id))
    .limit(1);
  return open;
}

function publishRequest(ctx: AppContext, tx: DbOrTx, row: TableRequestRow) {
  return ctx.events.publish(tx, {
    topics: [`order:${row.orderId}`, `restaurant:${row.restaurantId}`],
    type: 'table.request',
    data: {
      request_id: row.id,
      order_id: row.orderId,
      kind: row.kind,
      acknowledged: row.acknowledgedAt !== null,
    },
  });
}

/** The subject the per-table limit counts: the restaurant's table (its id, else its number). */
const tableSubject = (order: OrderRow) =>
  `${order.restaurantId}:${order.tableId ?? `no:${order.tableNo ?? order.id}`}`;

/**
 * Counts a new request of the order's table; past `tableRequestsPerTable` the 429 says why in the
 * diner's words (`errors.tableRequestsTooMany`), with the wait in minutes and `Retry-After`.
 */
async function countTableRequest(ctx: AppContext, request: FastifyRequest, order: OrderRow) {
  try {
    await ctx.limits.hit(request, 'tableRequestsPerTable', tableSubject(order));
  } catch (error) {
    if (!(error instanceof ApiFailure) || error.statusCode !== 429) throw error;
    const seconds = (error.details as { retry_after_seconds: number }).retry_after_seconds;
    throw new ApiFailure(
      MESSAGE.tableRequestsTooMany,
      429,
      { minutes: Math.max(1, Math.ceil(seconds / 60)) },
      error.details,
    );
  }
}

/**
 * A diner calls a waiter or asks for the bill from their own running dine-in order (another's is 404,
 * like every order call). While a request of that kind is open, pressing again answers the open one
 * (nothing new is counted or published); a new one is counted against the table's limit first.
 */
export async function createTableRequest(
  ctx: AppContext,
  caller: Caller,
  request: FastifyRequest,
  orderId: number,
  kind: TableRequestKind,
) {
  const order = await loadOwnedOrder(ctx.db, caller, orderId);
  const running = isOrderStatus(order.status) && isRunningOrder(order.status);
  if (order.orderType !== ORDER_TYPE.DINE_IN || !running) fail(MESSAGE.tableRequestNotRunning);
  const open = await openRequestOf(ctx.db, order.id, kind);
  if (open) return viewById(ctx.db, open.id);
  // Outside the transaction: the limit's counter is its own statement on its own connection.
  await countTableRequest(ctx, request, order);
  return ctx.db.transaction(async (tx) => {
    // The order's row lock makes two presses at once one request.
    const locked = await loadOwnedOrder(tx, caller, order.id, true);
    const again = await openRequestOf(tx, locked.id, kind);
    if (again) return viewById(tx, again.id);
    const [row] = await tx
      .insert(tableRequests)
      .values({
        restaurantId: locked.restaurantId,
        orderId: locked.id,
        tableNo: locked.tableNo,
        kind,
        createdAt: ctx.now(),
      })
      .returning();
    await publishRequest(ctx, tx, row!);
    return viewById(tx, row!.id);
  });
}

/** The latest request of each kind of the caller's own order (another's is 404), newest first. */
export async function orderTableRequests(ctx: AppContext, caller: Caller, orderId: number) {
  const order = await loadOwnedOrder(ctx.db, caller, orderId);
  const rows = await selectRequests(ctx.db, eq(tableRequests.orderId, order.id)).orderBy(
    desc(tableRequests.id),
  );
  const latest = rows.filter((row, index) => rows.findIndex((other) => other.kind === row.kind) === index);
  return { requests: latest.map(viewOf) };
}

/**
 * The open requests of the staff member's restaurant, oldest first (the longest waiting on top). A
 * request of an order that has ended (completed, cancelled) no longer shows: the table has left.
 */
export async function staffTableRequests(ctx: AppContext, caller: Caller) {
  const member = staffOf(caller);
  const rows = await selectRequests(
    ctx.db,
    and(
      eq(tableRequests.restaurantId, member.restaurantId),
      isNull(tableRequests.acknowledgedAt),
      notInArray(orders.status, TERMINAL_STATUSES),
    ),
  ).orderBy(asc(tableRequests.id));
  return { requests: rows.map(viewOf) };
}

/**
 * Staff acknowledge a request of their restaurant (another's is 404; business 403). Idempotent: one
 * already acknowledged is answered as it is, keeping who acknowledged it first, and published once.
 */
export async function acknowledgeTableRequest(ctx: AppContext, caller: Caller, requestId: number) {
  const member = staffOf(caller);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(tableRequests)
      .where(and(eq(tableRequests.id, requestId), eq(tableRequests.restaurantId, member.restaurantId)))
      .limit(1)
      .for('update');
    if (!row) return fail(MESSAGE.notFound);
    if (!ACKNOWLEDGING_ROLES.includes(member.role)) fail(MESSAGE.forbidden);
    if (row.acknowledgedAt === null) {
      const [done] = await tx
        .update(tableRequests)
        .set({ acknowledgedAt: ctx.now(), acknowledgedBy: `staff:${member.username}` })
        .where(eq(tableRequests.id, row.id))
        .returning();
      await publishRequest(ctx, tx, done!);
    }
    return viewById(tx, row.id);
  });
}
