/**
 * One database handle for both engines: embedded PGlite (a directory, or memory for tests) and
 * PostgreSQL through a node-postgres pool. Same Drizzle schema, same SQL migrations, and live events
 * through LISTEN/NOTIFY on either. On PostgreSQL, optionally a read replica for the public catalogue
 * (read-routing.ts) and PgBouncer in front of the pool; what is refused at start is in start-checks.ts.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { SQLWrapper } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { ReadRouting, parseLsn, probeIntervalMs } from './read-routing';
import type { ReplicaProbe, ReplicaStatus } from './read-routing';
import { checkListenHears, checkPool, checkReplica, openDirectSession } from './start-checks';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type DatabaseConfig =
  | {
      engine: 'pglite';
      dataDir?: string;
      /** A data directory dumped by {@link Database.dump}: starts from it instead of an empty cluster. */
      snapshot?: Blob;
    }
  | ({ engine: 'postgres' } & PostgresConfig);

/** PostgreSQL: the primary through a pool, optionally a read replica (docs/performance-and-scaling.md). */
export interface PostgresConfig {
  /** The primary, for the pool: PostgreSQL itself or PgBouncer in transaction mode. */
  url: string;
  poolSize?: number;
  /**
   * The primary without a transaction pooler between: LISTEN and the migrations' advisory lock need a
   * session. Default: `url`.
   */
  listenUrl?: string;
  /** A streaming replica of the primary for the public catalogue's reads; unset: the primary. */
  readUrl?: string;
  /** The most the replica may lag for a catalogue read to go to it (default {@link DEFAULT_READ_MAX_LAG_MS}). */
  readMaxLagMs?: number;
}

/** Default bound of a catalogue read's staleness on the replica, in milliseconds. */
export const DEFAULT_READ_MAX_LAG_MS = 2_000;

export interface Database {
  readonly engine: 'pglite' | 'postgres';
  readonly db: Db;
  /**
   * Subscribe to a NOTIFY channel; returns the unsubscribe function. `onResumed` is called when a
   * lost LISTEN connection is back: what was notified in between never arrived (PostgreSQL only).
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onResumed?: () => void,
  ): Promise<() => Promise<void>>;
  /**
   * Where a read of the public catalogue goes (menus, restaurant details, slots, reviews; never carts,
   * orders or payments): the read replica while it is fresh enough and `topic` (`restaurant:<id>`) was
   * not changed by this instance since the replica last caught up, else the primary. Without a
   * replica, the primary.
   */
  reader(topic?: string): Db;
  /** This instance committed a change to `topic`: its catalogue reads go to the primary until the replica has it. */
  wrote(topic: string): void;
  /** The replica's lag and the reads sent to each server, when a replica is configured. */
  replicaStatus?(): ReplicaStatus;
  /** PGlite only: its whole data directory as a tarball, for {@link DatabaseConfig} `snapshot`. */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * Runs independent writes (insert, update, delete builders; last, a `select pg_notify(…)` may be) as
 * ONE statement, the first ones as data-modifying CTEs of the last: one round trip instead of one
 * each, which is most of the cost of a write on a busy server. They all see the snapshot the
 * statement starts with, so none may depend on another's effect, and no two may touch the same row.
 */
export async function writeTogether(db: DbOrTx, writes: SQLWrapper[]): Promise<void> {
  // getSQL(): a builder embedded as itself would be wrapped in parentheses, which DML may not be.
  const statements = writes.map((write) => write.getSQL());
  const last = statements.pop();
  if (!last) return;
  const ctes = statements.map((write, index) => sql`${sql.raw(`w${index}`)} as (${write})`);
  await db.execute(ctes.length > 0 ? sql`with ${sql.join(ctes, sql`, `)} ${last}` : last);
}

/** The `drizzle/` folder of this app, found from the running file (source in dev, bundle in prod). */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('drizzle migrations folder not found');
}

/** First wait before a lost LISTEN connection is opened again; doubled per failed try, up to the max. */
export const LISTEN_RETRY_FIRST_MS = 100;
export const LISTEN_RETRY_MAX_MS = 10_000;

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.engine === 'pglite') return openPglite(config.dataDir, config.snapshot);
  return openPostgres(config);
}

