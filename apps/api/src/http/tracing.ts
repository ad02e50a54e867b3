/**
 * OpenTelemetry traces (apps/api docs, Observability): with `OTEL_EXPORTER_OTLP_ENDPOINT` set, one
 * server span per request, named by its route's pattern, a child of the caller's W3C `traceparent`,
 * exported over OTLP/HTTP in batches. Unset, nothing here is loaded: the SDK and the exporter come in
 * by dynamic import only when configured, so a server without tracing pays no start-up or memory for it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Span } from '@opentelemetry/api';
import type { ObservabilityConfig } from '../config';
import { routeLabel } from './metrics';

/** The traces endpoint of an OTLP/HTTP collector: the base endpoint and the signal's path (OTLP spec). */
export function tracesUrl(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, '')}/v1/traces`;
}

/** Spans per request when `tracing` is configured; without it, returns at once having loaded nothing. */
export async function registerTracing(app: FastifyInstance, tracing: ObservabilityConfig['tracing']) {
  if (!tracing) return;
  const [api, core, sdk, otlp, resources, conventions] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/core'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/semantic-conventions'),
  ]);
  const provider = new sdk.TracerProvider({
    resource: resources.resourceFromAttributes({ [conventions.ATTR_SERVICE_NAME]: tracing.serviceName }),
    spanProcessors: [
      new sdk.BatchSpanProcessor({
        exporter: new otlp.OTLPTraceExporter({ url: tracesUrl(tracing.endpoint) }),
      }),
    ],
  });
  const tracer = provider.getTracer('@santap/api');
  const propagator = new core.W3CTraceContextPropagator();
  const spans = new WeakMap<FastifyRequest, Span>();

  app.addHook('onRequest', async (request) => {
    const parent = propagator.extract(api.ROOT_CONTEXT, request.headers, api.defaultTextMapGetter);
    const span = tracer.startSpan(
      request.method,
      {
        kind: api.SpanKind.SERVER,
        // No URL: paths may carry ids and signed links; the route's pattern is set when answered.
        attributes: {
          [conventions.ATTR_HTTP_REQUEST_METHOD]: request.method,
          'santap.request_id': request.id,
        },
      },
      parent,
    );
    spans.set(request, span);
  });
  app.addHook('onResponse', async (request, reply) => {
    const span = spans.get(request);
    if (!span) return;
    const route = routeLabel(request, reply);
    span.updateName(`${request.method} ${route}`);
    span.setAttributes({
      [conventions.ATTR_HTTP_ROUTE]: route,
      [conventions.ATTR_HTTP_RESPONSE_STATUS_CODE]: reply.statusCode,
    });
    if (reply.statusCode >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
    span.end();
  });
  // Sends what is still batched before the server goes.
  app.addHook('onClose', async () => provider.shutdown());
  app.log.info({ endpoint: tracesUrl(tracing.endpoint) }, 'OpenTelemetry traces on');
}
