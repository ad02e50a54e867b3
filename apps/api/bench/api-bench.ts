/**
 * `pnpm bench:api` (issue 3 §9): the API in-process on a loopback port, driven by autocannon from a
 * worker thread at 100 connections, on PGlite and (when DATABASE_URL or TEST_DATABASE_URL is set) on
 * PostgreSQL in a fresh database, beside a bare `node:http` server returning the same menu bytes (run
 * just before and just after each menu run, so a busy shared machine skews both alike). Order create
 * also runs one request at a time: milliseconds per create hardly depend on other load.
 * Prints a table and records a dated section in docs/benchmarks.md. Figures, not a timed test.
 *
 * Knobs: BENCH_SECONDS (per scenario, default 5), BENCH_CONNECTIONS (default 100), BENCH_ENGINES
 * (e.g. `postgres`, to run one engine; the docs section then lacks the other). On PostgreSQL it also
 * runs the live status fan-out (live-fanout.ts: LIVE_PAGES 10,000 on two instances, LIVE_RATE 200
 * changes/s, LIVE_SECONDS 15; BENCH_LIVE=off skips it).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { format, resolveConfig } from 'prettier';
import { createCartToken } from '@santap/domain';
import { issueTableTicket } from '../src/services/tables/tickets';
import type { ServerConfig } from '../src/config';
import { createServer } from '../src/server';
import { FANOUT_HEADER, fanoutLine, runLiveFanout, startInstance } from './live-fanout';
import type { FanoutFigures } from './live-fanout';
import { runLoad } from './load';
import type { LoadFigures } from './load';
import { LUNCHTIME, benchConfig } from './bench-config';

type Engine = 'pglite' | 'postgres';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** Which scenarios run (BENCH_SCENARIOS=menu,cart,order,scale); all by default. */
const SCENARIOS = new Set((process.env.BENCH_SCENARIOS ?? 'menu,cart,order,scale').split(','));
/** Signs the table tickets of this process and of the instances it starts (one key, as in production). */
const TICKET_SECRET = randomBytes(24).toString('hex');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
/** Arrival rate of the rated order-create run (orders per second across all connections). */
const ORDER_RATE = Number(process.env.BENCH_ORDER_RATE ?? 100);
const MENU_PATH = '/api/menu?restaurant_id=1004';
/**
 * The menu as browsers ask for it (gzip; the API keeps a pre-gzipped reply) and uncompressed (what a
 * client without accept-encoding gets), each beside a bare server sending the very same bytes.
 */
const MENU_ENCODINGS = [
  { name: 'gzip', headers: { 'accept-encoding': 'gzip, deflate, br' } },
  { name: 'identity', headers: {} },
] as const;
type MenuEncoding = (typeof MENU_ENCODINGS)[number]['name'];

interface MenuReplyBytes {
  encoding: MenuEncoding;
  body: Buffer;
  headers: Record<string, string>;
}
const CART_SCOPE = 'kopitiam-ali';
const DINE_IN_TABLE = 5003;
/** Cart tokens the cart-update run cycles through, so concurrent requests rarely touch one cart row. */
const CART_UPDATE_TOKENS = 1000;
/** Carts prepared for the order-create run: as many as fit in this budget, at most MAX_ORDER_CARTS. */
const PREPARE_BUDGET_MS = 10_000;
const MAX_ORDER_CARTS = 4000;
/** Carts of the one-at-a-time order create run (at most a fifth of those prepared). */
const SEQUENTIAL_ORDERS = 200;
const DOCS = new URL('../../../docs/benchmarks.md', import.meta.url);

/** LUNCHTIME, moving on in real time: every demo restaurant is open. */
const started = performance.now();
const benchClock = () => new Date(LUNCHTIME + (performance.now() - started));

interface Row {
  scenario: string;
  engine: string;
  figures: LoadFigures;
  /** Menu rows: which encoding, to compare with the ceiling of the same bytes. */
  encoding?: MenuEncoding;
}

const CEILING = 'bare node:http';
const LABEL: Record<Engine, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

function config(database: ServerConfig['database']): ServerConfig {
  return benchConfig({ database, seedDemo: true, tableTicketSecret: TICKET_SECRET, now: benchClock });
}

