/**
 * `pnpm test:deploy` (repo root): the restore drill of apps/api/docs/deployment.md (Backups), run for
 * real on this machine. It
 *   1. makes a database on the local PostgreSQL (DRILL_ADMIN_URL, default
 *      postgres://postgres@127.0.0.1:5432/postgres), seeds the demo places and starts the server on it
 *      (`@santap/api/testing`, loopback only);
 *   2. runs a day through the server's HTTP API (live-orders.ts): orders paid online and later, a food
 *      court paying two outlets at once, refunds in full and in part, a paid order cancelled;
 *   3. backs it up with pg_dump while the server runs, in the very snapshot the ledger is read in
 *      (ledger.ts: rows, money sums, states and a checksum of every row of orders, payments, refunds…);
 *   4. restores the dump into a fresh cluster (initdb + pg_ctl in a temp folder, a free loopback port)
 *      and reads the ledger there: every figure must be equal;
 *   5. starts the server on the restored database: /health answers, and each refunded order's diner
 *      reads the same payments and refunds as before.
 * Exits 1 on any difference, 2 when PostgreSQL's programs are missing (it says how to install them).
 * DRILL_KEEP=1 keeps the source database.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import pg from 'pg';
import { payments } from '@santap/contract';
import {
  LUNCHTIME,
  TestClock,
  createServer,
  openDatabase,
  seedDemoData,
  testConfig,
} from '@santap/api/testing';
import { freePort } from './free-port';
import { ledgerDifferences, readLedger } from './ledger';
import type { Ledger } from './ledger';
import { dinerAt, runDay } from './live-orders';
import type { Day } from './live-orders';
import { MissingPostgresPrograms, postgresPrograms } from './postgres-binaries';
import { startTempCluster } from './temp-cluster';
import type { TempCluster } from './temp-cluster';

const ADMIN_URL = process.env.DRILL_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const t0 = Date.now();
const log = (line: string) =>
  console.log(`restore drill +${((Date.now() - t0) / 1000).toFixed(1)}s  ${line}`);

function databaseUrl(admin: string, name: string) {
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The server as the drill runs it: demo places, the simulator gateway, loopback only. */
async function startServer(url: string): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const database = await openDatabase({ engine: 'postgres', url, poolSize: 5 });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const app = await createServer(
    testConfig(new TestClock(new Date(LUNCHTIME)), {
      port,
      database: { engine: 'postgres', url, poolSize: 5 },
      publicUrl: baseUrl,
    }),
    { database },
  );
  // Notifications before the payer is sent back, as the API tests have them: each capture is in the
  // database when the hosted page answers.
  app.santap.payments.simulator.configure({ delivery: 'immediate', delayMs: 0, autoSettle: false });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    baseUrl,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** What each refunded order's diner reads of its payments (the history page), by order. */
async function dinersView(baseUrl: string, day: Day) {
  const refunded = new Set([...day.refundedInFull, ...day.refundedInPart, day.cancelledPaid]);
  const views: Record<number, unknown> = {};
  for (const { diner, orderId } of day.placed.filter((order) => refunded.has(order.orderId))) {
    const same = dinerAt(baseUrl, { cartToken: diner.cartToken });
    views[orderId] = await same.call(payments.orderPayments, { params: { orderId } });
  }
  return views;
}

function printLedger(ledger: Ledger) {
  for (const [table, figures] of Object.entries(ledger)) {
    const sums = Object.entries(figures.sums).map(([column, sum]) => `${column} ${sum}`);
    const states = Object.entries(figures.byState).map(([state, value]) => `${state} ${value}`);
    console.log(`  ${table}: ${figures.rows} rows${sums.length ? `; ${sums.join(', ')}` : ''}`);
    if (states.length) console.log(`    by state: ${states.join('; ')}`);
  }
}

