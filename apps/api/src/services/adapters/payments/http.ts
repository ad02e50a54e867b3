/**
 * What every payment adapter shares on the way to the network: the environments, the 30 s budget,
 * one error type and the JSON helpers. Nothing here knows a gateway's protocol or hosts (each
 * gateway's own protocol.ts does).
 */
import { timingSafeEqual } from 'node:crypto';
import { parseJson } from '../../../lib/json';
import type { HttpFetch, IncomingNotification, ProviderName } from './provider';

export type GatewayEnv = 'sandbox' | 'production';

/** Spec §7: payment calls time out after 30 s; every gateway call gets the same budget. */
export const PAYMENT_TIMEOUT_MS = 30_000;

export type PaymentGatewayErrorCode =
  | 'timeout'
  | 'network'
  | 'http'
  | 'bad_response'
  | 'unsupported_currency'
  | 'invalid_reference'
  /** An answer whose signature does not hold: not acted on, and asked again later. */
  | 'unverified';

/**
 * A gateway call that did not give an answer we can act on. `retryable` ones (time-out, network, a
 * 5xx) may be tried again with the same reference / refund key: every call we make is idempotent there.
 */
export class PaymentGatewayError extends Error {
  override readonly name = 'PaymentGatewayError';
  constructor(
    readonly provider: ProviderName,
    readonly code: PaymentGatewayErrorCode,
    message: string,
    readonly httpStatus?: number,
    readonly detail?: unknown,
  ) {
    super(`${provider}: ${message}`);
  }

  get retryable(): boolean {
    return (
      this.code === 'timeout' ||
      this.code === 'network' ||
      this.code === 'unverified' ||
      (this.code === 'http' && (this.httpStatus ?? 500) >= 500)
    );
  }
}

/** Wraps a fetch so no gateway call waits longer than `ms` (the 30 s payment budget). */
export function withTimeout(fetch: HttpFetch, ms: number = PAYMENT_TIMEOUT_MS): HttpFetch {
  return (url, init) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new TimeoutError(url, ms)), ms);
      timer.unref?.();
      fetch(url, init).then(
        (response) => {
          clearTimeout(timer);
          resolve(response);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
}

class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
  constructor(url: string, ms: number) {
    super(`no answer from ${new URL(url).host} within ${ms} ms`);
  }
}

/** The platform fetch behind the `HttpFetch` seam, aborted after `ms` (body included). */
export function platformFetch(ms: number = PAYMENT_TIMEOUT_MS): HttpFetch {
  return async (url, init) => {
    const response = await fetch(url, {
      method: init.method,
      headers: init.headers,
      ...(init.body !== undefined ? { body: init.body } : {}),
      signal: AbortSignal.timeout(ms),
    });
    return { status: response.status, text: () => response.text() };
  };
}

export interface GatewayResponse {
  status: number;
  /** The parsed JSON body; undefined when the body is empty or not JSON. */
  body: unknown;
  text: string;
}

/** One call through the seam: network failures and time-outs become `PaymentGatewayError`s. */
export async function callGateway(
  provider: ProviderName,
  fetch: HttpFetch,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<GatewayResponse> {
  let status: number;
  let text: string;
  try {
    const response = await fetch(url, init);
    status = response.status;
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new PaymentGatewayError(
      provider,
      timedOut ? 'timeout' : 'network',
      timedOut
        ? `${init.method} ${new URL(url).pathname} timed out`
        : `${init.method} ${new URL(url).pathname} failed`,
      undefined,
      error instanceof Error ? error.message : String(error),
    );
  }
  return { status, body: text.trim() === '' ? undefined : parseJson(text), text };
}

/** A plain JSON object, or null. */
export function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** A string field, or undefined. */
export function stringField(record: Record<string, unknown> | null, key: string): string | undefined {
  const value = record?.[key];
  return typeof value === 'string' ? value : undefined;
}

/**
 * A gateway's decimal amount string in integer minor units of our money (`'100000.00'` IDR -> 100000,
 * `'12.50'` MYR -> 1250); undefined when it is not a plain decimal or has finer digits than the
 * currency's minor unit (`'100000.50'` IDR): a fraction we cannot hold is not guessed.
 */
export function decimalToMinor(value: string, currency: 'MYR' | 'IDR'): number | undefined {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return undefined;
  const digits = currency === 'MYR' ? 2 : 0;
  const whole = match[1]!;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) return undefined;
  const minor = Number(whole + fraction.padEnd(digits, '0'));
  return Number.isSafeInteger(minor) ? minor : undefined;
}

/** Two signatures compared in constant time (a length difference answers at once: lengths are public). */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A notification's header by name, whatever its case. */
export function header(headers: IncomingNotification['headers'], name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === wanted) return value;
  return undefined;
}
