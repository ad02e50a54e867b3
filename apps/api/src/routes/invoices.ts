import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { invoices as api } from '@santap/contract';
import { MESSAGE } from '@santap/domain';
import { createTranslator } from '@santap/i18n';
import { devInbox } from '../db/schema';
import type { AppContext } from '../services/context';
import { ApiFailure } from '../lib/errors';
import { route, localeOf } from '../http/route';
import { checkTin, fetchEInvoice, lastBuyerOf, submitEInvoice } from '../services/products/invoices/einvoice';
import { readInvoiceLink } from '../services/products/invoices/confirm-link';
import {
  INVOICE_CONFIRM_PATH,
  emailFoodCourtInvoice,
  emailOrderInvoice,
  emailShareReceipt,
  sendConfirmedInvoice,
} from '../services/products/invoices/email';
import type { EInvoiceSubject } from '../services/products/invoices/einvoice';
import { escapeHtml } from '../lib/html';

export function registerInvoiceRoutes(app: FastifyInstance, ctx: AppContext) {
  // One of order_id and tab_share_id (the contract refuses neither or both).
  route(app, ctx, api.emailInvoice, ({ body }, caller) =>
    body.tab_share_id !== undefined
      ? emailShareReceipt(ctx, caller, body.tab_share_id, body.email)
      : emailOrderInvoice(ctx, caller, body.order_id!, body.email),
  );
  route(app, ctx, api.generateFoodCourtInvoice, ({ body }, caller) =>
    emailFoodCourtInvoice(ctx, caller, body.fc_order_id, body.email),
  );

  route(app, ctx, api.eInvoiceSubmit, ({ body }, caller) =>
    submitEInvoice(ctx, caller, subjectOf(body), body.buyer),
  );
  route(app, ctx, api.eInvoiceFetch, ({ query }, caller) => fetchEInvoice(ctx, caller, subjectOf(query)));
  route(app, ctx, api.eInvoiceUserData, (_input, caller) => lastBuyerOf(ctx, caller));
  route(app, ctx, api.taxpayerTin, ({ query }, caller) => checkTin(ctx, caller, query));

  registerInvoiceConfirmation(app, ctx);
  registerDevMailViewer(app, ctx);
}

/** An e-invoice's subject as the contract gives it: exactly one of `order_id` and `tab_share_id`. */
function subjectOf(input: {
  order_id?: number | undefined;
  tab_share_id?: number | undefined;
}): EInvoiceSubject {
  return input.tab_share_id !== undefined ? { tabShareId: input.tab_share_id } : { orderId: input.order_id! };
}

/**
 * The link of an invoice confirmation mail (`GET /api/invoice/confirm?c=…`): sends the invoice, then
 * answers a small page in the link's language (or the refusal in the reader's). Not a contract call:
 * a mail client opens it as a page.
 */
function registerInvoiceConfirmation(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Querystring: { c?: string } }>(INVOICE_CONFIRM_PATH, async (request, reply) => {
    const page = (status: number, text: string) =>
      reply
        .status(status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Santap</title><p>${escapeHtml(text)}</p>`,
        );
    try {
      const { email } = await sendConfirmedInvoice(ctx, request.query.c);
      const lang = readInvoiceLink(ctx, request.query.c)?.lang ?? 'en';
      return page(200, createTranslator(lang)('invoice.confirmedSent', { email }));
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      const { t } = localeOf(request, ctx);
      return page(error.statusCode, t(error.key as Parameters<typeof t>[0]));
    }
  });
}

/**
 * Development only (off when the dev inbox is): one stored mail's HTML as a page, and its attachments
 * (the invoice PDF) as downloads. Not contract endpoints: they answer HTML and PDF, not the envelope.
 */
function registerDevMailViewer(app: FastifyInstance, ctx: AppContext) {
  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const { t } = localeOf(request, ctx);
    return reply
      .status(404)
      .send({ status: 0, statusCode: 404, message: t(MESSAGE.notFound), code: MESSAGE.notFound });
  };
  const mailOf = async (id: string) => {
    if (!ctx.config.devInbox || !/^\d{1,9}$/.test(id)) return undefined;
    const [row] = await ctx.db
      .select()
      .from(devInbox)
      .where(eq(devInbox.id, Number(id)))
      .limit(1);
    return row?.channel === 'email' ? row : undefined;
  };

  app.get<{ Params: { id: string } }>('/api/dev/mail/:id', async (request, reply) => {
    const mail = await mailOf(request.params.id);
    if (!mail) return notFound(request, reply);
    // The stored HTML is ours, but it carries diner-typed text: no scripts, no remote loads.
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
      .header('x-content-type-options', 'nosniff')
      .send(mail.body);
  });

  app.get<{ Params: { id: string; n: string } }>(
    '/api/dev/mail/:id/attachment/:n',
    async (request, reply) => {
      const mail = await mailOf(request.params.id);
      const attachment = /^\d{1,3}$/.test(request.params.n)
        ? mail?.attachments[Number(request.params.n)]
        : undefined;
      if (!mail || !attachment) return notFound(request, reply);
      const filename = attachment.filename.replace(/[^A-Za-z0-9._-]/g, '_');
      return reply
        .header('content-type', attachment.contentType)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(attachment.base64, 'base64'));
    },
  );
}