/** A fresh PostgreSQL database next to the one named by the URL (like test/harness.ts). */
async function freshPostgres(adminUrl: string) {
  const name = `santap_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        // The server closed its pool; a connection still open here is a leak worth reporting, and
        // dropping WITH (FORCE) under it would crash this process through the pool's 'error' event.
        for (let attempt = 0; ; attempt++) {
          const { rows } = await client.query<{ state: string | null; query: string }>(
            'select state, left(query, 120) as query from pg_stat_activity where datname = $1',
            [name],
          );
          if (rows.length === 0) break;
          if (attempt === 50) {
            console.error(`bench: ${rows.length} connection(s) to ${name} still open after close:`, rows);
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** One raw reply (node:http does not decompress), to serve the same bytes from the bare server. */
function rawGet(origin: string, path: string, headers: Record<string, string>, encoding: MenuEncoding) {
  return new Promise<MenuReplyBytes>((resolve, reject) => {
    get(origin + path, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const kept: Record<string, string> = {};
        for (const name of ['content-type', 'content-encoding', 'vary']) {
          const value = response.headers[name];
          if (typeof value === 'string') kept[name] = value;
        }
        if (response.statusCode !== 200) reject(new Error(`${path}: ${response.statusCode}`));
        else resolve({ encoding, body: Buffer.concat(chunks), headers: kept });
      });
    }).on('error', reject);
  });
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** The table ticket of DINE_IN_TABLE (as its QR scan gives a diner; services/tables/tickets.ts). */
let tableTicket = '';

async function api<T>(origin: string, path: string, cartToken: string, body?: unknown): Promise<T> {
  const response = await fetch(origin + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'cart-token': cartToken,
      'country-code': 'MY',
      'content-type': 'application/json',
      ...(tableTicket ? { 'table-ticket': tableTicket } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const reply = (await response.json()) as { status: number; message: string; data: T };
  if (reply.status !== 1) throw new Error(`${path}: ${response.status} ${reply.message}`);
  return reply.data;
}

interface MenuReply {
  items: { id: number; in_stock: boolean; option_groups: { required: boolean }[] }[];
}

/** Items that can go into a cart without choosing options. */
async function simpleItems(origin: string): Promise<number[]> {
  const menu = await api<MenuReply>(origin, `/api/menu?restaurant_id=${CART_SCOPE}`, createCartToken());
  const ids = menu.items
    .filter((item) => item.in_stock && !item.option_groups.some((g) => g.required))
    .map((item) => item.id);
  if (ids.length === 0) throw new Error(`${CART_SCOPE} has no in-stock item without required options`);
  return ids.slice(0, 5);
}

/** Fills carts through the API (item + dine-in context at one table), as many as the budget allows. */
async function prepareCarts(origin: string, items: number[]): Promise<string[]> {
  const carts: string[] = [];
  const deadline = performance.now() + PREPARE_BUDGET_MS;
  const worker = async () => {
    while (carts.length < MAX_ORDER_CARTS && performance.now() < deadline) {
      const token = createCartToken();
      const item = items[carts.length % items.length]!;
      await api(origin, '/api/orders/cart/update.php', token, {
        scope: CART_SCOPE,
        item_id: item,
        quantity: 2,
      });
      await api(origin, '/api/orders/cart/update_cart_details.php', token, {
        scope: CART_SCOPE,
        context: { orderType: 1, tableId: DINE_IN_TABLE },
      });
      carts.push(token);
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
  return carts;
}

async function benchEngine(engine: Engine, adminUrl: string | undefined, rows: Row[]) {
  const fresh = engine === 'postgres' ? await freshPostgres(adminUrl!) : undefined;
  const app = await createServer(
    config(fresh ? { engine: 'postgres', url: fresh.url } : { engine: 'pglite' }),
  );
  try {
    const origin = await listen(app);
    tableTicket = issueTableTicket(app.santap, { restaurantId: 1001, tableId: DINE_IN_TABLE });
    const label = LABEL[engine];
    const record = (scenario: string, figures: LoadFigures, encoding?: MenuEncoding) => {
      rows.push({ scenario, engine: label, figures, ...(encoding ? { encoding } : {}) });
      console.error(`  ${label} ${scenario}: ${figures.rps.toFixed(0)} req/s, p99 ${figures.p99} ms`);
    };

    // (a) menu GET, after a short warm-up (JIT, caches), between two runs of its bare ceiling.
    for (const { name, headers } of SCENARIOS.has('menu') ? MENU_ENCODINGS : []) {
      const bytes = await rawGet(origin, MENU_PATH, { 'country-code': 'MY', ...headers }, name);
      const menuSpec = {
        origin,
        method: 'GET' as const,
        path: MENU_PATH,
        connections: CONNECTIONS,
        headers: { 'country-code': 'MY', ...headers },
      };
      await withBareServer(bytes, async (bareOrigin) => {
        const before = await runLoad({ ...menuSpec, origin: bareOrigin, title: 'bare', duration: SECONDS });
        await runLoad({ ...menuSpec, title: 'warm-up', duration: 1 });
        const api = await runLoad({ ...menuSpec, title: 'menu', duration: SECONDS });
        const after = await runLoad({ ...menuSpec, origin: bareOrigin, title: 'bare', duration: SECONDS });
        rows.push({
          scenario: `same menu bytes (${name}, ${bytes.body.length} B), ceiling before and after`,
          engine: `${CEILING} beside ${label}`,
          figures: meanOf(before, after),
          encoding: name,
        });
        record(`menu GET (200 items, ${name})`, api, name);
      });
    }

    // (b) cart update: add one of a few simple items to one of many carts.
    const items = await simpleItems(origin);
    const cartSpec = {
      origin,
      method: 'POST' as const,
      path: '/api/orders/cart/update.php',
      connections: CONNECTIONS,
      headers: { 'country-code': 'MY' },
      cartTokens: Array.from({ length: CART_UPDATE_TOKENS }, () => createCartToken()),
      bodies: items.map((item) => JSON.stringify({ scope: CART_SCOPE, item_id: item, quantity: 1 })),
    };
    if (SCENARIOS.has('cart')) {
      await runLoad({ ...cartSpec, title: 'warm-up', duration: 1 });
      const reply = await rawPost(origin, cartSpec.path, cartSpec.bodies[0]!, createCartToken());
      await withCeiling(reply, 'cart update reply', label, rows, async () => {
        record('cart update', await runLoad({ ...cartSpec, title: 'cart update', duration: SECONDS }));
      });
    }

    // (c) order create: each request places a different prepared cart, with its own Idempotency-Key.
    // Run twice: at a mean arrival rate (Poisson arrivals, 100 orders/s over up to 100 connections: the
    // latency a diner feels at a busy lunchtime) and saturated (100 requests always in flight:
    // throughput; latency is queueing).
    if (SCENARIOS.has('scale') && engine === 'postgres') {
      await instancesRuns(fresh!.url, items, label, rows, cartSpec);
    }
    if (!SCENARIOS.has('order')) return;
    const carts = await prepareCarts(origin, items);
    const sequential = carts.splice(0, Math.min(SEQUENTIAL_ORDERS, Math.floor(carts.length / 5)));
    const rated = carts.slice(0, Math.min(ORDER_RATE * SECONDS, Math.floor(carts.length / 2)));
    const saturated = carts.slice(rated.length);
    const orderSpec = {
      origin,
      method: 'POST' as const,
      path: '/api/orders/create.php',
      headers: { 'country-code': 'MY', 'table-ticket': tableTicket },
      idempotencyKey: true,
      bodies: [JSON.stringify({ scope: CART_SCOPE, payment_mode: 'pay_later' })],
    };
    record(
      `order create, one at a time (${sequential.length} carts)`,
      await runLoad({
        ...orderSpec,
        title: 'order create (one at a time)',
        connections: 1,
        amount: sequential.length,
        cartTokens: sequential,
      }),
    );
    record(
      `order create at ${ORDER_RATE}/s (${rated.length} carts)`,
      await runLoad({
        ...orderSpec,
        title: 'order create (rated)',
        connections: Math.min(CONNECTIONS, rated.length),
        amount: rated.length,
        overallRate: ORDER_RATE,
        cartTokens: rated,
      }),
    );
    const created = await rawPost(origin, orderSpec.path, orderSpec.bodies[0]!, saturated.pop()!, {
      'table-ticket': tableTicket,
      'idempotency-key': randomBytes(16).toString('hex'),
    });
    await withCeiling(created, 'order create reply', label, rows, async () => {
      record(
        `order create, saturated (${saturated.length} carts)`,
        await runLoad({
          ...orderSpec,
          title: 'order create (saturated)',
          connections: Math.min(CONNECTIONS, saturated.length),
          amount: saturated.length,
          cartTokens: saturated,
        }),
      );
    });
  } finally {
    await app.close();
    await fresh?.drop();
  }
}

/** A bare `node:http` server sending `bytes` on a loopback port, for the time of `run`. */
async function withBareServer({ body, headers }: MenuReplyBytes, run: (origin: string) => Promise<void>) {
  const server = createHttpServer((_request, response) => {
    response.writeHead(200, { ...headers, 'content-length': body.length });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await runLoad({
      title: 'warm-up',
      origin,
      method: 'GET',
      path: MENU_PATH,
      connections: CONNECTIONS,
      duration: 1,
    });
    await run(origin);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/** One POST's raw reply (status 200 expected), to serve the same bytes from the bare server. */
async function rawPost(
  origin: string,
  path: string,
  body: string,
  cartToken: string,
  headers: Record<string, string> = {},
): Promise<MenuReplyBytes> {
  const response = await fetch(origin + path, {
    method: 'POST',
    headers: {
      'cart-token': cartToken,
      'country-code': 'MY',
      'content-type': 'application/json',
      ...headers,
    },
    body,
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200)
    throw new Error(`${path}: ${response.status} ${bytes.toString().slice(0, 200)}`);
  return {
    encoding: 'identity',
    body: bytes,
    headers: { 'content-type': response.headers.get('content-type') ?? 'application/json' },
  };
}

/**
 * `run` between two runs of a bare `node:http` server that reads the same POST and answers the same
 * reply bytes, at the same connections for BENCH_SECONDS: the machine's ceiling for that call at that
 * moment (HTTP, loopback, the load generator), recorded as one row beside the API's.
 */
async function withCeiling(
  reply: MenuReplyBytes,
  what: string,
  label: string,
  rows: Row[],
  run: () => Promise<void>,
) {
  const server = createHttpServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { ...reply.headers, 'content-length': reply.body.length });
      response.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const spec = {
      origin,
      method: 'POST' as const,
      path: '/',
      connections: CONNECTIONS,
      bodies: ['{"scope":"kopitiam-ali","item_id":1,"quantity":1}'],
      headers: { 'country-code': 'MY' },
    };
    await runLoad({ ...spec, title: 'warm-up', duration: 1 });
    const before = await runLoad({ ...spec, title: 'bare', duration: SECONDS });
    await run();
    const after = await runLoad({ ...spec, title: 'bare', duration: SECONDS });
    rows.push({
      scenario: `same ${what} (${reply.body.length} B) to a POST, ceiling before and after`,
      engine: `${CEILING} beside ${label}`,
      figures: meanOf(before, after),
    });
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/** Sums load runs made at once against several instances: their throughput, the worse p50 and p99. */
function together(runs: LoadFigures[]): LoadFigures {
  return {
    title: runs[0]!.title,
    rps: runs.reduce((sum, run) => sum + run.rps, 0),
    p50: Math.max(...runs.map((run) => run.p50)),
    p99: Math.max(...runs.map((run) => run.p99)),
    ok: runs.reduce((sum, run) => sum + run.ok, 0),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    seconds: Math.max(...runs.map((run) => run.seconds)),
  };
}

/**
 * Two instances against one (README "Scaling"): the API as processes of their own on this database
 * (`live-instance.ts`), cart update and saturated order create against one of them, then against two
 * at once (the connections split between them, the figures summed). Same load generator, same machine.
 */
async function instancesRuns(
  databaseUrl: string,
  items: number[],
  label: string,
  rows: Row[],
  cartSpec: Omit<Parameters<typeof runLoad>[0], 'title'>,
) {
  const clockStart = Date.now() - (performance.now() - started);
  const instances = await Promise.all(
    [0, 1].map(() => startInstance(databaseUrl, clockStart, TICKET_SECRET)),
  );
  try {
    const origins = instances.map(({ port }) => `http://127.0.0.1:${port}`);
    for (const count of [1, 2]) {
      const used = origins.slice(0, count);
      const share = Math.floor(CONNECTIONS / count);
      await Promise.all(
        used.map((origin) => runLoad({ ...cartSpec, origin, title: 'warm-up', duration: 1 })),
      );
      const cartRuns = await Promise.all(
        used.map((origin) =>
          runLoad({ ...cartSpec, origin, connections: share, title: 'cart update', duration: SECONDS }),
        ),
      );
      rows.push({
        scenario: `cart update, ${count} instance process(es)`,
        engine: label,
        figures: together(cartRuns),
      });
      console.error(`  ${label} cart update on ${count}: ${together(cartRuns).rps.toFixed(0)} req/s`);
      const carts = await prepareCarts(origins[0]!, items);
      const perInstance = Math.floor(carts.length / count);
      const orderRuns = await Promise.all(
        used.map((origin, i) =>
          runLoad({
            origin,
            method: 'POST',
            path: '/api/orders/create.php',
            headers: { 'country-code': 'MY', 'table-ticket': tableTicket },
            idempotencyKey: true,
            bodies: [JSON.stringify({ scope: CART_SCOPE, payment_mode: 'pay_later' })],
            title: 'order create (saturated)',
            connections: Math.min(share, perInstance),
            amount: perInstance,
            cartTokens: carts.slice(i * perInstance, (i + 1) * perInstance),
          }),
        ),
      );
      rows.push({
        scenario: `order create saturated, ${count} instance process(es) (${perInstance * count} carts)`,
        engine: label,
        figures: together(orderRuns),
      });
      console.error(`  ${label} order create on ${count}: ${together(orderRuns).rps.toFixed(0)} req/s`);
    }
  } finally {
    for (const { child } of instances) child.kill('SIGTERM');
    await Promise.all(instances.map(({ child }) => new Promise((resolve) => child.once('exit', resolve))));
  }
}

