import { describe, expect, it } from 'vitest';
import { identityAdaptersFor, identityProvidersFor } from './providers';
import { TEST_GOOGLE_CLIENT_ID, TEST_GOOGLE_NONCE, googleTestKeys } from './google/fixtures/google-keys';

describe('identityProvidersFor', () => {
  it('test or development without keys -> the fakes (any nonce or none)', async () => {
    for (const env of ['test', 'development'] as const) {
      const providers = identityProvidersFor(env, identityAdaptersFor({}));
      expect(await providers.google.verify('fake-google-alice')).toMatchObject({ subject: 'alice' });
      expect(await providers.google.verify('fake-google-alice', { nonce: 'any' })).toMatchObject({
        subject: 'alice',
      });
      expect(await providers.facebook.verify('fake-facebook-bob')).toMatchObject({ subject: 'bob' });
    }
  });

  it('production without keys -> every token refused, the fake ones included', async () => {
    const providers = identityProvidersFor('production', identityAdaptersFor(undefined));
    expect(await providers.google.verify('fake-google-alice')).toBeNull();
    expect(await providers.facebook.verify('fake-facebook-bob')).toBeNull();
  });

  it('Facebook keys in test -> the real adapter asks debug_token (the fake token is not accepted)', async () => {
    const urls: string[] = [];
    const providers = identityProvidersFor(
      'test',
      identityAdaptersFor(
        { facebook: { appId: '1234567890123456', appSecret: 's3cret' } },
        {
          fetch: async (input) => {
            urls.push(String(input));
            return Response.json({ data: { is_valid: false, scopes: [] } });
          },
        },
      ),
    );
    expect(await providers.facebook.verify('fake-facebook-bob')).toBeNull();
    expect(urls).toHaveLength(1);
    expect(urls[0]).toMatch(
      /^https:\/\/graph\.facebook\.com\/v25\.0\/debug_token\?input_token=fake-facebook-bob&/,
    );
    // Google has no key: still the fake, and it calls nothing.
    expect(await providers.google.verify('fake-google-alice')).toMatchObject({ subject: 'alice' });
  });

  it('a Google client id in production -> the real adapter: a Google-signed token -> its subject', async () => {
    const keys = await googleTestKeys();
    const now = new Date('2026-11-23T04:00:00Z');
    const providers = identityProvidersFor(
      'production',
      identityAdaptersFor(
        { google: { clientId: TEST_GOOGLE_CLIENT_ID } },
        { fetch: keys.fetch, now: () => now },
      ),
    );
    const token = await keys.sign(now, { sub: '42' });
    expect(await providers.google.verify(token, { nonce: TEST_GOOGLE_NONCE })).toMatchObject({
      subject: '42',
    });
    expect(keys.calls).toEqual(['https://www.googleapis.com/oauth2/v3/certs']);
    expect(await providers.facebook.verify('fake-facebook-bob')).toBeNull();
  });
});
