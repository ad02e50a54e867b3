/**
 * Email invoices (spec §7 Profile 'email invoice', Orders 'generate-fc-invoice'; spec §8 "Couldn't Send
 * Invoice"): the HTML invoice in the caller's language with its PDF attached, through the configured
 * transport ({@link mailTransportFor}). Every send is recorded in `email_invoices` as sent or failed.
 * A payer's share of a table's tab has its own receipt, sent the same way (apps/api docs/tabs.md,
 * "Receipts and e-invoices per share").
 */
import { and, asc, count, eq, gt, gte, inArray } from 'drizzle-orm';
import { MESSAGE, TAB_MESSAGE, invoiceMayBeMailed } from '@santap/domain';
import { createTranslator } from '@santap/i18n';
import type { Currency } from '@santap/domain';
import type { DbOrTx } from '../../../db/client';
import {
  emailInvoices,
  foodCourtOrders,
  malls,
  orderItems,
  orders,
  restaurants,
  tabShares,
} from '../../../db/schema';
import type { AppContext } from '../../context';
import type { Caller } from '../../../lib/caller';
import { ApiFailure, fail } from '../../../lib/errors';
import { loadOwnedOrder, ownedBy } from '../../model/orders';
import { pick } from '../../model/restaurants';
import type { OrderRow } from '../../model/orders';
import { billOf } from '../../model/orders';
import { mailFrom, mailTransportFor } from './mailer';
import type { OutgoingMail } from './mailer';
import { invoiceLinkCode, readInvoiceLink } from './confirm-link';
import type { InvoiceLink } from './confirm-link';
import { foodCourtInvoiceModel, orderInvoiceModel, shareInvoiceModel } from './model';
import type { InvoiceModel, InvoiceOrderSource, Translate } from './model';
import { renderInvoicePdf } from './pdf';
import { renderInvoiceHtml, renderInvoiceText } from './render';
import { escapeHtml } from '../../../lib/html';
import { menuOptionNames } from './option-names';
import { loadOwnedShare, shareSource } from './share-source';
import type { TabShareRow } from '../../model/tabs';

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
  const optionNames = await menuOptionNames(db, [...new Set(items.map((item) => item.itemId))]);
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
        bill: billOf(row),
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

/** What a mail is the invoice of: an order, a food-court order, or a payer's share of a tab. */
type MailTarget = InvoiceLink['target'];

/** The mails of one order, food-court order or share. */
const sentFor = (target: MailTarget) =>
  'orderId' in target
    ? eq(emailInvoices.orderId, target.orderId)
    : 'fcOrderId' in target
      ? eq(emailInvoices.fcOrderId, target.fcOrderId)
      : eq(emailInvoices.tabShareId, target.tabShareId);

/** The `email_invoices` columns naming the target. */
const recordOf = (target: MailTarget) => ({
  orderId: 'orderId' in target ? target.orderId : null,
  fcOrderId: 'fcOrderId' in target ? target.fcOrderId : null,
  tabShareId: 'tabShareId' in target ? target.tabShareId : null,
});

async function refuseIfTooMany(ctx: AppContext, target: MailTarget) {
  const since = new Date(ctx.now().getTime() - 60 * 60 * 1000);
  const [row] = await ctx.db
    .select({ sends: count() })
    .from(emailInvoices)
    .where(and(sentFor(target), gt(emailInvoices.createdAt, since)));
  if (Number(row?.sends ?? 0) >= INVOICE_SENDS_PER_HOUR) fail(MESSAGE.tooManyRequests);
}

/**
 * Sends one mail and records it in `email_invoices` as `status` (or 'failed' with the transport's
 * error, answered "Couldn't Send Invoice": 502, the mail server failed, not the request).
 */
async function sendAndRecord(
  ctx: AppContext,
  mail: Omit<OutgoingMail, 'from'>,
  record: ReturnType<typeof recordOf> & { language: string; status: string },
): Promise<number> {
  let error: string | null = null;
  try {
    await mailTransportFor(ctx).send({ from: mailFrom(ctx), ...mail });
  } catch (cause) {
    error = (cause instanceof Error ? cause.message : String(cause)).slice(0, 500) || 'send failed';
    ctx.log.warn(
      { err: cause, orderId: record.orderId, fcOrderId: record.fcOrderId, tabShareId: record.tabShareId },
      'invoice mail not sent',
    );
  }
  const [row] = await ctx.db
    .insert(emailInvoices)
    .values({
      orderId: record.orderId,
      fcOrderId: record.fcOrderId,
      tabShareId: record.tabShareId,
      email: mail.to,
      language: record.language,
      status: error ? 'failed' : record.status,
      error,
      createdAt: ctx.now(),
    })
    .returning({ id: emailInvoices.id });
  if (error) throw new ApiFailure(MESSAGE.couldNotSendInvoice, 502);
  return row!.id;
}