/** Two runs of one scenario as one row: mean throughput and median, the worse p99, the counts summed. */
function meanOf(a: LoadFigures, b: LoadFigures): LoadFigures {
  return {
    title: a.title,
    rps: (a.rps + b.rps) / 2,
    p50: Math.round((a.p50 + b.p50) / 2),
    p99: Math.max(a.p99, b.p99),
    ok: a.ok + b.ok,
    non2xx: a.non2xx + b.non2xx,
    errors: a.errors + b.errors,
    seconds: a.seconds + b.seconds,
    ...(a.firstFailure || b.firstFailure ? { firstFailure: a.firstFailure ?? b.firstFailure } : {}),
  };
}

function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown CPU',
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    /** Other work on the machine skews every figure: recorded beside them. */
    load: os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' '),
    platform: `${os.platform()} ${os.release()}`,
  };
}

function table(rows: Row[]): string {
  const lines = [
    '| Scenario | Database | req/s | p50 ms | p99 ms | 2xx | non-2xx / errors |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const { scenario, engine, figures: f } of rows) {
    lines.push(
      `| ${scenario} | ${engine} | ${Math.round(f.rps)} | ${f.p50} | ${f.p99} | ${f.ok} | ${f.non2xx} / ${f.errors} |`,
    );
  }
  return lines.join('\n');
}

