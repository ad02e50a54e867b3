/**
 * The routes cloud printers poll (apps/api docs/printing.md, "Cloud printers"): Star CloudPRNT
 * (POST status, GET job, DELETE confirmation) and Epson Server Direct Print (form POSTs). Not contract
 * calls: each protocol's own wire format. Every request authenticates as one printer before its body
 * is read (401 and a challenge otherwise, failures limited per address and user name), then counts
 * against that printer's request limit; a malformed request is a 400 that touches nothing.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../services/context';
import { ipSubject } from '../lib/limits';
import type { PrinterRow } from '../services/model/printers';
import { POLL_PATHS } from '../services/products/printing/admin';
import { authenticatePrinter, claimedUsername } from '../services/products/printing/credentials';
import {
  cloudPrntConfirm,
  cloudPrntJob,
  cloudPrntPoll,
  epsonPost,
} from '../services/products/printing/cloud-polls';
import type { PrinterReply } from '../services/products/printing/cloud-polls';

type Connection = 'cloudprnt' | 'epson_sdp';

/** The printer each request authenticated as (set by the `onRequest` check). */
const authenticated = new WeakMap<FastifyRequest, PrinterRow>();

function send(reply: FastifyReply, answer: PrinterReply) {
  void reply.status(answer.status).header('cache-control', 'no-store');
  if (answer.contentType) void reply.header('content-type', answer.contentType);
  return reply.send(answer.body);
}

/** Checks the request's credential before its body is read; a refusal is answered here. */
function authenticate(ctx: AppContext, connection: Connection) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { authorization } = request.headers;
    const claimed = claimedUsername(connection, authorization);
    // Guesses count per address and the user name they try: a diner guessing on the restaurant's
    // Wi-Fi shares its printers' address, and must not stop them printing.
    const subject = `${ipSubject(request.ip)}|${claimed ?? ''}`;
    if (claimed !== null) await ctx.limits.guard(request, 'printerAuthFailuresPerIp', subject);
    const auth = await authenticatePrinter(ctx, connection, {
      authorization,
      method: request.method,
      uri: request.url,
    });
    if (!auth.ok) {
      // A request without a credential is a Digest client's first step, not a wrong guess.
      if (auth.username !== null) await ctx.limits.record(request, 'printerAuthFailuresPerIp', subject);
      void reply.header('www-authenticate', auth.challenge);
      return send(reply, { status: 401, body: { error: 'unauthorized' } });
    }
    await ctx.limits.hit(request, 'printerRequestsPerPrinter', `printer:${auth.printer.id}`);
    authenticated.set(request, auth.printer);
  };
}

const queryOf = (request: FastifyRequest) => (request.query ?? {}) as Record<string, unknown>;

export function registerPrinterPollRoutes(app: FastifyInstance, ctx: AppContext) {
  const cloudprnt = { onRequest: authenticate(ctx, 'cloudprnt') };
  app.post(POLL_PATHS.cloudprnt, cloudprnt, async (request, reply) =>
    send(reply, await cloudPrntPoll(ctx, authenticated.get(request)!, request.body)),
  );
  app.get(POLL_PATHS.cloudprnt, cloudprnt, async (request, reply) =>
    send(reply, await cloudPrntJob(ctx, authenticated.get(request)!, queryOf(request))),
  );
  app.delete(POLL_PATHS.cloudprnt, cloudprnt, async (request, reply) =>
    send(reply, await cloudPrntConfirm(ctx, authenticated.get(request)!, queryOf(request))),
  );
  app.post(POLL_PATHS.epson_sdp, { onRequest: authenticate(ctx, 'epson_sdp') }, async (request, reply) =>
    send(reply, await epsonPost(ctx, authenticated.get(request)!, request.body)),
  );
}
