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
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer as createNetServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import WebSocket from 'ws';
import { createApiClient } from '@santap/api-client';
import type { ApiClient } from '@santap/api-client';
import { createCartToken } from '@santap/domain';
import { cart, orders, payments as paymentsApi, restaurants, staff } from '@santap/contract';
import { openDatabase } from '../../../apps/api/src/db/client';
import { seedDemoData } from '../../../apps/api/src/seed/seed';
import { DEMO_STAFF_PASSWORD } from '../../../apps/api/src/seed/ids';
import { DEV_SIMULATOR_KEY } from '../../../apps/api/src/services/payments/config';
import { signSimulatorBody } from '../../../apps/api/src/services/payments/simulator';
import { audit, tally } from './invariants';
import type { Capture, DbOrder, DbPayment, DbRefund, DinerRecord, Verdict } from './invariants';
import { startProxy } from './proxy';

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
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
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

// ---------------------------------------------------------------- diners

const TRANSIENT = new Set(['NoInternet', 'RequestTimeout', 'ContractMismatch']);
/** A failure the diner's app would retry: no answer, a time-out, a 5xx or a proxy's 502. */
function transient(error: unknown): boolean {
  if (!(error instanceof Error)) return true;
  if (TRANSIENT.has(error.name)) return true;
  const status = (error as { statusCode?: number }).statusCode;
  return status === undefined || status >= 500 || status === 409;
}

/** Retries `call` on transient failures for up to `budgetMs`, as a diner pressing "try again" does. */
async function retrying<T>(what: string, call: () => Promise<T>, budgetMs = 60_000): Promise<T> {
  const deadline = Date.now() + budgetMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!transient(error) || Date.now() > deadline) {
        throw new Error(`${what}: ${(error as Error).message}`, { cause: error });
      }
      await sleep(Math.min(2000, 100 * 2 ** attempt));
    }
  }
}

interface Client extends ApiClient {
  cartToken: string;
}

function clientFor(baseUrl: string, authToken?: string): Client {
  const cartToken = createCartToken();
  const client = createApiClient({
    baseUrl,
    country: () => 'MY',
    language: () => 'en',
    cartToken: () => cartToken,
    authToken: () => authToken,
    timeouts: { main: 15_000, payment: 15_000, cart: 15_000 } as never,
  });
  return Object.assign(client, { cartToken });
}

/**
 * An open status page: a websocket through the proxy watching `order:<id>`; when the socket drops
 * (an instance died) it reconnects and refetches the order, as the diner app does (`ui/shell/live.ts`).
 */
class StatusPage {
  status: number | undefined;
  private socket: WebSocket | undefined;
  private closed = false;
  reconnects = 0;
  constructor(
    private readonly wsUrl: string,
    private readonly client: Client,
    private readonly orderId: number,
  ) {}
  open() {
    if (this.closed) return;
    const socket = new WebSocket(`${this.wsUrl}?cart_token=${this.client.cartToken}`);
    this.socket = socket;
    socket.on('open', () => {
      socket.send(JSON.stringify({ type: 'subscribe', topic: `order:${this.orderId}` }));
    });
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as {
        type: string;
        event?: { type: string; data: { order_id?: number; status?: number } };
      };
      if (message.type === 'subscribed') void this.refetch();
      if (message.type === 'event' && message.event?.type === 'order.status') {
        if (message.event.data.order_id === this.orderId && typeof message.event.data.status === 'number') {
          this.status = message.event.data.status;
        }
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (this.closed) return;
      this.reconnects++;
      setTimeout(() => this.open(), 300 + random() * 700);
    });
  }
  /** After (re)subscribing: the page asks for the order, since events may have been missed meanwhile. */
  private async refetch() {
    try {
      const order = await this.client.call(orders.orderDetails, { query: { order_id: this.orderId } });
      this.status = order.status;
    } catch {
      // the next reconnect refetches
    }
  }
  close() {
    this.closed = true;
    this.socket?.close();
  }
}

interface Placed {
  diner: DinerRecord;
  client: Client;
  orderId: number;
  page: StatusPage;
  paid: boolean;
}

