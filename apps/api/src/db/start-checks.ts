/**
 * What the server refuses to start on (PostgreSQL only; docs/performance-and-scaling.md, Read replica and
 * PgBouncer): a primary URL that reaches a replica, a replica URL that reaches a primary or another
 * cluster, a LISTEN / migration connection that goes through a transaction pooler or does not hear what
 * the pool notifies, and a PgBouncer in front of the pool in a mode other than transaction (when its
 * admin console answers). Each refusal is an Error whose message says what to change.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** How long the start-up LISTEN round trip may take before the LISTEN connection is refused. */
export const LISTEN_CHECK_MS = 5_000;

export class StartRefusal extends Error {
  constructor(message: string) {
    super(`Refusing to start: ${message}`);
    this.name = 'StartRefusal';
  }
}

/** A URL with its password hidden, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(not a URL)';
  }
}

export interface ServerIdentity {
  inRecovery: boolean;
  /** The cluster's system identifier: a replica has its primary's. */
  system: string;
  database: string;
  /** The port the backend listens on; a URL with another port goes through something in between. */
  port: number | null;
}

type Queryable = Pick<pg.ClientBase, 'query'> | pg.Pool;

export async function identityOf(client: Queryable): Promise<ServerIdentity> {
  const { rows } = await client.query<{
    recovery: boolean;
    system: string;
    database: string;
    port: number | null;
  }>(
    `select pg_is_in_recovery() as recovery, (select system_identifier::text from pg_control_system()) as system,
       current_database() as database, inet_server_port() as port`,
  );
  const row = rows[0]!;
  return { inRecovery: row.recovery, system: row.system, database: row.database, port: row.port };
}

/** A URL's port as PostgreSQL clients default it (null for a socket directory host). */
function portOf(url: string): number | null {
  const parsed = new URL(url);
  if (parsed.searchParams.get('host')?.startsWith('/')) return null;
  return parsed.port ? Number(parsed.port) : 5432;
}

export type PoolMode = 'session' | 'transaction' | 'statement';

/**
 * PgBouncer's pool mode for this URL's database and user, read from its admin console (the database
 * `pgbouncer` on the same host and port, as the same user: it must be in `stats_users` or
 * `admin_users`). Null when nothing answers there as PgBouncer (PostgreSQL itself, another proxy, a
 * user the console refuses): the mode is then not known.
 */