/** Renders the invoice mail and its PDF, sends it and records the send ('sent'). */
async function deliver(
  ctx: AppContext,
  model: InvoiceModel,
  to: string,
  target: MailTarget,
): Promise<number> {
  const pdf = await renderInvoicePdf(model, ctx.now());
  return sendAndRecord(
    ctx,
    {
      to,
      subject: model.subject,
      html: renderInvoiceHtml(model),
      text: renderInvoiceText(model),
      attachments: [{ filename: `${model.fileName}.pdf`, contentType: 'application/pdf', content: pdf }],
    },
    { ...recordOf(target), language: model.lang, status: 'sent' },
  );
}

/** Where the link of a confirmation mail goes. */
export const INVOICE_CONFIRM_PATH = '/api/invoice/confirm';

/**
 * Mails `to` the one-time link that, once opened, sends the invoice there ({@link confirm-link}). The
 * mail is fixed words, the place's name and the order's number: nothing a diner typed. Recorded in
 * `email_invoices` ('confirmation_sent'), so it counts against the hourly cap like an invoice.
 */
async function mailConfirmation(
  ctx: AppContext,
  caller: Caller,
  place: string,
  shownId: number,
  to: string,
  target: MailTarget,
): Promise<number> {
  const link = new URL(INVOICE_CONFIRM_PATH, ctx.config.publicUrl);
  link.searchParams.set('c', invoiceLinkCode(ctx, { target, email: to, lang: caller.lang }));
  const share = 'tabShareId' in target;
  const words: Record<string, string | number> = share
    ? { place, shareId: shownId }
    : { place, orderId: shownId };
  const subject = caller.t(share ? 'invoice.shareConfirmSubject' : 'invoice.confirmSubject', words);
  const intro = caller.t(share ? 'invoice.shareConfirmIntro' : 'invoice.confirmIntro', words);
  const action = caller.t('invoice.confirmAction');
  return sendAndRecord(
    ctx,
    {
      to,
      subject,
      html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link.toString())}">${escapeHtml(action)}</a></p>`,
      text: `${intro}\n\n${action}: ${link.toString()}`,
      attachments: [],
    },
    { ...recordOf(target), language: caller.lang, status: 'confirmation_sent' },
  );
}

/** A refusal of an invoice mail for an order whose payment is not settled (409). */
function refuseUnpaid(paymentStatus: string) {
  if (!invoiceMayBeMailed(paymentStatus)) throw new ApiFailure(MESSAGE.invoiceOrderNotPaid, 409);
}

/**
 * Asks to email the invoice of one of the caller's paid orders (another diner's order is 404, an
 * unpaid one 409): the typed address first receives a confirmation link; the invoice follows the click
 * ({@link sendConfirmedInvoice}).
 */
export async function emailOrderInvoice(ctx: AppContext, caller: Caller, orderId: number, email: string) {
  const order = await loadOwnedOrder(ctx.db, caller, orderId);
  refuseUnpaid(order.paymentStatus);
  await refuseIfTooMany(ctx, { orderId: order.id });
  const [place] = await ctx.db
    .select({ name: restaurants.name })
    .from(restaurants)
    .where(eq(restaurants.id, order.restaurantId));
  const invoiceId = await mailConfirmation(ctx, caller, pick(place?.name, caller.lang), order.id, email, {
    orderId: order.id,
  });
  return {
    invoice_id: invoiceId,
    order_id: order.id,
    order_ids: [order.id],
    email,
    status: 'confirmation_sent' as const,
  };
}

/** A refusal of a share's receipt before its payment went through (409). */
function refuseUnpaidShare(share: Pick<TabShareRow, 'state'>) {
  if (share.state !== 'paid') throw new ApiFailure(TAB_MESSAGE.shareNotPaid, 409);
}

/**
 * Asks to email the receipt of the caller's own paid share of a table's tab (another member's share,
 * or anyone else's, is 404; a share not paid 409 `tab.error.shareNotPaid`): confirmed through a
 * one-time link like an order's invoice.
 */
