/**
 * Live status on a busy evening (README "Scaling"): PAGES open status pages (websockets) spread over
 * two API instances (processes of their own, `live-instance.ts`) on one PostgreSQL database, each page
 * watching its own order, while the manager changes RATE statuses a second through the HTTP API (the
 * calls alternate between the instances). For every change: the time from just before the staff call
 * to the watching page receiving its `order.status` event; events that never arrive are lost. The
 * instances and orders are live-orders.ts'; the staff call alone, with no page open, live-staff.ts.
 */
import WebSocket from 'ws';
import { confirmOrder, percentile, prepareLiveOrders, sleep } from './live-orders';

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
  /** The staff call's own milliseconds (to its reply), p50 and p99: queueing in the call shows here. */
  callP50: number;
  callP99: number;
  /** Time to open and subscribe every page. */
  subscribeSeconds: number;
}

/** Runs the scenario on `databaseUrl` (a fresh, empty database: it is migrated and seeded here). */
export async function runLiveFanout(
  databaseUrl: string,
  options: { pages?: number; rate?: number; seconds?: number } = {},
): Promise<FanoutFigures> {
  const pages = options.pages ?? 10_000;
  const rate = options.rate ?? 200;
  const seconds = options.seconds ?? 15;
  // One order per page, each page's credential its order's cart token.
  const live = await prepareLiveOrders(databaseUrl, pages);
  const cloned = live.orders;
  const sockets: WebSocket[] = [];
  try {
    // Open every page: half on each instance, each subscribed to its own order.
    const sentAt = new Map<number, number>();
    const latencies: number[] = [];
    let delivered = 0;
    const subscribeStart = performance.now();
    const open = (index: number) =>
      new Promise<void>((resolve, reject) => {
        const { id, cart_token } = cloned[index]!;
        const socket = new WebSocket(
          `ws://127.0.0.1:${live.ports[index % 2]!}/ws?cart_token=${encodeURIComponent(cart_token)}`,
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
    let changes = 0;
    let failedCalls = 0;
    const calls: number[] = [];
    const inFlight = new Set<Promise<void>>();
    const total = Math.min(pages, rate * seconds);
    const began = performance.now();
    for (let k = 0; k < total; k++) {
      const due = began + (k * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      sentAt.set(cloned[k]!.id, Date.now());
      const call = confirmOrder(live, k)
        .then(({ ok, ms }) => {
          if (ok) {
            changes++;
            calls.push(ms);
          } else failedCalls++;
        })
        .finally(() => inFlight.delete(call));
      inFlight.add(call);
    }
    await Promise.all(inFlight);
    // Stragglers: events still on their way.
    for (let waited = 0; waited < 10_000 && delivered < changes; waited += 200) await sleep(200);
    latencies.sort((a, b) => a - b);
    calls.sort((a, b) => a - b);
    return {
      pages,
      instances: live.ports.length,
      rate,
      seconds,
      changes,
      delivered,
      lost: changes - delivered,
      failedCalls,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? Number.NaN,
      callP50: Math.round(percentile(calls, 50)),
      callP99: Math.round(percentile(calls, 99)),
      subscribeSeconds,
    };
  } finally {
    for (const socket of sockets) socket.terminate();
    await live.stop();
  }
}

/** One table row of the figures. */
export function fanoutLine(figures: FanoutFigures): string {
  return `| ${figures.pages.toLocaleString('en')} pages on ${figures.instances} instances, ${figures.rate} status changes/s for ${figures.seconds} s | ${figures.changes} | ${figures.lost} | ${figures.p50} ms | ${figures.p99} ms | ${figures.max} ms | ${figures.callP50} / ${figures.callP99} ms | ${figures.subscribeSeconds.toFixed(1)} s |`;
}

export const FANOUT_HEADER = [
  '| live status (PostgreSQL) | changes | lost | p50 staff call -> page | p99 | max | staff call to its reply, p50 / p99 | opening every page |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
];
