import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectFetch } from './server-render';

// The server render's in-process fetch (README "Server rendering" of apps/diner): what it carries.
describe('injectFetch', () => {
  const app = Fastify();
  beforeAll(async () => {
    app.get('/echo', async (request) => ({
      cookie: request.headers.cookie ?? null,
      cartToken: request.headers['cart-token'] ?? null,
    }));
    await app.ready();
  });
  afterAll(() => app.close());

  const echo = async (fetcher: typeof fetch, init?: RequestInit) =>
    (await (await fetcher('http://santap.server-render/echo', init)).json()) as {
      cookie: string | null;
      cartToken: string | null;
    };

  it("a guest's page -> the client's headers, never a cookie (not even one the client set)", async () => {
    const reply = await echo(injectFetch(app), {
      headers: { 'cart-token': 'userA', cookie: 'auth_token=forged' },
    });
    expect(reply).toEqual({ cookie: null, cartToken: 'userA' });
  });

  it("a diner's own page -> this request's session cookie with every call of this fetch, and only this one", async () => {
    const mine = injectFetch(app, { auth_token: 'session of A; x=1' });
    const theirs = injectFetch(app);
    const [a, b] = await Promise.all([echo(mine), echo(theirs)]);
    // Encoded: a value cannot add a cookie of its own.
    expect(a.cookie).toBe('auth_token=session%20of%20A%3B%20x%3D1');
    expect(b.cookie).toBeNull();
    expect((await echo(mine, { headers: { cookie: 'auth_token=other' } })).cookie).toBe(
      'auth_token=session%20of%20A%3B%20x%3D1',
    );
  });
});
