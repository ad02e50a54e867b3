import { z } from 'zod';
import type { MapTiles } from '@santap/contract';
import { messagingConfigFromEnv } from './services/adapters/messaging/config';
import type { MessagingConfig } from './services/adapters/messaging/config';
import { paymentConfigFromEnv } from './services/adapters/payments/config';
import type { PaymentConfig } from './services/adapters/payments/config';
import type { LimitsConfig } from './lib/limits';
import type { ImageStorageConfig } from './services/adapters/images/registry';
import type { IdentityConfig } from './services/adapters/identity/provider';
import { DEFAULT_READ_MAX_LAG_MS } from './db/client';
import type { PostgresConfig } from './db/client';
import { parseNetworks } from './lib/networks';
import type { NetworkEntry } from './lib/networks';

/** OpenStreetMap's own tiles: fine for development and light use, not for heavy production traffic. */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * What is wrong with a tile URL template, if anything: an http(s) URL holding `{z}`, `{x}` and `{y}`
 * (or `{-y}`), and no placeholder the map does not fill (`{zoom}` is a typo, not a tile).
 */
export function tileTemplateProblem(template: string): string | undefined {
  const placeholders = [...template.matchAll(/\{(-?[a-z]+)\}/gi)].map((match) => match[1]!);
  const unknown = placeholders.find((name) => !['z', 'x', 'y', '-y', 's', 'r'].includes(name));
  if (unknown) return `unknown placeholder {${unknown}} (the map fills {z} {x} {y} {-y} {s} {r})`;
  if (!placeholders.includes('z') || !placeholders.includes('x')) return 'needs {z} and {x}';
  if (!placeholders.includes('y') && !placeholders.includes('-y')) return 'needs {y} or {-y}';
  try {
    const protocol = new URL(template.replace(/\{(-?[a-z]+)\}/gi, '0')).protocol;
    return protocol === 'https:' || protocol === 'http:' ? undefined : 'must be an http(s) URL';
  } catch {
    return 'must be an http(s) URL';
  }
}

/** Unset and empty (`KEY=` in an env file) both mean "not configured". */
const optionalKey = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().optional(),
);

const onOff = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.enum(['on', 'off']).optional(),
);

