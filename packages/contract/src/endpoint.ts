import { z } from 'zod/mini';

/** The base services of spec §7; each has its own time-out in the client. */
export type Service = 'main' | 'secondary' | 'payment' | 'reservation' | 'otp';

/**
 * Who may call: `none` anyone; `cart` needs a cart token (cookie `cart_token` or header `cart-token`);
 * `user` needs a diner's auth token (guest or registered); `staff` a staff token.
 */
export type Access = 'none' | 'cart' | 'user' | 'staff';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Any zod schema, zod/mini (most contract modules) or classic zod: both build on zod's core, so an
 * endpoint may mix them. Validate with the functions (`z.safeParse(schema, value)`), which take both.
 */
export type Schema = z.core.$ZodType;
type AnyObject = z.core.$ZodObject;

/** One HTTP call: the single source for the server's validation, the typed client and OpenAPI. */
export interface Endpoint<
  P extends AnyObject | undefined = AnyObject | undefined,
  Q extends AnyObject | undefined = AnyObject | undefined,
  B extends Schema | undefined = Schema | undefined,
  D extends Schema = Schema,
> {
  readonly id: string;
  readonly method: HttpMethod;
  /** Fastify-style path with `:params`. */
  readonly path: string;
  readonly service: Service;
  readonly access: Access;
  readonly summary: string;
  readonly params?: P;
  readonly query?: Q;
  readonly body?: B;
  /** The `data` of a successful reply envelope. */
  readonly data: D;
  /** Accepts an `Idempotency-Key` header (Stripe style). */
  readonly idempotent?: boolean;
}

/** Declares an endpoint, keeping its literal types for inference. */
export function defineEndpoint<
  P extends AnyObject | undefined = undefined,
  Q extends AnyObject | undefined = undefined,
  B extends Schema | undefined = undefined,
  D extends Schema = Schema,
>(endpoint: Endpoint<P, Q, B, D>): Endpoint<P, Q, B, D> {
  return endpoint;
}

type InputOf<S> = [S] extends [Schema] ? z.input<S> : undefined;
type OutputOf<S> = [S] extends [Schema] ? z.output<S> : undefined;

/** What a caller passes: path params, query and body, each only when the endpoint has one. */
export type EndpointInput<E extends Endpoint> =
  E extends Endpoint<infer P, infer Q, infer B, Schema>
    ? ([P] extends [Schema] ? { params: InputOf<P> } : unknown) &
        ([Q] extends [Schema] ? { query: InputOf<Q> } : unknown) &
        ([B] extends [Schema] ? { body: InputOf<B> } : unknown)
    : never;

/** What the server handler receives after validation. */
export type EndpointParsed<E extends Endpoint> =
  E extends Endpoint<infer P, infer Q, infer B, Schema>
    ? { params: OutputOf<P>; query: OutputOf<Q>; body: OutputOf<B> }
    : never;

export type EndpointData<E extends Endpoint> = z.output<E['data']>;

/** The reply envelope of every call: status 1 ok, status 0 with a message in the caller's language. */
export const errorReplySchema = z.object({
  status: z.literal(0),
  /** The HTTP status, repeated for clients that read only the body (spec §7 table check). */
  statusCode: z.int(),
  message: z.string(),
  /** The catalogue key behind `message` (e.g. `errors.priceWarning`), for programs. */
  code: z.optional(z.string()),
  details: z.optional(z.unknown()),
});
export type ErrorReply = z.infer<typeof errorReplySchema>;

export function okReplySchema<D extends Schema>(data: D) {
  return z.object({ status: z.literal(1), statusCode: z.int(), message: z.string(), data });
}

/** The protocol message for a missing or expired login (spec §8: the client goes to login). */
export const INVALID_TOKEN = 'invalid token';

/** Fills `:params` of a path. */
export function buildPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
