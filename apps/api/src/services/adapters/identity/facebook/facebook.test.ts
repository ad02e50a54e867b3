import { describe, expect, it } from 'vitest';
import { debugTokenUrl, facebookIdentityProvider } from './facebook';
import badSecretFixture from './fixtures/facebook-debug-token-bad-app-secret.json';
import expiredFixture from './fixtures/facebook-debug-token-expired.json';
import invalidFixture from './fixtures/facebook-debug-token-invalid.json';
import otherAppFixture from './fixtures/facebook-debug-token-other-app.json';
import validFixture from './fixtures/facebook-debug-token-valid.json';
import type { IdentityLog } from '../log';

const APP_ID = '1234567890123456';
const APP_SECRET = 'test-app-secret';
const NOW = new Date('2026-11-23T04:00:00Z');

interface Exchange {
  request: { method: string; url: string };
  response: { status: number; body: unknown };
}

/** A fetch that answers the recorded reply once and keeps the request it was given. */
function replay(exchange: Exchange) {
  const calls: { url: string; method: string | undefined }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    calls.push({ url: String(input), method: init?.method });
    if (calls.length > 1) throw new Error('unexpected second call');
    return new Response(JSON.stringify(exchange.response.body), {
      status: exchange.response.status,
      headers: { 'content-type': 'application/json; charset=UTF-8' },
    });
  };
  return { fetch, calls };
}

function provider(fetch: typeof globalThis.fetch) {
  const lines: { details: Record<string, unknown>; message: string }[] = [];
  const log: IdentityLog = { warn: (details, message) => lines.push({ details, message }) };
  return {
    adapter: facebookIdentityProvider({ appId: APP_ID, appSecret: APP_SECRET, fetch, now: () => NOW, log }),
    lines,
  };
}

/** The token a fixture was recorded for (its request's `input_token`). */
const tokenOf = (exchange: Exchange) => new URL(exchange.request.url).searchParams.get('input_token')!;

describe('facebookIdentityProvider', () => {
  it('the request: GET /v25.0/debug_token with input_token and the app token <app id>|<app secret>', () => {
    const url = new URL(debugTokenUrl('EAAG+a/b=c&d', APP_ID, APP_SECRET));
    expect(url.origin + url.pathname).toBe('https://graph.facebook.com/v25.0/debug_token');
    expect(url.searchParams.get('input_token')).toBe('EAAG+a/b=c&d');
    expect(url.searchParams.get('access_token')).toBe(`${APP_ID}|${APP_SECRET}`);
  });

  it('a valid user token of our app -> subject = user_id; the request is the recorded one', async () => {
    const { fetch, calls } = replay(validFixture);
    const { adapter, lines } = provider(fetch);
    expect(await adapter.verify(tokenOf(validFixture))).toEqual({ subject: '10229876543210987' });
    expect(calls).toEqual([{ url: validFixture.request.url, method: 'GET' }]);
    expect(lines).toEqual([]);
  });

  it.each([
    ["another app's valid token", otherAppFixture],
    ['a string that is no token (is_valid false)', invalidFixture],
    ['an expired token (is_valid false, expires_at past)', expiredFixture],
  ])('%s -> null, not logged', async (_name, fixture) => {
    const { fetch, calls } = replay(fixture);
    const { adapter, lines } = provider(fetch);
    expect(await adapter.verify(tokenOf(fixture))).toBeNull();
    expect(calls).toEqual([{ url: fixture.request.url, method: 'GET' }]);
    expect(lines).toEqual([]);
  });

  it('is_valid true but expires_at already past by our clock -> null', async () => {
    const stale = structuredClone(validFixture);
    stale.response.body.data.expires_at = Math.floor(NOW.getTime() / 1000) - 1;
    const { adapter } = provider(replay(stale).fetch);
    expect(await adapter.verify(tokenOf(stale))).toBeNull();
  });

  it('expires_at 0 (a token that does not expire) -> accepted', async () => {
    const forever = structuredClone(validFixture);
    forever.response.body.data.expires_at = 0;
    const { adapter } = provider(replay(forever).fetch);
    expect(await adapter.verify(tokenOf(forever))).toEqual({ subject: '10229876543210987' });
  });

  it('a valid PAGE token of our app -> null (not a person)', async () => {
    const page = structuredClone(validFixture);
    page.response.body.data.type = 'PAGE';
    const { adapter } = provider(replay(page).fetch);
    expect(await adapter.verify(tokenOf(page))).toBeNull();
  });

  it('HTTP 400 (a wrong app secret) -> null and a warning that holds neither the secret nor the token', async () => {
    const { adapter, lines } = provider(replay(badSecretFixture).fetch);
    expect(await adapter.verify(tokenOf(badSecretFixture))).toBeNull();
    expect(lines).toHaveLength(1);
    expect(lines[0]!.details).toEqual({ provider: 'facebook', status: 400, code: 190 });
    expect(JSON.stringify(lines)).not.toContain(APP_SECRET);
  });

  it('HTTP 500 with a body that is not JSON -> null and a warning', async () => {
    const { adapter, lines } = provider(async () => new Response('<html>oops</html>', { status: 500 }));
    expect(await adapter.verify('EAAGtestValidUserToken')).toBeNull();
    expect(lines[0]!.details).toMatchObject({ provider: 'facebook', status: 500 });
  });

  it('a network error -> null and a warning, no throw', async () => {
    const { adapter, lines } = provider(async () => {
      throw new TypeError('fetch failed');
    });
    await expect(adapter.verify('EAAGtestValidUserToken')).resolves.toBeNull();
    expect(lines).toEqual([
      {
        details: { provider: 'facebook', err: 'TypeError' },
        message: 'Facebook debug_token failed; the link was refused',
      },
    ]);
  });

  it('an empty token -> null without a call', async () => {
    const { fetch, calls } = replay(validFixture);
    const { adapter } = provider(fetch);
    expect(await adapter.verify('')).toBeNull();
    expect(calls).toEqual([]);
  });
});
