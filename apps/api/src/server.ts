import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import type { FastifyError, FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import websocket from '@fastify/websocket';
import { PHOTO_MAX_BYTES, allEndpoints, buildOpenApi } from '@santap/contract';
import { DomainError, MESSAGE } from '@santap/domain';
import type { ServerConfig } from './config';
import { openDatabase } from './db/client';
import type { Database } from './db/client';
import type { AppContext } from './services/context';
import { ApiFailure, statusForKey } from './lib/errors';
import { builtAppScriptHashes, registerBrowserSecurity } from './http/browser-security';
import { PRODUCTION_LIMITS, registerLimits, setRetryAfter } from './lib/limits';
import { INVALID_TOKEN, localeOf } from './http/route';
import { registerCrossSiteCheck } from './http/same-origin';
import { registerMetricsEndpoint, registerRequestMetrics } from './http/metrics';
import { registerRequestIds, requestAwareLog, requestIdOf } from './http/request-id';
import { registerTracing } from './http/tracing';
import { createMetrics } from './lib/metrics';
import { registerAccountRoutes } from './routes/account';
import { registerAuthRoutes } from './routes/auth';
import { registerKioskRoutes } from './routes/kiosk';
import { registerReservationsRoutes } from './routes/reservations';
import { registerReviewsRoutes } from './routes/reviews';
import { registerInvoiceRoutes } from './routes/invoices';
import { registerCartRoutes } from './routes/cart';
import { registerOrderRoutes } from './routes/orders';
import { registerPaymentRoutes } from './routes/payments';
import { registerRestaurantRoutes } from './routes/restaurants';
import { registerStaffRoutes } from './routes/staff';
import { isPhotoUpload, registerImageRoutes } from './routes/images';
import { registerTableRequestRoutes } from './routes/table-requests';
import { registerTabRoutes } from './routes/tabs';
import { registerAuditRoutes } from './routes/audit';
import { registerPromotionRoutes } from './routes/promotions';
import { registerLegacyLinks } from './routes/legacy';
import { appDist, registerWebApps } from './routes/web';
import { registerLiveSocket } from './routes/live';
import { seedDemoData } from './seed/seed';
import { createLiveEvents } from './lib/live-events';
import { createMessaging } from './services/adapters/messaging/messaging';
import { createImageStorage } from './services/adapters/images/registry';
import type { ImageStorageConfig } from './services/adapters/images/registry';
import { registerMessagingRoutes } from './routes/messaging';
import { registerPrinterRoutes } from './routes/printers';
import { registerPrinterPollRoutes } from './routes/printer-polls';
import { startPrinting } from './services/products/printing/worker';
import { startOrderUpdateWorker } from './services/flows/messaging/order-updates';
import type { HttpFetch } from './services/adapters/payments/provider';
import { createPayments, paymentConfigOf } from './services/adapters/payments/providers';
import { configuredProviders } from './services/adapters/payments/registry';
import {
  describeUnkeyedGateway,
  unkeyedGateways,
  unkeyedGatewaysError,
} from './services/flows/payments/named-gateways';

declare module 'fastify' {
  interface FastifyInstance {
    santap: AppContext;
  }
}

export interface CreateServerOptions {
  /** A database opened by the caller (tests share one across instances); otherwise opened from config. */
  database?: Database;
  /**
   * The network of the account-linking adapters configured in `config.identity` (Google's JWKS,
   * Facebook's debug_token); the platform fetch when omitted. Tests serve recorded replies.
   */
  identityFetch?: typeof globalThis.fetch;
  /** The network of the payment gateways configured in `config.payments`; tests replay recorded replies. */
  paymentFetch?: HttpFetch;
  /** The network of the messaging providers in `config.messaging`; tests replay recorded replies. */
  messagingFetch?: HttpFetch;
  /** Where the log's lines go (pino's JSON, one a line) instead of stdout; tests read what was logged. */
  logStream?: { write(line: string): void };
}

/**
 * The SQLSTATE of a PostgreSQL data exception (class 22: 22003 numeric value out of range, 22021 /
 * 22P05 bad bytes or NUL in text, 22007 / 22008 bad dates...) behind `error`, or null. Drizzle wraps the
 * driver's error in its own, so the causes are searched too (node-postgres and PGlite both set `code`).
 */
export function dataExceptionOf(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** How long `/health` waits for the database before it says `down`. */
export const HEALTH_DATABASE_WAIT_MS = 2_000;

/**
 * `/health` for a load balancer: 200 `{ status: 'up' }` when the database answers within
 * {@link HEALTH_DATABASE_WAIT_MS}, else 503 `{ status: 'down' }`. Nothing else: which engine, version
 * or error would only help an attacker choose an exploit.
 */
async function healthOf(database: Database): Promise<[number, { status: 'up' | 'down' }]> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), HEALTH_DATABASE_WAIT_MS);
  });
  const answered = await Promise.race([
    database.db.execute(sql`select 1`).then(
      () => true,
      () => false,
    ),
    late,
  ]);
  clearTimeout(timer);
  return answered ? [200, { status: 'up' }] : [503, { status: 'down' }];
}

