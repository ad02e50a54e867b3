/** Ordering: the contract's view of orders (lines, restaurant, table label, status history). */
import { and, eq, getTableColumns, inArray, isNotNull, isNull, ne, or } from 'drizzle-orm';
import { canDinerCancel, orderStatusWordingKey } from '@santap/domain';
import type { OrderStatus, OrderTypeCode } from '@santap/domain';
import type { DbOrTx } from '../../../../db/client';
import { diningTables, menuItems, orderEvents, orderItems, restaurants } from '../../../../db/schema';
import type { Caller } from '../../../../lib/caller';
import { labelledBill } from '../pricing';
import { billOf } from '../../../model/orders';
import { pick } from '../../../model/restaurants';
import type { OrderRow } from '../../../model/orders';

/**
 * The contract's view of orders, items, restaurants and table labels loaded in four queries. One
 * after the other: inside a transaction they share one connection, which runs one query at a time
 * (node-postgres deprecates queueing a query on a busy client).
 */
export async function orderViews(db: DbOrTx, rows: OrderRow[], t: Caller['t'], lang: Caller['lang']) {
  return (await orderViewsAndLines(db, rows, t, lang)).views;
}

/**
 * `orderViews`, and the order lines it read (by id) with each dish's menu category: the staff view
 * adds the kitchen's part from them without reading the lines again.
 */
export async function orderViewsAndLines(db: DbOrTx, rows: OrderRow[], t: Caller['t'], lang: Caller['lang']) {
  if (rows.length === 0) return { views: [], lines: [] };
  const ids = rows.map((row) => row.id);
  const tableIds = [...new Set(rows.flatMap((row) => (row.tableId === null ? [] : [row.tableId])))];
  const items = await db
    .select({ ...getTableColumns(orderItems), categoryId: menuItems.categoryId })
    .from(orderItems)
    .leftJoin(menuItems, eq(menuItems.id, orderItems.itemId))
    .where(inArray(orderItems.orderId, ids))
    .orderBy(orderItems.id);
  const names = await db
    .select({
      id: restaurants.id,
      nameid: restaurants.nameid,
      name: restaurants.name,
      timeZone: restaurants.timeZone,
    })
    .from(restaurants)
    .where(inArray(restaurants.id, [...new Set(rows.map((row) => row.restaurantId))]));
  // The table's name as the restaurant labels it ('Table 3'), the words the menu showed for it.
  const tables =
    tableIds.length === 0
      ? []
      : await db
          .select({ id: diningTables.id, label: diningTables.displayName })
          .from(diningTables)
          .where(inArray(diningTables.id, tableIds));
  // The status history (the order tracker's step times): events that set a status, not those that
  // keep it (a declined item, a kitchen tap, a payment).
  const history = await db
    .select({ orderId: orderEvents.orderId, status: orderEvents.toStatus, at: orderEvents.createdAt })
    .from(orderEvents)
    .where(
      and(
        inArray(orderEvents.orderId, ids),
        isNotNull(orderEvents.toStatus),
        or(isNull(orderEvents.fromStatus), ne(orderEvents.fromStatus, orderEvents.toStatus)),
      ),
    )
    .orderBy(orderEvents.id);
  const views = rows.map((row) => {
    const restaurant = names.find((r) => r.id === row.restaurantId);
    const status = row.status as OrderStatus;
    const orderType = row.orderType as OrderTypeCode;
    return {
      order_id: row.id,
      fc_order_id: row.fcOrderId,
      restaurant_id: row.restaurantId,
      nameid: restaurant?.nameid ?? '',
      restaurant_name: pick(restaurant?.name, lang),
      time_zone: restaurant?.timeZone ?? 'UTC',
      order_type: orderType,
      pickup_type: row.pickupType,
      order_time: row.orderTime === 'SCHEDULED' ? ('SCHEDULED' as const) : ('ASAP' as const),
      scheduled_epoch: row.scheduledAt ? Math.floor(row.scheduledAt.getTime() / 1000) : null,
      table_no: row.tableNo,
      queue_no: row.queueNo,
      kiosk_ticket: row.kioskTicket,
      table_label: tables.find((table) => table.id === row.tableId)?.label ?? null,
      status,
      status_key: orderStatusWordingKey(status, orderType),
      payment_status: row.paymentStatus,
      payment_mode: row.paymentMode,
      prepay: row.prepay,
      currency: row.currency as 'MYR' | 'IDR',
      total: row.total,
      bill: labelledBill(billOf(row), t),
      items: items
        .filter((item) => item.orderId === row.id)
        .map((item) => ({
          order_item_id: item.id,
          item_id: item.itemId,
          name: pick(item.name, lang),
          quantity: item.quantity,
          unit_price: item.unitPrice,
          options: item.options.map((o) => ({
            group_id: o.groupId,
            option_id: o.optionId,
            price: o.price,
            // Lines ordered before names were kept show the option's id.
            name: o.name ? pick(o.name, lang) : o.optionId,
            group_name: o.group ? pick(o.group, lang) : o.groupId,
          })),
          notes: item.notes,
          status: item.status === 'declined' ? ('declined' as const) : ('active' as const),
          batch: item.batch,
        })),
      special_note: row.specialNote,
      created_epoch: Math.floor(row.createdAt.getTime() / 1000),
      can_cancel: canDinerCancel(status),
      paid_amount: row.paidAmount,
      status_history: history
        .filter((event) => event.orderId === row.id && event.status !== null)
        .map((event) => ({ status: event.status!, at: Math.floor(event.at.getTime() / 1000) })),
    };
  });
  return { views, lines: items };
}