function targets(rows: Row[], postgresMeasured: boolean): string[] {
  const lines: string[] = [];
  for (const row of rows.filter((r) => r.encoding && !r.engine.startsWith(CEILING))) {
    const beside = `${CEILING} beside ${row.engine}`;
    const ceiling = rows.find((r) => r.engine === beside && r.encoding === row.encoding)?.figures.rps ?? 0;
    const ratio = ceiling > 0 ? row.figures.rps / ceiling : 0;
    lines.push(
      `- Menu GET at least half of the bare ceiling (${row.engine}, ${row.encoding}): ${Math.round(row.figures.rps)} of ${Math.round(ceiling)} req/s = ${(ratio * 100).toFixed(0)}% -> **${ratio >= 0.5 ? 'met' : 'not met'}**`,
    );
  }
  const order = rows.find((row) => row.engine === 'PostgreSQL' && row.scenario.startsWith('order create at'));
  const alone = rows.find(
    (row) => row.engine === 'PostgreSQL' && row.scenario.startsWith('order create, one at a time'),
  );
  if (order && postgresMeasured) {
    const failed = order.figures.non2xx + order.figures.errors > 0;
    const met = order.figures.p99 <= 50 && !failed;
    const perCreate = alone ? `; one at a time p50 ${alone.figures.p50} ms, p99 ${alone.figures.p99} ms` : '';
    lines.push(
      `- Order create p99 <= 50 ms at ${CONNECTIONS} connections on PostgreSQL (Poisson arrivals at ${ORDER_RATE}/s; the saturated run measures throughput, its latency is queueing): p99 ${order.figures.p99} ms${failed ? ' (with failed requests)' : ''} -> **${met ? 'met' : 'not met'}**${perCreate}`,
    );
  } else {
    lines.push(
      '- Order create p99 <= 50 ms at 100 connections on PostgreSQL: **not measured** (set DATABASE_URL or TEST_DATABASE_URL)',
    );
  }
  return lines;
}

