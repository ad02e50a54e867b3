/**
 * One API instance of the live fan-out bench and of api-bench's two-instances-against-one runs, as a
 * process of its own (each holds thousands of sockets; one process could not hold both sides of
 * 10,000 within its file limit): production config on the PostgreSQL database in LIVE_DATABASE_URL,
 * listening on LIVE_PORT, clock and abuse limits as api-bench's (one loopback address stands for every
 * diner), table tickets signed with LIVE_TICKET_SECRET when set (so a ticket issued by the bench is
 * good at every instance).
 */
import process from 'node:process';
import { createServer } from '../src/server';
import { LUNCHTIME, benchConfig } from './bench-config';

const url = process.env.LIVE_DATABASE_URL!;
const port = Number(process.env.LIVE_PORT);
const offset = LUNCHTIME - Number(process.env.LIVE_CLOCK_START);
const app = await createServer(
  benchConfig({
    port,
    database: { engine: 'postgres', url, poolSize: 10 },
    seedDemo: false,
    ...(process.env.LIVE_TICKET_SECRET ? { tableTicketSecret: process.env.LIVE_TICKET_SECRET } : {}),
    now: () => new Date(Date.now() + offset),
  }),
);
await app.listen({ port, host: '127.0.0.1' });
process.send?.('ready');
process.once('SIGTERM', () => void app.close().finally(() => process.exit(0)));