export async function pgbouncerPoolMode(url: string): Promise<PoolMode | null> {
  const target = new URL(url);
  const database = decodeURIComponent(target.pathname.slice(1));
  const user = decodeURIComponent(target.username);
  const consoleUrl = new URL(url);
  consoleUrl.pathname = '/pgbouncer';
  const client = new pg.Client({ connectionString: consoleUrl.toString(), connectionTimeoutMillis: 2_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    type Row = Record<string, string | null>;
    const mode = (value: string | null | undefined): PoolMode | null =>
      value === 'session' || value === 'transaction' || value === 'statement' ? value : null;
    // The pool of this database and user: its mode is the effective one (user over database over
    // the default). The console speaks only the simple query protocol: no parameters.
    const pools = (await client.query<Row>('SHOW POOLS')).rows;
    const pool = pools.find((row) => row.database === database && (!user || row.user === user));
    if (mode(pool?.pool_mode)) return mode(pool?.pool_mode);
    const databases = (await client.query<Row>('SHOW DATABASES')).rows;
    const entry = databases.find((row) => row.name === database) ?? databases.find((row) => row.name === '*');
    if (mode(entry?.pool_mode)) return mode(entry?.pool_mode);
    const config = (await client.query<Row>('SHOW CONFIG')).rows;
    return mode(config.find((row) => row.key === 'pool_mode')?.value);
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function connected(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/**
 * The direct connection (`DATABASE_LISTEN_URL`, else `DATABASE_URL`) holds a session: LISTEN, and the
 * session advisory lock around migrations. Two connections open at once that share one backend
 * prove a transaction (or statement) pooler in between: refused. Returns the first connection, open,
 * and the primary's identity.
 */
export async function openDirectSession(
  url: string,
  what: string,
): Promise<{ client: pg.Client; identity: ServerIdentity }> {
  const client = await connected(url);
  try {
    const identity = await identityOf(client);
    if (identity.inRecovery) {
      throw new StartRefusal(
        `${what} (${redactUrl(url)}) reaches a server in recovery (a replica): writes, LISTEN and ` +
          `migrations need the primary.`,
      );
    }
    const second = await connected(url);
    try {
      const pid = async (c: pg.Client) =>
        (await c.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      const [first, other] = [await pid(client), await pid(second)];
      if (first === other) {
        throw new StartRefusal(
          `${what} (${redactUrl(url)}) goes through a transaction pooler (two open connections ` +
            `shared backend ${first}): LISTEN and the migrations' advisory lock need a session of their ` +
            `own. Point DATABASE_LISTEN_URL at PostgreSQL itself (or a session-mode pool).`,
        );
      }
    } finally {
      await second.end().catch(() => undefined);
    }
    if (identity.port !== null && portOf(url) !== identity.port) {
      const mode = await pgbouncerPoolMode(url);
      if (mode === 'transaction' || mode === 'statement') {
        throw new StartRefusal(
          `${what} (${redactUrl(url)}) goes through PgBouncer in ${mode} mode: LISTEN and the ` +
            `migrations need a session. Point DATABASE_LISTEN_URL at PostgreSQL itself.`,
        );
      }
    }
    return { client, identity };
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
}

/**
 * The pool (`DATABASE_URL`) must reach the same primary database as the direct connection, run a
 * transaction (PgBouncer's statement mode refuses them), and, when PgBouncer's console says its mode,
 * be in transaction mode (session mode would hold a server connection per pooled connection, which is
 * what PgBouncer is there to avoid).
 */
export async function checkPool(pool: pg.Pool, url: string, primary: ServerIdentity): Promise<void> {
  let identity: ServerIdentity;
  const client = await pool.connect();
  try {
    await client.query('begin');
    identity = await identityOf(client);
    await client.query('commit');
  } catch (error) {
    client.release(true);
    throw new StartRefusal(
      `a transaction through DATABASE_URL (${redactUrl(url)}) failed (${(error as Error).message}): ` +
        `a PgBouncer in front of it must be in transaction mode (statement mode refuses transactions).`,
    );
  }
  client.release();
  if (identity.inRecovery) {
    throw new StartRefusal(`DATABASE_URL (${redactUrl(url)}) reaches a replica: it must reach the primary.`);
  }
  if (identity.system !== primary.system || identity.database !== primary.database) {
    throw new StartRefusal(
      `DATABASE_URL (${redactUrl(url)}) and DATABASE_LISTEN_URL reach different databases ` +
        `(${identity.database} of cluster ${identity.system}, ${primary.database} of ${primary.system}).`,
    );
  }
  if (identity.port !== null && portOf(url) !== identity.port) {
    const mode = await pgbouncerPoolMode(url);
    if (mode === 'session' || mode === 'statement') {
      throw new StartRefusal(
        `DATABASE_URL (${redactUrl(url)}) goes through PgBouncer in ${mode} mode; set ` +
          `pool_mode = transaction for this database (docs/performance-and-scaling.md, PgBouncer).`,
      );
    }
  }
}

/**
 * A NOTIFY sent through the pool must reach a LISTEN on the direct connection within
 * {@link LISTEN_CHECK_MS}: otherwise no live event would (a pooler between, or another database).
 */
export async function checkListenHears(pool: pg.Pool, listenUrl: string): Promise<void> {
  const channel = `santap_start_${randomBytes(6).toString('hex')}`;
  const listener = await connected(listenUrl);
  let timer: NodeJS.Timeout | undefined;
  try {
    const heard = new Promise<boolean>((resolve) => {
      listener.on('notification', (message) => {
        if (message.channel === channel) resolve(true);
      });
      timer = setTimeout(() => resolve(false), LISTEN_CHECK_MS);
    });
    await listener.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    await pool.query('select pg_notify($1, $2)', [channel, 'start']);
    if (!(await heard)) {
      throw new StartRefusal(
        `a LISTEN on DATABASE_LISTEN_URL (${redactUrl(listenUrl)}) did not hear a NOTIFY sent through ` +
          `DATABASE_URL within ${LISTEN_CHECK_MS / 1000} s: it must reach the same database, on ` +
          `PostgreSQL itself (not through a transaction pooler).`,
      );
    }
  } finally {
    clearTimeout(timer);
    await listener.end().catch(() => undefined);
  }
}

/**
 * `DATABASE_READ_URL` must reach a server in recovery (`pg_is_in_recovery()`), of the primary's
 * cluster (same system identifier) and the same database: a URL naming the primary would send the
 * catalogue's load where it was meant to be taken away from, and another cluster's data is not ours.
 */
export async function checkReplica(pool: pg.Pool, url: string, primary: ServerIdentity): Promise<void> {
  const identity = await identityOf(pool);
  if (!identity.inRecovery) {
    throw new StartRefusal(
      `DATABASE_READ_URL (${redactUrl(url)}) reaches a primary (pg_is_in_recovery() is false): it must ` +
        `name a streaming replica of DATABASE_URL's server, or be unset.`,
    );
  }
  if (identity.system !== primary.system) {
    throw new StartRefusal(
      `DATABASE_READ_URL (${redactUrl(url)}) is a replica of another cluster (system identifier ` +
        `${identity.system}, the primary's ${primary.system}).`,
    );
  }
  if (identity.database !== primary.database) {
    throw new StartRefusal(
      `DATABASE_READ_URL (${redactUrl(url)}) names database ${identity.database}, the primary's is ` +
        `${primary.database}.`,
    );
  }
}
