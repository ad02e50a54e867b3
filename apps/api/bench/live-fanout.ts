/**
 * Live status on a busy evening (README "Scaling"): PAGES open status pages (websockets) spread over
 * two API instances (processes of their own, `live-instance.ts`) on one PostgreSQL database, each page
 * watching its own order, while the manager changes RATE statuses a second through the HTTP API (the
 * calls alternate between the instances). For every change: the time from just before the staff call
 * to the watching page receiving its `order.status` event; events that never arrive are lost.
 * Orders are one real order (cart, create) cloned in SQL, each with a cart token of its own.
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer as createNetServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import WebSocket from 'ws';
import { createApiClient } from '@santap/api-client';
import { cart, orders, restaurants, staff } from '@santap/contract';
import { createCartToken } from '@santap/domain';
import { openDatabase } from '../src/db/client';
import { seedDemoData } from '../src/seed/seed';
import { DEMO_STAFF_PASSWORD } from '../src/seed/ids';

export interface FanoutFigures {
  pages: number;
  instances: number;
  rate: number;
  seconds: number;
  /** Staff calls answered 2xx, and the events their pages received. */
  changes: number;
  delivered: number;
  lost: number;
  failedCalls: number;
  p50: number;
  p99: number;
  max: number;
  /** Time to open and subscribe every page. */
  subscribeSeconds: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function startInstance(databaseUrl: string, clockStart: number, ticketSecret?: string) {
  const port = await freePort();
  const child: ChildProcess = fork(new URL('./live-instance.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      LIVE_DATABASE_URL: databaseUrl,
      LIVE_PORT: String(port),
      LIVE_CLOCK_START: String(clockStart),
      ...(ticketSecret ? { LIVE_TICKET_SECRET: ticketSecret } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`live instance exited (${code}) while starting`)));
  });
  return { port, child };
}