const HEADER = `# API benchmarks

\`pnpm bench:api\` (apps/api/bench/api-bench.ts) starts the API in-process on a loopback port and drives it
with autocannon from a worker thread: menu GET of the 200-item restaurant 1004 (gzip, as browsers ask, and
uncompressed), each between two runs of a bare \`node:http\` server sending the very same bytes (the
ceiling, measured just before and just after, so a busy shared machine skews both alike); cart update
(many distinct cart tokens); and order create (each request places a different cart prepared
beforehand, dine-in pay later at kopitiam-ali table 5003, its own Idempotency-Key) one at a time (the
milliseconds of one create, which hardly depend on other load), at a mean arrival rate of 100/s over up
to 100 keep-alive connections, and saturated (autocannon, 100 requests always in flight). Cart update and
saturated order create also run between two runs of a bare \`node:http\` server that reads the same POST
and answers the API's reply bytes (the ceiling of that call on the machine at that moment). The rated run
is open-loop: requests arrive as a seeded Poisson process, each latency counted from its scheduled
arrival (autocannon's own rate option sends every connection's share at the start of each second, so
100 connections at 100/s would be one 100-request burst per second). On PGlite and on PostgreSQL (when DATABASE_URL or TEST_DATABASE_URL is
set; a fresh database, default pool of 10 connections). On PostgreSQL, cart update and saturated order
create also run against one and then two API instances as processes of their own on the same database
(\`live-instance.ts\`; the connections split between the two, the figures summed): what a second
instance adds on the same machine. Server and load generator share the machine, so
the figures are a floor for a real deployment. Each run adds or replaces its dated section below
(\`BENCH_SECONDS\`, \`BENCH_CONNECTIONS\`, \`BENCH_ORDER_RATE\`, \`BENCH_ENGINES\`, \`BENCH_SCENARIOS\` =
\`menu,cart,order,scale\` change the run).

On PostgreSQL the bench also runs the live status fan-out (\`apps/api/bench/live-fanout.ts\`): two API
instances as processes of their own on one database, 10,000 open status pages (websockets, half on
each), each watching its own order (one real order cloned in SQL, each with its own cart token), while
the manager confirms orders at 200 a second through the HTTP API, alternating instances (open loop).
Each change is timed from just before the staff call to its page receiving the event; events that
never arrive within 10 s are lost. \`LIVE_PAGES\`, \`LIVE_RATE\`, \`LIVE_SECONDS\`, \`BENCH_LIVE=off\`.

\`node --import tsx apps/api/bench/round-trips.ts\` (TEST_DATABASE_URL set) counts the database round trips
of one cart update and one order create (node-postgres' \`Client.query\` wrapped), prints their
statements, and measures N of each one at a time with the CPU milliseconds each costs the Node process
and the PostgreSQL backends (\`/proc\`); \`node --cpu-prof\` on it, or \`SATURATE=cart\` (100 connections),
gives the profiles quoted below.

Targets: menu GET at least half of the bare ceiling; order create p99 <= 50 ms at 100 connections on
PostgreSQL; at least 1,000 order creates/s and 2,000 cart updates/s with p99 <= 100 ms, or the figures
that show why this machine cannot.
`;