async function openPglite(dataDir: string | undefined, snapshot: Blob | undefined): Promise<Database> {
  // A snapshot skips the cluster's initdb, which is most of an in-memory start (test servers).
  const client = dataDir ? new PGlite(dataDir) : new PGlite(snapshot ? { loadDataDir: snapshot } : {});
  await client.waitReady;
  // Each engine's database is a Db (the query API both share); the migrator wants its own engine's.
  const pgliteDb = drizzlePglite({ client, schema });
  await migratePglite(pgliteDb, { migrationsFolder: migrationsFolder() });
  const db: Db = pgliteDb;
  return {
    engine: 'pglite',
    db,
    reader: () => db,
    wrote: () => undefined,
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    async dump() {
      // Pages still in shared buffers are not in the files the dump reads: write them out first.
      await client.exec('CHECKPOINT');
      return client.dumpDataDir('none');
    },
    async close() {
      await client.close();
    },
  };
}

/** The replica's probe (read-routing.ts) over the two pools. */
function replicaProbe(primary: pg.Pool, replica: pg.Pool): ReplicaProbe {
  return {
    async primaryPosition() {
      const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      return parseLsn(rows[0]!.lsn);
    },
    async replica() {
      const { rows } = await replica.query<{ recovery: boolean; lsn: string | null; age: number | null }>(
        `select pg_is_in_recovery() as recovery, pg_last_wal_replay_lsn()::text as lsn,
           (extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000)::float8 as age`,
      );
      const row = rows[0]!;
      if (row.lsn === null) throw new Error('the replica reports no replay position');
      return { replayed: parseLsn(row.lsn), inRecovery: row.recovery, replayAgeMs: row.age };
    },
  };
}

