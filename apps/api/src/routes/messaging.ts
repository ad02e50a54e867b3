/**
 * Messaging webhooks (apps/api docs, Messaging and OTP): WhatsApp Cloud API's GET handshake and its
 * signed POSTs (message statuses, and a diner's STOP reply, which ends their order updates), Twilio's
 * signed status callbacks and the messages diners send our SMS number (a STOP there ends order updates
 * too). A WhatsApp code reported undelivered goes again by SMS where SMS is configured. Bodies are
 * read raw, in a plugin scope of their own: the signatures are over the exact bytes. A forged call is
 * refused (403) and logged; a replayed one changes nothing (a status only moves forward) and is
 * answered 200 so the provider stops retrying.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { users } from '../db/schema';
import type { AppContext } from '../services/context';
import { applyDeliveryStatuses } from '../services/flows/messaging/deliveries';
import type { AppliedStatuses } from '../services/flows/messaging/deliveries';
import {
  TWILIO_INBOUND_PATH,
  TWILIO_STATUS_PATH,
  WHATSAPP_WEBHOOK_PATH,
  messagingStartNotices,
} from '../services/adapters/messaging/messaging';
import { parseJson } from '../lib/json';
import {
  EMPTY_TWIML,
  twilioStatus,
  twilioStopRequest,
  verifyTwilioSignature,
} from '../services/adapters/messaging/twilio/twilio';
import { optOutOfUpdates } from '../services/flows/messaging/order-updates';
import { otpPepperOf, resendBySmsAfterWhatsappFailed } from '../services/flows/accounts/otp';
import type { OtpSender } from '../services/flows/accounts/otp';
import { otpSenderFor } from '../services/flows/accounts/otp-sender';
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

export interface MessagingRouteOptions {
  /** The OTP sender a WhatsApp code reported undelivered goes again by; by default the configured one. */
  otpSender?: OtpSender;
}

export function registerMessagingRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  options: MessagingRouteOptions = {},
) {
  const { whatsapp } = ctx.messaging;
  const twilio =
    ctx.messaging.config.sms?.provider === 'twilio' ? ctx.messaging.config.sms.twilio : undefined;
  const otp = { pepper: otpPepperOf(ctx), sender: options.otpSender ?? otpSenderFor(ctx, ctx.messaging) };
  for (const notice of messagingStartNotices(ctx.messaging.config, ctx.now()))
    ctx.log[notice.level](notice.message);

  /** The statuses applied, then each WhatsApp code that failed sent again by SMS (where SMS is offered). */
  const afterStatuses = async (request: FastifyRequest, result: AppliedStatuses) => {
    for (const challengeId of result.whatsappOtpFailures) {
      if (await resendBySmsAfterWhatsappFailed(ctx, otp, challengeId))
        request.log.info({ challengeId }, 'OTP undelivered on WhatsApp: sent again by SMS');
    }
    return { applied: result.applied, ignored: result.ignored };
  };

  /** A diner who replied STOP (on WhatsApp or by SMS) gets no more order updates. */
  const stopUpdates = async (request: FastifyRequest, provider: string, phone: string) => {
    await ctx.db.transaction(async (tx) => {
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.phone, phone));
      if (user) await optOutOfUpdates(ctx, tx, user.id);
    });
    request.log.info({ provider, to: `…${phone.slice(-4)}` }, 'order updates stopped');
  };

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
      const result = await afterStatuses(
        request,
        await applyDeliveryStatuses(ctx.db, 'whatsapp_cloud', updates, ctx.now()),
      );
      for (const phone of whatsappStopRequests(body)) await stopUpdates(request, 'whatsapp_cloud', phone);
      if (result.ignored > 0)
        request.log.info(
          { provider: 'whatsapp_cloud', ...result },
          'statuses ignored (repeat, late or unknown)',
        );
      return ok(reply, result);
    });

    /**
     * A form Twilio posted, once its signature is checked: Twilio signs the URL it called (the
     * StatusCallback or the number's inbound URL we gave it, on the public URL) and the sorted params.
     */
    const signedTwilioForm = (
      request: FastifyRequest,
    ): Record<string, string> | 'no sender' | 'bad signature' => {
      if (!twilio) return 'no sender';
      const raw = typeof request.body === 'string' ? request.body : '';
      const params = Object.fromEntries(new URLSearchParams(raw));
      const url = `${ctx.config.publicUrl.replace(/\/$/, '')}${request.url}`;
      if (!verifyTwilioSignature(twilio.authToken, url, params, header(request, 'x-twilio-signature'))) {
        request.log.warn({ provider: 'twilio' }, 'messaging webhook refused: bad signature');
        return 'bad signature';
      }
      return params;
    };

    scope.post(TWILIO_STATUS_PATH, async (request, reply) => {
      const params = signedTwilioForm(request);
      if (params === 'no sender') return refuse(reply, 404);
      if (params === 'bad signature') return refuse(reply, 403);
      const update = twilioStatus(params);
      const result = await afterStatuses(
        request,
        await applyDeliveryStatuses(ctx.db, 'twilio', update ? [update] : [], ctx.now()),
      );
      return ok(reply, result);
    });

    // A message a diner sent our SMS number: STOP (or Twilio's own opt-out verdict) ends order updates.
    // Answered with TwiML that sends nothing back (Twilio confirms an opt-out itself).
    scope.post(TWILIO_INBOUND_PATH, async (request, reply) => {
      const params = signedTwilioForm(request);
      if (params === 'no sender') return refuse(reply, 404);
      if (params === 'bad signature') return refuse(reply, 403);
      const phone = twilioStopRequest(params);
      if (phone) await stopUpdates(request, 'twilio', phone);
      return reply.type('text/xml').send(EMPTY_TWIML);
    });
  });
}
