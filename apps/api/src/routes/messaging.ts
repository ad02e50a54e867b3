/**
 * Messaging webhooks (README, Messaging): WhatsApp Cloud API's GET handshake and its signed POSTs
 * (message statuses, and a diner's STOP reply, which ends their order updates), and Twilio's signed
 * status callbacks. Bodies are read raw, in a plugin scope of their own:
 * the signatures are over the exact bytes. A forged call is refused (403) and logged; a replayed one
 * changes nothing (a status only moves forward) and is answered 200 so the provider stops retrying.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { users } from '../db/schema';
import type { AppContext } from '../services/context';
import { applyDeliveryStatuses } from '../services/flows/messaging/deliveries';
import { TWILIO_STATUS_PATH, WHATSAPP_WEBHOOK_PATH } from '../services/adapters/messaging/messaging';
import { parseJson } from '../services/adapters/messaging/provider';
import { twilioStatus, verifyTwilioSignature } from '../services/adapters/messaging/twilio/twilio';
import { optOutOfUpdates } from '../services/flows/messaging/order-updates';
import {
  whatsappStatuses,
  whatsappStopRequests,
} from '../services/adapters/messaging/whatsapp/whatsapp-cloud';

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const ok = (reply: FastifyReply, data: unknown) =>
  reply.send({ status: 1, statusCode: 200, message: 'ok', data });
const refuse = (reply: FastifyReply, statusCode: number) =>
  reply.status(statusCode).send({ status: 0, statusCode, message: 'refused', code: 'errors.forbidden' });

export function registerMessagingRoutes(app: FastifyInstance, ctx: AppContext) {
  const { whatsapp } = ctx.messaging;
  const twilio =
    ctx.messaging.config.sms?.provider === 'twilio' ? ctx.messaging.config.sms.twilio : undefined;

  app.get(WHATSAPP_WEBHOOK_PATH, async (request, reply) => {
    if (!whatsapp) return refuse(reply, 404);
    const challenge = whatsapp.handshake(request.query as Record<string, unknown>);
    if (challenge === null) {
      request.log.warn('whatsapp webhook handshake refused (wrong verify token or mode)');
      return refuse(reply, 403);
    }
    return reply.type('text/plain').send(challenge);
  });

  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    scope.post(WHATSAPP_WEBHOOK_PATH, async (request, reply) => {
      if (!whatsapp) return refuse(reply, 404);
      const raw = typeof request.body === 'string' ? request.body : '';
      if (!whatsapp.verifySignature(raw, header(request, 'x-hub-signature-256'))) {
        request.log.warn({ provider: 'whatsapp_cloud' }, 'messaging webhook refused: bad signature');
        return refuse(reply, 403);
      }
      const body = parseJson(raw);
      const updates = whatsappStatuses(body);
      const result = await applyDeliveryStatuses(ctx.db, 'whatsapp_cloud', updates, ctx.now());
      // A diner who replied STOP gets no more order updates (README, Messaging: order updates).
      for (const phone of whatsappStopRequests(body)) {
        await ctx.db.transaction(async (tx) => {
          const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.phone, phone));
          if (user) await optOutOfUpdates(ctx, tx, user.id);
        });
        request.log.info({ provider: 'whatsapp_cloud', to: `…${phone.slice(-4)}` }, 'order updates stopped');
      }
      if (result.ignored > 0)
        request.log.info(
          { provider: 'whatsapp_cloud', ...result },
          'statuses ignored (repeat, late or unknown)',
        );
      return ok(reply, result);
    });

    scope.post(TWILIO_STATUS_PATH, async (request, reply) => {
      if (!twilio) return refuse(reply, 404);
      const raw = typeof request.body === 'string' ? request.body : '';
      const params = Object.fromEntries(new URLSearchParams(raw));
      // Twilio signs the URL it called: the StatusCallback we gave it, on the public URL.
      const url = `${ctx.config.publicUrl.replace(/\/$/, '')}${request.url}`;
      if (!verifyTwilioSignature(twilio.authToken, url, params, header(request, 'x-twilio-signature'))) {
        request.log.warn({ provider: 'twilio' }, 'messaging webhook refused: bad signature');
        return refuse(reply, 403);
      }
      const update = twilioStatus(params);
      const result = await applyDeliveryStatuses(ctx.db, 'twilio', update ? [update] : [], ctx.now());
      return ok(reply, result);
    });
  });
}