const envSchema = z.object({
  /** Unset: `development` in the demo mode, else `production`. */
  NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
  /** The two modes (see {@link modeDefaults}); unset: demo when NODE_ENV is development or test, else production. */
  SANTAP_MODE: z.enum(['demo', 'production']).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Unset: 127.0.0.1 in the demo mode, 0.0.0.0 in production. */
  HOST: z.string().optional(),
  /** PostgreSQL; when unset the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  /**
   * Connections of this instance's PostgreSQL pool. 10 keeps a 2-core server busy (an order create
   * holds one for its 8 round trips); every instance takes its own from the server's max_connections.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * The primary without a transaction pooler between, for LISTEN and the migrations (they need a
   * session); unset: DATABASE_URL. Required apart when DATABASE_URL goes through PgBouncer.
   */
  DATABASE_LISTEN_URL: optionalKey.pipe(z.string().url().optional()),
  /** A streaming replica of DATABASE_URL's server for the public catalogue's reads; unset: none. */
  DATABASE_READ_URL: optionalKey.pipe(z.string().url().optional()),
  /** The most the replica may lag for a catalogue read to go to it (else the primary serves it). */
  DATABASE_READ_MAX_LAG_MS: z.coerce.number().int().min(100).max(60_000).default(DEFAULT_READ_MAX_LAG_MS),
  DATA_DIR: z.string().default('.data'),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The dev inbox endpoint (OTP codes, mails); unset: on in the demo mode, off in production. */
  DEV_INBOX: onOff,
  /** The demo restaurants, logins and kiosks on an empty database; unset: on in the demo mode only. */
  SEED_DEMO: onOff,
  /** The built diner app to serve (default: apps/diner/dist of this checkout, when built). */
  WEB_DINER_DIR: z.string().optional(),
  WEB_FOODCOURT_DIR: z.string().optional(),
  WEB_KIOSK_DIR: z.string().optional(),
  WEB_STAFF_DIR: z.string().optional(),
  SERVE_WEB: z.enum(['on', 'off']).default('on'),
  /** Fallback country for hosts without a country label (localhost, IPs). */
  DEFAULT_COUNTRY: z.enum(['MY', 'ID']).default('MY'),
  /** HMAC key of the table tickets (services/flows/tables/tickets.ts); unset: random per process. */
  TABLE_TICKET_SECRET: z.string().min(32).optional(),
  /** Server secret mixed into OTP hashes (HMAC pepper); required in production. */
  OTP_PEPPER: z.string().min(16).optional(),
  /**
   * Which proxy to believe for the client IP (rate limits): unset trusts none (the socket address),
   * a hop count ('1') or addresses / CIDRs ('10.0.0.0/8,127.0.0.1').
   */
  TRUST_PROXY: z.string().optional(),
  /** SMTP for invoice mails (`smtp://user:pass@host:587`, `smtps://…`); unset: the dev mailbox. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('Santap <no-reply@santap.localhost>'),
  /** LHDN MyInvois client credentials (Malaysian e-invoices); unset: the built-in fake, off in production. */
  MYINVOIS_CLIENT_ID: z.string().min(1).optional(),
  MYINVOIS_CLIENT_SECRET: z.string().min(1).optional(),
  MYINVOIS_ENV: z.enum(['preprod', 'prod']).default('preprod'),
  /** Google account linking: the OAuth client id the diner app signs in with (`VITE_GOOGLE_CLIENT_ID`). */
  GOOGLE_CLIENT_ID: optionalKey.refine(
    (id) => id === undefined || /^\S+\.apps\.googleusercontent\.com$/.test(id),
    {
      message: 'GOOGLE_CLIENT_ID must be an OAuth client id (…apps.googleusercontent.com)',
    },
  ),
  /** Facebook account linking: the app the diner app logs in with (`VITE_FACEBOOK_APP_ID`) and its secret. */
  FACEBOOK_APP_ID: optionalKey.refine((id) => id === undefined || /^\d+$/.test(id), {
    message: 'FACEBOOK_APP_ID must be the numeric app id',
  }),
  FACEBOOK_APP_SECRET: optionalKey,
  /**
   * Raster tiles of the delivery address map (Web Mercator URL template, see {@link tileTemplateProblem});
   * a provider's key goes in the URL (every browser that opens the map sees it). Empty: no tiles.
   */
  MAP_TILE_URL: z
    .string()
    .default(DEFAULT_MAP_TILE_URL)
    .superRefine((url, issues) => {
      const problem = url === '' ? undefined : tileTemplateProblem(url);
      if (problem) issues.addIssue({ code: 'custom', message: `MAP_TILE_URL ${problem}` });
    }),
  /** Shown on the map as the tile provider's licence asks; plain text. */
  MAP_TILE_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),
  /** Where the attribution links to; empty: plain text. */
  MAP_TILE_ATTRIBUTION_URL: z
    .union([z.literal(''), z.string().url()])
    .default('https://www.openstreetmap.org/copyright'),
  MAP_TILE_MAX_ZOOM: z.coerce.number().int().min(1).max(24).default(19),
  /** Where menu photos are kept: `disk` (IMAGE_DIR, default DATA_DIR/images) or `s3` (the S3_* keys). */
  IMAGE_STORAGE: z.enum(['disk', 's3']).default('disk'),
  IMAGE_DIR: optionalKey,
  /** S3-compatible storage: endpoint URL, bucket, region (`auto` for R2) and keys. */
  S3_ENDPOINT: optionalKey.pipe(z.string().url().optional()),
  S3_BUCKET: optionalKey,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalKey,
  S3_SECRET_ACCESS_KEY: optionalKey,
  S3_PREFIX: z.string().default('images/'),
  /**
   * Who may scrape /metrics besides loopback: addresses and CIDRs (`10.0.0.0/8, fd00::/8`); see
   * apps/api docs, Observability. A malformed entry refuses the start.
   */
  METRICS_ALLOW: optionalKey.transform((list, issues): NetworkEntry[] => {
    const parsed = parseNetworks(list ?? '');
    if ('entries' in parsed) return parsed.entries;
    issues.addIssue({
      code: 'custom',
      message: `METRICS_ALLOW: '${parsed.invalid}' is not an IP address or CIDR range (e.g. 10.0.0.0/8, 192.168.1.5, fd00::/8)`,
    });
    return z.NEVER;
  }),
  /** A scraper presenting `Authorization: Bearer <METRICS_TOKEN>` may scrape from anywhere. */
  METRICS_TOKEN: optionalKey.pipe(
    z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  ),
  /** OTLP/HTTP collector for traces (`http://collector:4318`); unset: no tracing code is loaded. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalKey.pipe(z.string().url().optional()),
  OTEL_SERVICE_NAME: z.string().min(1).default('santap-api'),
});

/** The image storage the environment names (README "Menu photos"); s3 needs every S3_* key. */
function imagesFromEnv(parsed: z.infer<typeof envSchema>): ImageStorageConfig {
  if (parsed.IMAGE_STORAGE === 'disk') {
    return { storage: 'disk', dir: parsed.IMAGE_DIR ?? `${parsed.DATA_DIR}/images` };
  }
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = parsed;
  if (!S3_ENDPOINT || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
    throw new Error(
      'IMAGE_STORAGE=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    );
  }
  return {
    storage: 's3',
    endpoint: S3_ENDPOINT,
    bucket: S3_BUCKET,
    region: parsed.S3_REGION,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    prefix: parsed.S3_PREFIX,
  };
}

/**
 * PostgreSQL when DATABASE_URL is set (its listen and read URLs kept only when set), else PGlite.
 * What can be told from the URLs alone is refused here; the rest when the database opens
 * (db/start-checks.ts).
 */
function databaseFromEnv(parsed: z.infer<typeof envSchema>): ServerConfig['database'] {
  const { DATABASE_URL: url, DATABASE_LISTEN_URL: listenUrl, DATABASE_READ_URL: readUrl } = parsed;
  if (!url) {
    const orphan = [listenUrl && 'DATABASE_LISTEN_URL', readUrl && 'DATABASE_READ_URL'].filter(Boolean);
    if (orphan.length > 0) {
      throw new Error(
        `${orphan.join(' and ')} ${orphan.length > 1 ? 'need' : 'needs'} DATABASE_URL (the primary)`,
      );
    }
    return { engine: 'pglite', dataDir: parsed.DATA_DIR };
  }
  if (readUrl && (readUrl === url || readUrl === listenUrl)) {
    throw new Error('DATABASE_READ_URL names the primary: it must name a streaming replica, or be unset');
  }
  return {
    engine: 'postgres',
    url,
    poolSize: parsed.DATABASE_POOL_SIZE,
    ...(listenUrl ? { listenUrl } : {}),
    ...(readUrl ? { readUrl, readMaxLagMs: parsed.DATABASE_READ_MAX_LAG_MS } : {}),
  };
}

/** Invoice mails: nodemailer over SMTP when `smtpUrl` is set, else the dev mailbox (when the dev inbox is on). */
export interface MailConfig {
  smtpUrl?: string;
  from: string;
}

/**
 * The tiles of the delivery address map, sent to the apps as `map_tiles` (restaurant details, the
 * saved addresses list): the contract's `MapTiles`.
 */
export type MapTilesConfig = MapTiles;

/** Malaysian e-invoices: the MyInvois adapter with keys, the fake MyInvois, or off (production without keys). */
export type EInvoiceConfig =
  | { adapter: 'fake' }
  | { adapter: 'off' }
  | { adapter: 'myinvois'; clientId: string; clientSecret: string; env: 'preprod' | 'prod' };

export interface ServerConfig {
  env: 'development' | 'production' | 'test';
  /** `demo` (`pnpm start`) or `production` (the built server's default); see apps/api/README.md, Two modes. */
  mode?: SantapMode;
  port: number;
  host: string;
  database: { engine: 'pglite'; dataDir?: string } | ({ engine: 'postgres' } & PostgresConfig);
  publicUrl: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  devInbox: boolean;
  seedDemo: boolean;
  /** Serve the built React apps on the API's port; the `*Dir`s override where each build is. */
  web: {
    serve: boolean;
    dinerDir?: string;
    foodcourtDir?: string;
    kioskDir?: string;
    staffDir?: string;
    /** How long a menu link's page waits for its early replies (default 400 ms; the e2e runs wait longer). */
    earlyRepliesWaitMs?: number;
    /** How long a page waits for its server render (default 1 s), then the browser renders it. */
    serverRenderWaitMs?: number;
  };
  defaultCountry: 'MY' | 'ID';
  otpPepper?: string;
  /** Signs the table tickets (README: Dine-in table tickets); absent: a random key per process. */
  tableTicketSecret?: string;
  trustProxy: boolean | number | string[];
  /** Absent: the dev mailbox (see {@link MailConfig}). */
  mail?: MailConfig;
  /** Absent: the fake MyInvois outside production, off in production. */
  einvoice?: EInvoiceConfig;
  /**
   * Payment providers and their keys (services/adapters/payments/config.ts). Absent: as with no payment env,
   * `defaultPaymentConfig(env)` — the simulator alone outside production, nothing in production.
   */
  payments?: PaymentConfig;
  /** Absent: no map tiles (the address picker's grid alone), as with an empty MAP_TILE_URL. */
  mapTiles?: MapTilesConfig;
  /**
   * OTP senders and messaging providers (services/adapters/messaging/config.ts). Absent: the dev inbox's
   * sender where the dev inbox is on, no sender otherwise.
   */
  messaging?: MessagingConfig;
  /** Absent (or a provider absent): that provider's fake outside production, refuse-all in production. */
  /**
   * The real account-linking adapters (services/adapters/identity/), each present only when its keys are
   * set. Without one, a server uses the local fake outside production and refuses every token in production.
   */
  identity?: IdentityConfig;
  /**
   * Where menu photos are kept (services/adapters/images/storage.ts). Absent: files under the PGlite data dir
   * when there is one, else memory (tests, an in-memory database).
   */
  images?: ImageStorageConfig;
  /** Abuse limits (lib/limits.ts); absent: `PRODUCTION_LIMITS`. Tests that are not about limits relax them. */
  limits?: LimitsConfig;
  /**
   * How often the live socket pings each client and re-checks its tokens (routes/live.ts); absent:
   * `LIVE_LIMITS.pingIntervalMs`, 30 s. Tests of revocation shorten it rather than wait.
   */
  liveHeartbeatMs?: number;
  /** Who may scrape /metrics, and where traces go (apps/api docs, Observability); absent: loopback only, no traces. */
  observability?: ObservabilityConfig;
  /** The clock; tests pass a fixed or movable one. */
  now: () => Date;
}

export interface ObservabilityConfig {
  /** Networks allowed to scrape /metrics besides loopback. */
  metricsAllow: NetworkEntry[];
  /** A bearer token that may scrape from anywhere. */
  metricsToken?: string;
  /** OTLP/HTTP traces: present only when OTEL_EXPORTER_OTLP_ENDPOINT is set. */
  tracing?: { endpoint: string; serviceName: string };
}

// --- Two modes (apps/api/README.md, Two modes) -------------------------------------------------------

export type SantapMode = 'demo' | 'production';

/**
 * The mode and what it defaults: `SANTAP_MODE` when set, else demo under NODE_ENV development / test
 * and production otherwise (the built server with no env at all is production). NODE_ENV, when unset,
 * follows the mode; HOST, when unset, is loopback in the demo and every interface in production.
 */
export function modeDefaults(parsed: {
  NODE_ENV?: ServerConfig['env'];
  SANTAP_MODE?: SantapMode;
  HOST?: string;
}) {
  const mode: SantapMode =
    parsed.SANTAP_MODE ??
    (parsed.NODE_ENV === 'development' || parsed.NODE_ENV === 'test' ? 'demo' : 'production');
  const nodeEnv = parsed.NODE_ENV ?? (mode === 'demo' ? 'development' : 'production');
  const host = parsed.HOST?.trim() || (mode === 'demo' ? '127.0.0.1' : '0.0.0.0');
  return { mode, nodeEnv, host };
}

/** A host name or address that only this machine reaches: localhost, *.localhost, 127.0.0.0/8, ::1. */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(name) ||
    name === '::1' ||
    name === '0:0:0:0:0:0:0:1' ||
    name === '::ffff:127.0.0.1'
  );
}

