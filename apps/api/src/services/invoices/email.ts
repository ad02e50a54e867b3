/**
 * Email invoices (spec §7 Profile 'email invoice', Orders 'generate-fc-invoice'; spec §8 "Couldn't Send
 * Invoice"): the HTML invoice in the caller's language with its PDF attached, through the configured
 * transport ({@link mailTransportFor}). Every send is recorded in `email_invoices` as sent or failed.
 */
import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';
import { MESSAGE } from '@santap/domain';
import type { Bill, Currency } from '@santap/domain';
import type { DbOrTx } from '../../db/client';
import {
  emailInvoices,
  foodCourtOrders,
  malls,
  menuItems,
  orderItems,
  orders,
  restaurants,
} from '../../db/schema';
import type { Translated } from '../../db/schema';
import type { AppContext, Caller } from '../../lib/context';
import { ApiFailure, fail } from '../../lib/errors';
import { loadOwnedOrder, ownedBy } from '../orders';
import type { OrderRow } from '../orders';
import { mailFrom, mailTransportFor } from './mailer';
import { foodCourtInvoiceModel, orderInvoiceModel } from './model';
import type { InvoiceModel, InvoiceOrderSource } from './model';
import { renderInvoicePdf } from './pdf';
import { renderInvoiceHtml, renderInvoiceText } from './render';

/**
 * Sends of one order's (or food-court order's) invoice allowed per hour: the address is the caller's
 * choice, so without a cap the endpoint would relay mail to anyone.
 */
export const INVOICE_SENDS_PER_HOUR = 10;

/** Everything the invoice prints about each order, loaded in three queries. */
export async function invoiceSources(db: DbOrTx, rows: OrderRow[]): Promise<InvoiceOrderSource[]> {
  const ids = rows.map((row) => row.id);
  const [items, places] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)),
    db
      .select({
        id: restaurants.id,
        name: restaurants.name,
        address: restaurants.address,
        timeZone: restaurants.timeZone,
      })
      .from(restaurants)
      .where(inArray(restaurants.id, [...new Set(rows.map((row) => row.restaurantId))])),
  ]);
  const itemIds = [...new Set(items.map((item) => item.itemId))];
  const menus = itemIds.length
    ? await db
        .select({ id: menuItems.id, optionGroups: menuItems.optionGroups })
        .from(menuItems)
        .where(inArray(menuItems.id, itemIds))
    : [];
  const optionNames = new Map<string, Translated>();
  for (const menu of menus) {
    for (const group of menu.optionGroups) {
      for (const option of group.options) optionNames.set(`${group.id}/${option.id}`, option.name);
    }
  }
  return rows.map((row) => {
    const place = places.find((p) => p.id === row.restaurantId);
    return {
      order: {
        id: row.id,
        createdAt: row.createdAt,
        orderType: row.orderType,
        pickupType: row.pickupType,
        tableNo: row.tableNo,
        paymentStatus: row.paymentStatus,
        specialNote: row.specialNote,
        bill: row.bill as unknown as Bill,
      },
      restaurant: {
        name: place?.name ?? { en: '', id: '', my: '' },
        address: place?.address ?? null,
        timeZone: place?.timeZone ?? 'UTC',
      },
      items: items.filter((item) => item.orderId === row.id),
      optionNames,
    };
  });
}

async function refuseIfTooMany(ctx: AppContext, target: { orderId: number } | { fcOrderId: number }) {
  const since = new Date(ctx.now().getTime() - 60 * 60 * 1000);
  const [row] = await ctx.db
    .select({ sends: count() })
    .from(emailInvoices)
    .where(
      and(
        'orderId' in target
          ? eq(emailInvoices.orderId, target.orderId)
          : eq(emailInvoices.fcOrderId, target.fcOrderId),
        gt(emailInvoices.createdAt, since),
      ),
    );
  if (Number(row?.sends ?? 0) >= INVOICE_SENDS_PER_HOUR) fail(MESSAGE.tooManyRequests);
}

/**
 * Renders the mail and its PDF, sends it and records the send. A transport failure is recorded as
 * 'failed' with its error and answered "Couldn't Send Invoice" (502: the mail server failed, not the
 * request).
 */
async function deliver(
  ctx: AppContext,
  model: InvoiceModel,
  to: string,
  target: { orderId: number | null; fcOrderId: number | null },
): Promise<number> {
  const now = ctx.now();
  const pdf = await renderInvoicePdf(model, now);
  let error: string | null = null;
  try {
    await mailTransportFor(ctx).send({
      from: mailFrom(ctx),
      to,
      subject: model.subject,
      html: renderInvoiceHtml(model),
      text: renderInvoiceText(model),
      attachments: [{ filename: `${model.fileName}.pdf`, contentType: 'application/pdf', content: pdf }],
    });
  } catch (cause) {
    error = (cause instanceof Error ? cause.message : String(cause)).slice(0, 500) || 'send failed';
    ctx.log.warn({ err: cause, ...target }, 'invoice mail not sent');
  }
  const [row] = await ctx.db
    .insert(emailInvoices)
    .values({
      orderId: target.orderId,
      fcOrderId: target.fcOrderId,
      email: to,
      language: model.lang,
      status: error ? 'failed' : 'sent',
      error,
      createdAt: now,
    })
    .returning({ id: emailInvoices.id });
  if (error) throw new ApiFailure(MESSAGE.couldNotSendInvoice, 502);
  return row!.id;
}

/** Emails the invoice of one of the caller's orders (another diner's order is 404). */
export async function emailOrderInvoice(ctx: AppContext, caller: Caller, orderId: number, email: string) {
  const order = await loadOwnedOrder(ctx.db, caller, orderId);
  await refuseIfTooMany(ctx, { orderId: order.id });
  const [source] = await invoiceSources(ctx.db, [order]);
  const model = orderInvoiceModel(source!, caller.lang, caller.t);
  const invoiceId = await deliver(ctx, model, email, { orderId: order.id, fcOrderId: null });
  return { invoice_id: invoiceId, order_id: order.id, order_ids: [order.id], email, status: 'sent' as const };
}

/** Emails one invoice for a food-court order of the caller: each outlet's order, then the grand total. */
export async function emailFoodCourtInvoice(
  ctx: AppContext,
  caller: Caller,
  fcOrderId: number,
  email: string,
) {
  const [fc] = await ctx.db
    .select({ id: foodCourtOrders.id, currency: foodCourtOrders.currency, mallName: malls.name })
    .from(foodCourtOrders)
    .innerJoin(malls, eq(malls.id, foodCourtOrders.mallId))
    .where(eq(foodCourtOrders.id, fcOrderId));
  const rows = fc
    ? await ctx.db
        .select()
        .from(orders)
        .where(and(eq(orders.fcOrderId, fc.id), ownedBy(caller)))
        .orderBy(asc(orders.id))
    : [];
  if (!fc || rows.length === 0) return fail(MESSAGE.notFound);
  await refuseIfTooMany(ctx, { fcOrderId: fc.id });
  const sources = await invoiceSources(ctx.db, rows);
  const model = foodCourtInvoiceModel(
    { id: fc.id, mallName: fc.mallName, currency: fc.currency as Currency },
    sources,
    caller.lang,
    caller.t,
  );
  const invoiceId = await deliver(ctx, model, email, { orderId: null, fcOrderId: fc.id });
  return {
    invoice_id: invoiceId,
    fc_order_id: fc.id,
    order_ids: rows.map((row) => row.id),
    email,
    status: 'sent' as const,
  };
}
