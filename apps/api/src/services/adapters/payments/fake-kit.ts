/**
 * What the gateways' loopback fakes share (each `gateways/<name>/fake.ts` plays its gateway from the
 * gateway's own documentation): a request as a fake sees it, a JSON reply, and two ways in — an
 * `HttpFetch` that answers only the gateway's documented hosts (adapter and route tests), and a
 * real HTTP server on 127.0.0.1 (an adapter given the fake's `baseUrl`, e2e). Test support only:
 * nothing the server runs imports it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HttpFetch } from './provider';

export interface FakeRequest {
  method: string;
  url: URL;
  /** Header names in lower case, as HTTP treats them. */
  headers: Record<string, string>;
  /** The body exactly as sent ('' for none): signatures are checked over these bytes. */
  body: string;
}

export interface FakeReply {
  status: number;
  /** Serialised as JSON; a string is sent as it is; undefined sends no body. */
  body?: unknown;
}

export type FakeHandler = (request: FakeRequest) => FakeReply;

export const reply = (status: number, body?: unknown): FakeReply => ({ status, body });

/** The JSON object a request carries, or null when it carries none (or not an object). */
export function jsonOf(request: FakeRequest): Record<string, unknown> | null {
  try {
    const parsed = JSON.parse(request.body) as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const lowerCased = (headers: Record<string, string | string[] | undefined>) =>
  Object.fromEntries(
    Object.entries(headers)
      .filter((entry): entry is [string, string | string[]] => entry[1] !== undefined)
      .map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value.join(', ') : value]),
  );

const textOf = (body: unknown) =>
  body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);

/**
 * An `HttpFetch` that hands requests to `handle` when they go to one of `origins` (the gateway's
 * documented hosts, or the fake's own loopback URL), and fails like an unknown host otherwise: an
 * adapter calling the wrong host fails its test. Every request is kept in `calls`.
 */
export function fakeFetch(origins: readonly string[], handle: FakeHandler, calls: FakeRequest[]): HttpFetch {
  const allowed = new Set(origins.map((origin) => new URL(origin).origin));
  return async (url, init) => {
    const parsed = new URL(url);
    if (!allowed.has(parsed.origin)) throw new Error(`getaddrinfo ENOTFOUND ${parsed.host}`);
    const request: FakeRequest = {
      method: init.method,
      url: parsed,
      headers: lowerCased(init.headers),
      body: init.body ?? '',
    };
    calls.push(request);
    const answer = handle(request);
    return { status: answer.status, text: async () => textOf(answer.body) };
  };
}

export interface ServedFake {
  /** `http://127.0.0.1:{port}`: give it to the adapter as its base URL. */
  baseUrl: string;
  close(): Promise<void>;
}

/** Serves `handle` over real HTTP on a free loopback port. */
export async function serveFake(handle: FakeHandler, calls: FakeRequest[]): Promise<ServedFake> {
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request: FakeRequest = {
        method: incoming.method ?? 'GET',
        url: new URL(incoming.url ?? '/', 'http://127.0.0.1'),
        headers: lowerCased(incoming.headers),
        body: Buffer.concat(chunks).toString('utf8'),
      };
      calls.push(request);
      let answer: FakeReply;
      try {
        answer = handle(request);
      } catch (error) {
        answer = reply(500, { error: error instanceof Error ? error.message : String(error) });
      }
      outgoing.writeHead(answer.status, { 'content-type': 'application/json' });
      outgoing.end(textOf(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
