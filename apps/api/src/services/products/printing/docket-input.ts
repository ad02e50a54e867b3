/**
 * An order's rows as the layouts read them (`DocketInput` of `dockets/input.ts`): the restaurant, the
 * table or queue number, the lines with their names and options in every language, the special
 * request, the diner's flagged allergies, the bill and the payment. One read per order, shared by every
 * printer the order prints on; the spooler picks each docket's lines from it.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { isAllergen } from '@santap/domain';
import type { Allergen, OrderTypeCode, PickupType } from '@santap/domain';
import type { DbOrTx } from '../../../db/client';
import {
  diningTables,
  menuItems,
  orderItems,
  orders,
  payments,
  restaurants,
  userAllergies,
} from '../../../db/schema';
import type { MenuOptionGroupRow, Translated } from '../../../db/schema';
import type { OrderRow } from '../../model/orders';
import { parseBill } from '../../model/orders';
import { pick } from '../../model/restaurants';
import type { RestaurantRow } from '../../model/restaurants';
import { supplierOf } from '../invoices/einvoice-document';
import type { DocketInput, DocketLine, DocketName, DocketTaxDetails } from './dockets/input';

/** One order's line with what stations and dockets choose by: its id and its dish's menu category. */
export interface OrderLine {
  id: number;
  batch: number;
  categoryId: number | null;
  line: DocketLine;
}

/** An order read for printing: the document input (every line) and its lines by id. */
export interface OrderForPrint {
  order: OrderRow;
  restaurant: RestaurantRow;
  input: DocketInput;
  lines: OrderLine[];
  /** What a print job is headed with in the jobs list: the table, the queue number or the order number. */
  heading: string;
}

const nameOf = (text: Translated | null | undefined): DocketName => ({
  en: text?.en ?? '',
  ...(text?.id ? { id: text.id } : {}),
  ...(text?.my ? { my: text.my } : {}),
});

/** The receipt's tax details: a Malaysian restaurant's e-invoicing identity, when it set one. */
function taxOf(restaurant: RestaurantRow): DocketTaxDetails | null {
  if (restaurant.country !== 'MY') return null;
  const supplier = supplierOf(restaurant, 'myinvois');
  if (!supplier) return null;
  const named = (value: string) => (value && value !== 'NA' ? value : null);
  return {
    companyName: supplier.name === pick(restaurant.name, 'en') ? null : supplier.name,
    registrationNo: named(supplier.brn),
    sstNo: named(supplier.sst),
    tin: named(supplier.tin),
  };
}

/**
 * Reads an order for printing, or null when it is gone. `publicUrl` makes the e-invoice request link
 * a Malaysian receipt carries (the diner's e-invoice form of the order).
 */
export async function readOrderForPrint(
  db: DbOrTx,
  orderId: number,
  publicUrl: string,
): Promise<OrderForPrint | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) return null;
  const [restaurant] = await db
    .select()
    .from(restaurants)
    .where(eq(restaurants.id, order.restaurantId))
    .limit(1);
  if (!restaurant) return null;
  const rows = await db
    .select({ item: orderItems, categoryId: menuItems.categoryId, groups: menuItems.optionGroups })
    .from(orderItems)
    .leftJoin(menuItems, eq(menuItems.id, orderItems.itemId))
    .where(eq(orderItems.orderId, order.id))
    .orderBy(orderItems.id);
  const [table] = order.tableId
    ? await db
        .select({ name: diningTables.displayName })
        .from(diningTables)
        .where(eq(diningTables.id, order.tableId))
        .limit(1)
    : [];
  const allergies: Allergen[] = order.userId
    ? (
        await db
          .select({ category: userAllergies.category })
          .from(userAllergies)
          .where(eq(userAllergies.userId, order.userId))
          .orderBy(userAllergies.id)
      ).flatMap(({ category }) => (isAllergen(category) ? [category] : []))
    : [];
  const [payment] = await db
    .select()
    .from(payments)
    .where(
      and(
        order.fcOrderId ? inArray(payments.fcOrderId, [order.fcOrderId]) : eq(payments.orderId, order.id),
        eq(payments.state, 'success'),
      ),
    )
    .orderBy(desc(payments.id))
    .limit(1);

  const lines: OrderLine[] = rows.map(({ item, categoryId, groups }) => {
    const menuGroups: MenuOptionGroupRow[] = Array.isArray(groups) ? groups : [];
    return {
      id: item.id,
      batch: item.batch,
      categoryId: categoryId ?? null,
      line: {
        name: nameOf(item.name),
        quantity: item.quantity,
        // Options added with a later batch carry no names: the menu's names of their ids.
        options: (Array.isArray(item.options) ? item.options : []).map((option) => {
          const group = menuGroups.find((g) => g.id === option.groupId);
          const named = option.name ?? group?.options.find((o) => o.id === option.optionId)?.name;
          return {
            name: nameOf(named ?? { en: option.optionId, id: '', my: '' }),
            group: nameOf(option.group ?? group?.name),
          };
        }),
        notes: item.notes,
        status: item.status === 'declined' ? 'declined' : 'active',
        batch: item.batch,
        amount: item.unitPrice * item.quantity,
      },
    };
  });
  const tableName = table?.name ?? order.tableNo ?? null;
  const input: DocketInput = {
    restaurant: {
      name: pick(restaurant.name, 'en'),
      address: restaurant.address,
      phone: null,
      country: restaurant.country as 'MY' | 'ID',
      timeZone: restaurant.timeZone,
      tax: taxOf(restaurant),
    },
    orderNo: String(order.id),
    tableName,
    queueNo: order.queueNo,
    orderType: order.orderType as OrderTypeCode,
    pickupType: (order.pickupType as PickupType | null) ?? null,
    customerName: null,
    placedAt: order.createdAt,
    lines: lines.map((l) => l.line),
    specialRequest: order.specialNote,
    allergies,
    bill: parseBill(order.bill),
    payment: payment
      ? {
          mode: order.paymentMode ?? payment.method,
          method: payment.method,
          channel: payment.channel,
          amount: payment.amount,
          paidAt: payment.updatedAt,
          reference: payment.providerRef ?? payment.transactionId,
        }
      : null,
    einvoiceUrl:
      restaurant.country === 'MY' ? `${publicUrl.replace(/\/$/, '')}/einvoiceform/${order.id}` : null,
  };
  const heading = tableName ?? (order.queueNo !== null ? String(order.queueNo) : `#${order.id}`);
  return { order, restaurant, input, lines, heading };
}
