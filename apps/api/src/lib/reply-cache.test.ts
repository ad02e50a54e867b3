import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReplyCache } from './reply-cache';

/** A build that can be held open, like a slow database, until the test opens the gate. */
function gatedBuilds() {
  let gate: Promise<void> = Promise.resolve();
  let open = () => undefined as void;
  const state = {
    count: 0,
    hold() {
      gate = new Promise<void>((resolve) => (open = resolve));
    },
    release: () => open(),
    build: async () => {
      const version = ++state.count;
      await gate;
      return { version };
    },
  };
  return state;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('ReplyCache', () => {
  let clock: number;
  let builds: ReturnType<typeof gatedBuilds>;
  let app: FastifyInstance;
  let cache: ReplyCache;

  beforeEach(async () => {
    clock = 0;
    builds = gatedBuilds();
    cache = new ReplyCache(5_000, () => clock);
    app = Fastify();
    app.get('/menu', (request, reply) => cache.send(request, reply, 'menu', builds.build));
    await app.ready();
  });
  afterEach(() => app.close());

  const get = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/menu', headers });

  it('20 concurrent requests on an empty cache -> one build, 20 identical replies', async () => {
    builds.hold();
    const replies = Array.from({ length: 20 }, () => get());
    await tick();
    builds.release();
    const bodies = (await Promise.all(replies)).map((r) => r.body);
    expect(builds.count).toBe(1);
    expect(new Set(bodies)).toEqual(new Set(['{"version":1}']));
  });

  it('an expired entry -> served stale while one background rebuild runs; then the fresh one', async () => {
    expect((await get()).body).toBe('{"version":1}');
    clock = 6_000;
    builds.hold();
    const during = await Promise.all([get(), get(), get()]);
    expect(during.map((r) => r.body)).toEqual(['{"version":1}', '{"version":1}', '{"version":1}']);
    expect(builds.count).toBe(2);
    builds.release();
    await tick();
    expect((await get()).body).toBe('{"version":2}');
    expect(builds.count).toBe(2);
  });

  it('ETag repeated -> 304; gzip asked for -> gzip body', async () => {
    const first = await get();
    expect((await get({ 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
    expect((await get({ 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
  });

  it('invalidate(prefix) -> the next request builds afresh', async () => {
    await get();
    cache.invalidate('me');
    expect((await get()).body).toBe('{"version":2}');
  });
  it('invalidate(prefix) while a build is in flight -> that build is not kept; the next request builds afresh', async () => {
    builds.hold();
    const early = get();
    await tick();
    cache.invalidate('menu');
    builds.release();
    expect((await early).body).toBe('{"version":1}');
    expect((await get()).body).toBe('{"version":2}');
    expect((await get()).body).toBe('{"version":2}');
  });
});
