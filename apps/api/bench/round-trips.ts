/**
 * `node --import tsx bench/round-trips.ts`: the database round trips of one cart update, one order
 * create and one staff status change (the manager confirming an order) on PostgreSQL
 * (TEST_DATABASE_URL or DATABASE_URL names the server; a fresh database is made and dropped), counted
 * by wrapping node-postgres' `Client.query`, with the statements of one request printed. With
 * `--cpu-prof` on node, a CPU profile of N (ROUND_TRIPS_N, 300) of each, one at a time.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { createCartToken } from '@santap/domain';
import { createServer } from '../src/server';
import { DEMO_STAFF_PASSWORD } from '../src/seed/ids';
import { issueTableTicket } from '../src/services/flows/tables/tickets';
import { LUNCHTIME, benchConfig } from './bench-config';
import { backendsCpuMs } from './proc-cpu';

const N = Number(process.env.ROUND_TRIPS_N ?? 300);
const adminUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('set TEST_DATABASE_URL');
const name = `santap_rt_${randomBytes(5).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;

let log: string[] | undefined;
let count = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  count++;
  if (log) {
    const first = args[0] as string | { text: string };
    log.push(
      String(typeof first === 'string' ? first : first.text)
        .replace(/\s+/g, ' ')
        .slice(0, 400),
    );
  }
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as never;

const t0 = Date.now();
const app = await createServer(
  benchConfig({
    database: { engine: 'postgres', url: url.toString() },
    seedDemo: true,
    now: () => new Date(LUNCHTIME + (Date.now() - t0)),
  }),
);
await app.listen({ port: 0, host: '127.0.0.1' });
const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const ticket = issueTableTicket(app.santap, { restaurantId: 1001, tableId: 5003 });

async function call(path: string, token: string, body: unknown, extra: Record<string, string> = {}) {
  const response = await fetch(origin + path, {
    method: 'POST',
    headers: {
      'cart-token': token,
      'country-code': 'MY',
      'content-type': 'application/json',
      'table-ticket': ticket,
      ...extra,
    },
    body: JSON.stringify(body),
  });
  const reply = (await response.json()) as { status: number; message: string; data: unknown };
  if (reply.status !== 1) throw new Error(`${path}: ${reply.message}`);
  return reply.data;
}
const menu = (await (
  await fetch(`${origin}/api/menu?restaurant_id=kopitiam-ali`, { headers: { 'country-code': 'MY' } })
).json()) as {
  data: { items: { id: number; in_stock: boolean; option_groups: { required: boolean }[] }[] };
};
const item = menu.data.items.find((i) => i.in_stock && !i.option_groups.some((g) => g.required))!.id;

async function measure(what: string, run: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await run(i); // warm-up
  log = [];
  const before = count;
  await run(999_999);
  console.log(`\n${what}: ${count - before} round trips`);
  for (const line of log) console.log(`  ${line}`);
  log = undefined;
  const began = performance.now();
  const c0 = count;
  const cpu0 = process.cpuUsage();
  const pg0 = await backendsCpuMs(admin, name);
  for (let i = 0; i < N; i++) await run(i);
  const ms = (performance.now() - began) / N;
  const cpu = process.cpuUsage(cpu0);
  const pgMs = ((await backendsCpuMs(admin, name)) - pg0) / N;
  console.log(
    `${what}: ${N} one at a time, ${ms.toFixed(2)} ms each, ${((count - c0) / N).toFixed(1)} round trips each; CPU per request: Node ${((cpu.user + cpu.system) / 1000 / N).toFixed(2)} ms (server and client in one process), PostgreSQL ${pgMs.toFixed(2)} ms`,
  );
}

const tokens = Array.from({ length: 1000 }, () => createCartToken());
if (process.env.SATURATE === 'cart') {
  const { runLoad } = await import('./load');
  const spec = {
    origin,
    method: 'POST' as const,
    path: '/api/orders/cart/update.php',
    connections: 100,
    headers: { 'country-code': 'MY' },
    cartTokens: tokens,
    bodies: [JSON.stringify({ scope: 'kopitiam-ali', item_id: item, quantity: 1 })],
  };
  await runLoad({ ...spec, title: 'warm', duration: 3 });
  const before = count;
  const cpu0 = process.cpuUsage();
  const figures = await runLoad({
    ...spec,
    title: 'cart',
    duration: Number(process.env.SATURATE_SECONDS ?? 10),
  });
  const cpu = process.cpuUsage(cpu0);
  console.log(
    JSON.stringify(figures),
    `round trips/req ${((count - before) / figures.ok).toFixed(1)}`,
    `process CPU ms/req ${((cpu.user + cpu.system) / 1000 / figures.ok).toFixed(2)}`,
  );
  await app.close();
  await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
  process.exit(0);
}
// Carts that exist already (the common case: a diner's second dish), as in the one-at-a-time run.
await measure('cart update', (i) =>
  call('/api/orders/cart/update.php', tokens[i % 50]!, { scope: 'kopitiam-ali', item_id: item, quantity: 1 }),
);
const carts: string[] = [];
for (let i = 0; i < N + 21; i++) {
  const token = createCartToken();
  await call('/api/orders/cart/update.php', token, { scope: 'kopitiam-ali', item_id: item, quantity: 2 });
  await call('/api/orders/cart/update_cart_details.php', token, {
    scope: 'kopitiam-ali',
    context: { orderType: 1, tableId: 5003 },
  });
  carts.push(token);
}
let next = 0;
const placed: number[] = [];
await measure('order create', async () => {
  const order = await call(
    '/api/orders/create.php',
    carts[next++]!,
    { scope: 'kopitiam-ali', payment_mode: 'pay_later' },
    {
      'idempotency-key': crypto.randomUUID(),
    },
  );
  placed.push((order as { order_id: number }).order_id);
});
// The manager confirms each order just placed (README "Scaling past one machine": the live fan-out's
// staff call). The cart token sent along is ignored by a staff call.
const { token: staffToken } = (await call('/api/staff/login', tokens[0]!, {
  username: 'kopitiam-ali-manager',
  password: DEMO_STAFF_PASSWORD,
})) as { token: string };
next = 0;
await measure('staff status change', async () => {
  const headers = { authorization: `Bearer ${staffToken}` };
  await call(`/api/staff/orders/${placed[next++]!}/status`, tokens[0]!, { status: 1 }, headers);
});
await app.close();
await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
await admin.end();
