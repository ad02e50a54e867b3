/**
 * The knobs of `pnpm bench:api` (environment: BENCH_SECONDS, BENCH_SCENARIOS, BENCH_CONNECTIONS,
 * BENCH_ORDER_RATE) and the fixed choices of its scenarios, read once for the whole run.
 */
import { randomBytes } from 'node:crypto';
import { LUNCHTIME } from './bench-config';

export type Engine = 'pglite' | 'postgres';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** Which scenarios run (BENCH_SCENARIOS=menu,cart,order,scale); all by default. */
export const SCENARIOS = new Set((process.env.BENCH_SCENARIOS ?? 'menu,cart,order,scale').split(','));
/** Signs the table tickets of this process and of the instances it starts (one key, as in production). */
export const TICKET_SECRET = randomBytes(24).toString('hex');
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
/** Arrival rate of the rated order-create run (orders per second across all connections). */
export const ORDER_RATE = Number(process.env.BENCH_ORDER_RATE ?? 100);
export const MENU_PATH = '/api/menu?restaurant_id=1004';
/**
 * The menu as browsers ask for it (gzip; the API keeps a pre-gzipped reply) and uncompressed (what a
 * client without accept-encoding gets), each beside a bare server sending the very same bytes.
 */
export const MENU_ENCODINGS = [
  { name: 'gzip', headers: { 'accept-encoding': 'gzip, deflate, br' } },
  { name: 'identity', headers: {} },
] as const;
export type MenuEncoding = (typeof MENU_ENCODINGS)[number]['name'];
export const CART_SCOPE = 'kopitiam-ali';
export const DINE_IN_TABLE = 5003;
/** Cart tokens the cart-update run cycles through, so concurrent requests rarely touch one cart row. */
export const CART_UPDATE_TOKENS = 1000;
/** Carts prepared for the order-create run: as many as fit in this budget, at most MAX_ORDER_CARTS. */
export const PREPARE_BUDGET_MS = 10_000;
export const MAX_ORDER_CARTS = 4000;
/** Carts of the one-at-a-time order create run (at most a fifth of those prepared). */
export const SEQUENTIAL_ORDERS = 200;

/** LUNCHTIME, moving on in real time: every demo restaurant is open. */
export const started = performance.now();
export const benchClock = () => new Date(LUNCHTIME + (performance.now() - started));
