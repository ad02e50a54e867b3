/**
 * `/metrics` in the Prometheus text format (apps/api docs, Observability), private by default: answered
 * to loopback, to the networks of `METRICS_ALLOW`, or to a scraper with `Authorization: Bearer
 * <METRICS_TOKEN>`; anyone else gets the same 404 as a path that does not exist. Also the per-request
 * metrics (the route's pattern, never its URL) and the database reads of the scrape-time gauges.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGE } from '@santap/domain';
import type { Metrics, ScrapeSources } from '../lib/metrics';
import { isLoopbackAddress, networkMatcher } from '../lib/networks';
import type { AppContext } from '../services/context';
import { openPaymentCounts } from '../services/flows/payments/open-counts';
import { openRestaurantIds } from '../services/model/restaurants';
import { localeOf } from './route';

export const METRICS_PATH = '/metrics';

/**
 * The `route` label of a request: its route's pattern (`/api/orders/:id`); a request no route took is
 * `(web page)` when the apps' fallback answered it with a page, else `(not found)`.
 */
export function routeLabel(request: FastifyRequest, reply: FastifyReply): string {
  if (!request.is404 && request.routeOptions.url) return request.routeOptions.url;
  return reply.statusCode < 400 ? '(web page)' : '(not found)';
}

/** Counts every answered request (but the scrapes themselves) by method, route pattern and status. */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', async (request, reply) => {
    const route = routeLabel(request, reply);
    if (route === METRICS_PATH) return;
    metrics.httpRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether this request may read the metrics. A request that came through a proxy the config does not
 * trust (a forwarding header, no TRUST_PROXY) is refused: its socket address is the proxy's, maybe
 * loopback, and says nothing of the client behind it.
 */
function mayScrape(ctx: AppContext, allowed: (address: string) => boolean, request: FastifyRequest) {
  const token = ctx.config.observability?.metricsToken;
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (token && bearer && timingSafeEqual(digest(bearer), digest(token))) return true;
  const { headers } = request;
  const forwardedFor = headers['x-forwarded-for'] !== undefined;
  const proxied = forwardedFor || headers['x-real-ip'] !== undefined || headers.forwarded !== undefined;
  // With TRUST_PROXY, Fastify's request.ip is the client named by X-Forwarded-For; other headers it does not read.
  if (proxied && (ctx.config.trustProxy === false || !forwardedFor)) return false;
  return isLoopbackAddress(request.ip) || allowed(request.ip);
}

/** The scrape-time reads: payments on every scrape, open restaurants once per minute of the server's clock. */
function scrapeSources(ctx: AppContext): ScrapeSources {
  let openCache: { minute: number; ids: Promise<number[]> } | undefined;
  return {
    openPayments: () => openPaymentCounts(ctx.db, ctx.now()),
    openRestaurants() {
      const now = ctx.now();
      const minute = Math.floor(now.getTime() / 60_000);
      if (openCache?.minute !== minute) {
        const ids = openRestaurantIds(ctx.db, now);
        openCache = { minute, ids };
        ids.catch(() => (openCache = undefined));
      }
      return openCache.ids;
    },
    failed: (source, error) => ctx.log.warn({ err: error, source }, 'metrics: a scrape-time read failed'),
  };
}

/** Serves `/metrics` (see the file comment). */
export function registerMetricsEndpoint(app: FastifyInstance, ctx: AppContext) {
  const allowed = networkMatcher(ctx.config.observability?.metricsAllow ?? []);
  ctx.metrics.collectFrom(scrapeSources(ctx));
  app.get(METRICS_PATH, async (request, reply) => {
    if (!mayScrape(ctx, allowed, request)) {
      request.log.debug({ ip: request.ip }, 'metrics scrape refused');
      const { t } = localeOf(request, ctx);
      return reply
        .status(404)
        .send({ status: 0, statusCode: 404, message: t(MESSAGE.notFound), code: MESSAGE.notFound });
    }
    const text = await ctx.metrics.scrape();
    return reply
      .header('content-type', ctx.metrics.contentType)
      .header('cache-control', 'no-store')
      .send(text);
  });
}
