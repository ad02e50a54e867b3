import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { googleIdentityProvider } from './google';
import { TEST_GOOGLE_CLIENT_ID, TEST_GOOGLE_NONCE, googleTestKeys } from './fixtures/google-keys';
import type { GoogleTestKeys } from './fixtures/google-keys';
import type { IdentityLog } from '../log';

const NOW = new Date('2026-11-23T04:00:00Z');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function recordingLog() {
  const lines: { details: Record<string, unknown>; message: string }[] = [];
  const log: IdentityLog = { warn: (details, message) => lines.push({ details, message }) };
  return { log, lines };
}

// RSA key generation is slow: one served key (and one foreign key) for the file; each case gets a
// fresh adapter, so nothing is cached between cases.
let keys: GoogleTestKeys;
beforeAll(async () => {
  keys = await googleTestKeys();
});

function setup(options: { fetch?: typeof globalThis.fetch } = {}) {
  keys.calls.length = 0;
  const { log, lines } = recordingLog();
  const provider = googleIdentityProvider({
    clientId: TEST_GOOGLE_CLIENT_ID,
    fetch: options.fetch ?? keys.fetch,
    now: () => NOW,
    log,
  });
  // The diner sends the nonce of its login with the token; null: none sent (an older client).
  const verify = (token: string, nonce: string | null = TEST_GOOGLE_NONCE) =>
    provider.verify(token, nonce === null ? {} : { nonce });
  return { verify, lines };
}

describe('googleIdentityProvider', () => {
  it("a token Google signed for our client id -> its sub and verified email; the keys come from Google's JWKS URL", async () => {
    const { verify, lines } = setup();
    expect(await verify(await keys.sign(NOW))).toEqual({
      subject: '110169484474386276334',
      email: 'aminah@example.com',
    });
    expect(keys.calls).toEqual(['https://www.googleapis.com/oauth2/v3/certs']);
    // The keys are cached: a second token needs no second fetch.
    expect(await verify(await keys.sign(NOW, { sub: '2' }))).toMatchObject({ subject: '2' });
    expect(keys.calls).toHaveLength(1);
    expect(lines).toEqual([]);
  });

  it("iss 'accounts.google.com' (no scheme) -> accepted, as Google issues both", async () => {
    const { verify } = setup();
    expect(await verify(await keys.sign(NOW, { iss: 'accounts.google.com' }))).toMatchObject({
      subject: '110169484474386276334',
    });
  });

  it('email_verified false or absent -> the subject without the email', async () => {
    const { verify } = setup();
    expect(await verify(await keys.sign(NOW, { email_verified: false }))).toEqual({
      subject: '110169484474386276334',
    });
    expect(await verify(await keys.sign(NOW, { email_verified: undefined }))).toEqual({
      subject: '110169484474386276334',
    });
  });

  it('expired 30 s ago -> still accepted (clock skew); expired 2 minutes ago -> null', async () => {
    const { verify, lines } = setup();
    const hourAgo = new Date(NOW.getTime() - 3600_000);
    expect(await verify(await keys.sign(hourAgo, { exp: seconds(NOW) - 30 }))).not.toBeNull();
    expect(await verify(await keys.sign(hourAgo, { exp: seconds(NOW) - 120 }))).toBeNull();
    expect(lines).toEqual([]);
  });

  it.each([
    ['another client id as aud', { aud: '999-other.apps.googleusercontent.com' }],
    ['our client id among others', { aud: [TEST_GOOGLE_CLIENT_ID, 'other'] }],
    ['another issuer', { iss: 'https://evil.example' }],
    ['no sub', { sub: undefined }],
    ['no exp', { exp: undefined }],
  ])('%s -> null, not logged', async (_name, claims) => {
    const { verify, lines } = setup();
    expect(await verify(await keys.sign(NOW, claims))).toBeNull();
    expect(lines).toEqual([]);
  });

  it("the nonce sent equals the token's nonce claim -> its subject; a missing or another nonce -> null", async () => {
    const { verify, lines } = setup();
    const token = await keys.sign(NOW);
    expect(await verify(token, TEST_GOOGLE_NONCE)).toMatchObject({ subject: '110169484474386276334' });
    expect(await verify(token, null)).toBeNull();
    expect(await verify(token, '')).toBeNull();
    expect(await verify(token, 'a0c2a9e7b1d4c3a8e6f0b2d4a6c8e015')).toBeNull();
    expect(await verify(token, `${TEST_GOOGLE_NONCE}0`)).toBeNull();
    expect(await verify(token, TEST_GOOGLE_NONCE.slice(0, -1))).toBeNull();
    expect(lines).toEqual([]);
  });

  it('a token without a nonce claim, or an empty one -> null, whatever nonce is sent', async () => {
    const { verify } = setup();
    expect(await verify(await keys.sign(NOW, { nonce: undefined }))).toBeNull();
    expect(await verify(await keys.sign(NOW, { nonce: '' }), '')).toBeNull();
    expect(await verify(await keys.sign(NOW, { nonce: 42 }), '42')).toBeNull();
  });

  it('no nonce sent -> null before any fetch of the keys', async () => {
    const { verify } = setup();
    expect(await verify(await keys.sign(NOW), null)).toBeNull();
    expect(keys.calls).toEqual([]);
  });

  it('a signature by another key under our kid -> null', async () => {
    const { verify, lines } = setup();
    expect(await verify(await keys.sign(NOW, {}, { foreignKey: true }))).toBeNull();
    expect(lines).toEqual([]);
  });

  it('a kid the JWKS does not hold -> null', async () => {
    const { verify, lines } = setup();
    expect(await verify(await keys.sign(NOW, {}, { kid: 'rotated-away', foreignKey: true }))).toBeNull();
    expect(lines).toEqual([]);
  });

  it('an HS256 token (alg not RS256) -> null', async () => {
    const { verify } = setup();
    const hs = await new SignJWT({
      sub: '1',
      aud: TEST_GOOGLE_CLIENT_ID,
      iss: 'accounts.google.com',
      nonce: TEST_GOOGLE_NONCE,
    })
      .setProtectedHeader({ alg: 'HS256', kid: 'santap-test-key-1' })
      .setIssuedAt(seconds(NOW))
      .setExpirationTime(seconds(NOW) + 60)
      .sign(new TextEncoder().encode('a shared secret anyone could guess'));
    expect(await verify(hs)).toBeNull();
  });

  it.each(['', 'not-a-jwt', 'eyJhbGciOi.real.jwt', 'a.b.c', 'fake-google-alice'])(
    'malformed %j -> null without a network call',
    async (token) => {
      const { verify, lines } = setup();
      expect(await verify(token)).toBeNull();
      expect(keys.calls).toEqual([]);
      expect(lines).toEqual([]);
    },
  );

  it('the JWKS fetch fails (network) -> null and one warning, no throw', async () => {
    const { verify, lines } = setup({
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(verify(await keys.sign(NOW))).resolves.toBeNull();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ details: { provider: 'google', err: 'fetch failed' } });
  });

  it('the JWKS answers 503 -> null and a warning', async () => {
    const { verify, lines } = setup({
      fetch: async () => new Response('unavailable', { status: 503 }),
    });
    expect(await verify(await keys.sign(NOW))).toBeNull();
    expect(lines).toHaveLength(1);
  });
});
