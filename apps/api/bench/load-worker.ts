import { randomUUID } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import type { LoadFigures, LoadSpec } from './load';

const spec = workerData as LoadSpec;
let counter = 0;
let firstFailure: string | undefined;

/** Headers and body of request `i` (its cart token, a fresh Idempotency-Key, its body). */
function requestParts(i: number): { headers: Record<string, string>; body?: string } {
  const headers: Record<string, string> = { ...spec.headers };
  if (spec.cartTokens?.length) headers['cart-token'] = spec.cartTokens[i % spec.cartTokens.length]!;
  if (spec.idempotencyKey) headers['idempotency-key'] = randomUUID();
  if (spec.bodies?.length) {
    headers['content-type'] = 'application/json';
    return { headers, body: spec.bodies[i % spec.bodies.length]! };
  }
  return { headers };
}

function noteFailure(status: number, body: string) {
  if ((status < 200 || status > 299) && firstFailure === undefined)
    firstFailure = `${status} ${body.slice(0, 300)}`;
}

/** A seeded uniform generator in (0, 1) (mulberry32): the same arrival schedule on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 1) / 4294967297;
  };
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * Open-loop load: `amount` requests (or `duration` seconds' worth) arriving as a Poisson process of
 * mean rate `rate`, over at most `connections` keep-alive connections. Latency runs from each
 * request's scheduled arrival to the end of its response.
 */
async function poissonRun(rate: number): Promise<LoadFigures> {
  const total = spec.amount ?? Math.round(rate * (spec.duration ?? 5));
  const agent = new Agent({ keepAlive: true, maxSockets: spec.connections });
  const url = new URL(spec.path, spec.origin);
  const random = seeded(20261122);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const began = performance.now();
  let due = began;
  const sent: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    due += (-Math.log(random()) / rate) * 1000;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const scheduled = due;
    const { headers, body } = requestParts(i);
    sent.push(
      new Promise<void>((done) => {
        const outgoing = httpRequest(url, { method: spec.method, headers, agent }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            if (status >= 200 && status <= 299) latencies.push(performance.now() - scheduled);
            else {
              non2xx++;
              noteFailure(status, Buffer.concat(chunks).toString());
            }
            done();
          });
        });
        outgoing.setTimeout(30_000, () => outgoing.destroy(new Error('timeout')));
        outgoing.on('error', () => {
          errors++;
          done();
        });
        outgoing.end(body);
      }),
    );
  }
  await Promise.all(sent);
  agent.destroy();
  const seconds = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    title: spec.title,
    rps: seconds > 0 ? latencies.length / seconds : 0,
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    ok: latencies.length,
    non2xx,
    errors,
    seconds,
    ...(firstFailure !== undefined ? { firstFailure } : {}),
  };
}

const options: autocannon.Options = {
  url: spec.origin,
  connections: spec.connections,
  ...(spec.amount !== undefined ? { amount: spec.amount } : { duration: spec.duration ?? 5 }),
  timeout: 30,
  requests: [
    {
      method: spec.method,
      path: spec.path,
      setupRequest: (request) => {
        const { headers, body } = requestParts(counter++);
        return { ...request, headers, ...(body === undefined ? {} : { body }) };
      },
      onResponse: noteFailure,
    },
  ],
};

// Inside a worker thread autocannon returns its raw histograms (it expects its own manager to merge
// them); its exported aggregateResult turns them into the usual Result.
const aggregate = (
  autocannon as unknown as { aggregateResult(results: unknown[], opts: unknown): autocannon.Result }
).aggregateResult;

async function closedLoopRun(): Promise<LoadFigures> {
  const result = aggregate([await autocannon(options)], options);
  const ok = result['2xx'];
  return {
    title: spec.title,
    rps: result.duration > 0 ? ok / result.duration : 0,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok,
    non2xx: result.non2xx,
    errors: result.errors,
    seconds: result.duration,
    ...(firstFailure !== undefined ? { firstFailure } : {}),
  };
}

parentPort?.postMessage(
  spec.overallRate !== undefined ? await poissonRun(spec.overallRate) : await closedLoopRun(),
);
