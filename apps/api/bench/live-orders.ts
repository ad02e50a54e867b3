/**
 * What the live benches stand on (live-fanout.ts, live-staff.ts): two API instances as processes of
 * their own (`live-instance.ts`) on one fresh PostgreSQL database, orders waiting for the restaurant
 * (one real order, cart and create, cloned in SQL, each with a cart token of its own: its page's
 * credential), the manager's session, and the manager's call confirming one of them.
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { createApiClient } from '@santap/api-client';
import { cart, orders, restaurants, staff } from '@santap/contract';
import { createCartToken } from '@santap/domain';
import { openDatabase } from '../src/db/client';
import { freePort } from '../test/free-port';
import { seedDemoData } from '../src/seed/seed';
import { DEMO_STAFF_PASSWORD } from '../src/seed/ids';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function percentile(sorted: number[], p: number): number {
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

function stopInstance({ child }: { child: ChildProcess }) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(undefined);
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

export interface LiveOrders {
  /** The instances' ports, in the order calls alternate between them, and their process ids. */
  ports: number[];
  pids: number[];
  /** Orders waiting for confirmation, each with its own cart token. */
  orders: { id: number; cart_token: string }[];
  /** The manager's bearer token. */
  staffToken: string;
  stop(): Promise<void>;
}

/**
 * Seeds `databaseUrl` (a fresh, empty database), starts the two instances and places `count` orders
 * waiting for the restaurant. `stop()` ends the instances (they are ended here if this fails).
 */
export async function prepareLiveOrders(databaseUrl: string, count: number): Promise<LiveOrders> {
  const setup = await openDatabase({ engine: 'postgres', url: databaseUrl, poolSize: 2 });
  await seedDemoData(setup.db);
  await setup.close();

  const clockStart = Date.now();
  const instances = await Promise.all([0, 1].map(() => startInstance(databaseUrl, clockStart)));
  const stop = async () => {
    await Promise.all(instances.map(stopInstance));
  };
  try {
    // The diner scans T3 first (a dine-in order needs that table's ticket; README "Dine-in table
    // tickets"), keeping the ticket the table check sets, as a browser keeps the cookie.
    const cartToken = createCartToken();
    let ticket: string | undefined;
    const diner = createApiClient({
      baseUrl: `http://127.0.0.1:${instances[0]!.port}`,
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
    const tokens = Array.from({ length: count }, () => createCartToken());
    const { rows: cloned } = await db.query<{ id: number; cart_token: string }>(
      `INSERT INTO orders (${list}, cart_token)
       SELECT ${list}, t.token FROM orders, unnest($2::text[]) AS t(token) WHERE orders.id = $1
       RETURNING id, cart_token`,
      [template.order_id, tokens],
    );
    await db.end();
    const session = await diner.call(staff.staffLogin, {
      body: { username: 'kopitiam-ali-manager', password: DEMO_STAFF_PASSWORD },
    });
    return {
      ports: instances.map(({ port }) => port),
      pids: instances.map(({ child }) => child.pid!),
      orders: cloned,
      staffToken: session.token,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The manager confirms the `k`th order through the HTTP API, at instance `k` mod 2: whether it
 * answered 2xx, and its milliseconds.
 */
export async function confirmOrder(live: LiveOrders, k: number): Promise<{ ok: boolean; ms: number }> {
  const began = performance.now();
  const port = live.ports[k % live.ports.length]!;
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/staff/orders/${live.orders[k]!.id}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${live.staffToken}` },
      body: JSON.stringify({ status: 1 }),
    });
    await response.arrayBuffer();
    return { ok: response.ok, ms: performance.now() - began };
  } catch {
    return { ok: false, ms: performance.now() - began };
  }
}
