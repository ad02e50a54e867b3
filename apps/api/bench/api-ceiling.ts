/**
 * The ceilings `pnpm bench:api` measures beside the API: a bare `node:http` server answering the very
 * bytes the API answered (a menu GET, a POST's reply), run just before and just after the API's run so
 * a busy shared machine skews both alike.
 */
import { createServer as createHttpServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONNECTIONS, MENU_PATH, SECONDS } from './api-knobs';
import type { MenuEncoding } from './api-knobs';
import { CEILING, meanOf } from './api-report';
import type { Row } from './api-report';
import { runLoad } from './load';

export interface MenuReplyBytes {
  encoding: MenuEncoding;
  body: Buffer;
  headers: Record<string, string>;
}

/** One raw reply (node:http does not decompress), to serve the same bytes from the bare server. */
export function rawGet(
  origin: string,
  path: string,
  headers: Record<string, string>,
  encoding: MenuEncoding,
) {
  return new Promise<MenuReplyBytes>((resolve, reject) => {
    get(origin + path, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const kept: Record<string, string> = {};
        for (const name of ['content-type', 'content-encoding', 'vary']) {
          const value = response.headers[name];
          if (typeof value === 'string') kept[name] = value;
        }
        if (response.statusCode !== 200) reject(new Error(`${path}: ${response.statusCode}`));
        else resolve({ encoding, body: Buffer.concat(chunks), headers: kept });
      });
    }).on('error', reject);
  });
}

/** A bare `node:http` server sending `bytes` on a loopback port, for the time of `run`. */
export async function withBareServer(
  { body, headers }: MenuReplyBytes,
  run: (origin: string) => Promise<void>,
) {
  const server = createHttpServer((_request, response) => {
    response.writeHead(200, { ...headers, 'content-length': body.length });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await runLoad({
      title: 'warm-up',
      origin,
      method: 'GET',
      path: MENU_PATH,
      connections: CONNECTIONS,
      duration: 1,
    });
    await run(origin);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/** One POST's raw reply (status 200 expected), to serve the same bytes from the bare server. */
export async function rawPost(
  origin: string,
  path: string,
  body: string,
  cartToken: string,
  headers: Record<string, string> = {},
): Promise<MenuReplyBytes> {
  const response = await fetch(origin + path, {
    method: 'POST',
    headers: {
      'cart-token': cartToken,
      'country-code': 'MY',
      'content-type': 'application/json',
      ...headers,
    },
    body,
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200)
    throw new Error(`${path}: ${response.status} ${bytes.toString().slice(0, 200)}`);
  return {
    encoding: 'identity',
    body: bytes,
    headers: { 'content-type': response.headers.get('content-type') ?? 'application/json' },
  };
}

/**
 * `run` between two runs of a bare `node:http` server that reads the same POST and answers the same
 * reply bytes, at the same connections for BENCH_SECONDS: the machine's ceiling for that call at that
 * moment (HTTP, loopback, the load generator), recorded as one row beside the API's.
 */
export async function withCeiling(
  reply: MenuReplyBytes,
  what: string,
  label: string,
  rows: Row[],
  run: () => Promise<void>,
) {
  const server = createHttpServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { ...reply.headers, 'content-length': reply.body.length });
      response.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const spec = {
      origin,
      method: 'POST' as const,
      path: '/',
      connections: CONNECTIONS,
      bodies: ['{"scope":"kopitiam-ali","item_id":1,"quantity":1}'],
      headers: { 'country-code': 'MY' },
    };
    await runLoad({ ...spec, title: 'warm-up', duration: 1 });
    const before = await runLoad({ ...spec, title: 'bare', duration: SECONDS });
    await run();
    const after = await runLoad({ ...spec, title: 'bare', duration: SECONDS });
    rows.push({
      scenario: `same ${what} (${reply.body.length} B) to a POST, ceiling before and after`,
      engine: `${CEILING} beside ${label}`,
      figures: meanOf(before, after),
    });
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}
