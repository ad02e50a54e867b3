import { INVALID_TOKEN, buildPath, earlyKey, errorReplySchema, okReplySchema } from '@santap/contract';
import type { EarlyReplies, Endpoint, EndpointData, EndpointInput, Service } from '@santap/contract';
import {
  AuthRequired,
  ContractMismatch,
  InvalidQr,
  NoInternet,
  RequestTimeout,
  ServerMessage,
} from './errors';

/** Time-outs of the base services (spec §7, §9): main 25 s, secondary 10 s, payment 30 s, reservation 30 s. */
export const SERVICE_TIMEOUTS_MS: Readonly<Record<Service, number>> = {
  main: 25_000,
  secondary: 10_000,
  payment: 30_000,
  reservation: 30_000,
  otp: 10_000,
};

export interface ApiClientOptions {
  /** Base URL of each service; a single string serves all of them (the usual same-origin deployment). */
  baseUrl: string | (Partial<Record<Service, string>> & { main: string });
  /** Sent as the `country-code` header (ID or MY). */
  country: () => 'MY' | 'ID';
  /** Sent as `accept-language` (en, id or my); server messages come back in it. */
  language: () => string;
  authToken?: () => string | undefined;
  /** Sent as the `cart-token` header; browsers also carry it as a cookie. */
  cartToken?: () => string | undefined;
  fetch?: typeof fetch;
  /** Overrides of the spec's time-outs (tests). */
  timeouts?: Partial<Record<Service, number>>;
  /** The replies the page arrived with (see {@link EarlyReplies}); each is taken once, instead of a call. */
  early?: () => EarlyReplies | undefined;
}

export interface CallOptions {
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface ApiClient {
  call<E extends Endpoint>(
    endpoint: E,
    input: EndpointInput<E>,
    options?: CallOptions,
  ): Promise<EndpointData<E>>;
}

function baseFor(baseUrl: ApiClientOptions['baseUrl'], service: Service): string {
  if (typeof baseUrl === 'string') return baseUrl;
  return baseUrl[service] ?? baseUrl.main;
}

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The URL of a call: the service's base, then the path without its leading slash (a base may have a path). */
function urlFor(base: string, path: string, query: Record<string, unknown> | undefined): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}${queryString(query)}`;
}

/**
 * `fetch` with the service's time-out: after `timeoutMs` the request is aborted and the call fails
 * with RequestTimeout, even when the fetch ignores its signal (the race does not wait for it); when
 * the caller's signal aborts, its AbortError is rethrown. The time-out covers the body too, so a
 * reply that stalls half way is a time-out rather than a hang.
 */
async function fetchJson(
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<{ response: Response; payload: unknown; parsed: boolean }> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new RequestTimeout(timeoutMs));
      controller.abort();
    }, timeoutMs);
  });
  // Settled races leave the time-out unobserved; it must not surface as an unhandled rejection.
  timeout.catch(() => undefined);
  const onAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  const failed = (error: unknown): never => {
    if (error instanceof RequestTimeout || signal?.aborted) throw error;
    throw new NoInternet();
  };
  try {
    const response = await Promise.race([
      fetchImpl(url, { ...init, signal: controller.signal }),
      timeout,
    ]).catch(failed);
    try {
      return { response, payload: await Promise.race([response.json(), timeout]), parsed: true };
    } catch (error) {
      if (error instanceof RequestTimeout || signal?.aborted) throw error;
      return { response, payload: undefined, parsed: false };
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * The typed client of the Santap API: `fetch` with each base service's time-out, the headers of
 * spec §7, reply validation against the contract, and typed errors (AuthRequired, ServerMessage,
 * NoInternet, InvalidQr, RequestTimeout, ContractMismatch). Cookies go with every call
 * (`credentials: 'include'`: the cart token cookie); HTTP error statuses are read as replies, because
 * the server answers every failure with its status-0 envelope.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  // Called through a closure: a bare `window.fetch` reference loses its receiver ("Illegal invocation").
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  /**
   * The page's reply to this call, when it was made for this caller: same language and country; a
   * cart call only for a guest with the cart token it was made for; never a diner's or staff call.
   * Taken once: the next call of the same input asks the server.
   */
  const takeEarly = (endpoint: Endpoint, input: object): unknown => {
    const block = options.early?.();
    if (!block || block.language !== options.language() || block.country !== options.country()) return;
    if (endpoint.access === 'user' || endpoint.access === 'staff') return;
    if (endpoint.access === 'cart' && (options.authToken?.() || block.cartToken !== options.cartToken?.()))
      return;
    const key = earlyKey(endpoint.id, input);
    const reply = block.replies[key];
    delete block.replies[key];
    return reply;
  };

  return {
    async call(endpoint, input, callOptions = {}) {
      const { params, query, body } = input as {
        params?: Record<string, string | number>;
        query?: Record<string, unknown>;
        body?: unknown;
      };
      const headers: Record<string, string> = {
        'country-code': options.country(),
        'accept-language': options.language(),
      };
      const token = options.authToken?.();
      if (token) headers.authorization = `Bearer ${token}`;
      const cartToken = options.cartToken?.();
      if (cartToken) headers['cart-token'] = cartToken;
      if (callOptions.idempotencyKey) headers['idempotency-key'] = callOptions.idempotencyKey;
      if (body !== undefined) headers['content-type'] = 'application/json';

      const ask = async () => {
        const { response, payload, parsed } = await fetchJson(
          fetchImpl,
          urlFor(baseFor(options.baseUrl, endpoint.service), buildPath(endpoint.path, params), query),
          {
            method: endpoint.method,
            headers,
            credentials: 'include',
            ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
          },
          options.timeouts?.[endpoint.service] ?? SERVICE_TIMEOUTS_MS[endpoint.service],
          callOptions.signal,
        );
        if (!parsed) {
          throw new ServerMessage(
            response.statusText || 'Internal server error',
            'errors.somethingWentWrong',
            response.status,
          );
        }
        return payload;
      };
      const payload = takeEarly(endpoint, input as object) ?? (await ask());

      const failure = errorReplySchema.safeParse(payload);
      if (failure.success) {
        const reply = failure.data;
        if (reply.message === INVALID_TOKEN)
          throw new AuthRequired(reply.message, reply.code, reply.statusCode);
        if (endpoint.id.startsWith('tables.') && reply.statusCode === 404) {
          throw new InvalidQr(reply.message, reply.code, 404);
        }
        throw new ServerMessage(reply.message, reply.code, reply.statusCode, reply.details);
      }
      const ok = okReplySchema(endpoint.data).safeParse(payload);
      if (!ok.success) throw new ContractMismatch(`reply of ${endpoint.id} does not match the contract`);
      return ok.data.data as EndpointData<typeof endpoint>;
    },
  };
}
