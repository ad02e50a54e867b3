/**
 * The walker of the security sweeps: every call of the OpenAPI document the server serves
 * (`/api/docs`, generated from the contract, so a new call is swept without editing the sweeps), with
 * its parameters, body schema and who it is for.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
}

export interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
  security?: Record<string, unknown>[];
}

export interface SweptOperation {
  method: string;
  /** OpenAPI path, `{name}` for a path parameter. */
  path: string;
  operation: Operation;
  /** The contract's access: none, cart, user or staff. */
  access: string;
}

/** Every operation of the server's `/api/docs`. */
export async function openApiOperations(baseUrl: string): Promise<SweptOperation[]> {
  const doc = (await (await fetch(`${baseUrl}/api/docs`)).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      operation,
      access: Object.keys(operation.security?.[0] ?? {})[0] ?? 'none',
    })),
  );
}

/** The names of an operation's path and query parameters and top-level body fields. */
export function inputNames(operation: Operation): string[] {
  const body = operation.requestBody?.content['application/json'].schema;
  return [
    ...(operation.parameters ?? []).map((parameter) => parameter.name),
    ...Object.keys(body?.properties ?? {}),
  ];
}
