import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import type { LoadFigures, LoadSpec } from './load';

const spec = workerData as LoadSpec;
let counter = 0;
let firstFailure: string | undefined;

const options: autocannon.Options = {
  url: spec.origin,
  connections: spec.connections,
  ...(spec.overallRate !== undefined ? { overallRate: spec.overallRate } : {}),
  ...(spec.amount !== undefined ? { amount: spec.amount } : { duration: spec.duration ?? 5 }),
  timeout: 30,
  requests: [
    {
      method: spec.method,
      path: spec.path,
      setupRequest: (request) => {
        const i = counter++;
        const headers: Record<string, string> = { ...spec.headers };
        if (spec.cartTokens?.length) headers['cart-token'] = spec.cartTokens[i % spec.cartTokens.length]!;
        if (spec.idempotencyKey) headers['idempotency-key'] = randomUUID();
        if (spec.bodies?.length) {
          headers['content-type'] = 'application/json';
          return { ...request, headers, body: spec.bodies[i % spec.bodies.length]! };
        }
        return { ...request, headers };
      },
      onResponse: (status, body) => {
        if ((status < 200 || status > 299) && firstFailure === undefined)
          firstFailure = `${status} ${body.slice(0, 300)}`;
      },
    },
  ],
};

// Inside a worker thread autocannon returns its raw histograms (it expects its own manager to merge
// them); its exported aggregateResult turns them into the usual Result.
const aggregate = (
  autocannon as unknown as { aggregateResult(results: unknown[], opts: unknown): autocannon.Result }
).aggregateResult;
const result = aggregate([await autocannon(options)], options);

const ok = result['2xx'];
const figures: LoadFigures = {
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
parentPort?.postMessage(figures);
