import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { invoices as api } from '@santap/contract';
import { MESSAGE } from '@santap/domain';
import { devInbox } from '../db/schema';
import type { AppContext } from '../lib/context';
import { route, localeOf } from '../lib/route';
import { checkTin, fetchEInvoice, lastBuyerOf, submitEInvoice } from '../services/invoices/einvoice';
import { emailFoodCourtInvoice, emailOrderInvoice } from '../services/invoices/email';

export function registerInvoiceRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, api.emailInvoice, ({ body }, caller) =>
    emailOrderInvoice(ctx, caller, body.order_id, body.email),
  );
  route(app, ctx, api.generateFoodCourtInvoice, ({ body }, caller) =>
    emailFoodCourtInvoice(ctx, caller, body.fc_order_id, body.email),
  );

  route(app, ctx, api.eInvoiceSubmit, ({ body }, caller) =>
    submitEInvoice(ctx, caller, body.order_id, body.buyer),
  );
  route(app, ctx, api.eInvoiceFetch, ({ query }, caller) => fetchEInvoice(ctx, caller, query.order_id));
  route(app, ctx, api.eInvoiceUserData, (_input, caller) => lastBuyerOf(ctx, caller));
  route(app, ctx, api.taxpayerTin, ({ query }, caller) => checkTin(ctx, caller, query));

  registerDevMailViewer(app, ctx);
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
