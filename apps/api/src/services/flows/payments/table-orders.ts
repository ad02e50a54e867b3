/**
 * A table's orders paid together (spec §2 `/payments/:order_id/:price/:orderIds`, §5 "own order cannot
 * be deselected when merging orders"): which orders on the caller's tab still owe money, and the
 * check every payment of several orders passes (`tablePaymentRefusal` of @santap/domain, and one tab).
 */
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { MESSAGE, ORDER_STATUSES, ORDER_TYPE, isRunningOrder, tablePaymentRefusal } from '@santap/domain';
import type { OrderStatus, OrderTypeCode, TableOrder } from '@santap/domain';
import { diningTables, orderItems, orders } from '../../../db/schema';
import type { AppContext } from '../../context';
import type { Caller } from '../../../lib/caller';
import { fail } from '../../../lib/errors';
import { loadOwnedOrder } from '../../model/orders';
import { owedBy } from './model';
import { pick } from '../../model/restaurants';

type OrderRow = typeof orders.$inferSelect;

const ENDED = ORDER_STATUSES.filter((status) => !isRunningOrder(status));

/** What the domain rule reads of an order row. */
export const tableFactsOf = (row: OrderRow): TableOrder => ({
  orderId: row.id,
  restaurantId: row.restaurantId,
  tableId: row.tableId,
  orderType: row.orderType as OrderTypeCode,
  status: row.status as OrderStatus,
  owed: owedBy(row),
});

/**
 * Whether `row` may be paid with, and shown beside, the caller's own order `own`: it is `own`, or both
 * are on one tab (`orders.tab_id`, docs/tabs.md). Sitting at the same table is not enough: a table's
 * ticket proves only that someone has its link (a static sticker can be read by anyone), so an order
 * with no tab stands alone.
 */
const onOwnTab = (own: OrderRow, row: OrderRow) =>
  row.id === own.id || (own.tabId !== null && row.tabId === own.tabId);

/**
 * The running dine-in orders on the tab of the caller's own order `orderId` (at its table) that still
 * owe money, the caller's own first; an order with no tab lists only itself. Another diner's order is
 * seen only by a diner on its tab, and only as its number, dishes and amounts.
 */
export async function tableUnpaidOrders(ctx: AppContext, caller: Caller, orderId: number) {
  const own = await loadOwnedOrder(ctx.db, caller, orderId);
  const rows =
    own.orderType === ORDER_TYPE.DINE_IN &&
    own.tableId !== null &&
    own.tabId !== null &&
    isRunningOrder(own.status as OrderStatus)
      ? await ctx.db
          .select()
          .from(orders)
          .where(
            and(
              eq(orders.restaurantId, own.restaurantId),
              eq(orders.tableId, own.tableId),
              eq(orders.tabId, own.tabId),
              eq(orders.orderType, ORDER_TYPE.DINE_IN),
              notInArray(orders.status, ENDED),
            ),
          )
          .orderBy(asc(orders.id))
      : [own];
  const ownFacts = tableFactsOf(own);
  const payable = rows.filter(
    (row) =>
      row.id === own.id ||
      (onOwnTab(own, row) && tablePaymentRefusal(ownFacts, [ownFacts, tableFactsOf(row)]) === null),
  );
  const listed = [own, ...payable.filter((row) => row.id !== own.id)];
  const items = await ctx.db
    .select({ orderId: orderItems.orderId, name: orderItems.name, quantity: orderItems.quantity })
    .from(orderItems)
    .where(
      and(
        inArray(
          orderItems.orderId,
          listed.map((row) => row.id),
        ),
        eq(orderItems.status, 'active'),
      ),
    )
    .orderBy(asc(orderItems.id));
  const [table] =
    own.tableId === null
      ? []
      : await ctx.db
          .select({ label: diningTables.displayName })
          .from(diningTables)
          .where(eq(diningTables.id, own.tableId));
  return {
    order_id: own.id,
    restaurant_id: own.restaurantId,
    table_label: table?.label ?? null,
    currency: own.currency as 'MYR' | 'IDR',
    orders: listed.map((row) => ({
      order_id: row.id,
      own: row.id === own.id,
      owed: owedBy(row),
      total: row.total,
      items: items
        .filter((item) => item.orderId === row.id)
        .map((item) => ({ name: pick(item.name, caller.lang), quantity: item.quantity })),
      created_epoch: Math.floor(row.createdAt.getTime() / 1000),
    })),
  };
}

/**
 * Checks that `orders` (locked by the caller) may be paid together by the diner of `own` (the domain's
 * rule, and every one on the tab of `own`, as the list shows them), and that `amount`, when given, is
 * what they owe: refused with the domain's words otherwise.
 */
export function checkTablePayment(own: OrderRow, chosen: OrderRow[], amount: number | undefined) {
  const refusal = tablePaymentRefusal(tableFactsOf(own), chosen.map(tableFactsOf));
  if (refusal) fail(refusal);
  if (!chosen.every((row) => onOwnTab(own, row))) fail(MESSAGE.tableOrdersInvalid);
  const owed = chosen.reduce((sum, row) => sum + owedBy(row), 0);
  if (amount !== undefined && amount !== owed) fail(MESSAGE.paymentAmountMismatch);
  return owed;
}