/**
 * The gateway's own notifications of the captures the payer saw. The embedded simulator keeps its
 * ledger in the memory of the instance that created the payment, so a SIGKILL would take the
 * gateway down with it; a real gateway is a service of its own that keeps sending. So the harness
 * plays that part too: for each capture it sends the signed success notification through the proxy,
 * late (0.2–4 s), one in three twice, one in five followed by a stale 'pending' (out of order),
 * retried until answered 2xx (30 s), besides those the instance's simulator sends itself.
 */
const notifications: Promise<void>[] = [];
const gatewayStats = { sent: 0, retried: 0, undelivered: 0 };
function notifyCapture(baseUrl: string, capture: Capture & { providerRef: string }) {
  const body = (status: string) =>
    JSON.stringify({
      event_id: `evt_${capture.providerRef}_${status}`,
      reference: capture.reference,
      provider_ref: capture.providerRef,
      status,
      amount: capture.amount,
      currency: 'MYR',
      channel: 'grab_pay_app',
      sent_at: new Date().toISOString(),
    });
  const send = async (text: string) => {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      gatewayStats.sent++;
      const response = await fetch(`${baseUrl}/api/payments/webhook/simulator`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-simulator-signature': signSimulatorBody(DEV_SIMULATOR_KEY, text),
        },
        body: text,
      }).catch(() => undefined);
      await response?.arrayBuffer().catch(() => undefined);
      if (response && response.status >= 200 && response.status < 300) return;
      gatewayStats.retried++;
      await sleep(300 + random() * 700);
    }
    gatewayStats.undelivered++;
  };
  const twice = random() < 0.33;
  const stalePending = random() < 0.2;
  notifications.push(
    (async () => {
      await sleep(200 + random() * 3800);
      await send(body('success'));
      if (twice) await send(body('success'));
      if (stalePending) await send(body('pending'));
    })(),
  );
}

const diners: DinerRecord[] = [];
const placed: Placed[] = [];
const captures: Capture[] = [];
const failures: string[] = [];
const counters = { journeys: 0, gaveUp: 0, paidOnline: 0, payLater: 0, paymentLost: 0 };