export async function emailShareReceipt(ctx: AppContext, caller: Caller, shareId: number, email: string) {
  const share = await loadOwnedShare(ctx.db, caller, shareId);
  refuseUnpaidShare(share);
  const source = await shareSource(ctx.db, share);
  await refuseIfTooMany(ctx, { tabShareId: share.id });
  const place = pick(source.restaurant.name, caller.lang);
  const invoiceId = await mailConfirmation(ctx, caller, place, share.id, email, { tabShareId: share.id });
  return {
    invoice_id: invoiceId,
    order_id: null,
    tab_share_id: share.id,
    order_ids: source.orderIds,
    email,
    status: 'confirmation_sent' as const,
  };
}

/** The caller's food-court order and its outlet orders, or 404. */
async function ownedFoodCourtOrder(ctx: AppContext, caller: Caller | null, fcOrderId: number) {
  const [fc] = await ctx.db
    .select({
      id: foodCourtOrders.id,
      currency: foodCourtOrders.currency,
      paymentStatus: foodCourtOrders.paymentStatus,
      mallName: malls.name,
    })
    .from(foodCourtOrders)
    .innerJoin(malls, eq(malls.id, foodCourtOrders.mallId))
    .where(eq(foodCourtOrders.id, fcOrderId));
  const rows = fc
    ? await ctx.db
        .select()
        .from(orders)
        .where(caller ? and(eq(orders.fcOrderId, fc.id), ownedBy(caller)) : eq(orders.fcOrderId, fc.id))
        .orderBy(asc(orders.id))
    : [];
  if (!fc || rows.length === 0) return fail(MESSAGE.notFound);
  return { fc, rows };
}

/** Asks to email one invoice for a paid food-court order of the caller (each outlet's order, then the total). */
export async function emailFoodCourtInvoice(
  ctx: AppContext,
  caller: Caller,
  fcOrderId: number,
  email: string,
) {
  const { fc, rows } = await ownedFoodCourtOrder(ctx, caller, fcOrderId);
  refuseUnpaid(fc.paymentStatus);
  await refuseIfTooMany(ctx, { fcOrderId: fc.id });
  const invoiceId = await mailConfirmation(ctx, caller, pick(fc.mallName, caller.lang), fc.id, email, {
    fcOrderId: fc.id,
  });
  return {
    invoice_id: invoiceId,
    fc_order_id: fc.id,
    order_ids: rows.map((row) => row.id),
    email,
    status: 'confirmation_sent' as const,
  };
}

/**
 * The click of a confirmation link: sends the invoice it names to its address, once. Refused when the
 * link is not ours or is older than a day (`errors.invoiceLinkInvalid`), or when the order is no
 * longer settled; a second click after the send answers as the first did, without another mail.
 */
export async function sendConfirmedInvoice(ctx: AppContext, code: unknown): Promise<{ email: string }> {
  const link = readInvoiceLink(ctx, code);
  if (!link) throw new ApiFailure(MESSAGE.invoiceLinkInvalid, 410);
  const { target, email, lang } = link;
  const t = createTranslator(lang) as Translate;
  const [used] = await ctx.db
    .select({ id: emailInvoices.id })
    .from(emailInvoices)
    .where(
      and(
        sentFor(target),
        eq(emailInvoices.email, email),
        eq(emailInvoices.status, 'sent'),
        gte(emailInvoices.createdAt, new Date(link.issuedAt * 1000)),
      ),
    )
    .limit(1);
  if (used) return { email };
  if ('orderId' in target) {
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, target.orderId));
    if (!order) return fail(MESSAGE.notFound);
    refuseUnpaid(order.paymentStatus);
    const [source] = await invoiceSources(ctx.db, [order]);
    await deliver(ctx, orderInvoiceModel(source!, lang, t), email, { orderId: order.id });
  } else if ('tabShareId' in target) {
    const [share] = await ctx.db.select().from(tabShares).where(eq(tabShares.id, target.tabShareId));
    if (!share) return fail(MESSAGE.notFound);
    refuseUnpaidShare(share);
    const source = await shareSource(ctx.db, share);
    await deliver(ctx, shareInvoiceModel(source, lang, t), email, { tabShareId: share.id });
  } else {
    const { fc, rows } = await ownedFoodCourtOrder(ctx, null, target.fcOrderId);
    refuseUnpaid(fc.paymentStatus);
    const model = foodCourtInvoiceModel(
      { id: fc.id, mallName: fc.mallName, currency: fc.currency as Currency },
      await invoiceSources(ctx.db, rows),
      lang,
      t,
    );
    await deliver(ctx, model, email, { fcOrderId: fc.id });
  }
  return { email };
}
