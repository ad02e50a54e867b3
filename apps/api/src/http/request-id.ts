/**
 * Request ids (apps/api docs, Observability): every request gets one, the caller's `x-request-id` when
 * it is well formed (a proxy's or a load balancer's), else a new UUID. It is echoed in the reply's
 * `x-request-id` header and is the `reqId` of every log line of the request: Fastify's own lines and
 * `request.log`, and `ctx.log` of the services too, which {@link requestAwareLog} sends to the logger
 * of the request being served.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Letters, digits and `._:-`, up to 128: a UUID, a ULID, a load balancer's trace id. */
const WELL_FORMED = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/** Fastify's `genReqId`: the caller's id when well formed, else a new one (never the caller's bytes as they came). */
export function requestIdOf(raw: IncomingMessage): string {
  const incoming = raw.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && WELL_FORMED.test(incoming) ? incoming : randomUUID();
}

const requestLog = new AsyncLocalStorage<FastifyBaseLogger>();

/**
 * Echoes the id and keeps the request's logger in reach of everything it calls (the rest of the
 * request's life runs inside `run`, its body read included: request-id.test.ts sends one late).
 * Registered first, so a refusal by any later hook still carries the header.
 */
export function registerRequestIds(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    requestLog.run(request.log, done);
  });
}

/**
 * `ctx.log`: the logger of the request being served when there is one (its lines carry `reqId`),
 * else `base` (start-up, the workers and jobs).
 */
export function requestAwareLog(base: FastifyBaseLogger): FastifyBaseLogger {
  const current = () => requestLog.getStore() ?? base;
  return new Proxy({} as FastifyBaseLogger, {
    get(_target, property) {
      const log = current();
      const value: unknown = Reflect.get(log, property, log);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(log) : value;
    },
    set(_target, property, value) {
      return Reflect.set(current(), property, value);
    },
  });
}
