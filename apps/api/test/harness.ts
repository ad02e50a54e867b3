/**
 * Test harness: a real server on a real database, in-process. Every API test file runs on PGlite, and
 * also on PostgreSQL when TEST_DATABASE_URL is set (CI sets it), each in a database of its own.
 * TEST_DATABASE_LISTEN_URL, when set, is the same server without a pooler between: TEST_DATABASE_URL
 * may then be PgBouncer in transaction mode (tooling/deploy's pgbouncer harness), and databases are
 * made, dropped and listened to through the direct one. TEST_ENGINES (`postgres`, `pglite`, or both
 * comma-separated) narrows the engines.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { createApiClient } from '@santap/api-client';
import type { ApiClient } from '@santap/api-client';
import { createCartToken } from '@santap/domain';
import type { ServerConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import type { Database } from '../src/db/client';
import { PRODUCTION_LIMITS } from '../src/lib/limits';
import type { LimitsConfig } from '../src/lib/limits';
import { seedDemoData } from '../src/seed/seed';
import { createServer } from '../src/server';
import { useTestScryptCost } from '../src/services/flows/accounts/passwords';
import type { CreateServerOptions } from '../src/server';
import { defaultPaymentConfig } from '../src/services/adapters/payments/config';
import { TABLE_TICKET_COOKIE } from '../src/services/flows/tables/tickets';
import { PGLITE_SNAPSHOT_ENV, PG_TEMPLATE_ENV } from './global-setup';

// The test runs hash passwords and kiosk secrets cheaply (passwords.ts `useTestScryptCost`).
useTestScryptCost();

export type Engine = 'pglite' | 'postgres';

/** The engines every file runs on: PGlite, and PostgreSQL when TEST_DATABASE_URL is set; TEST_ENGINES narrows. */
export function enginesOf(env: NodeJS.ProcessEnv): Engine[] {
  const available: Engine[] = env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const asked = env.TEST_ENGINES?.split(',').map((name) => name.trim());
  if (!asked?.length) return available;
  const unknown = asked.filter((name) => !available.includes(name as Engine));
  if (unknown.length > 0) {
    throw new Error(
      `TEST_ENGINES names ${unknown.join(', ')}: not available (postgres needs TEST_DATABASE_URL)`,
    );
  }
  return available.filter((engine) => asked.includes(engine));
}

export const ENGINES: Engine[] = enginesOf(process.env);

/** A clock tests can set and move. */
export class TestClock {
  constructor(private current: Date) {}
  now = () => new Date(this.current);
  set(date: Date | string) {
    this.current = new Date(date);
  }
  advance(seconds: number) {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
}

/** Monday 2026-11-23 12:00 in Kuala Lumpur / 11:00 in Jakarta / 12:00 in Makassar: everything open. */
export const LUNCHTIME = '2026-11-23T04:00:00Z';

/**
 * The limits of tests that are not about abuse: production's rules with 1000 times the room, so a
 * test may log in, order and mail as often as it needs from one loopback address. The security tests
 * pass `PRODUCTION_LIMITS` (`config: { limits: PRODUCTION_LIMITS }`).
 */
export const RELAXED_LIMITS: LimitsConfig = Object.fromEntries(
  Object.entries(PRODUCTION_LIMITS).map(([name, rule]) => [name, { ...rule, max: rule.max * 1000 }]),
) as LimitsConfig;

export function testConfig(clock: TestClock, overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    database: { engine: 'pglite' },
    publicUrl: 'http://localhost:3000',
    logLevel: 'silent',
    devInbox: true,
    seedDemo: false,
    web: { serve: false },
    defaultCountry: 'MY',
    trustProxy: false,
    mail: { from: 'Santap <no-reply@santap.test>' },
    einvoice: { adapter: 'fake' },
    payments: defaultPaymentConfig('test'),
    limits: RELAXED_LIMITS,
    now: clock.now,
    ...overrides,
  };
}

