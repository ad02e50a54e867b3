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
import ky, { TimeoutError } from 'ky';
import type { KyInstance, Options } from 'ky';

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
  /**
   * Sent as `authorization: Bearer` by programs that keep no cookies (kiosk devices, tests). The
   * browser apps leave it out: their diner session is an HttpOnly cookie the page never reads.
   */
  authToken?: () => string | undefined;
  /** A browser app's "is a diner logged in" (the readable `signed_in` marker cookie); see `early`. */
  signedIn?: () => boolean;
  /** Sent as the `cart-token` header by programs; browsers carry it as their HttpOnly cookie only. */
  cartToken?: () => string | undefined;
  /**
   * Told the cart's handover when a browser's cart call brings one (the `cart-handover` reply header):
   * what the login redirect carries. No reply names the cart token itself.
   */
  onCartHandover?: (handover: string) => void;
  fetch?: typeof fetch;
  /** Overrides of the spec's time-outs (tests). */
  timeouts?: Partial<Record<Service, number>>;
  /** The replies the page arrived with (see {@link EarlyReplies}); each is taken once, instead of a call. */
  early?: () => EarlyReplies | undefined;
}

export interface CallOptions {
  idempotencyKey?: string;
  signal?: AbortSignal;
  /**
   * A file sent as the raw body, with its own type (the photo uploads, contract `staff.dishPhoto`):
   * those calls take bytes, not JSON.
   */
  file?: Blob;
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

/**
 * One call through ky: the reply's JSON (or `parsed: false` when the body is not JSON, a proxy's
 * error page). ky's errors become the client's: its `TimeoutError` (the service's time-out until the
 * headers; the body's read keeps the same deadline here) -> RequestTimeout; the caller's abort -> its own AbortError; any
 * other failure before a reply (ky's `NetworkError`, a fetch that throws) -> NoInternet.
 */
async function askJson(
  http: KyInstance,
  path: string,
  options: Options,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<{ response: Response; payload: unknown; parsed: boolean }> {
  const failed = (error: unknown): never => {
    if (error instanceof TimeoutError) throw new RequestTimeout(timeoutMs);
    if (signal?.aborted) throw error;
    throw new NoInternet();
  };
  // ky's time-out ends when the headers arrive; one timer from the start holds the body's read to the
  // same deadline.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RequestTimeout(timeoutMs)), timeoutMs);
  });
  late.catch(() => undefined); // ky's own TimeoutError answers a time-out before the headers
  const response = await http(path, { ...options, ...(signal ? { signal } : {}) }).catch((error) => {
    clearTimeout(timer);
    return failed(error);
  });
  try {
    return { response, payload: await Promise.race([response.json(), late]), parsed: true };
  } catch (error) {
    if (error instanceof RequestTimeout) throw error;
    if (signal?.aborted) throw error;
    return { response, payload: undefined, parsed: false };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The typed client of the Santap API: one ky instance (`ky.create`) extended per base service with
 * its base URL and the spec's time-out, the headers of spec §7, reply validation against the
 * contract, and typed errors (AuthRequired, ServerMessage, NoInternet, InvalidQr, RequestTimeout,
 * ContractMismatch). No retries: a retry would outlive the spec's time-out, and a repeated order or
 * payment is the idempotency key's business, not the transport's. Cookies go with every call
 * (`credentials: 'include'`: the cart token cookie); HTTP error statuses are read as replies
 * (`throwHttpErrors: false`), because the server answers every failure with its status-0 envelope.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const http = ky.create({
    retry: 0,
    throwHttpErrors: false,
    credentials: 'include',
    // Called through a closure: a bare `window.fetch` reference loses its receiver ("Illegal invocation").
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
  });
  const timeoutOf = (service: Service) => options.timeouts?.[service] ?? SERVICE_TIMEOUTS_MS[service];
  const services = new Map<Service, KyInstance>();
  /** The service's instance: its base URL and time-out (ky's, until the headers; askJson keeps it for the body). */
  const serviceHttp = (service: Service): KyInstance => {
    let instance = services.get(service);
    if (!instance) {
      const timeoutMs = timeoutOf(service);
      instance = http.extend({
        prefixUrl: baseFor(options.baseUrl, service),
        timeout: timeoutMs,
      });
      services.set(service, instance);
    }
    return instance;
  };

  /**
   * The page's reply to this call, when it was made for this caller: same language and country; a
   * cart call only for a guest (the page was made for the cart cookie it came with; the server
   * render's block for its own request's token); never a diner's or staff call. Taken once: the next
   * call of the same input asks the server.
   */
  const takeEarly = (endpoint: Endpoint, input: object): unknown => {
    const block = options.early?.();
    if (!block || block.language !== options.language() || block.country !== options.country()) return;
    if (endpoint.access === 'user' || endpoint.access === 'staff') return;
    const signedIn = Boolean(options.authToken?.()) || options.signedIn?.() === true;
    if (endpoint.access === 'cart' && signedIn) return;
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

      const ask = async () => {
        const { response, payload, parsed } = await askJson(
          serviceHttp(endpoint.service),
          `${buildPath(endpoint.path, params).replace(/^\/+/, '')}${queryString(query)}`,
          {
            method: endpoint.method,
            headers: callOptions.file
              ? { ...headers, 'content-type': callOptions.file.type || 'application/octet-stream' }
              : headers,
            ...(callOptions.file ? { body: callOptions.file } : body !== undefined ? { json: body } : {}),
          },
          timeoutOf(endpoint.service),
          callOptions.signal,
        );
        const handover = response.headers.get('cart-handover');
        if (handover && options.onCartHandover) options.onCartHandover(handover);
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
