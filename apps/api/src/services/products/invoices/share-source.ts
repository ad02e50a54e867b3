/**
 * A payer's share of a table's tab as its receipt mail and its e-invoice read it (apps/api
 * docs/tabs.md, "Receipts and e-invoices per share"): the share row with its receipt `lines` and tip,
 * the tab's restaurant and table, and each dish it pays part of with that part (its `bill.subtotal`
 * part of the dish, from the share's `allocation`). Only the payer reads their share: anyone else,
 * another member of the same tab included, gets 404.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { BILL_LINE_KEY, MESSAGE } from '@santap/domain';
import type { BillLine, Currency } from '@santap/domain';
import type { DbOrTx } from '../../../db/client';
import {
  diningTables,
  orderItems,
  orders,
  restaurants,
  tabMembers,
  tabShares,
  tableTabs,
} from '../../../db/schema';
import type { Translated } from '../../../db/schema';
import { fail } from '../../../lib/errors';
import { allocationOf, memberIdentity, memberRowsOf } from '../../model/tabs';
import type { OrderItemRow, TabCaller, TabShareRow } from '../../model/tabs';
import type { RestaurantRow } from '../../model/restaurants';
import { menuOptionNames } from './option-names';

/** One dish a share pays part (or all) of. */
export interface ShareDish {
  lineId: string;
  orderId: number;
  /** The order item; null for an order shared as one line (its bill could not be read by dish). */
  item: OrderItemRow | null;
  /** The share's part of the dish's price: its `bill.subtotal` part (charges and taxes are the share's lines). */
  subtotal: number;
  /** The dish's unit price; for an order on one line, the order's total. */
  unitPrice: number;
  /** The dish's quantity; 1 for an order on one line. */
  quantity: number;
  /** True when the share pays all of the dish's price. */
  whole: boolean;
}

export interface InvoiceShareSource {
  share: TabShareRow & { lines: BillLine[]; currency: Currency };
  restaurant: RestaurantRow;
  tableLabel: string | null;
  /** The dishes the share pays part of, in the tab's order (its allocation's). */
  dishes: ShareDish[];
  /** The orders the share pays part of. */
  orderIds: number[];
  /** Option names by `groupId/optionId`, from the menu (as an order's invoice prints them). */
  optionNames: ReadonlyMap<string, Translated>;
  /** When the share was paid (its settling); its creation for a share not settled. */
  paidAt: Date;
}

/**
 * The caller's own share (their member row on its tab is the share's payer), or 404: a share of
 * another member, of the counter, or of a tab the caller is not on reads as one that does not exist.
 */
export async function loadOwnedShare(db: DbOrTx, caller: TabCaller, shareId: number): Promise<TabShareRow> {
  const [row] = await db
    .select({ share: tabShares })
    .from(tabShares)
    .innerJoin(tabMembers, eq(tabMembers.id, tabShares.memberId))
    .where(
      and(eq(tabShares.id, shareId), eq(tabMembers.status, 'member'), memberRowsOf(memberIdentity(caller))),
    )
    .limit(1);
  return row?.share ?? fail(MESSAGE.notFound);
}

/** A share's id of an order shared as one line (`0<order id>`, model/tab-state.ts), or null. */
const wholeOrderId = (lineId: string): number | null => (/^0\d+$/.test(lineId) ? Number(lineId) : null);

/** Everything a share's receipt and e-invoice print (see the module comment). */
export async function shareSource(db: DbOrTx, share: TabShareRow): Promise<InvoiceShareSource> {
  const [place] = await db
    .select({ restaurant: restaurants, tableLabel: diningTables.displayName })
    .from(tableTabs)
    .innerJoin(restaurants, eq(restaurants.id, tableTabs.restaurantId))
    .leftJoin(diningTables, eq(diningTables.id, tableTabs.tableId))
    .where(eq(tableTabs.id, share.tabId))
    .limit(1);
  if (!place) return fail(MESSAGE.notFound);
  const allocation = allocationOf(share) ?? [];
  const itemIds = allocation
    .filter((entry) => wholeOrderId(entry.lineId) === null)
    .map((e) => Number(e.lineId));
  const wholeIds = allocation.map((entry) => wholeOrderId(entry.lineId)).filter((id) => id !== null);
  const [items, wholeOrders] = await Promise.all([
    itemIds.length ? db.select().from(orderItems).where(inArray(orderItems.id, itemIds)) : [],
    wholeIds.length
      ? db.select({ id: orders.id, total: orders.total }).from(orders).where(inArray(orders.id, wholeIds))
      : [],
  ]);
  const dishes: ShareDish[] = [];
  for (const entry of allocation) {
    const subtotal = entry.parts
      .filter((part) => part.key === BILL_LINE_KEY.subtotal && !part.included)
      .reduce((sum, part) => sum + part.amount, 0);
    if (subtotal === 0) continue;
    const orderId = wholeOrderId(entry.lineId);
    if (orderId !== null) {
      const order = wholeOrders.find((candidate) => candidate.id === orderId);
      const total = order?.total ?? subtotal;
      dishes.push({
        lineId: entry.lineId,
        orderId,
        item: null,
        subtotal,
        unitPrice: total,
        quantity: 1,
        whole: subtotal === total,
      });
      continue;
    }
    const item = items.find((candidate) => String(candidate.id) === entry.lineId);
    if (!item) return fail(MESSAGE.somethingWentWrong);
    dishes.push({
      lineId: entry.lineId,
      orderId: item.orderId,
      item,
      subtotal,
      unitPrice: item.unitPrice,
      quantity: item.quantity,
      whole: subtotal === item.unitPrice * item.quantity,
    });
  }
  return {
    share: {
      ...share,
      lines: share.lines as BillLine[],
      currency: share.currency === 'IDR' ? 'IDR' : 'MYR',
    },
    restaurant: place.restaurant,
    tableLabel: place.tableLabel ?? null,
    dishes,
    orderIds: [...new Set(dishes.map((dish) => dish.orderId))],
    optionNames: await menuOptionNames(db, [...new Set(items.map((item) => item.itemId))]),
    paidAt: share.settledAt ?? share.createdAt,
  };
}
