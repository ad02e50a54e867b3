import { z } from 'zod/mini';
import { errorReplySchema, okReplySchema } from './endpoint';
import type { Endpoint, Schema } from './endpoint';

const toJson = (schema: Schema, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as Record<string, unknown>;

function parameters(schema: Schema | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const json = toJson(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

/** The OpenAPI 3.0 document of the given endpoints, generated from their zod schemas. */
export function buildOpenApi(endpoints: readonly Endpoint[], info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const path = endpoint.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const operation: Record<string, unknown> = {
      operationId: endpoint.id,
      summary: endpoint.summary,
      tags: [endpoint.id.split('.')[0]],
      parameters: [
        ...parameters(endpoint.params, 'path'),
        ...parameters(endpoint.query, 'query'),
        ...(endpoint.idempotent
          ? [
              {
                name: 'Idempotency-Key',
                in: 'header',
                required: false,
                schema: { type: 'string', maxLength: 100 },
              },
            ]
          : []),
      ],
      responses: {
        '200': {
          description: 'status 1',
          content: { 'application/json': { schema: toJson(okReplySchema(endpoint.data), 'output') } },
        },
        default: {
          description: 'status 0 with a message in the caller language',
          content: { 'application/json': { schema: toJson(errorReplySchema, 'output') } },
        },
      },
      ...(endpoint.access === 'none' ? {} : { security: [{ [endpoint.access]: [] }] }),
    };
    if (endpoint.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: toJson(endpoint.body, 'input') } },
      };
    }
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.0.3',
    info,
    paths,
    components: {
      securitySchemes: {
        user: { type: 'http', scheme: 'bearer' },
        staff: { type: 'http', scheme: 'bearer' },
        cart: { type: 'apiKey', in: 'header', name: 'cart-token' },
      },
    },
  };
}
