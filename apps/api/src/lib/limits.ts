/**
 * Abuse limits (OWASP API Top 10 API4 / API6, ASVS 5.0 §6.3 and §6.5.5): `@fastify/rate-limit` counting
 * in PostgreSQL (the `rate_limits` table), so every API instance on the database enforces the same
 * limits and the embedded PGlite of the demo and the tests uses the very same mechanism. Keys are
 * `<rule>:<subject>`: an IP address (IPv6 by its /64, the block one subscriber gets), an account, a
 * phone, a cart token or a user. The rules and why each has its numbers: `apps/api/README.md`
 * ("Abuse limits").
 */
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { lt, sql } from 'drizzle-orm';
import { MESSAGE } from '@santap/domain';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { ApiFailure } from './errors';

/** At most `max` counted events per window of `windowSeconds` (the window starts at the first event). */
export interface LimitRule {
  max: number;
  windowSeconds: number;
  /** Each event past `max` doubles the window that is left (capped at a day): for failure counters. */
  backoff?: boolean;
}

export type LimitName =
  | 'staffLoginPerIp'
  | 'staffLoginFailuresPerAccountIp'
  | 'staffLoginFailuresPerAccount'
  | 'kioskAuthFailuresPerIp'
  | 'kioskAuthFailuresPerDevice'
  | 'otpVerifyPerIp'
  | 'otpFailuresPerPhone'
  | 'guestPerIp'
  | 'orderCreatePerIp'
  | 'orderCreatePerUser'
  | 'orderCreatePerCart'
  | 'emailInvoicePerIp'
  | 'emailInvoicePerCaller'
  | 'tinCheckPerIp'
  | 'tinCheckPerCaller'
  | 'tableRequestsPerTable'
  | 'tabCodeFailuresPerTableIp'
  | 'tabAsksPerTableIp'
  | 'approvalPinFailuresPerManager'
  | 'menuImportPerRestaurant'
  | 'photoUploadsPerRestaurant'
  | 'printerAuthFailuresPerIp'
  | 'printerRequestsPerPrinter'
  | 'printerSetupPerRestaurant'
  | 'reprintsPerRestaurant';

export type LimitsConfig = Record<LimitName, LimitRule>;

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * The limits a production server runs with (and the security tests). Per-IP numbers are generous
 * because a food court's Wi-Fi or a mobile carrier's NAT puts many diners behind one address; the
 * tight limits are per account, phone, cart or user.
 */
export const PRODUCTION_LIMITS: LimitsConfig = {
  staffLoginPerIp: { max: 30, windowSeconds: 15 * MINUTE },
  staffLoginFailuresPerAccountIp: { max: 5, windowSeconds: 15 * MINUTE, backoff: true },
  staffLoginFailuresPerAccount: { max: 50, windowSeconds: HOUR },
  kioskAuthFailuresPerIp: { max: 10, windowSeconds: 15 * MINUTE, backoff: true },
  kioskAuthFailuresPerDevice: { max: 50, windowSeconds: HOUR },
  otpVerifyPerIp: { max: 60, windowSeconds: 15 * MINUTE },
  otpFailuresPerPhone: { max: 10, windowSeconds: 6 * HOUR },
  guestPerIp: { max: 60, windowSeconds: HOUR },
  orderCreatePerIp: { max: 200, windowSeconds: HOUR },
  orderCreatePerUser: { max: 20, windowSeconds: HOUR },
  orderCreatePerCart: { max: 10, windowSeconds: HOUR },
  emailInvoicePerIp: { max: 30, windowSeconds: HOUR },
  emailInvoicePerCaller: { max: 10, windowSeconds: HOUR },
  tinCheckPerIp: { max: 60, windowSeconds: HOUR },
  tinCheckPerCaller: { max: 20, windowSeconds: HOUR },
  // New 'call waiter' / 'request bill' presses of one table (a press while one is open is not counted).
  tableRequestsPerTable: { max: 6, windowSeconds: 10 * MINUTE },
  // Wrong join codes of a table's tabs from one address (apps/api docs/tabs.md, Joining): a friend
  // mistypes a few times; guessing 6 characters of 31 at 5 tries per 10 minutes gets nowhere.
  tabCodeFailuresPerTableIp: { max: 5, windowSeconds: 10 * MINUTE },
  // Asks to be let into a table's tab from one address: a few, not a flood on the staff's board.
  tabAsksPerTableIp: { max: 5, windowSeconds: 10 * MINUTE },
  // Wrong approval PINs named for one manager (apps/api docs/audit.md, "Manager approval"): 4 to 6
  // digits, so 5 tries per 15 minutes, then locked for the rest of the window, the right PIN too.
  approvalPinFailuresPerManager: { max: 5, windowSeconds: 15 * MINUTE },
  // A menu import is up to 500 rows written in one transaction: onboarding needs a few tries, not more.
  menuImportPerRestaurant: { max: 20, windowSeconds: HOUR },
  // Each photo upload decodes up to 40 megapixels and encodes eight files: a menu's worth an hour, not a flood.
  photoUploadsPerRestaurant: { max: 60, windowSeconds: HOUR },
  // Wrong printer credentials from one address for one user name (each is a password hash): a
  // misconfigured printer retries every few seconds; an attacker is slowed down ever more, and a
  // printer behind the same address polls on (apps/api docs/printing.md).
  printerAuthFailuresPerIp: { max: 30, windowSeconds: 15 * MINUTE, backoff: true },
  // A printer polls every 5 s (12 a minute) plus a fetch and a confirmation per job, and may poll sooner
  // when its status changes: five times that is abuse, answered 429 as Star's protocol allows.
  printerRequestsPerPrinter: { max: 60, windowSeconds: MINUTE },
  // Adding a printer or rotating its credential hashes a password.
  printerSetupPerRestaurant: { max: 30, windowSeconds: HOUR },
  // Each reprint renders a docket per printer: a busy evening's worth, not a flood.
  reprintsPerRestaurant: { max: 300, windowSeconds: HOUR },
};