/** `url` naming database `name` instead. */
export function withDatabase(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

/**
 * The PostgreSQL of the tests as `openDatabase` takes it, for database `name`: the pool through
 * TEST_DATABASE_URL, LISTEN and migrations through TEST_DATABASE_LISTEN_URL when it is set.
 */
export function testPostgres(name: string, poolSize: number) {
  const listen = process.env.TEST_DATABASE_LISTEN_URL;
  return {
    engine: 'postgres' as const,
    url: withDatabase(process.env.TEST_DATABASE_URL!, name),
    poolSize,
    ...(listen ? { listenUrl: withDatabase(listen, name) } : {}),
  };
}

/** The server's own URL for making and dropping databases: never through a pooler. */
export const testAdminUrl = (): string =>
  process.env.TEST_DATABASE_LISTEN_URL ?? process.env.TEST_DATABASE_URL!;

/** A new database; a copy of `template` when given (the seeded one of global-setup.ts). */
async function freshPostgres(template?: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const adminUrl = testAdminUrl();
  const name = `santap_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  return {
    name,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface TestDatabase {
  engine: Engine;
  database: Database;
  close(): Promise<void>;
}

/** A migrated database of one engine with nothing in it (what a production server starts on). */
export async function openEmptyDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const database = await openDatabase({ engine: 'pglite' });
    return { engine, database, close: () => database.close() };
  }
  const { name, drop } = await freshPostgres();
  const database = await openDatabase(testPostgres(name, 5));
  return {
    engine,
    database,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}

let seededSnapshot: Promise<Blob> | undefined;

/**
 * A migrated and seeded database of one engine, private to the caller: a copy of the run's seeded
 * database (global-setup.ts) where the run made one, else created and seeded here (benches, chaos).
 */
export async function openTestDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const file = process.env[PGLITE_SNAPSHOT_ENV];
    if (file) seededSnapshot ??= readFile(file).then((bytes) => new Blob([bytes]));
    const snapshot = file ? await seededSnapshot : undefined;
    const database = await openDatabase({ engine: 'pglite', snapshot });
    if (!snapshot) await seedDemoData(database.db);
    return { engine, database, close: () => database.close() };
  }
  const template = process.env[PG_TEMPLATE_ENV];
  const { name, drop } = await freshPostgres(template);
  const database = await openDatabase(testPostgres(name, 20));
  if (!template) await seedDemoData(database.db);
  return {
    engine,
    database,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}

export interface TestServer {
  app: FastifyInstance;
  baseUrl: string;
  clock: TestClock;
  db: TestDatabase;
  /** A client with its own cart token (a new browser), optionally logged in. */
  client(options?: {
    country?: 'MY' | 'ID';
    language?: string;
    authToken?: string;
    cartToken?: string;
  }): ApiClient & {
    cartToken: string;
    setAuthToken(token: string | undefined): void;
    /** The table ticket this "browser" holds (its `table_ticket` cookie; services/flows/tables/tickets.ts). */
    tableTicket(): string | undefined;
    setTableTicket(ticket: string | undefined): void;
  };
  close(): Promise<void>;
}

/**
 * Starts a server listening on a free loopback port over a test database; `config` overrides parts of
 * the test config, `server` passes options such as `identityFetch` to `createServer`.
 */
export async function startTestServer(
  engine: Engine,
  options: {
    clock?: TestClock;
    database?: TestDatabase;
    config?: Partial<ServerConfig>;
    server?: Omit<CreateServerOptions, 'database'>;
  } = {},
): Promise<TestServer> {
  const clock = options.clock ?? new TestClock(new Date(LUNCHTIME));
  const db = options.database ?? (await openTestDatabase(engine));
  const app = await createServer(testConfig(clock, options.config), {
    ...options.server,
    database: db.database,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    app,
    baseUrl,
    clock,
    db,
    client(clientOptions = {}) {
      const cartToken = clientOptions.cartToken ?? createCartToken();
      let authToken = clientOptions.authToken;
      // A cookie jar of one cookie, as a browser keeps it: the table ticket a table check sets.
      let tableTicket: string | undefined;
      // ky hands fetch a Request carrying the headers and body (its init may be empty): add to that.
      const fetchWithTicket: typeof fetch = async (input, init) => {
        const request = new Request(input, init);
        if (tableTicket) request.headers.set('cookie', `${TABLE_TICKET_COOKIE}=${tableTicket}`);
        const response = await fetch(request);
        for (const cookie of response.headers.getSetCookie()) {
          const set = new RegExp(`^${TABLE_TICKET_COOKIE}=([^;]*)`).exec(cookie);
          if (set) tableTicket = set[1] || undefined;
        }
        return response;
      };
      const client = createApiClient({
        baseUrl,
        country: () => clientOptions.country ?? 'MY',
        language: () => clientOptions.language ?? 'en',
        authToken: () => authToken,
        cartToken: () => cartToken,
        fetch: fetchWithTicket,
      });
      return Object.assign(client, {
        cartToken,
        setAuthToken(token: string | undefined) {
          authToken = token;
        },
        tableTicket: () => tableTicket,
        setTableTicket(ticket: string | undefined) {
          tableTicket = ticket;
        },
      });
    },
    async close() {
      await app.close();
      if (!options.database) await db.close();
    },
  };
}
