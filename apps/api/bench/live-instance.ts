/**
 * One API instance of the live fan-out bench, as a process of its own (each holds thousands of
 * sockets; one process could not hold both sides of 10,000 within its file limit): production
 * config on the PostgreSQL database in LIVE_DATABASE_URL, listening on LIVE_PORT, clock as api-bench's.
 */
import process from 'node:process';
import { createServer } from '../src/server';

const url = process.env.LIVE_DATABASE_URL!;
const port = Number(process.env.LIVE_PORT);
const LUNCHTIME = Date.parse('2026-11-23T04:00:00Z');
const offset = LUNCHTIME - Number(process.env.LIVE_CLOCK_START);
const app = await createServer({
  env: 'production',
  port,
  host: '127.0.0.1',
  database: { engine: 'postgres', url, poolSize: 10 },
  publicUrl: `http://127.0.0.1:${port}`,
  logLevel: 'silent',
  devInbox: false,
  seedDemo: false,
  web: { serve: false },
  defaultCountry: 'MY',
  trustProxy: false,
  now: () => new Date(Date.now() + offset),
});
await app.listen({ port, host: '127.0.0.1' });
process.send?.('ready');
process.once('SIGTERM', () => void app.close().finally(() => process.exit(0)));
