/**
 * `pnpm test:chaos`: two API instances on one fresh PostgreSQL database behind a loopback round-robin
 * proxy, simulated diners running whole journeys through the proxy while the harness hurts the system
 * (SIGKILL of an instance and its restart, `pg_terminate_backend` of pooled connections, of the LISTEN
 * connections), then an audit of the invariants (src/invariants.ts). See README.md.
 *
 * Environment: CHAOS_SECONDS (90) of load, CHAOS_DINERS (6) running at once, CHAOS_SEED (random),
 * CHAOS_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres), CHAOS_KEEP_DB=1 keeps the database.
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer as createNetServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, seedDemoData } from '@santap/api/testing';
import { audit, tally } from './invariants';
import type { DbOrder, DbOrderItem, DbPayment, DbRefund, Verdict } from './invariants';
import {
  KIOSK,
  foodCourtJourney,
  kioskJourney,
  runningOrders,
  sleep,
  staffWork,
  tableJourney,
} from './journeys';
import type { Run } from './journeys';
import { startProxy } from './proxy';
import type { InFlight, Proxy } from './proxy';

const here = dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.CHAOS_SECONDS ?? 90);
const CONCURRENT = Number(process.env.CHAOS_DINERS ?? 6);
/** The harness's own connections, which its faults leave alone. */
const HARNESS = 'santap-chaos-harness';
const ADMIN_URL = process.env.CHAOS_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
let seed = Number(process.env.CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 31));
const SEED = seed;
/** A small seeded generator (mulberry32), so a run can be repeated with CHAOS_SEED. */
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
/** Each instance's output (its error log: failed requests while its connections were cut). */
const LOG_DIR = mkdtempSync(join(tmpdir(), 'santap-chaos-'));
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${line}`);
const started = Date.now();

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The next weekday 12:00 in Kuala Lumpur, unless the demo restaurants are open now (11:00–20:00 KL). */
function clockOffsetMs(): number {
  const now = new Date();
  const klHour = (now.getUTCHours() + 8) % 24;
  if (klHour >= 11 && klHour < 19) return 0;
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 4));
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.getTime() - now.getTime();
}

// ---------------------------------------------------------------- instances

interface Instance {
  name: string;
  port: number;
  delivery: 'duplicate' | 'outOfOrder';
  child: ChildProcess | undefined;
  kills: number;
  /** Exits nobody asked for (a crash): each is a failure of the run. */
  crashes: string[];
  killing: boolean;
}

async function startInstance(instance: Instance, env: Record<string, string>): Promise<void> {
  const child = fork(join(here, 'instance.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env, CHAOS_PORT: String(instance.port), CHAOS_DELIVERY: instance.delivery },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const logFile = createWriteStream(join(LOG_DIR, `${instance.name}.log`), { flags: 'a' });
  child.stdout?.pipe(logFile);
  child.stderr?.pipe(logFile);
  instance.child = child;
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
    if (errors.length > 20_000) errors = errors.slice(-10_000);
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${instance.name} did not start:\n${errors}`)), 180_000);
    child.once('message', () => {
      clearTimeout(timer);
      resolve();
      child.once('exit', (code, signal) => {
        if (instance.killing) return;
        const crash = `${instance.name} exited by itself (${code ?? signal}): ${errors.slice(-1500)}`;
        instance.crashes.push(crash);
        log(crash);
      });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${instance.name} exited (${code ?? signal}) while starting:\n${errors}`));
    });
  });
}

async function killInstance(instance: Instance): Promise<void> {
  const child = instance.child;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  instance.killing = true;
  child.kill('SIGKILL');
  await exited;
  instance.killing = false;
  instance.kills++;
}

// ---------------------------------------------------------------- chaos

/**
 * Kills aimed at a moment: the harness waits for a request of that kind to be in flight at the proxy
 * (passed to an instance, not yet answered), lets it run a few milliseconds into its handler, and
 * SIGKILLs the instance that holds it.
 */
const TIMED_KILLS: Record<string, (request: InFlight) => boolean> = {
  'mid-order-create': (r) =>
    r.method === 'POST' && /^\/api\/(orders\/(foodcourt\/)?create\.php|kiosk\/orders)\b/.test(r.path),
  'mid-webhook': (r) => r.method === 'POST' && r.path.startsWith('/api/payments/webhook/'),
  'mid-refund': (r) => r.method === 'POST' && /^\/api\/staff\/orders\/\d+\/refund\b/.test(r.path),
};

async function chaosMonkey(
  instances: Instance[],
  env: Record<string, string>,
  databaseName: string,
  proxy: Proxy,
  until: () => boolean,
) {
  const admin = new pg.Client({ connectionString: ADMIN_URL, application_name: HARNESS });
  await admin.connect();
  const tally = {
    kills: 0,
    terminated: 0,
    listenRestarts: 0,
    timed: Object.fromEntries(Object.keys(TIMED_KILLS).map((kind) => [kind, { hit: 0, missed: 0 }])),
  };
  let restarting: Promise<void> | undefined;
  try {
    while (!until()) {
      await sleep(1500 + random() * 3000);
      if (until()) break;
      const roll = random();
      if (roll < 0.4) {
        // One instance down at a time: the other keeps serving (restarting takes a while under load).
        if (restarting) continue;
        let victim = instances[Math.floor(random() * instances.length)]!;
        // Half the kills at a random moment, half in the middle of a request of one kind.
        if (random() < 0.5) {
          const kinds = Object.keys(TIMED_KILLS);
          const kind = kinds[Math.floor(random() * kinds.length)]!;
          const target = await proxy.nextInFlight(TIMED_KILLS[kind]!, 8000);
          const holder = target && instances.find((instance) => instance.port === target.port);
          if (!target || !holder || until()) {
            tally.timed[kind]!.missed++;
            continue;
          }
          await sleep(random() * 15);
          tally.timed[kind]!.hit++;
          victim = holder;
          log(`SIGKILL ${victim.name} ${kind} (${target.method} ${target.path})`);
        } else log(`SIGKILL ${victim.name}`);
        await killInstance(victim);
        tally.kills++;
        restarting = sleep(500 + random() * 2000)
          .then(() => startInstance(victim, env))
          .then(() => log(`${victim.name} restarted`))
          .finally(() => {
            restarting = undefined;
          });
      } else if (roll < 0.75) {
        const { rowCount } = await admin.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE datname = $1 AND application_name <> $2 AND query NOT LIKE 'LISTEN%' AND random() < 0.5`,
          [databaseName, HARNESS],
        );
        tally.terminated += rowCount ?? 0;
        log(`pg_terminate_backend: ${rowCount ?? 0} pooled connections`);
      } else {
        const { rowCount } = await admin.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE datname = $1 AND query LIKE 'LISTEN%'`,
          [databaseName],
        );
        tally.listenRestarts += rowCount ?? 0;
        log(`LISTEN connections terminated: ${rowCount ?? 0}`);
      }
    }
  } finally {
    await restarting;
    await admin.end();
  }
  return tally;
}

// ---------------------------------------------------------------- run

async function main() {
  const databaseName = `santap_chaos_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${databaseName}`;
  const databaseUrl = url.toString();
  console.log(
    `chaos: seed ${SEED}, ${SECONDS} s, ${CONCURRENT} diners at once, database ${databaseName} (loopback only); instance logs in ${LOG_DIR}`,
  );
  const setup = await openDatabase({ engine: 'postgres', url: databaseUrl, poolSize: 2 });
  await seedDemoData(setup.db);
  await setup.close();

  const instances: Instance[] = [
    {
      name: 'api-a',
      port: await freePort(),
      delivery: 'duplicate',
      child: undefined,
      kills: 0,
      crashes: [],
      killing: false,
    },
    {
      name: 'api-b',
      port: await freePort(),
      delivery: 'outOfOrder',
      child: undefined,
      kills: 0,
      crashes: [],
      killing: false,
    },
  ];
  const proxy = await startProxy(() => instances.map((instance) => instance.port));
  const baseUrl = `http://127.0.0.1:${proxy.port}`;
  const wsUrl = `ws://127.0.0.1:${proxy.port}/ws`;
  const env = {
    CHAOS_DATABASE_URL: databaseUrl,
    CHAOS_PUBLIC_URL: baseUrl,
    CHAOS_CLOCK_OFFSET_MS: String(clockOffsetMs()),
    CHAOS_TABLE_TICKET_SECRET: randomBytes(24).toString('hex'),
  };
  let exitCode: number;
  try {
    await Promise.all(instances.map((instance) => startInstance(instance, env)));
    log(`instances on ${instances.map((i) => i.port).join(', ')}; proxy on ${proxy.port}`);

    const loadEnds = Date.now() + SECONDS * 1000;
    const loadOver = () => Date.now() > loadEnds;
    let staffDone = false;
    const offset = Number(env.CHAOS_CLOCK_OFFSET_MS);
    const lookups = new pg.Pool({ connectionString: databaseUrl, max: 3, application_name: HARNESS });
    lookups.on('error', () => undefined);
    const run: Run = {
      baseUrl,
      wsUrl,
      instancePorts: () => instances.map((instance) => instance.port),
      random,
      now: () => new Date(Date.now() + offset),
      lookups,
      diners: [],
      addMores: [],
      kioskRecords: [],
      placed: [],
      captures: [],
      failures: [],
      notifications: [],
      counters: {
        journeys: 0,
        gaveUp: 0,
        paidOnline: 0,
        payLater: 0,
        paymentLost: 0,
        addMore: 0,
        addMoreRefused: 0,
        cancelledByDiner: 0,
        foodCourt: 0,
        kioskOrders: 0,
        kioskReplays: 0,
        staffRefunds: 0,
      },
      gateway: { sent: 0, retried: 0, undelivered: 0 },
    };
    const monkey = chaosMonkey(instances, env, databaseName, proxy, loadOver);
    const staffLoop = staffWork(run, () => staffDone);
    // Of the journeys: three in five at a table, one in five at the food court, one in five the kiosk.
    const runners = Array.from({ length: CONCURRENT }, async () => {
      while (!loadOver()) {
        const roll = random();
        if (roll < 0.6) await tableJourney(run);
        else if (roll < 0.8) await foodCourtJourney(run);
        else await kioskJourney(run);
      }
    });
    await Promise.all(runners);
    const faults = await monkey;
    log('load over; every instance up, the staff finish their orders');
    for (const instance of instances) {
      if (!instance.child || instance.child.exitCode !== null) await startInstance(instance, env);
    }
    // Let the gateways' late notifications land and the staff finish every running order (up to 90 s),
    // then the refund worker and the pages settle.
    await Promise.all(run.notifications);
    const staffDeadline = Date.now() + 90_000;
    await sleep(5_000);
    while (Date.now() < staffDeadline && (await runningOrders(run).catch(() => 1)) > 0) await sleep(1000);
    staffDone = true;
    await staffLoop;
    await sleep(5_000);
    await lookups.end();
    for (const entry of run.placed) entry.diner.pageStatus[entry.orderId] = entry.page.status;
    for (const entry of run.placed) entry.page.close();

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const dbOrders: DbOrder[] = (
      await db.query<{
        id: number;
        cart_token: string;
        fc_order_id: number | null;
        kiosk_device_id: string | null;
        status: number;
        subtotal: number;
        total: number;
        paid_amount: number;
        refunded_amount: number;
      }>(
        'SELECT id, cart_token, fc_order_id, kiosk_device_id, status, subtotal, total, paid_amount, refunded_amount FROM orders',
      )
    ).rows.map((row) => ({
      id: row.id,
      cartToken: row.cart_token,
      fcOrderId: row.fc_order_id,
      kioskDeviceId: row.kiosk_device_id,
      status: row.status,
      subtotal: row.subtotal,
      total: row.total,
      paidAmount: row.paid_amount,
      refundedAmount: row.refunded_amount,
    }));
    const dbItems: DbOrderItem[] = (
      await db.query<{
        order_id: number;
        quantity: number;
        unit_price: number;
        batch: number;
        status: string;
      }>('SELECT order_id, quantity, unit_price, batch, status FROM order_items')
    ).rows.map((row) => ({
      orderId: row.order_id,
      quantity: row.quantity,
      unitPrice: row.unit_price,
      batch: row.batch,
      status: row.status,
    }));
    const dbPayments: DbPayment[] = (
      await db.query<{
        id: number;
        reference: string | null;
        order_id: number | null;
        fc_order_id: number | null;
        amount: number;
        state: string;
        refunded_amount: number;
      }>(
        `SELECT id, data->>'reference' AS reference, order_id, fc_order_id, amount, state, refunded_amount FROM payments`,
      )
    ).rows.map((row) => ({
      id: row.id,
      reference: row.reference ?? `SNTP-${row.id}`,
      orderId: row.order_id,
      fcOrderId: row.fc_order_id,
      amount: row.amount,
      state: row.state,
      refundedAmount: row.refunded_amount,
    }));
    const dbRefunds: DbRefund[] = (
      await db.query<{ payment_id: number; amount: number; state: string }>(
        'SELECT payment_id, amount, state FROM refunds',
      )
    ).rows.map((row) => ({ paymentId: row.payment_id, amount: row.amount, state: row.state }));
    await db.end();

    const { counters } = run;
    console.log(
      `\nload: ${counters.journeys} journeys (${counters.foodCourt} food court), ${run.placed.length} orders acknowledged, ${counters.paidOnline} paid online, ${counters.payLater} pay later, ${counters.addMore} batches added (${counters.addMoreRefused} refused: the order had moved on), ${counters.cancelledByDiner} cancelled by the diner, ${counters.kioskOrders} kiosk orders (${counters.kioskReplays} sent again), ${counters.staffRefunds} staff refunds, ${counters.gaveUp} gave up, ${counters.paymentLost} payments whose gateway record died with its instance`,
    );
    console.log(
      `faults: ${faults.kills} SIGKILLs (${instances.map((i) => `${i.name} ${i.kills}`).join(', ')}; aimed: ${Object.entries(
        faults.timed,
      )
        .map(
          ([kind, { hit, missed }]) => `${kind} ${hit}${missed ? ` (${missed} found none in flight)` : ''}`,
        )
        .join(
          ', ',
        )}), ${faults.terminated} pooled connections and ${faults.listenRestarts} LISTEN connections terminated; proxy ${proxy.stats.forwarded} forwarded, ${proxy.stats.failed} answered 502`,
    );
    console.log(
      `gateway: ${run.gateway.sent} notifications sent (${run.gateway.retried} retried, ${run.gateway.undelivered} undelivered)`,
    );
    console.log(
      `pages: ${run.placed.reduce((sum, entry) => sum + entry.page.reconnects, 0)} websocket reconnects`,
    );
    for (const failure of run.failures.slice(0, 5)) console.log(`  gave up: ${failure}`);
    const verdicts: Verdict[] = [
      {
        name: 'no instance died by itself',
        passed: instances.every((instance) => instance.crashes.length === 0),
        detail: instances.flatMap((instance) => instance.crashes).join('; ') || 'none',
      },
      {
        name: 'diners got their orders in (load really ran)',
        // A journey may give up after a minute of retries on a starved machine; more than a few is a run
        // that did not really load the system.
        passed: run.placed.length > 0 && counters.gaveUp <= Math.max(2, counters.journeys * 0.05),
        detail: `${run.placed.length} orders, ${counters.gaveUp} of ${counters.journeys} journeys gave up`,
      },
    ];
    verdicts.push(
      ...audit({
        diners: run.diners,
        captures: run.captures,
        orders: dbOrders,
        payments: dbPayments,
        refunds: dbRefunds,
        orderItems: dbItems,
        addMores: run.addMores,
        kiosk: { deviceId: KIOSK.id, records: run.kioskRecords },
      }),
    );
    console.log('');
    for (const verdict of verdicts) {
      console.log(`${verdict.passed ? 'PASS' : 'FAIL'} ${verdict.name}: ${verdict.detail}`);
    }
    console.log(tally(verdicts));
    exitCode = verdicts.every((verdict) => verdict.passed) ? 0 : 1;
  } finally {
    for (const instance of instances) await killInstance(instance);
    await proxy.close();
    if (process.env.CHAOS_KEEP_DB !== '1') {
      const cleanup = new pg.Client({ connectionString: ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await cleanup.end();
    } else console.log(`database kept: ${databaseUrl}`);
  }
  process.exit(exitCode);
}

await main();