async function openPostgres(config: PostgresConfig): Promise<Database> {
  const { url, poolSize = 10, readUrl, readMaxLagMs = DEFAULT_READ_MAX_LAG_MS } = config;
  const listenUrl = config.listenUrl ?? url;
  let closing = false;
  /** A lost connection is reported on stderr, unless we are closing anyway (shutdown, tests). */
  const onConnectionError = (error: Error, what: string) => {
    if (!closing) console.error(`postgres: ${what} failed: ${error.message}`);
  };
  const openPool = (connectionString: string, what: string) => {
    const pool = new pg.Pool({ connectionString, max: poolSize });
    // An idle pooled connection can die under us (database restart, failover, an administrator's
    // termination): the pool drops it and opens another on demand. Without a listener Node would treat
    // the 'error' event as an uncaught exception and bring the whole server down.
    pool.on('error', (error) => onConnectionError(error, `idle ${what} connection`));
    // The pool listens only while a connection is idle: one terminated while checked out (inside a
    // transaction, between two of its queries) emits 'error' with no listener, which would crash the
    // process. Every connection gets a listener of its own; the query in flight, or the next one,
    // fails and the pool discards the connection.
    pool.on('connect', (client) => {
      client.on('error', (error) => onConnectionError(error, `${what} connection`));
    });
    return pool;
  };

  // The direct session (no transaction pooler between, start-checks.ts) and the pool must reach the
  // same primary before anything is written; then the migrations run on the direct session under a
  // session advisory lock (concurrent first starts of several instances run them once).
  const direct = await openDirectSession(
    listenUrl,
    config.listenUrl ? 'DATABASE_LISTEN_URL' : 'DATABASE_URL',
  );
  const pool = openPool(url, 'pooled');
  const replicaPool = readUrl ? openPool(readUrl, 'replica') : undefined;
  let routing: ReadRouting | undefined;
  try {
    try {
      await checkPool(pool, url, direct.identity);
      await direct.client.query('SELECT pg_advisory_lock(727274)');
      await migratePg(drizzlePg({ client: direct.client, schema }), { migrationsFolder: migrationsFolder() });
    } finally {
      await direct.client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
      await direct.client.end().catch(() => undefined);
    }
    await checkListenHears(pool, listenUrl);
    if (replicaPool && readUrl) {
      await checkReplica(replicaPool, readUrl, direct.identity);
      routing = new ReadRouting({ maxLagMs: readMaxLagMs });
    }
  } catch (error) {
    closing = true;
    await Promise.all([pool.end(), replicaPool?.end()]);
    throw error;
  }
  const db: Db = drizzlePg({ client: pool, schema });
  const replicaDb: Db | undefined = replicaPool && drizzlePg({ client: replicaPool, schema });
  let probeTimer: NodeJS.Timeout | undefined;
  if (routing && replicaPool) {
    const probe = replicaProbe(pool, replicaPool);
    await routing.probe(probe);
    let probing = false;
    probeTimer = setInterval(() => {
      if (probing || closing) return;
      probing = true;
      void routing.probe(probe).finally(() => {
        probing = false;
      });
    }, probeIntervalMs(readMaxLagMs));
    probeTimer.unref();
  }
  const listeners = new Set<{ stop(): Promise<void> }>();
  const database: Database = {
    engine: 'postgres',
    db,
    reader: () => db,
    wrote: () => undefined,
    async listen(channel, onPayload, onResumed) {
      const what = `LISTEN ${channel}`;
      let client: pg.Client | undefined;
      let stopped = false;
      let attempt = 0;
      let retry: NodeJS.Timeout | undefined;
      // LISTEN needs a session of its own, outside the pool, and no transaction pooler between.
      const connect = async () => {
        const next = new pg.Client({ connectionString: listenUrl });
        // A LISTEN connection that dies is reported, not thrown (see the pool's listener above)...
        next.on('error', (error) => onConnectionError(error, what));
        next.on('notification', (message) => {
          if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
        });
        // ...and replaced: without it this instance's websocket clients would get no event again
        // after a database restart, a failover or an administrator's termination.
        next.on('end', () => {
          if (client !== next) return;
          client = undefined;
          reconnectLater();
        });
        try {
          await next.connect();
          await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        } catch (error) {
          await next.end().catch(() => undefined);
          throw error;
        }
        return next;
      };
      // Backoff 0.1 s, 0.2 s, 0.4 s… up to 10 s between tries, until connected again or stopped.
      const reconnectLater = () => {
        if (stopped || closing || retry) return;
        const delay = Math.min(LISTEN_RETRY_MAX_MS, LISTEN_RETRY_FIRST_MS * 2 ** attempt);
        attempt += 1;
        console.error(`postgres: ${what} connection lost; reconnecting in ${delay} ms`);
        retry = setTimeout(() => {
          retry = undefined;
          connect().then(
            async (next) => {
              if (stopped || closing) return next.end().catch(() => undefined);
              client = next;
              console.error(`postgres: ${what} reconnected after ${attempt} attempt(s)`);
              attempt = 0;
              onResumed?.();
            },
            (error: Error) => {
              onConnectionError(error, `${what} reconnect`);
              reconnectLater();
            },
          );
        }, delay);
        retry.unref();
      };
      client = await connect();
      const handle = {
        async stop() {
          stopped = true;
          clearTimeout(retry);
          retry = undefined;
          const current = client;
          client = undefined;
          await current?.end().catch(() => undefined);
        },
      };
      listeners.add(handle);
      return async () => {
        listeners.delete(handle);
        await handle.stop();
      };
    },
    async close() {
      closing = true;
      clearInterval(probeTimer);
      await Promise.all([...listeners].map((listener) => listener.stop()));
      await Promise.all([pool.end(), replicaPool?.end()]);
    },
  };
  return routing && replicaDb ? withReadReplica(database, replicaDb, routing) : database;
}

/**
 * `primary` with its catalogue reads routed to `replica` by `routing` (read-routing.ts): what
 * `DATABASE_READ_URL` makes of a PostgreSQL database. Tests pass a copy of the database as the
 * replica and drive the routing's probe themselves.
 */
export function withReadReplica(primary: Database, replica: Db, routing: ReadRouting): Database {
  return {
    ...primary,
    reader: (topic) => (routing.useReplica(topic) ? replica : primary.db),
    wrote: (topic) => routing.wrote(topic),
    replicaStatus: () => routing.status(),
  };
}
