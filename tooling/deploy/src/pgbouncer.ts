/**
 * PgBouncer in transaction mode, for real (part of `pnpm test:deploy`; apps/api/docs/
 * performance-and-scaling.md, PgBouncer): Debian's pgbouncer started on a free loopback port in front of
 * the local PostgreSQL (config in a temporary folder), then
 *
 * - the start-up refusals: DATABASE_URL through it with no direct LISTEN URL; DATABASE_LISTEN_URL
 *   through it; DATABASE_URL through a session-mode and a statement-mode pool of the same PgBouncer;
 * - the API started through it (LISTEN and migrations direct): an order placed and read back, a
 *   kitchen's change, PgBouncer's own counters showing the traffic went through it;
 * - the whole API test suite on PostgreSQL through it (TEST_DATABASE_URL = PgBouncer,
 *   TEST_DATABASE_LISTEN_URL = PostgreSQL itself, TEST_ENGINES=postgres). Test files given as
 *   arguments (`… src/pgbouncer.ts src/routes/cart.test.ts`) narrow it; PGBOUNCER_API_TESTS=off skips it;
 * - with PGBOUNCER_CHAOS=on, the chaos run (tooling/chaos) with the instances' pools through it.
 *
 * Needs pgbouncer (Debian's 1.18 here) and PostgreSQL at DEPLOY_POSTGRES_URL (default
 * postgres://postgres@127.0.0.1:5432/test, trust auth); installs nothing.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { LUNCHTIME, TestClock, createServer, freePort, openDatabase, testConfig } from '@santap/api/testing';
import { restaurants, staff } from '@santap/contract';
import { Checks } from './checks';
import { KOPITIAM_NAMEID, browser, kitchenOf, orderOf, placeOrder } from './diner';
import { MissingBinaries, asServerUser, pgbouncerBinary, query, serverFolder } from './local-postgres';

/** apps/api of this checkout, where the API suite runs. */
const API_DIR = fileURLToPath(new URL('../../../apps/api/', import.meta.url));

const DIRECT = process.env.DEPLOY_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const withDatabase = (url: string, name: string) => {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function listening(port: number, timeoutMs: number): Promise<void> {
  const start = Date.now();
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() - start > timeoutMs) throw new Error(`nothing listens on 127.0.0.1:${port}`);
    await sleep(50);
  }
}

