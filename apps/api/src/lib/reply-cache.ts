import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

interface Entry {
  /** The JSON as UTF-8 bytes: sent as they are, not encoded again for every request. */
  body: Buffer;
  gzip: Buffer;
  etag: string;
  expiresAt: number;
}

/**
 * A small cache of whole serialized replies (the menu: read by every diner, changed rarely). Each entry
 * keeps the JSON, a gzip of it (a cheap phone on a slow network gets ~10x fewer bytes) and an ETag
 * (a repeat visit gets 304). Entries live `ttlMs`; `invalidate(prefix)` drops them at once.
 *
 * One build per key at a time: requests that miss together share the build in flight, and once an
 * entry has expired it is still served (for at most one rebuild) while a single rebuild runs in the
 * background. Without that, every expiry sent all concurrent requests to the database at once (the
 * benchmark's p99 of seconds on PostgreSQL with a 10-connection pool).
 */
export class ReplyCache {
  private readonly entries = new Map<string, Entry>();
  private readonly building = new Map<string, Promise<Entry>>();
  /** Counts invalidations: a build started before one is not stored (it may hold the old data). */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The build in flight for `key`, or a new one; the entry is stored when the build succeeds. */
  private rebuild(key: string, build: () => Promise<unknown>): Promise<Entry> {
    let pending = this.building.get(key);
    if (!pending) {
      const generation = this.generation;
      pending = build()
        .then((value) => {
          const body = Buffer.from(JSON.stringify(value));
          const entry = {
            body,
            gzip: gzipSync(body),
            etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
            expiresAt: this.now() + this.ttlMs,
          };
          if (generation === this.generation) this.entries.set(key, entry);
          return entry;
        })
        .finally(() => {
          if (this.building.get(key) === pending) this.building.delete(key);
        });
      this.building.set(key, pending);
    }
    return pending;
  }

  async send(request: FastifyRequest, reply: FastifyReply, key: string, build: () => Promise<unknown>) {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = await this.rebuild(key, build);
    } else if (entry.expiresAt <= this.now()) {
      // Stale: this reply uses it; one background rebuild refreshes it (a failure is retried by the
      // next request, which finds the entry still stale).
      this.rebuild(key, build).catch(() => undefined);
    }
    void reply
      .header('etag', entry.etag)
      .header('vary', 'accept-encoding, accept-language')
      .header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send();
    void reply.type('application/json; charset=utf-8');
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').send(entry.gzip);
    }
    return reply.send(entry.body);
  }

  /**
   * Drops the entries whose key starts with `prefix`: the next request builds afresh. A build in
   * flight (it may have read the data before the change) still answers the requests waiting on it but
   * is not kept, and no later request joins it.
   */
  invalidate(prefix: string) {
    this.generation++;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
    for (const key of this.building.keys()) if (key.startsWith(prefix)) this.building.delete(key);
  }
}
