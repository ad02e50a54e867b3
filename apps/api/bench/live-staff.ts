/**
 * The staff status change alone (README "Scaling past one machine"): how many the two instances of
 * the live fan-out confirm a second with no page open, saturated (IN_FLIGHT calls always waiting,
 * closed loop, alternating instances, after a warm-up), and the call's p50 and p99. The fan-out's 200
 * changes a second need this well above 200, the call's own p99 far under the 200 ms asked.
 */
import pg from 'pg';
import { confirmOrder, percentile, prepareLiveOrders } from './live-orders';
import { backendsCpuMs, cpuMs } from './proc-cpu';

export interface StaffCallFigures {
  instances: number;
  inFlight: number;
  seconds: number;
  /** Calls answered 2xx within the measured seconds, and a second. */
  changes: number;
  perSecond: number;
  failedCalls: number;
  p50: number;
  p99: number;
  /** CPU milliseconds per change: both instances, their PostgreSQL backends, this load generator. */
  cpu: { instances: number; postgres: number; bench: number };
  /** The orders prepared ran out before the seconds did (the figures are of a shorter run). */
  ranOut: boolean;
}

/** Seconds of calls before the measured ones (JIT, pools, caches). */
const WARM_SECONDS = 2;
/** Orders prepared per second of the run: more than two instances on any machine here confirm. */
const ORDERS_PER_SECOND = 1500;

/** Runs on `databaseUrl` (a fresh, empty database: it is migrated and seeded here). */
export async function runStaffCalls(
  databaseUrl: string,
  options: { seconds?: number; inFlight?: number } = {},
): Promise<StaffCallFigures> {
  const seconds = options.seconds ?? 10;
  const inFlight = options.inFlight ?? 32;
  const live = await prepareLiveOrders(databaseUrl, ORDERS_PER_SECOND * (seconds + WARM_SECONDS));
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    await db.connect();
    let next = 0;
    /** Closed loop: `inFlight` callers, each calling again as soon as its call is answered. */
    const run = async (forMs: number, record: (ok: boolean, ms: number) => void) => {
      const end = performance.now() + forMs;
      const caller = async () => {
        while (performance.now() < end && next < live.orders.length) {
          const { ok, ms } = await confirmOrder(live, next++);
          record(ok, ms);
        }
      };
      await Promise.all(Array.from({ length: inFlight }, caller));
    };
    await run(WARM_SECONDS * 1000, () => undefined);
    const calls: number[] = [];
    let failedCalls = 0;
    const cpu = async () => {
      const own = process.cpuUsage();
      return {
        instances: live.pids.reduce((sum, pid) => sum + cpuMs(pid), 0),
        postgres: await backendsCpuMs(db, new URL(databaseUrl).pathname.slice(1)),
        bench: (own.user + own.system) / 1000,
      };
    };
    const cpu0 = await cpu();
    const began = performance.now();
    await run(seconds * 1000, (ok, ms) => (ok ? calls.push(ms) : failedCalls++));
    const elapsed = (performance.now() - began) / 1000;
    const cpu1 = await cpu();
    const perChange = (key: keyof typeof cpu0) =>
      Math.round(((cpu1[key] - cpu0[key]) / Math.max(calls.length, 1)) * 100) / 100;
    calls.sort((a, b) => a - b);
    return {
      instances: live.ports.length,
      inFlight,
      seconds,
      changes: calls.length,
      perSecond: Math.round(calls.length / elapsed),
      failedCalls,
      p50: Math.round(percentile(calls, 50)),
      p99: Math.round(percentile(calls, 99)),
      cpu: { instances: perChange('instances'), postgres: perChange('postgres'), bench: perChange('bench') },
      ranOut: next >= live.orders.length,
    };
  } finally {
    await db.end();
    await live.stop();
  }
}

/** One table row of the figures. */
export function staffCallLine(figures: StaffCallFigures): string {
  return `| staff status change alone on ${figures.instances} instances, no page open, ${figures.inFlight} calls in flight for ${figures.seconds} s${figures.ranOut ? ' (orders ran out)' : ''} | ${figures.changes} | ${figures.failedCalls} | ${figures.perSecond} | ${figures.p50} ms | ${figures.p99} ms | ${figures.cpu.instances} / ${figures.cpu.postgres} / ${figures.cpu.bench} ms |`;
}

export const STAFF_CALL_HEADER = [
  '| staff call (PostgreSQL) | changes | failed | changes/s | p50 | p99 | CPU per change: instances / PostgreSQL / load generator |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
];
