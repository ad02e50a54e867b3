import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configFromEnv } from '../config';
import { eventually } from '../../test/eventually';
import { startTestServer } from '../../test/harness';
import { tracesUrl } from './tracing';

/** The OpenTelemetry SDK modules this server has imported so far (recorded by the mocks below). */
const loaded = vi.hoisted(() => new Set<string>());
vi.mock('@opentelemetry/sdk-trace', async (original) => {
  loaded.add('@opentelemetry/sdk-trace');
  return original();
});
vi.mock('@opentelemetry/exporter-trace-otlp-http', async (original) => {
  loaded.add('@opentelemetry/exporter-trace-otlp-http');
  return original();
});
vi.mock('@opentelemetry/resources', async (original) => {
  loaded.add('@opentelemetry/resources');
  return original();
});

interface ExportedSpan {
  name: string;
  traceId: string;
  parentSpanId?: string;
  attributes: { key: string; value: Record<string, unknown> }[];
}

/** A loopback OTLP/HTTP collector: keeps the spans of every JSON export it receives. */
async function fakeCollector() {
  const spans: ExportedSpan[] = [];
  const paths: string[] = [];
  const server = createServer((request, reply) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      paths.push(request.url ?? '');
      const parsed = JSON.parse(body) as {
        resourceSpans: { scopeSpans: { spans: ExportedSpan[] }[] }[];
      };
      for (const resource of parsed.resourceSpans)
        for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      reply.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    paths,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const attribute = (span: ExportedSpan, key: string) =>
  Object.values(span.attributes.find((entry) => entry.key === key)?.value ?? {})[0];

// One engine: tracing is about the HTTP layer, not the database.
describe('OpenTelemetry traces', () => {
  let collector: Awaited<ReturnType<typeof fakeCollector>>;
  beforeAll(async () => {
    collector = await fakeCollector();
  });
  afterAll(() => collector?.close());

  it('OTEL_EXPORTER_OTLP_ENDPOINT unset -> the server starts and answers, no SDK module loaded', async () => {
    const server = await startTestServer('pglite');
    try {
      expect((await fetch(`${server.baseUrl}/health`)).status).toBe(200);
      expect([...loaded]).toEqual([]);
    } finally {
      await server.close();
    }
    expect(collector.spans).toEqual([]);
  });

  it('set -> one server span per request, named by route pattern, child of the caller traceparent', async () => {
    const server = await startTestServer('pglite', {
      config: {
        observability: {
          metricsAllow: [],
          tracing: { endpoint: `${collector.endpoint}/`, serviceName: 'santap-test' },
        },
      },
    });
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    try {
      expect(loaded).toEqual(
        new Set([
          '@opentelemetry/sdk-trace',
          '@opentelemetry/exporter-trace-otlp-http',
          '@opentelemetry/resources',
        ]),
      );
      await fetch(`${server.baseUrl}/api/restaurant/new/1001/tables/5003`, {
        headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01`, 'x-request-id': 'traced-1' },
      });
    } finally {
      await server.close(); // flushes the batch
    }
    await eventually(() => expect(collector.spans.length).toBeGreaterThan(0));
    expect(collector.paths).toContain('/v1/traces');
    const span = collector.spans.find((entry) => attribute(entry, 'santap.request_id') === 'traced-1');
    expect(span).toMatchObject({
      name: 'GET /api/restaurant/new/:restaurantId/tables/:tableId',
      traceId,
      parentSpanId: '00f067aa0ba902b7',
    });
    expect(attribute(span!, 'http.route')).toBe('/api/restaurant/new/:restaurantId/tables/:tableId');
    expect(Number(attribute(span!, 'http.response.status_code'))).toBeGreaterThanOrEqual(200);
  });

  it('the traces URL -> the endpoint and /v1/traces, one slash between', () => {
    expect(tracesUrl('http://collector:4318')).toBe('http://collector:4318/v1/traces');
    expect(tracesUrl('http://collector:4318/')).toBe('http://collector:4318/v1/traces');
  });

  it('the environment -> tracing only when OTEL_EXPORTER_OTLP_ENDPOINT is set; not a URL -> refused at start', () => {
    const DEV = { NODE_ENV: 'development' } as const;
    expect(configFromEnv(DEV).observability?.tracing).toBeUndefined();
    expect(configFromEnv({ ...DEV, OTEL_EXPORTER_OTLP_ENDPOINT: '' }).observability?.tracing).toBeUndefined();
    expect(
      configFromEnv({ ...DEV, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).observability?.tracing,
    ).toEqual({ endpoint: 'http://collector:4318', serviceName: 'santap-api' });
    expect(() => configFromEnv({ ...DEV, OTEL_EXPORTER_OTLP_ENDPOINT: 'collector' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT/,
    );
  });
});