/**
 * The demo features (the dev inbox hands out every OTP, the demo seed has public passwords and kiosk
 * secrets, the simulator marks orders paid) are for one machine: with any of them on, the server
 * refuses to start listening on or announcing a host others reach.
 */
export function refuseDemoFeaturesInPublic(
  features: { devInbox: boolean; seedDemo: boolean; simulator: boolean },
  host: string,
  publicUrl: string,
) {
  const on = [
    features.devInbox && 'DEV_INBOX',
    features.seedDemo && 'SEED_DEMO',
    features.simulator && 'SIMULATOR',
  ].filter(Boolean);
  if (on.length === 0) return;
  const publicHost = new URL(publicUrl).hostname;
  const exposed = [
    !isLoopbackHost(host) && `HOST=${host}`,
    !isLoopbackHost(publicHost) && `PUBLIC_URL=${publicUrl}`,
  ].filter(Boolean);
  if (exposed.length === 0) return;
  throw new Error(
    `Refusing to start: demo feature(s) ${on.join(', ')} on with ${exposed.join(' and ')}, which is not ` +
      `loopback. Switch them off (SANTAP_MODE=production, or each =off) or serve on 127.0.0.1 only ` +
      `(apps/api/README.md, Going live).`,
  );
}

/** Reads the environment once (main.ts); everything else receives the parsed config. */
export function configFromEnv(env: NodeJS.ProcessEnv): ServerConfig {
  const parsed = envSchema.parse(env);
  const { mode, nodeEnv, host } = modeDefaults(parsed);
  const demo = mode === 'demo';
  if (nodeEnv === 'production' && !parsed.OTP_PEPPER) {
    throw new Error('OTP_PEPPER must be set in production (at least 16 characters)');
  }
  if (parsed.MAP_TILE_URL && !parsed.MAP_TILE_ATTRIBUTION.trim()) {
    throw new Error("MAP_TILE_ATTRIBUTION must be set when MAP_TILE_URL is (the tile provider's licence)");
  }
  if (Boolean(parsed.FACEBOOK_APP_ID) !== Boolean(parsed.FACEBOOK_APP_SECRET)) {
    throw new Error(
      `Facebook login is partly configured: set ${parsed.FACEBOOK_APP_ID ? 'FACEBOOK_APP_SECRET' : 'FACEBOOK_APP_ID'} too (or neither)`,
    );
  }
  const proxy = parsed.TRUST_PROXY?.trim();
  const publicUrl = parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`;
  const devInbox = parsed.DEV_INBOX ? parsed.DEV_INBOX === 'on' : demo;
  const seedDemo = parsed.SEED_DEMO ? parsed.SEED_DEMO === 'on' : demo;
  const payments = paymentConfigFromEnv({
    ...env,
    NODE_ENV: nodeEnv,
    SIMULATOR: env.SIMULATOR?.trim() ? env.SIMULATOR : demo ? 'on' : 'off',
  });
  refuseDemoFeaturesInPublic({ devInbox, seedDemo, simulator: payments.simulator.enabled }, host, publicUrl);
  return {
    env: nodeEnv,
    mode,
    port: parsed.PORT,
    host,
    database: databaseFromEnv(parsed),
    publicUrl,
    logLevel: parsed.LOG_LEVEL,
    images: imagesFromEnv(parsed),
    devInbox,
    seedDemo,
    web: {
      serve: parsed.SERVE_WEB === 'on',
      ...(parsed.WEB_DINER_DIR ? { dinerDir: parsed.WEB_DINER_DIR } : {}),
      ...(parsed.WEB_FOODCOURT_DIR ? { foodcourtDir: parsed.WEB_FOODCOURT_DIR } : {}),
      ...(parsed.WEB_KIOSK_DIR ? { kioskDir: parsed.WEB_KIOSK_DIR } : {}),
      ...(parsed.WEB_STAFF_DIR ? { staffDir: parsed.WEB_STAFF_DIR } : {}),
    },
    defaultCountry: parsed.DEFAULT_COUNTRY,
    ...(parsed.OTP_PEPPER ? { otpPepper: parsed.OTP_PEPPER } : {}),
    ...(parsed.TABLE_TICKET_SECRET ? { tableTicketSecret: parsed.TABLE_TICKET_SECRET } : {}),
    trustProxy: !proxy ? false : /^\d+$/.test(proxy) ? Number(proxy) : proxy.split(',').map((p) => p.trim()),
    mail: { from: parsed.MAIL_FROM, ...(parsed.SMTP_URL ? { smtpUrl: parsed.SMTP_URL } : {}) },
    einvoice:
      parsed.MYINVOIS_CLIENT_ID && parsed.MYINVOIS_CLIENT_SECRET
        ? {
            adapter: 'myinvois',
            clientId: parsed.MYINVOIS_CLIENT_ID,
            clientSecret: parsed.MYINVOIS_CLIENT_SECRET,
            env: parsed.MYINVOIS_ENV,
          }
        : { adapter: nodeEnv === 'production' ? 'off' : 'fake' },
    payments,
    messaging: messagingConfigFromEnv(
      { ...env, NODE_ENV: nodeEnv },
      { devInbox, production: nodeEnv === 'production' },
    ),
    identity: {
      ...(parsed.GOOGLE_CLIENT_ID ? { google: { clientId: parsed.GOOGLE_CLIENT_ID } } : {}),
      ...(parsed.FACEBOOK_APP_ID && parsed.FACEBOOK_APP_SECRET
        ? { facebook: { appId: parsed.FACEBOOK_APP_ID, appSecret: parsed.FACEBOOK_APP_SECRET } }
        : {}),
    },
    ...(parsed.MAP_TILE_URL
      ? {
          mapTiles: {
            url: parsed.MAP_TILE_URL,
            attribution: parsed.MAP_TILE_ATTRIBUTION.trim(),
            attributionUrl: parsed.MAP_TILE_ATTRIBUTION_URL || null,
            maxZoom: parsed.MAP_TILE_MAX_ZOOM,
          },
        }
      : {}),
    observability: {
      metricsAllow: parsed.METRICS_ALLOW,
      ...(parsed.METRICS_TOKEN ? { metricsToken: parsed.METRICS_TOKEN } : {}),
      ...(parsed.OTEL_EXPORTER_OTLP_ENDPOINT
        ? { tracing: { endpoint: parsed.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: parsed.OTEL_SERVICE_NAME } }
        : {}),
    },
    now: () => new Date(),
  };
}