async function main(): Promise<number> {
  const { rows } = await adminQuery(ADMIN_URL, 'SHOW server_version_num');
  const major = Math.floor(Number(rows[0].server_version_num) / 10_000);
  let programs;
  try {
    programs = postgresPrograms(major);
  } catch (error) {
    if (!(error instanceof MissingPostgresPrograms)) throw error;
    console.error(`restore drill: ${error.message}`);
    return 2;
  }
  log(`PostgreSQL ${major} at ${new URL(ADMIN_URL).host}; programs in ${join(programs.initdb, '..')}`);

  const sourceName = `santap_drill_${randomBytes(5).toString('hex')}`;
  const sourceUrl = databaseUrl(ADMIN_URL, sourceName);
  await adminQuery(ADMIN_URL, `CREATE DATABASE ${sourceName}`);
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let restoredServer: Awaited<ReturnType<typeof startServer>> | undefined;
  let cluster: TempCluster | undefined;
  try {
    const seed = await openDatabase({ engine: 'postgres', url: sourceUrl, poolSize: 2 });
    await seedDemoData(seed.db);
    await seed.close();
    server = await startServer(sourceUrl);
    log(`server on ${server.baseUrl}, database ${sourceName} (migrated, demo places seeded)`);

    const lookups = new pg.Client({ connectionString: sourceUrl });
    await lookups.connect();
    const day = await runDay(server.baseUrl, async () => {
      const pending = await lookups.query(
        `select count(*)::int as n from refunds where state = 'refund_initiated'`,
      );
      return pending.rows[0].n as number;
    });
    await lookups.end();
    const paid = day.placed.filter((order) => order.paid).length;
    log(
      `day: ${day.placed.length} orders (${paid} paid online, one food court over two outlets), ` +
        `${day.refundedInFull.length} refunded in full, ${day.refundedInPart.length} in part, 1 paid order cancelled`,
    );
    const before = await dinersView(server.baseUrl, day);

    // The backup, taken live: pg_dump in the snapshot the ledger is read in.
    cluster = await startTempCluster(programs);
    const dump = join(cluster.dir, 'santap.dump');
    const holder = new pg.Client({ connectionString: sourceUrl });
    await holder.connect();
    await holder.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const snapshot = (await holder.query('SELECT pg_export_snapshot() AS id')).rows[0].id as string;
    const source = await readLedger(holder);
    const dumpStarted = Date.now();
    execFileSync(
      programs.pg_dump,
      ['--format=custom', `--snapshot=${snapshot}`, `--file=${dump}`, sourceUrl],
      {
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    await holder.query('COMMIT');
    await holder.end();
    log(
      `pg_dump: ${(statSync(dump).size / 1024).toFixed(0)} KiB in ${Date.now() - dumpStarted} ms, server still running`,
    );

    const restoreStarted = Date.now();
    await adminQuery(cluster.url('postgres'), 'CREATE DATABASE santap');
    execFileSync(
      programs.pg_restore,
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${cluster.url('santap')}`,
        dump,
      ],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    log(`pg_restore into a fresh cluster (${cluster.url('santap')}): ${Date.now() - restoreStarted} ms`);

    const restoredClient = new pg.Client({ connectionString: cluster.url('santap') });
    await restoredClient.connect();
    const restored = await readLedger(restoredClient);
    await restoredClient.end();
    console.log("source (in the dump's snapshot):");
    printLedger(source);
    const differences = ledgerDifferences(source, restored);

    await server.close();
    server = undefined;
    restoredServer = await startServer(cluster.url('santap'));
    const health = await fetch(`${restoredServer.baseUrl}/health`);
    if (health.status !== 200) differences.push(`the restored server's /health answered ${health.status}`);
    const after = await dinersView(restoredServer.baseUrl, day);
    for (const orderId of Object.keys(before)) {
      const [was, is] = [JSON.stringify(before[Number(orderId)]), JSON.stringify(after[Number(orderId)])];
      if (was !== is)
        differences.push(`order ${orderId}: its diner reads other payments or refunds than before`);
    }
    log(
      `restored server: /health ${health.status}; ${Object.keys(after).length} refunded orders read back by their diners`,
    );

    if (differences.length > 0) {
      console.error(`restore drill FAILED:\n  ${differences.join('\n  ')}`);
      return 1;
    }
    console.log(
      `restore drill passed: every order, item, payment, refund and gateway event is back ` +
        `(rows, money sums, states and every row's checksum equal), in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    return 0;
  } finally {
    await restoredServer?.close().catch(() => undefined);
    await server?.close().catch(() => undefined);
    cluster?.stop();
    if (process.env.DRILL_KEEP === '1') log(`kept ${sourceName}`);
    else await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${sourceName} WITH (FORCE)`);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('restore drill: error', error);
    process.exit(1);
  },
);