/** Runs the scenario on `databaseUrl` (a fresh, empty database: it is migrated and seeded here). */
export async function runLiveFanout(
  databaseUrl: string,
  options: { pages?: number; rate?: number; seconds?: number } = {},
): Promise<FanoutFigures> {
  const pages = options.pages ?? 10_000;
  const rate = options.rate ?? 200;
  const seconds = options.seconds ?? 15;
  const setup = await openDatabase({ engine: 'postgres', url: databaseUrl, poolSize: 2 });
  await seedDemoData(setup.db);
  await setup.close();

  const clockStart = Date.now();
  const instances = await Promise.all([0, 1].map(() => startInstance(databaseUrl, clockStart)));
  const origin = (i: number) => `http://127.0.0.1:${instances[i % instances.length]!.port}`;
  const sockets: WebSocket[] = [];
  try {
    // One real order, then PAGES copies of it, each with its own cart token (its page's credential).
    // The diner scans T3 first (a dine-in order needs that table's ticket; README "Dine-in table
    // tickets"), keeping the ticket the table check sets, as a browser keeps the cookie.
    const cartToken = createCartToken();
    let ticket: string | undefined;
    const diner = createApiClient({
      baseUrl: origin(0),
      country: () => 'MY',
      language: () => 'en',
      cartToken: () => cartToken,
      fetch: async (input, init) => {
        const request = new Request(input, init);
        if (ticket) request.headers.set('table-ticket', ticket);
        const response = await fetch(request);
        for (const cookie of response.headers.getSetCookie()) {
          ticket = /^table_ticket=([^;]*)/.exec(cookie)?.[1] || ticket;
        }
        return response;
      },
    });
    await diner.call(restaurants.restaurantTable, {
      params: { restaurantId: 1001, tableId: 5003 },
      query: {},
    });
    const menu = await diner.call(restaurants.menu, { query: { restaurant_id: 'kopitiam-ali' } });
    const item = menu.items.find(
      (i) => i.in_stock && !i.is_voucher && i.option_groups.every((group) => !group.required),
    )!;
    await diner.call(cart.cartUpdate, { body: { scope: 'kopitiam-ali', item_id: item.id, quantity: 1 } });
    await diner.call(cart.cartDetails, {
      body: { scope: 'kopitiam-ali', context: { orderType: 1, tableId: 5003 } },
    });
    const template = await diner.call(orders.orderCreate, {
      body: { scope: 'kopitiam-ali', payment_mode: 'pay_later' },
    });
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows: columns } = await db.query<{ name: string }>(
      `SELECT column_name AS name FROM information_schema.columns
       WHERE table_name = 'orders' AND column_name NOT IN ('id', 'cart_token') ORDER BY ordinal_position`,
    );
    const list = columns.map((column) => pg.escapeIdentifier(column.name)).join(', ');
    const tokens = Array.from({ length: pages }, () => createCartToken());
    const { rows: cloned } = await db.query<{ id: number; cart_token: string }>(
      `INSERT INTO orders (${list}, cart_token)
       SELECT ${list}, t.token FROM orders, unnest($2::text[]) AS t(token) WHERE orders.id = $1
       RETURNING id, cart_token`,
      [template.order_id, tokens],
    );
    await db.end();

    // Open every page: half on each instance, each subscribed to its own order.
    const sentAt = new Map<number, number>();
    const latencies: number[] = [];
    let delivered = 0;
    const subscribeStart = performance.now();
    const open = (index: number) =>
      new Promise<void>((resolve, reject) => {
        const { id, cart_token } = cloned[index]!;
        const socket = new WebSocket(
          `ws://127.0.0.1:${instances[index % 2]!.port}/ws?cart_token=${encodeURIComponent(cart_token)}`,
        );
        sockets.push(socket);
        socket.once('open', () => socket.send(JSON.stringify({ type: 'subscribe', topic: `order:${id}` })));
        socket.on('message', (raw) => {
          const message = JSON.parse(String(raw)) as {
            type: string;
            event?: { type: string; data: { order_id?: number } };
          };
          if (message.type === 'subscribed') resolve();
          else if (message.type === 'error') reject(new Error(`subscribe ${id}: ${String(raw)}`));
          else if (message.type === 'event' && message.event?.type === 'order.status') {
            const at = sentAt.get(message.event.data.order_id ?? -1);
            if (at !== undefined) {
              latencies.push(Date.now() - at);
              delivered++;
            }
          }
        });
        socket.once('error', reject);
      });
    for (let start = 0; start < pages; start += 200) {
      await Promise.all(Array.from({ length: Math.min(200, pages - start) }, (_, i) => open(start + i)));
    }
    const subscribeSeconds = (performance.now() - subscribeStart) / 1000;

    // The manager confirms orders at RATE a second (open loop), alternating instances.
    const session = await diner.call(staff.staffLogin, {
      body: { username: 'kopitiam-ali-manager', password: DEMO_STAFF_PASSWORD },
    });
    let changes = 0;
    let failedCalls = 0;
    const inFlight = new Set<Promise<void>>();
    const total = Math.min(pages, rate * seconds);
    const began = performance.now();
    for (let k = 0; k < total; k++) {
      const due = began + (k * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      const { id } = cloned[k]!;
      sentAt.set(id, Date.now());
      const call = fetch(`${origin(k)}/api/staff/orders/${id}/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
        body: JSON.stringify({ status: 1 }),
      })
        .then(async (response) => {
          await response.arrayBuffer();
          if (response.ok) changes++;
          else failedCalls++;
        })
        .catch(() => {
          failedCalls++;
        })
        .finally(() => inFlight.delete(call));
      inFlight.add(call);
    }
    await Promise.all(inFlight);
    // Stragglers: events still on their way.
    for (let waited = 0; waited < 10_000 && delivered < changes; waited += 200) await sleep(200);
    latencies.sort((a, b) => a - b);
    return {
      pages,
      instances: instances.length,
      rate,
      seconds,
      changes,
      delivered,
      lost: changes - delivered,
      failedCalls,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? Number.NaN,
      subscribeSeconds,
    };
  } finally {
    for (const socket of sockets) socket.terminate();
    await Promise.all(
      instances.map(
        ({ child }) =>
          new Promise((resolve) => {
            if (child.exitCode !== null) return resolve(undefined);
            child.once('exit', resolve);
            child.kill('SIGTERM');
          }),
      ),
    );
  }
}

/** One table row of the figures. */
export function fanoutLine(figures: FanoutFigures): string {
  return `| ${figures.pages.toLocaleString('en')} pages on ${figures.instances} instances, ${figures.rate} status changes/s for ${figures.seconds} s | ${figures.changes} | ${figures.lost} | ${figures.p50} ms | ${figures.p99} ms | ${figures.max} ms | ${figures.subscribeSeconds.toFixed(1)} s |`;
}

export const FANOUT_HEADER = [
  '| live status (PostgreSQL) | changes | lost | p50 staff call -> page | p99 | max | opening every page |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
];