/** PgBouncer on `port`: transaction mode by default; `santap_session` and `santap_statement` name `database` in the other modes. */
async function startPgbouncer(dir: string, port: number, database: string, user: string) {
  const direct = new URL(DIRECT);
  const server = `host=${direct.hostname} port=${direct.port || 5432}`;
  const config = join(dir, 'pgbouncer.ini');
  await writeFile(join(dir, 'userlist.txt'), `"${user}" ""\n`);
  await writeFile(
    config,
    [
      '[databases]',
      `santap_session = ${server} dbname=${database} pool_mode=session`,
      `santap_statement = ${server} dbname=${database} pool_mode=statement`,
      `* = ${server}`,
      '',
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      // The API's start-up reads the pool mode from the console (db/start-checks.ts).
      `admin_users = ${user}`,
      'pool_mode = transaction',
      'max_client_conn = 500',
      'default_pool_size = 10',
      'max_db_connections = 20',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      `pidfile = ${join(dir, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
  );
  const [command, args] = asServerUser(pgbouncerBinary(), [config]);
  const child: ChildProcess = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], cwd: dir });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  try {
    await listening(port, 10_000);
  } catch (error) {
    child.kill('SIGKILL');
    const log = await readFile(join(dir, 'pgbouncer.log'), 'utf8').catch(() => '');
    throw new Error(`pgbouncer did not start: ${(error as Error).message}\n${errors}\n${log}`, {
      cause: error,
    });
  }
  return {
    async stop() {
      // The pid of pgbouncer itself (runuser's child when run as root): SIGINT is its safe shutdown.
      const pid = Number((await readFile(join(dir, 'pgbouncer.pid'), 'utf8').catch(() => '')).trim());
      if (pid > 0) process.kill(pid, 'SIGINT');
      else child.kill('SIGINT');
      await new Promise((resolve) => {
        if (child.exitCode !== null) resolve(undefined);
        child.once('exit', resolve);
        setTimeout(resolve, 5_000).unref();
      });
    },
    log: () => readFile(join(dir, 'pgbouncer.log'), 'utf8').catch(() => ''),
  };
}

/** `pnpm test:chaos` with the instances' pools through PgBouncer (tooling/chaos); its exit code. */
function runChaos(poolerUrl: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('pnpm', ['--filter', '@santap/chaos', 'chaos'], {
      cwd: API_DIR,
      stdio: 'inherit',
      env: { ...process.env, CHAOS_POOLER_URL: poolerUrl, CHAOS_ADMIN_URL: withDatabase(DIRECT, 'postgres') },
    });
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

/** The API suite of apps/api on PostgreSQL through PgBouncer; its exit code. */
function runApiSuite(bouncerUrl: string, files: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', ...files], {
      cwd: API_DIR,
      stdio: 'inherit',
      env: {
        ...process.env,
        TEST_DATABASE_URL: bouncerUrl,
        TEST_DATABASE_LISTEN_URL: DIRECT,
        TEST_ENGINES: 'postgres',
      },
    });
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

async function main(): Promise<number> {
  const checks = new Checks();
  try {
    pgbouncerBinary();
  } catch (error) {
    if (error instanceof MissingBinaries) {
      console.error(`pgbouncer harness: ${error.message}`);
      return 1;
    }
    throw error;
  }
  try {
    await query(DIRECT, 'select 1');
  } catch (error) {
    console.error(`pgbouncer harness: PostgreSQL at ${DIRECT} does not answer: ${(error as Error).message}`);
    return 1;
  }
  const user = decodeURIComponent(new URL(DIRECT).username) || 'postgres';
  const name = `santap_pooler_${randomBytes(5).toString('hex')}`;
  await query(DIRECT, `create database ${name}`);
  const folder = await serverFolder('santap-pgbouncer-');
  const port = await freePort();
  const bouncer = await startPgbouncer(folder.dir, port, name, user).catch(async (error: Error) => {
    await query(DIRECT, `drop database if exists ${name} with (force)`);
    await folder.remove();
    throw error;
  });
  const bouncerBase = `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}`;
  const through = (database: string) => `${bouncerBase}/${database}`;
  const direct = withDatabase(DIRECT, name);
  let app: Awaited<ReturnType<typeof createServer>> | undefined;
  try {
    console.log(
      `pgbouncer harness: PgBouncer on 127.0.0.1:${port} (transaction mode) in front of ${DIRECT}\n`,
    );
    console.log('start-up refusals');
    const open = async (config: { url: string; listenUrl?: string }) =>
      (await openDatabase({ engine: 'postgres', poolSize: 2, ...config })).close();
    await checks.refused(
      'DATABASE_URL through PgBouncer (transaction) and no DATABASE_LISTEN_URL -> refused',
      () => open({ url: through(name) }),
      /goes through a transaction pooler/,
    );
    await checks.refused(
      'DATABASE_LISTEN_URL through PgBouncer (transaction) -> refused',
      () => open({ url: through(name), listenUrl: through(name) }),
      /DATABASE_LISTEN_URL .* goes through a transaction pooler/,
    );
    await checks.refused(
      'DATABASE_URL through PgBouncer in session mode -> refused (its console says so)',
      () => open({ url: through('santap_session'), listenUrl: direct }),
      /PgBouncer in session mode/,
    );
    await checks.refused(
      'DATABASE_URL through PgBouncer in statement mode -> refused',
      () => open({ url: through('santap_statement'), listenUrl: direct }),
      /statement mode/,
    );

    console.log('\nthe API through PgBouncer (transaction), LISTEN and migrations direct');
    const clock = new TestClock(new Date(LUNCHTIME));
    app = await createServer(
      testConfig(clock, {
        database: { engine: 'postgres', url: through(name), listenUrl: direct, poolSize: 10 },
        seedDemo: true,
        logLevel: 'error',
      }),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    checks.pass('started: the pool through PgBouncer, migrations and LISTEN direct');
    {
      const diners = Array.from({ length: 6 }, () => browser(baseUrl));
      const ids = await Promise.all(diners.map((diner) => placeOrder(diner)));
      const read = await Promise.all(diners.map((diner, i) => orderOf(diner, ids[i]!)));
      checks.check(
        'six diners order at once through the pooler; each reads their order back',
        read.every((order, i) => order.order_id === ids[i]),
        ids.map((id) => `#${id}`).join(', '),
      );
    }
    {
      const kitchen = await kitchenOf(baseUrl);
      const diner = browser(baseUrl);
      const menu = await diner.call(restaurants.menu, { query: { restaurant_id: KOPITIAM_NAMEID } });
      const dish = menu.items.find((item) => item.in_stock)!;
      await kitchen.call(staff.staffItemStock, { params: { itemId: dish.id }, body: { in_stock: false } });
      const after = await diner.call(restaurants.menu, { query: { restaurant_id: KOPITIAM_NAMEID } });
      checks.check(
        "a kitchen's sold-out flip (a transaction with a row lock) through the pooler",
        after.items.find((item) => item.id === dish.id)?.in_stock === false,
        dish.name,
      );
    }
    {
      type Stats = { database: string; total_xact_count: string; total_query_count: string };
      const stats = await query<Stats>(through('pgbouncer'), 'SHOW STATS');
      const ours = stats.find((row) => row.database === name);
      checks.check(
        "PgBouncer's counters: the API's traffic went through it",
        Number(ours?.total_xact_count ?? 0) > 50,
        `${ours?.total_xact_count ?? 0} transactions, ${ours?.total_query_count ?? 0} queries on ${name}`,
      );
    }
    await app.close();
    app = undefined;

    if (process.env.PGBOUNCER_API_TESTS === 'off') {
      console.log('\nthe API suite: skipped (PGBOUNCER_API_TESTS=off)');
    } else {
      const files = process.argv.slice(2);
      console.log(
        `\nthe API suite on PostgreSQL through PgBouncer: ${files.length > 0 ? files.join(' ') : 'every file'}`,
      );
      const started = Date.now();
      const code = await runApiSuite(through('test'), files);
      type Stats = { database: string; total_xact_count: string };
      const stats = await query<Stats>(through('pgbouncer'), 'SHOW STATS');
      const xacts = stats
        .filter((row) => row.database.startsWith('santap_test_'))
        .reduce((sum, row) => sum + Number(row.total_xact_count), 0);
      checks.check(
        'the API suite passes through PgBouncer in transaction mode',
        code === 0,
        `vitest exit ${code} after ${Math.round((Date.now() - started) / 1000)} s; ` +
          `${xacts} transactions of the test databases went through PgBouncer`,
      );
    }
    if (process.env.PGBOUNCER_CHAOS === 'on') {
      console.log('\nthe chaos run (two instances killed and cut) with their pools through PgBouncer');
      const started = Date.now();
      const code = await runChaos(through('postgres'));
      checks.check(
        'the chaos run passes with the pools through PgBouncer',
        code === 0,
        `exit ${code} after ${Math.round((Date.now() - started) / 1000)} s`,
      );
    } else {
      console.log(
        '\nthe chaos run through PgBouncer: not asked (PGBOUNCER_CHAOS=on runs it, about 3 minutes)',
      );
    }
  } catch (error) {
    checks.fail(
      'the harness ran to the end',
      error instanceof Error ? (error.stack ?? error.message) : String(error),
    );
    console.log(`pgbouncer log (end):\n${(await bouncer.log()).split('\n').slice(-20).join('\n')}`);
  } finally {
    await app?.close().catch(() => undefined);
    await bouncer.stop();
    await query(DIRECT, `drop database if exists ${name} with (force)`).catch(() => undefined);
    await folder.remove();
  }
  return checks.summary('pgbouncer harness');
}

process.exitCode = await main();
