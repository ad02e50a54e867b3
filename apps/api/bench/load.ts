/**
 * One autocannon run in a worker thread, so the load generator does not share the server's event loop
 * (the server runs on the main thread of the same process).
 */
import { Worker } from 'node:worker_threads';

export interface LoadSpec {
  title: string;
  /** Origin of the server, e.g. http://127.0.0.1:40123 */
  origin: string;
  method: 'GET' | 'POST';
  path: string;
  connections: number;
  /** Seconds to run, unless `amount` is given. */
  duration?: number;
  /** Number of requests to make, then stop (each prepared cart is used once). */
  amount?: number;
  headers?: Record<string, string>;
  /** Request bodies, used in turn. */
  bodies?: string[];
  /** Sent as the `cart-token` header, in turn: request i uses token i mod n. */
  cartTokens?: string[];
  /**
   * Total requests per second across all connections; unset: as fast as possible (autocannon). Set,
   * the requests arrive as a Poisson process at that mean rate (seeded, so every run sends the same
   * schedule), over up to `connections` keep-alive connections, and each latency is measured from
   * the request's scheduled arrival (a request that waits for a free connection counts its wait).
   * autocannon's own `overallRate` is not used: each of its connections sends its share at the start
   * of every second, all together, so 100 connections at 100/s are 100-request bursts.
   */
  overallRate?: number;
  /** A fresh Idempotency-Key on every request. */
  idempotencyKey?: boolean;
}

export interface LoadFigures {
  title: string;
  /** Completed 2xx responses per second over the run. */
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  non2xx: number;
  errors: number;
  seconds: number;
  /** The body of the first non-2xx response, to tell a failing run from a slow one. */
  firstFailure?: string;
}

export function runLoad(spec: LoadSpec): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    // Node 20 does not carry `--import tsx` into workers: the worker registers tsx, then loads the script.
    const tsx = import.meta.resolve('tsx/esm/api');
    const script = new URL('./load-worker.ts', import.meta.url).href;
    const boot = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(script)}); })`;
    const worker = new Worker(boot, { eval: true, workerData: spec });
    worker.once('message', (figures: LoadFigures) => resolve(figures));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load worker exited with ${code}`));
    });
  });
}
