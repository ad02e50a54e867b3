/**
 * The scenarios of `pnpm bench:api` on one engine: menu GET (gzip and uncompressed), cart update and
 * order create (one at a time, at a rate, saturated), and on PostgreSQL one against two API instance
 * processes. Each figure becomes a row (api-report.ts).
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { createCartToken } from '@santap/domain';
import { issueTableTicket } from '../src/services/flows/tables/tickets';
import type { ServerConfig } from '../src/config';
import { createServer } from '../src/server';
import { rawGet, rawPost, withBareServer, withCeiling } from './api-ceiling';
import {
  CART_SCOPE,
  CART_UPDATE_TOKENS,
  CONNECTIONS,
  DINE_IN_TABLE,
  MAX_ORDER_CARTS,
  MENU_ENCODINGS,
  MENU_PATH,
  ORDER_RATE,
  PREPARE_BUDGET_MS,
  SCENARIOS,
  SECONDS,
  SEQUENTIAL_ORDERS,
  TICKET_SECRET,
  benchClock,
  started,
} from './api-knobs';
import type { Engine, MenuEncoding } from './api-knobs';
import { CEILING, meanOf, together } from './api-report';
import type { Row } from './api-report';
import { benchConfig } from './bench-config';
import { startInstance } from './live-orders';
import { runLoad } from './load';
import type { LoadFigures } from './load';

export const LABEL: Record<Engine, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

function config(database: ServerConfig['database']): ServerConfig {
  return benchConfig({ database, seedDemo: true, tableTicketSecret: TICKET_SECRET, now: benchClock });
}

/** A fresh PostgreSQL database next to the one named by the URL (like test/harness.ts). */
export async function freshPostgres(adminUrl: string) {
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

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** The table ticket of DINE_IN_TABLE (as its QR scan gives a diner; services/flows/tables/tickets.ts). */
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

export async function benchEngine(engine: Engine, adminUrl: string | undefined, rows: Row[]) {
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