/** How long a successful login keeps its IP "known" to the account (exempt from the account-wide cap). */
export const KNOWN_IP_DAYS = 30;
const BACKOFF_CAP_MS = 24 * HOUR * 1000;

/** An IP address as a limit subject: IPv4 as is, IPv6 by its /64 (one subscriber's block). */
export function ipSubject(ip: string): string {
  return normalizeIP(ip, 64);
}

/**
 * The @fastify/rate-limit store on the `rate_limits` table: one upsert per counted event (a new
 * window when the old one ended), read without counting for `peek`. Times come from the server's
 * clock (`now`), which tests move. About one increment in 500 also deletes windows that ended a day
 * ago, so the table holds only live counters.
 */
export function postgresStore(db: Db, now: () => Date) {
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    private readonly backoff: boolean;
    // The plugin passes its merged options (which carry `exponentialBackoff`) to the constructor and child.
    constructor(options: object) {
      this.backoff = (options as { exponentialBackoff?: unknown }).exponentialBackoff === true;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ) {
      const at = now();
      const fresh = new Date(at.getTime() + timeWindow);
      const ended = sql`${rateLimits.expiresAt} <= ${at.toISOString()}::timestamptz`;
      const backedOff = this.backoff
        ? sql`greatest(${rateLimits.expiresAt}, ${at.toISOString()}::timestamptz + least(${timeWindow}::double precision * power(2, least(${rateLimits.count} - ${max}, 30)), ${BACKOFF_CAP_MS}::double precision) * interval '1 millisecond')`
        : sql`${rateLimits.expiresAt}`;
      db.insert(rateLimits)
        .values({ key, count: 1, expiresAt: fresh })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${ended} then 1 else ${rateLimits.count} + 1 end`,
            expiresAt: sql`case when ${ended} then ${fresh.toISOString()}::timestamptz when ${rateLimits.count} + 1 > ${max} then ${backedOff} else ${rateLimits.expiresAt} end`,
          },
        })
        .returning({ count: rateLimits.count, expiresAt: rateLimits.expiresAt })
        .then(async ([row]) => {
          if (Math.random() < 1 / 500) {
            await db
              .delete(rateLimits)
              .where(lt(rateLimits.expiresAt, new Date(at.getTime() - 24 * HOUR * 1000)));
          }
          callback(null, { current: row?.count ?? 1, ttl: ttlOf(row?.expiresAt, at) });
        })
        .catch((error: unknown) => callback(error as Error));
    }

    read(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void) {
      const at = now();
      db.select({ count: rateLimits.count, expiresAt: rateLimits.expiresAt })
        .from(rateLimits)
        .where(sql`${rateLimits.key} = ${key}`)
        .limit(1)
        .then(([row]) => {
          const live = row && new Date(row.expiresAt).getTime() > at.getTime();
          callback(
            null,
            live ? { current: row.count, ttl: ttlOf(row.expiresAt, at) } : { current: 0, ttl: 0 },
          );
        })
        .catch((error: unknown) => callback(error as Error));
    }

    child(routeOptions: object) {
      return new PostgresRateLimitStore(routeOptions);
    }
  };
}

function ttlOf(expiresAt: Date | string | undefined, at: Date): number {
  return expiresAt === undefined ? 0 : Math.max(0, new Date(expiresAt).getTime() - at.getTime());
}

/** The 429 of a limit: the wait in the caller's language, `Retry-After` (seconds) set by the error handler. */
export function throttled(retryAfterSeconds: number): ApiFailure {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return seconds < 120
    ? new ApiFailure(MESSAGE.tryAgainInSeconds, 429, { seconds }, { retry_after_seconds: seconds })
    : new ApiFailure(
        MESSAGE.tryAgainInMinutes,
        429,
        { minutes: Math.ceil(seconds / 60) },
        { retry_after_seconds: seconds },
      );
}

/** The wait of a throttled failure, if `error` is one (for the Retry-After header). */
export function retryAfterOf(error: unknown): number | undefined {
  if (!(error instanceof ApiFailure) || error.statusCode !== 429) return undefined;
  const details = error.details as { retry_after_seconds?: unknown } | undefined;
  return typeof details?.retry_after_seconds === 'number' ? details.retry_after_seconds : undefined;
}

/** Abuse limits of one server: count an event, or look whether a subject is already over. */
export interface Limits {
  /**
   * Counts one event of `rule` for `subject`; throws the 429 when this one goes over the limit, else
   * answers how many more the window allows.
   */
  hit(request: FastifyRequest, rule: LimitName, subject: string): Promise<number>;
  /** Counts one event and never throws: a failure recorded after the fact (a wrong password). */
  record(request: FastifyRequest, rule: LimitName, subject: string): Promise<void>;
  /**
   * Throws the 429 when `subject` already used up `rule`. Counts nothing, except a try made while
   * blocked on a backoff rule, which is counted so that the wait doubles.
   */
  guard(request: FastifyRequest, rule: LimitName, subject: string): Promise<void>;
  /** Whether `subject` has any live count of `rule` (a known IP marker, say). */
  seen(request: FastifyRequest, rule: LimitName | 'knownIp', subject: string): Promise<boolean>;
  /** Marks `subject` as known for {@link KNOWN_IP_DAYS} days (an account's IP after a successful login). */
  mark(request: FastifyRequest, subject: string): Promise<void>;
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * Registers @fastify/rate-limit on the PostgreSQL store (no global limit: each rule is applied where
 * it belongs, with the subject it is keyed by) and builds the {@link Limits} of the server.
 */
export async function registerLimits(
  app: FastifyInstance,
  db: Db,
  now: () => Date,
  config: LimitsConfig,
): Promise<Limits> {
  await app.register(rateLimit, { global: false, store: postgresStore(db, now), skipOnError: false });
  // The limiter's key generator sees only the request: the subject of the current check rides along.
  const subjects = new WeakMap<FastifyRequest, string>();
  const keyOf = (request: FastifyRequest) => subjects.get(request) ?? `ip:${ipSubject(request.ip)}`;
  const limiters = new Map<string, Limiter>();
  const limiterOf = (name: LimitName | 'knownIp'): Limiter => {
    let limiter = limiters.get(name);
    if (!limiter) {
      const rule: LimitRule =
        name === 'knownIp' ? { max: 1_000_000, windowSeconds: KNOWN_IP_DAYS * 24 * HOUR } : config[name];
      limiter = app.createRateLimit({
        max: rule.max,
        timeWindow: rule.windowSeconds * 1000,
        keyGenerator: keyOf,
        ...(rule.backoff ? { exponentialBackoff: true } : {}),
      } as Parameters<FastifyInstance['createRateLimit']>[0]);
      limiters.set(name, limiter);
    }
    return limiter;
  };
  const run = async (
    request: FastifyRequest,
    name: LimitName | 'knownIp',
    subject: string,
    increment: boolean,
  ) => {
    subjects.set(request, `${name}:${subject}`);
    try {
      return await limiterOf(name)(request, { increment });
    } finally {
      subjects.delete(request);
    }
  };
  return {
    async hit(request, rule, subject) {
      const result = await run(request, rule, subject, true);
      if (!result.isAllowed && result.isExceeded) throw throttled(result.ttlInSeconds);
      return result.isAllowed ? Number.MAX_SAFE_INTEGER : result.remaining;
    },
    async record(request, rule, subject) {
      await run(request, rule, subject, true);
    },
    async guard(request, rule, subject) {
      const result = await run(request, rule, subject, false);
      if (result.isAllowed || result.remaining > 0) return;
      if (!config[rule].backoff) throw throttled(result.ttlInSeconds);
      const counted = await run(request, rule, subject, true);
      throw throttled(counted.isAllowed ? result.ttlInSeconds : counted.ttlInSeconds);
    },
    async seen(request, rule, subject) {
      const result = await run(request, rule, subject, false);
      return !result.isAllowed && result.remaining < result.max;
    },
    async mark(request, subject) {
      await run(request, 'knownIp', subject, true);
    },
  };
}

/** Sets `Retry-After` on a throttled reply (called by the error handler). */
export function setRetryAfter(reply: FastifyReply, error: unknown) {
  const seconds = retryAfterOf(error);
  if (seconds !== undefined) void reply.header('retry-after', String(seconds));
}

/** Who a per-caller limit counts: the diner's user when logged in, else the browser's cart token. */
export interface LimitCaller {
  ip: string;
  cartToken: string | undefined;
  user: { id: number } | null;
  /** A staff caller (staff calls count per restaurant). */
  staff?: { restaurantId: number } | null;
}

type Subject = (caller: LimitCaller) => string | undefined;
const byIp: Subject = (caller) => ipSubject(caller.ip);
const byUser: Subject = (caller) => (caller.user ? `user:${caller.user.id}` : undefined);
const byCart: Subject = (caller) => (caller.cartToken ? `cart:${caller.cartToken}` : undefined);
const byUserOrCart: Subject = (caller) => byUser(caller) ?? byCart(caller);
const byRestaurant: Subject = (caller) =>
  caller.staff ? `restaurant:${caller.staff.restaurantId}` : undefined;

/**
 * The limits counted on every call of an endpoint (by contract id), before its input is read. Limits
 * that count only failures (a wrong password, a wrong code) live in the routes that know the outcome.
 */
export const ENDPOINT_LIMITS: Readonly<Record<string, readonly (readonly [LimitName, Subject])[]>> = {
  'staff.login': [['staffLoginPerIp', byIp]],
  'auth.verifyOtp': [['otpVerifyPerIp', byIp]],
  'account.phoneChangeVerify': [['otpVerifyPerIp', byIp]],
  'auth.registerGuest': [['guestPerIp', byIp]],
  'orders.create': [
    ['orderCreatePerIp', byIp],
    ['orderCreatePerUser', byUser],
    ['orderCreatePerCart', byCart],
  ],
  'orders.createFoodCourt': [
    ['orderCreatePerIp', byIp],
    ['orderCreatePerUser', byUser],
    ['orderCreatePerCart', byCart],
  ],
  'invoices.email': [
    ['emailInvoicePerIp', byIp],
    ['emailInvoicePerCaller', byUserOrCart],
  ],
  'invoices.foodCourt': [
    ['emailInvoicePerIp', byIp],
    ['emailInvoicePerCaller', byUserOrCart],
  ],
  'einvoice.taxpayerTin': [
    ['tinCheckPerIp', byIp],
    ['tinCheckPerCaller', byUserOrCart],
  ],
  'einvoice.submit': [
    ['tinCheckPerIp', byIp],
    ['tinCheckPerCaller', byUserOrCart],
  ],
  'staff.menuImport': [['menuImportPerRestaurant', byRestaurant]],
  'staff.dishPhoto': [['photoUploadsPerRestaurant', byRestaurant]],
  'staff.restaurantPhoto': [['photoUploadsPerRestaurant', byRestaurant]],
  'staff.createPrinter': [['printerSetupPerRestaurant', byRestaurant]],
  'staff.updatePrinter': [['printerSetupPerRestaurant', byRestaurant]],
  'staff.reprint': [['reprintsPerRestaurant', byRestaurant]],
};

/** Counts the call against its endpoint's limits (see {@link ENDPOINT_LIMITS}); 429 past one. */
export async function countEndpointCall(
  limits: Limits,
  endpointId: string,
  request: FastifyRequest,
  caller: LimitCaller,
) {
  for (const [rule, subjectOf] of ENDPOINT_LIMITS[endpointId] ?? []) {
    const subject = subjectOf(caller);
    if (subject !== undefined) await limits.hit(request, rule, subject);
  }
}
