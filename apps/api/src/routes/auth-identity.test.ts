import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '@santap/contract';
import { MESSAGE } from '@santap/domain';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { refusal } from '../../test/refusal';
import { freshPhone } from '../../test/phones';
import { latestOtp } from '../../test/account-kit';
import {
  TEST_GOOGLE_CLIENT_ID,
  TEST_GOOGLE_NONCE,
  googleTestKeys,
} from '../services/adapters/identity/google/fixtures/google-keys';
import type { GoogleTestKeys } from '../services/adapters/identity/google/fixtures/google-keys';

const PHONE_BLOCK = '+60195';
const SUBJECT = '110169484474386276334';

describe.each(ENGINES)('account linking with the Google adapter configured on %s', (engine) => {
  let server: TestServer;
  let keys: GoogleTestKeys;

  beforeAll(async () => {
    keys = await googleTestKeys();
    server = await startTestServer(engine, {
      config: { identity: { google: { clientId: TEST_GOOGLE_CLIENT_ID } } },
      server: { identityFetch: keys.fetch },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function login() {
    const client = server.client();
    const phone = freshPhone(PHONE_BLOCK);
    await client.call(auth.sendOtp, { body: { phone } });
    const session = await client.call(auth.verifyOtp, {
      body: { phone, otp: await latestOtp(client, phone) },
    });
    client.setAuthToken(session.token);
    return client;
  }

  it("a Google-signed ID token for our client id -> linked through auth.linkAccount; its sub is another diner's to take no more", async () => {
    const alice = await login();
    const token = await keys.sign(server.clock.now(), { sub: SUBJECT });
    const { user } = await alice.call(auth.linkAccount, {
      params: { provider: 'google' },
      body: { token, nonce: TEST_GOOGLE_NONCE },
    });
    expect(user.linked).toEqual({ facebook: false, google: true });
    expect(keys.calls).toContain('https://www.googleapis.com/oauth2/v3/certs');

    const bob = await login();
    const again = await keys.sign(server.clock.now(), { sub: SUBJECT });
    expect(
      await refusal(
        bob.call(auth.linkAccount, {
          params: { provider: 'google' },
          body: { token: again, nonce: TEST_GOOGLE_NONCE },
        }),
      ),
    ).toMatchObject({ statusCode: 403, code: MESSAGE.forbidden });
  });

  it('the fake token, a token for another client id or an expired one -> verification failed (the adapter replaced the fake)', async () => {
    const client = await login();
    const now = server.clock.now();
    const tokens = [
      'fake-google-alice-1',
      await keys.sign(now, { aud: '999-other.apps.googleusercontent.com' }),
      await keys.sign(new Date(now.getTime() - 2 * 3600_000)),
    ];
    for (const token of tokens) {
      expect(
        await refusal(
          client.call(auth.linkAccount, {
            params: { provider: 'google' },
            body: { token, nonce: TEST_GOOGLE_NONCE },
          }),
        ),
      ).toMatchObject({ code: MESSAGE.verificationFailed });
    }
  });

  it('a Google-signed token sent without its nonce (an older diner app) or with another one -> verification failed, nothing linked', async () => {
    const client = await login();
    const token = await keys.sign(server.clock.now(), { sub: '110169484474386270001' });
    for (const body of [{ token }, { token, nonce: 'f'.repeat(TEST_GOOGLE_NONCE.length) }]) {
      expect(
        await refusal(client.call(auth.linkAccount, { params: { provider: 'google' }, body })),
      ).toMatchObject({ code: MESSAGE.verificationFailed });
    }
    // The same token with its own nonce links: the refusals above were the nonce's.
    const { user } = await client.call(auth.linkAccount, {
      params: { provider: 'google' },
      body: { token, nonce: TEST_GOOGLE_NONCE },
    });
    expect(user.linked).toEqual({ facebook: false, google: true });
  });

  it('Facebook without keys keeps its fake outside production', async () => {
    const client = await login();
    const { user } = await client.call(auth.linkAccount, {
      params: { provider: 'facebook' },
      body: { token: 'fake-facebook-fb-1' },
    });
    expect(user.linked).toEqual({ facebook: true, google: false });
  });
});
