/**
 * The simulator gateway's hosted page: `GET /simulator/pay/:reference` shows the payment
 * and lets the payer pick a channel and an outcome; `POST` records the choice, lets the gateway send
 * its signed notification, and redirects (302) to our `/payment/response` with the result. It is the
 * gateway's page, not part of our API contract; it answers 404 when the simulator is off, and for a
 * link without the `sig` the simulator issued with that payment (README: Two modes).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../services/context';
import { localeOf } from '../http/route';
import {
  SIMULATOR_CHANNELS,
  SIMULATOR_OUTCOMES,
} from '../services/adapters/payments/gateways/simulator/protocol';
import { pageLanguage, renderSimulatorPage } from '../services/adapters/payments/gateways/simulator/page';

const params = z.object({ reference: z.string().min(1).max(100) });
const signature = z.object({ sig: z.string().max(64).optional() });
const choice = z.object({
  channel: z.enum(SIMULATOR_CHANNELS).optional(),
  outcome: z.enum(SIMULATOR_OUTCOMES),
});

/**
 * The origin the page's form may end on: the payment's return page (a food court's own host, say,
 * whose redirect after the POST `form-action` also governs); none when unknown or not http(s).
 */
function returnOrigin(returnUrl: string | undefined): string {
  try {
    const url = returnUrl ? new URL(returnUrl) : undefined;
    return url && (url.protocol === 'https:' || url.protocol === 'http:') ? ` ${url.origin}` : '';
  } catch {
    return '';
  }
}

function html(reply: FastifyReply, status: number, body: string, returnUrl?: string) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'${returnOrigin(returnUrl)}; frame-ancestors 'none'; base-uri 'none'`,
    )
    .header('x-frame-options', 'DENY')
    .send(body);
}

export function registerSimulatorPage(app: FastifyInstance, ctx: AppContext) {
  const simulator = ctx.payments.simulator;
  const enabled = () => ctx.payments.providers.has('simulator');

  app.get('/simulator/pay/:reference', async (request, reply) => {
    const language = pageLanguage(localeOf(request, ctx).lang);
    const parsed = params.safeParse(request.params);
    const sig = signature.safeParse(request.query).data?.sig;
    const record =
      enabled() && parsed.success ? simulator.signedRecord(parsed.data.reference, sig) : undefined;
    return html(reply, record ? 200 : 404, renderSimulatorPage(record, language, sig), record?.returnUrl);
  });

  app.post('/simulator/pay/:reference', async (request, reply) => {
    const language = pageLanguage(localeOf(request, ctx).lang);
    const parsed = params.safeParse(request.params);
    const sig = signature.safeParse(request.query).data?.sig;
    const record =
      enabled() && parsed.success ? simulator.signedRecord(parsed.data.reference, sig) : undefined;
    if (!record) return html(reply, 404, renderSimulatorPage(undefined, language));
    const form = choice.safeParse(request.body ?? {});
    if (!form.success) return html(reply, 400, renderSimulatorPage(record, language, sig), record.returnUrl);
    const location = await simulator.complete(record.reference, {
      outcome: form.data.outcome,
      ...(form.data.channel ? { channel: form.data.channel } : {}),
    });
    return reply.redirect(location, 302);
  });
}
