/**
 * A small loopback round-robin proxy in front of the API instances, as a load balancer would be:
 * each HTTP request and each websocket upgrade goes to the next instance; an instance that refuses the
 * connection (down, restarting) is skipped for the next one. Nothing is sticky. A request cut off by
 * an instance's death answers 502 with the API's error envelope, so the diner retries.
 * The harness can wait for a request of a given kind to be in flight (`nextInFlight`) and learn which
 * instance holds it, to kill that one mid-request.
 */
import { request as httpRequest, createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import { connect } from 'node:net';
import type { Socket } from 'node:net';

/** A request the proxy has passed to an instance and not yet seen answered. */
export interface InFlight {
  method: string;
  path: string;
  /** The instance's port. */
  port: number;
}

export interface Proxy {
  port: number;
  /** Requests and upgrades passed on, and those answered 502. */
  stats: { forwarded: number; failed: number };
  /**
   * Resolves with the next request matching `match` once it reaches an instance (or one already in
   * flight), or undefined after `timeoutMs`.
   */
  nextInFlight(match: (request: InFlight) => boolean, timeoutMs: number): Promise<InFlight | undefined>;
  close(): Promise<void>;
}

/** Picks the backends in turn, starting after the last one used. */
export function roundRobin(count: number) {
  let next = 0;
  return (): number[] => {
    const order = Array.from({ length: count }, (_, i) => (next + i) % count);
    next = (next + 1) % count;
    return order;
  };
}

const badGateway = JSON.stringify({ status: 0, statusCode: 502, message: 'Bad gateway', data: null });

export async function startProxy(backends: () => number[]): Promise<Proxy> {
  const order = roundRobin(backends().length);
  const stats = { forwarded: 0, failed: 0 };
  const sockets = new Set<Socket>();
  const inFlight = new Set<InFlight>();
  const waiters = new Set<{ match: (request: InFlight) => boolean; resolve: (request: InFlight) => void }>();
  const started = (request: InFlight) => {
    inFlight.add(request);
    for (const waiter of waiters) {
      if (waiter.match(request)) {
        waiters.delete(waiter);
        waiter.resolve(request);
      }
    }
  };

  const server: Server = createServer((incoming, outgoing) => {
    const body: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => body.push(chunk));
    incoming.on('end', () => {
      const ports = order().map((i) => backends()[i]!);
      const attempt = (index: number) => {
        const port = ports[index];
        if (port === undefined) {
          stats.failed++;
          outgoing.writeHead(502, { 'content-type': 'application/json' }).end(badGateway);
          return;
        }
        let answered = false;
        const flight: InFlight = { method: incoming.method ?? 'GET', path: incoming.url ?? '/', port };
        const upstream = httpRequest(
          { host: '127.0.0.1', port, method: incoming.method, path: incoming.url, headers: incoming.headers },
          (reply: IncomingMessage) => {
            answered = true;
            inFlight.delete(flight);
            outgoing.writeHead(reply.statusCode ?? 502, reply.headers);
            reply.pipe(outgoing);
            reply.on('error', () => outgoing.destroy());
          },
        );
        upstream.on('socket', (socket: Socket) => {
          if (socket.connecting) socket.once('connect', () => started(flight));
          else started(flight);
        });
        upstream.on('close', () => inFlight.delete(flight));
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          inFlight.delete(flight);
          if (answered) return outgoing.destroy();
          // Refused: that instance is down; the request never reached it, so the next may take it.
          if (error.code === 'ECONNREFUSED') return attempt(index + 1);
          stats.failed++;
          if (!outgoing.headersSent) {
            outgoing.writeHead(502, { 'content-type': 'application/json' }).end(badGateway);
          } else outgoing.destroy();
        });
        stats.forwarded++;
        upstream.end(Buffer.concat(body));
      };
      attempt(0);
    });
  });

  server.on('upgrade', (incoming: IncomingMessage, client: Socket, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    const ports = order().map((i) => backends()[i]!);
    const attempt = (index: number) => {
      const port = ports[index];
      if (port === undefined) return client.destroy();
      const upstream = connect(port, '127.0.0.1');
      let connected = false;
      upstream.on('connect', () => {
        connected = true;
        stats.forwarded++;
        sockets.add(upstream);
        upstream.on('close', () => sockets.delete(upstream));
        const headers = Object.entries(incoming.headers)
          .flatMap(([name, value]) => (Array.isArray(value) ? value.map((v) => [name, v]) : [[name, value]]))
          .map(([name, value]) => `${name}: ${value}`)
          .join('\r\n');
        upstream.write(`${incoming.method} ${incoming.url} HTTP/1.1\r\n${headers}\r\n\r\n`);
        if (head.length) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (!connected && error.code === 'ECONNREFUSED') return attempt(index + 1);
        client.destroy();
      });
      upstream.on('close', () => client.destroy());
      client.on('error', () => upstream.destroy());
      client.on('close', () => upstream.destroy());
    };
    attempt(0);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('proxy: no address');
  return {
    port: address.port,
    stats,
    nextInFlight(match, timeoutMs) {
      const already = [...inFlight].find(match);
      if (already) return Promise.resolve(already);
      return new Promise((resolve) => {
        const waiter = {
          match,
          resolve: (request: InFlight) => {
            clearTimeout(timer);
            resolve(request);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          resolve(undefined);
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