/** Where photos go when the config names no storage: beside the PGlite data, else memory. */
function imageStorageOf(config: ServerConfig): ImageStorageConfig {
  if (config.images) return config.images;
  const { database } = config;
  return database.engine === 'pglite' && database.dataDir
    ? { storage: 'disk', dir: join(database.dataDir, 'images') }
    : { storage: 'memory' };
}

/**
 * Builds the API (routes, websocket, error envelope) on its database, migrated and seeded, without
 * listening: tests drive it in-process, `main.ts` listens.
 */
export async function createServer(
  config: ServerConfig,
  options: CreateServerOptions = {},
): Promise<FastifyInstance> {
  const ownsDatabase = !options.database;
  const database = options.database ?? (await openDatabase(config.database));
  if (config.seedDemo) await seedDemoData(database.db);
  // A place naming a gateway this server has no keys for: refused in production, said in the demo's
  // log (flows/payments/named-gateways.ts).
  const unkeyed = await unkeyedGateways(database.db, configuredProviders(paymentConfigOf(config)));
  if (unkeyed.length > 0 && config.env === 'production') {
    if (ownsDatabase) await database.close();
    throw unkeyedGatewaysError(unkeyed);
  }

  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            redact: ['req.headers.authorization', 'req.headers["cart-token"]'],
            serializers: {
              // Websocket clients may pass tokens in the query: never write them to the log.
              req: (req: { method: string; url: string; ip?: string }) => ({
                method: req.method,
                url: req.url.replace(/\b(token|cart_token|staff_token|sig)=[^&]*/g, '$1=[redacted]'),
                ip: req.ip,
              }),
            },
          },
    // A hop count trusts that many proxies in front; addresses trust only those; false trusts none.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 256 * 1024,
    // x-request-id: the caller's when well formed, else ours; echoed and logged (http/request-id.ts).
    requestIdHeader: false,
    genReqId: requestIdOf,
  });
  // First, so every reply carries its request id and every request is counted and traced.
  registerRequestIds(app);
  await registerTracing(app, config.observability?.tracing);
  const metrics = createMetrics();
  registerRequestMetrics(app, metrics);
  const events = createLiveEvents(database, metrics.liveEvents);
  await events.start();
  const payments = createPayments(config, {}, database.db, options.paymentFetch);
  for (const gap of unkeyed) {
    app.log.warn({ place: gap.id, gateway: gap.gateway }, describeUnkeyedGateway(gap));
  }
  const limits = await registerLimits(app, database.db, config.now, config.limits ?? PRODUCTION_LIMITS);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    events,
    log: requestAwareLog(app.log),
    now: config.now,
    payments,
    limits,
    messaging: createMessaging(config, options.messagingFetch),
    images: createImageStorage(imageStorageOf(config)),
    metrics,
  };
  app.decorate('santap', ctx);

  await app.register(cookie);
  await registerBrowserSecurity(app, {
    scriptHashes: config.web.serve
      ? builtAppScriptHashes([
          appDist('diner', config.web.dinerDir),
          appDist('foodcourt', config.web.foodcourtDir),
          appDist('kiosk', config.web.kioskDir),
          appDist('staff', config.web.staffDir),
        ])
      : [],
    mapTiles: config.mapTiles,
    payments: config.payments,
    publicUrl: config.publicUrl,
  });
  // Before any route, and before any body is read: a write from another site's page ends here (its
  // refusal still carries the headers above).
  registerCrossSiteCheck(app, ctx);
  await app.register(formbody);
  await app.register(websocket);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { t } = localeOf(request, ctx);
    let key: string = MESSAGE.internalServerError;
    let statusCode = 500;
    let details: unknown;
    let values: Record<string, string | number> = {};
    if (error instanceof ApiFailure) {
      ({ key, statusCode, details, values } = error);
    } else if (error instanceof DomainError) {
      key = error.key;
      statusCode = statusForKey(error.key);
      values = { ...error.values };
    } else if (dataExceptionOf(error)) {
      // A value the database refused (SQLSTATE class 22: a number out of range, NUL in text, a bad
      // date...): the caller's input, which the contract should have refused. A 400, logged so the
      // gap in the contract gets closed.
      key = MESSAGE.invalidInput;
      statusCode = 400;
      request.log.warn({ err: error, sqlState: dataExceptionOf(error) }, 'database refused a value');
    } else if (error.statusCode === 413 && isPhotoUpload(request)) {
      key = MESSAGE.imageTooLarge;
      statusCode = 413;
      values = { megabytes: PHOTO_MAX_BYTES / (1024 * 1024) };
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own rejections: malformed JSON, wrong content type, body too large.
      key = MESSAGE.invalidInput;
      statusCode = error.statusCode === 413 ? 413 : 400;
    } else {
      request.log.error({ err: error }, 'unhandled error');
    }
    setRetryAfter(reply, error);
    const message = key === MESSAGE.invalidToken ? INVALID_TOKEN : t(key as Parameters<typeof t>[0], values);
    void reply
      .status(statusCode)
      .send({ status: 0, statusCode, message, code: key, ...(details ? { details } : {}) });
  });

  const serveApp = config.web.serve
    ? await registerWebApps(app, ctx, {
        diner: appDist('diner', config.web.dinerDir),
        foodcourt: appDist('foodcourt', config.web.foodcourtDir),
        kiosk: appDist('kiosk', config.web.kioskDir),
        staff: appDist('staff', config.web.staffDir),
      })
    : undefined;

  app.setNotFoundHandler(async (request, reply) => {
    // The reply itself: a streamed page (a server render) is still being sent when this returns.
    if (await serveApp?.(request, reply)) return reply;
    const { t } = localeOf(request, ctx);
    void reply
      .status(404)
      .send({ status: 0, statusCode: 404, message: t(MESSAGE.notFound), code: MESSAGE.notFound });
  });

  app.get('/health', async (_request, reply) => {
    const [statusCode, body] = await healthOf(database);
    return reply.status(statusCode).header('cache-control', 'no-store').send(body);
  });
  const openApi = buildOpenApi(allEndpoints, { title: 'Santap API', version: '1.0.0' });
  app.get('/api/docs', async () => openApi);
  registerMetricsEndpoint(app, ctx);

  registerRestaurantRoutes(app, ctx);
  registerCartRoutes(app, ctx);
  registerOrderRoutes(app, ctx);
  registerAuthRoutes(app, ctx, options.identityFetch ? { identityFetch: options.identityFetch } : {});
  registerStaffRoutes(app, ctx);
  await registerImageRoutes(app, ctx);
  registerTableRequestRoutes(app, ctx);
  registerTabRoutes(app, ctx);
  registerAuditRoutes(app, ctx);
  registerPaymentRoutes(app, ctx);
  registerPromotionRoutes(app, ctx);
  registerAccountRoutes(app, ctx);
  registerReviewsRoutes(app, ctx);
  registerReservationsRoutes(app, ctx);
  registerKioskRoutes(app, ctx);
  registerLiveSocket(app, ctx);
  registerLegacyLinks(app, ctx);
  registerInvoiceRoutes(app, ctx);
  registerMessagingRoutes(app, ctx);
  registerPrinterRoutes(app, ctx);
  registerPrinterPollRoutes(app, ctx);

  const stopOrderUpdates = startOrderUpdateWorker(ctx, { sweep: config.env !== 'test' });
  const stopPrinting = startPrinting(ctx, { sweep: config.env !== 'test' });

  app.addHook('onClose', async () => {
    await stopOrderUpdates();
    await stopPrinting();
    await events.stop();
    if (ownsDatabase) await database.close();
  });
  return app;
}