async function writeDocs(section: string, heading: string) {
  let text: string;
  try {
    text = await readFile(DOCS, 'utf8');
  } catch {
    text = '';
  }
  // The header always describes the current bench; the dated sections below it are kept.
  const firstSection = text.indexOf('\n## ');
  text = HEADER + (firstSection >= 0 ? text.slice(firstSection) : '');
  // The heading as a whole line: '## 2026-11-27 · …' must not match inside a web section's '### …'.
  const at = text.indexOf(`\n${heading}\n`);
  const start = at >= 0 ? at + 1 : -1;
  if (start >= 0) {
    const next = text.indexOf('\n## ', start + heading.length);
    text = text.slice(0, start) + section + (next >= 0 ? text.slice(next + 1) : '');
  } else {
    text = `${text.trimEnd()}\n\n${section}`;
  }
  await mkdir(new URL('.', DOCS), { recursive: true });
  // Formatted like the rest of the repository, so `prettier --check` stays green after a run.
  const options = (await resolveConfig(DOCS.pathname)) ?? {};
  await writeFile(DOCS, await format(`${text.trimEnd()}\n`, { ...options, parser: 'markdown' }));
}

async function main() {
  const adminUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const available: Engine[] = adminUrl ? ['pglite', 'postgres'] : ['pglite'];
  const only = process.env.BENCH_ENGINES?.split(',');
  const engines = only ? available.filter((engine) => only.includes(engine)) : available;
  const rows: Row[] = [];
  const began = performance.now();
  const m = machine();
  console.error(`bench: ${engines.join(' + ')}, ${CONNECTIONS} connections, ${SECONDS} s per scenario`);

  for (const engine of engines) await benchEngine(engine, adminUrl, rows);
  // Live status on a busy evening: two instances, 10,000 pages (live-fanout.ts); BENCH_LIVE=off skips.
  let fanout: FanoutFigures | undefined;
  if (adminUrl && engines.includes('postgres') && process.env.BENCH_LIVE !== 'off') {
    const fresh = await freshPostgres(adminUrl);
    try {
      fanout = await runLiveFanout(fresh.url, {
        pages: Number(process.env.LIVE_PAGES ?? 10_000),
        rate: Number(process.env.LIVE_RATE ?? 200),
        seconds: Number(process.env.LIVE_SECONDS ?? 15),
      });
      console.error(`  live: ${fanoutLine(fanout)}`);
    } finally {
      await fresh.drop();
    }
  }
  const loadAfter = machine().load;

  const date = new Date().toISOString().slice(0, 10);
  const heading = `## ${date} · ${m.cpu}, ${m.cores} cores`;
  const failures = rows
    .filter((row) => row.figures.firstFailure)
    .map((row) => `- ${row.engine} ${row.scenario}: first failure \`${row.figures.firstFailure}\``);
  const section = [
    heading,
    '',
    `${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node}, ${m.platform}, load average before the run ${m.load}, after it ${loadAfter} (the machine is shared: other work skews every figure); ${CONNECTIONS} connections, ${SECONDS} s per scenario (order create: one request per prepared cart); total ${Math.round((performance.now() - began) / 1000)} s.`,
    '',
    table(rows),
    '',
    ...(fanout ? [...FANOUT_HEADER, fanoutLine(fanout), ''] : []),
    ...targets(rows, engines.includes('postgres')),
    ...(failures.length ? ['', ...failures] : []),
    '',
  ].join('\n');
  console.log(`\n${section}`);
  await writeDocs(section, heading);
  console.error(`bench: written to ${DOCS.pathname}`);
}

await main();