async function dinerJourney(
  baseUrl: string,
  wsUrl: string,
  instances: Instance[],
  providerRefOf: (paymentId: number) => Promise<string>,
): Promise<void> {
  counters.journeys++;
  const client = clientFor(baseUrl);
  const diner: DinerRecord = {
    cartToken: client.cartToken,
    idempotencyKey: randomUUID(),
    acknowledgedOrderId: undefined,
    pageStatus: undefined,
  };
  diners.push(diner);
  try {
    // Table QR of kopitiam-ali T3 -> menu -> one or two dishes -> dine-in context.
    const menu = await retrying('menu', () =>
      client.call(restaurants.menu, { query: { restaurant_id: 'kopitiam-ali' } }),
    );
    const plain = menu.items.filter(
      (item) => item.in_stock && !item.is_voucher && item.option_groups.every((group) => !group.required),
    );
    const dishes = 1 + Math.floor(random() * 2);
    for (let i = 0; i < dishes; i++) {
      const item = plain[Math.floor(random() * plain.length)]!;
      await retrying('cart update', () =>
        client.call(cart.cartUpdate, {
          body: { scope: 'kopitiam-ali', item_id: item.id, quantity: 1 + Math.floor(random() * 2) },
        }),
      );
    }
    await retrying('cart details', () =>
      client.call(cart.cartDetails, {
        body: { scope: 'kopitiam-ali', context: { orderType: 1, tableId: 5003 } },
      }),
    );
    const online = random() < 0.5;
    // The create is retried with the same Idempotency-Key until the diner has an answer.
    const order = await retrying('order create', () =>
      client.call(
        orders.orderCreate,
        { body: { scope: 'kopitiam-ali', payment_mode: online ? 'online' : 'pay_later' } },
        { idempotencyKey: diner.idempotencyKey },
      ),
    );
    diner.acknowledgedOrderId = order.order_id;
    const page = new StatusPage(wsUrl, client, order.order_id);
    page.open();
    const entry: Placed = { diner, client, orderId: order.order_id, page, paid: false };
    placed.push(entry);
    if (!online) {
      counters.payLater++;
      return;
    }
    const payment = await retrying('payment initiate', () =>
      client.call(paymentsApi.paymentInitiate, {
        body: { order_id: order.order_id, method: 'Wallet', channel: 'grab_pay_app' },
      }),
    );
    // The hosted page: the embedded simulator gateway keeps its payments in the memory of the instance
    // that created it, so the payer reaches it there (a gateway is one remote service in production).
    for (const instance of instances) {
      const response = await fetch(
        `http://127.0.0.1:${instance.port}${new URL(payment.redirect_url!).pathname}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ channel: 'grab_pay_app', outcome: 'success' }).toString(),
          redirect: 'manual',
        },
      ).catch(() => undefined);
      if (response?.status === 302) {
        const location = new URL(response.headers.get('location') ?? 'http://x/');
        if (location.searchParams.get('status') === '1') {
          const capture = { reference: payment.reference, orderId: order.order_id, amount: payment.amount };
          captures.push(capture);
          notifyCapture(baseUrl, { ...capture, providerRef: await providerRefOf(payment.payment_id) });
          entry.paid = true;
          counters.paidOnline++;
        }
        return;
      }
    }
    counters.paymentLost++;
  } catch (error) {
    counters.gaveUp++;
    failures.push((error as Error).message);
  }
}

// ---------------------------------------------------------------- staff

/** The kitchen and floor of kopitiam-ali: every placed order moves to its end; some are cancelled. */
async function staffWork(baseUrl: string, until: () => boolean) {
  const anonymous = clientFor(baseUrl);
  const session = await retrying('staff login', () =>
    anonymous.call(staff.staffLogin, {
      body: { username: 'kopitiam-ali-manager', password: DEMO_STAFF_PASSWORD },
    }),
  );
  const manager = clientFor(baseUrl, session.token);
  const path = [1, 2, 3, 10, 4];
  const progress = new Map<number, number>();
  const cancelled = new Set<number>();
  while (!until()) {
    const open = placed.filter(
      (entry) => !cancelled.has(entry.orderId) && (progress.get(entry.orderId) ?? 0) < path.length,
    );
    if (open.length === 0) {
      await sleep(100);
      continue;
    }
    for (const entry of open) {
      const step = progress.get(entry.orderId) ?? 0;
      // A few orders are cancelled by the manager before they are prepared (a paid one is refunded).
      const cancel = step === 1 && entry.orderId % 7 === 0;
      const status = cancel ? 6 : path[step]!;
      try {
        await retrying(
          'staff status',
          () =>
            manager.call(staff.staffOrderStatus, {
              params: { orderId: entry.orderId },
              body: { status },
            }),
          20_000,
        );
      } catch {
        // Refused: a retried move that had already been made (its first answer was lost), or a move
        // the order's state no longer allows. The audit compares every page with the database anyway.
      }
      if (cancel) cancelled.add(entry.orderId);
      else progress.set(entry.orderId, step + 1);
    }
  }
}

// ---------------------------------------------------------------- chaos

async function chaosMonkey(
  instances: Instance[],
  env: Record<string, string>,
  databaseName: string,
  until: () => boolean,
) {
  const admin = new pg.Client({ connectionString: ADMIN_URL, application_name: HARNESS });
  await admin.connect();
  const tally = { kills: 0, terminated: 0, listenRestarts: 0 };
  let restarting: Promise<void> | undefined;
  try {
    while (!until()) {
      await sleep(1500 + random() * 3000);
      if (until()) break;
      const roll = random();
      if (roll < 0.4) {
        // One instance down at a time: the other keeps serving (restarting takes a while under load).
        if (restarting) continue;
        const victim = instances[Math.floor(random() * instances.length)]!;
        log(`SIGKILL ${victim.name}`);
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
  };
  let exitCode: number;
  try {
    await Promise.all(instances.map((instance) => startInstance(instance, env)));
    log(`instances on ${instances.map((i) => i.port).join(', ')}; proxy on ${proxy.port}`);

    const loadEnds = Date.now() + SECONDS * 1000;
    const loadOver = () => Date.now() > loadEnds;
    let staffDone = false;
    const monkey = chaosMonkey(instances, env, databaseName, loadOver);
    const staffLoop = staffWork(baseUrl, () => staffDone);
    // The gateway's reference of a payment (the simulator wrote it when the payment was initiated).
    const lookups = new pg.Pool({ connectionString: databaseUrl, max: 2, application_name: HARNESS });
    lookups.on('error', () => undefined);
    const providerRefOf = (paymentId: number) =>
      retrying('provider ref', async () => {
        const { rows } = await lookups.query<{ ref: string }>(
          'SELECT provider_ref AS ref FROM payments WHERE id = $1',
          [paymentId],
        );
        return rows[0]!.ref;
      });
    const runners = Array.from({ length: CONCURRENT }, async () => {
      while (!loadOver()) await dinerJourney(baseUrl, wsUrl, instances, providerRefOf);
    });
    await Promise.all(runners);
    await lookups.end();
    const faults = await monkey;
    log('load over; every instance up, the staff finish their orders');
    for (const instance of instances) {
      if (!instance.child || instance.child.exitCode !== null) await startInstance(instance, env);
    }
    // Let the staff finish and the gateways' late notifications and refunds land.
    await Promise.all(notifications);
    await sleep(15_000);
    staffDone = true;
    await staffLoop;
    await sleep(5_000);
    for (const entry of placed) entry.diner.pageStatus = entry.page.status;
    for (const entry of placed) entry.page.close();

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const dbOrders: DbOrder[] = (
      await db.query<{
        id: number;
        cart_token: string;
        status: number;
        total: number;
        paid_amount: number;
        refunded_amount: number;
      }>('SELECT id, cart_token, status, total, paid_amount, refunded_amount FROM orders')
    ).rows.map((row) => ({
      id: row.id,
      cartToken: row.cart_token,
      status: row.status,
      total: row.total,
      paidAmount: row.paid_amount,
      refundedAmount: row.refunded_amount,
    }));
    const dbPayments: DbPayment[] = (
      await db.query<{
        id: number;
        reference: string | null;
        order_id: number | null;
        amount: number;
        state: string;
        refunded_amount: number;
      }>(`SELECT id, data->>'reference' AS reference, order_id, amount, state, refunded_amount FROM payments`)
    ).rows.map((row) => ({
      id: row.id,
      reference: row.reference ?? `SNTP-${row.id}`,
      orderId: row.order_id,
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

    console.log(
      `\nload: ${counters.journeys} journeys, ${placed.length} orders acknowledged, ${counters.paidOnline} paid online, ${counters.payLater} pay later, ${counters.gaveUp} gave up, ${counters.paymentLost} payments whose gateway record died with its instance`,
    );
    console.log(
      `faults: ${faults.kills} SIGKILLs (${instances.map((i) => `${i.name} ${i.kills}`).join(', ')}), ${faults.terminated} pooled connections and ${faults.listenRestarts} LISTEN connections terminated; proxy ${proxy.stats.forwarded} forwarded, ${proxy.stats.failed} answered 502`,
    );
    console.log(
      `gateway: ${gatewayStats.sent} notifications sent (${gatewayStats.retried} retried, ${gatewayStats.undelivered} undelivered)`,
    );
    console.log(
      `pages: ${placed.reduce((sum, entry) => sum + entry.page.reconnects, 0)} websocket reconnects`,
    );
    for (const failure of failures.slice(0, 5)) console.log(`  diner gave up: ${failure}`);
    const verdicts: Verdict[] = [
      {
        name: 'no instance died by itself',
        passed: instances.every((instance) => instance.crashes.length === 0),
        detail: instances.flatMap((instance) => instance.crashes).join('; ') || 'none',
      },
      {
        name: 'diners got their orders in (load really ran)',
        passed: placed.length > 0 && counters.gaveUp <= counters.journeys * 0.05,
        detail: `${placed.length} orders, ${counters.gaveUp} of ${counters.journeys} journeys gave up`,
      },
    ];
    verdicts.push(
      ...audit({
        diners,
        captures,
        orders: dbOrders,
        payments: dbPayments,
        refunds: dbRefunds,
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
