import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auth, cart, orders } from '@santap/contract';
import { AuthRequired } from '@santap/api-client';
import { MESSAGE } from '@santap/domain';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { refusal } from '../../test/refusal';
import { freshPhone } from '../../test/phones';
import { addPlainItem, placeDineInOrder } from '../../test/journeys';
import type { Client } from '../../test/journeys';

const PHONE_BLOCK = '+60194';

describe.each(ENGINES)('auth on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });
  // A new hour per case: the OTP limits per IP (all tests call from 127.0.0.1) start afresh.
  beforeEach(() => {
    server.clock.advance(60 * 60 + 1);
  });

  /** Logs a new browser in by OTP through the real calls (send -> dev inbox -> verify). */
  async function login(options: { phone?: string; guestToken?: string; client?: Client } = {}) {
    const client = options.client ?? server.client();
    const phone = options.phone ?? freshPhone(PHONE_BLOCK);
    await client.call(auth.sendOtp, { body: { phone } });
    const { messages } = await client.call(auth.devInbox, { query: { recipient: phone } });
    const otp = /\b(\d{6})\b/.exec(messages[0]!.body)![1]!;
    const session = await client.call(auth.verifyOtp, {
      body: { phone, otp, ...(options.guestToken ? { guest_token: options.guestToken } : {}) },
    });
    client.setAuthToken(session.token);
    return { client, session, phone };
  }

  async function guest() {
    const session = await server.client().call(auth.registerGuest, {});
    return { session, client: server.client({ authToken: session.token }) };
  }

  /** 'YYYY-MM-DD' of the person who turns `age` `daysUntilBirthday` days from today in Kuala Lumpur. */
  function birthDate(age: number, daysUntilBirthday = 0): string {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuala_Lumpur' }).format(
      server.clock.now(),
    );
    const [year, month, day] = today.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year - age, month - 1, day + daysUntilBirthday));
    return date.toISOString().slice(0, 10);
  }

  describe('guests and tokens', () => {
    it('register/guest -> a GUEST session; auth_token_customer.php -> the guest user', async () => {
      const { session, client } = await guest();
      expect(session.user).toMatchObject({ status: 'GUEST', phone: null });
      const me = await client.call(auth.authTokenCustomer, {});
      expect(me.user).toEqual(session.user);
    });

    it("no token or a made-up token on a user call -> 'invalid token' (401)", async () => {
      const anonymous = await refusal(server.client().call(auth.authTokenCustomer, {}));
      expect(anonymous).toBeInstanceOf(AuthRequired);
      expect(anonymous).toMatchObject({ message: 'invalid token', statusCode: 401 });
      const madeUp = await refusal(
        server.client({ authToken: 'not-a-token' }).call(auth.authTokenCustomer, {}),
      );
      expect(madeUp).toMatchObject({ message: 'invalid token', statusCode: 401 });
    });

    it("signout.php -> the same token is then refused with 'invalid token'", async () => {
      const { client } = await login();
      await client.call(auth.signOut, {});
      const refused = await refusal(client.call(auth.authTokenCustomer, {}));
      expect(refused).toBeInstanceOf(AuthRequired);
      expect(refused).toMatchObject({ message: 'invalid token', statusCode: 401 });
    });

    it('generate_token.php -> a new token that works; the old one is refused', async () => {
      const { client, session } = await login();
      const rotated = await client.call(auth.generateToken, {});
      expect(rotated.token).not.toBe(session.token);
      expect(rotated.user.user_id).toBe(session.user.user_id);
      expect(await refusal(client.call(auth.authTokenCustomer, {}))).toMatchObject({
        message: 'invalid token',
      });
      client.setAuthToken(rotated.token);
      expect((await client.call(auth.authTokenCustomer, {})).user.user_id).toBe(session.user.user_id);
    });

    it("a token past its 30 days -> 'invalid token'", async () => {
      const { client } = await login();
      server.clock.advance(30 * 24 * 60 * 60 + 1);
      expect(await refusal(client.call(auth.authTokenCustomer, {}))).toMatchObject({
        message: 'invalid token',
      });
    });

    it("verify_otp with guest_token -> the guest's cart moves to the user, seen from another browser; the guest token stops", async () => {
      const visitor = await guest();
      const item = await addPlainItem(visitor.client, 'kopitiam-ali');
      const { client, session } = await login({ guestToken: visitor.session.token });
      expect(session.is_new_user).toBe(true);
      const moved = await client.call(cart.cartGet, { query: { scope: 'kopitiam-ali' } });
      expect(moved.items.map((line) => line.item_id)).toEqual([item.id]);
      expect(await refusal(visitor.client.call(auth.authTokenCustomer, {}))).toMatchObject({
        message: 'invalid token',
      });
    });

    it('verify_otp with a stale guest_token -> still logs in, nothing moves', async () => {
      const visitor = await guest();
      await visitor.client.call(auth.signOut, {});
      const { session } = await login({ guestToken: visitor.session.token });
      expect(session.user.status).toBe('ACTIVE');
    });

    it("replace/guest -> the guest's order and cart belong to the user; the same guest token again -> 403", async () => {
      const visitor = await guest();
      const placed = await placeDineInOrder(visitor.client);
      await addPlainItem(visitor.client, 'kopitiam-ali');
      const { client } = await login();
      const result = await client.call(auth.replaceGuest, { body: { guest_token: visitor.session.token } });
      expect(result).toEqual({ moved_orders: 1, moved_carts: 1 });
      const order = await client.call(orders.orderDetails, { query: { order_id: placed.order_id } });
      expect(order.order_id).toBe(placed.order_id);
      const again = await refusal(
        client.call(auth.replaceGuest, { body: { guest_token: visitor.session.token } }),
      );
      expect(again).toMatchObject({ statusCode: 403, code: MESSAGE.forbidden });
    });

    it('replace/guest called by a guest, or with a registered user token -> 403', async () => {
      const first = await guest();
      const second = await guest();
      expect(
        await refusal(first.client.call(auth.replaceGuest, { body: { guest_token: second.session.token } })),
      ).toMatchObject({ statusCode: 403 });
      const { client } = await login();
      const other = await login();
      expect(
        await refusal(client.call(auth.replaceGuest, { body: { guest_token: other.session.token } })),
      ).toMatchObject({ statusCode: 403 });
    });
  });

  describe('register_user.php', () => {
    it('a guest -> 403 (log in with an OTP first)', async () => {
      const { client } = await guest();
      const refused = await refusal(
        client.call(auth.registerUser, { body: { name: 'Siti Aminah', date_of_birth: birthDate(30) } }),
      );
      expect(refused).toMatchObject({ statusCode: 403, code: MESSAGE.forbidden });
    });

    it('17 years old (18 tomorrow) -> refused; 18 today -> saved with name, email and gender', async () => {
      const { client } = await login();
      const young = await refusal(
        client.call(auth.registerUser, { body: { name: 'Siti Aminah', date_of_birth: birthDate(18, 1) } }),
      );
      expect(young).toMatchObject({
        statusCode: 400,
        code: MESSAGE.underage,
        message: 'You must be at least 18 years old',
      });
      const { user } = await client.call(auth.registerUser, {
        body: {
          name: ' Siti Aminah ',
          email: 'Siti@Example.COM',
          date_of_birth: birthDate(18),
          gender: 'female',
        },
      });
      expect(user).toMatchObject({
        name: 'Siti Aminah',
        email: 'Siti@example.com',
        date_of_birth: birthDate(18),
        gender: 'female',
        is_corporate: false,
      });
    });

    it('corporate without a date of birth -> accepted; neither -> the 18-or-corporate message', async () => {
      const { client } = await login();
      const neither = await refusal(client.call(auth.registerUser, { body: { name: 'Kedai Ali' } }));
      expect(neither).toMatchObject({
        statusCode: 400,
        code: MESSAGE.adultOrCorporate,
        message: 'Platform users must be 18 or older, or a corporate entity',
      });
      const { user } = await client.call(auth.registerUser, {
        body: { name: 'Kedai Ali Sdn Bhd', is_corporate: true },
      });
      expect(user).toMatchObject({ is_corporate: true, date_of_birth: null });
      // A later update without is_corporate keeps it.
      const renamed = await client.call(auth.registerUser, { body: { name: 'Kedai Ali Berhad' } });
      expect(renamed.user).toMatchObject({ name: 'Kedai Ali Berhad', is_corporate: true });
    });

    it('date of birth saved once: the same value again -> fine; another value -> refused and unchanged', async () => {
      const { client } = await login();
      await client.call(auth.registerUser, { body: { name: 'Budi Santoso', date_of_birth: '1990-05-17' } });
      await client.call(auth.registerUser, { body: { name: 'Budi Santoso', date_of_birth: '1990-05-17' } });
      const changed = await refusal(
        client.call(auth.registerUser, { body: { name: 'Budi Santoso', date_of_birth: '1991-05-17' } }),
      );
      expect(changed).toMatchObject({ statusCode: 400, code: MESSAGE.dateOfBirthLocked });
      expect((await client.call(auth.authTokenCustomer, {})).user.date_of_birth).toBe('1990-05-17');
    });

    it.each([
      [{ name: 'Al' }, MESSAGE.nameTooShort],
      [{ name: 'Aminah', email: 'aminah.example.com' }, MESSAGE.emailMissingAt],
      [{ name: 'Aminah', email: 'aminah@example' }, MESSAGE.emailInvalidFormat],
      [{ name: 'Aminah', date_of_birth: '1990-02-30' }, MESSAGE.dateOfBirthInvalid],
    ])('%j -> 400 %s', async (body, code) => {
      const { client } = await login();
      expect(
        await refusal(client.call(auth.registerUser, { body: { ...body, is_corporate: true } })),
      ).toMatchObject({
        statusCode: 400,
        code,
      });
    });
  });

  describe('Facebook and Google links', () => {
    it('link google with a fake token -> linked.google; the same subject for a second user -> 403; unlink frees it', async () => {
      const alice = await login();
      const bob = await login();
      const { user } = await alice.client.call(auth.linkAccount, {
        params: { provider: 'google' },
        body: { token: 'fake-google-alice-1' },
      });
      expect(user.linked).toEqual({ facebook: false, google: true });

      const taken = await refusal(
        bob.client.call(auth.linkAccount, {
          params: { provider: 'google' },
          body: { token: 'fake-google-alice-1' },
        }),
      );
      expect(taken).toMatchObject({ statusCode: 403, code: MESSAGE.forbidden });
      // The same subject at the other provider is another account.
      const facebook = await bob.client.call(auth.linkAccount, {
        params: { provider: 'facebook' },
        body: { token: 'fake-facebook-alice-1' },
      });
      expect(facebook.user.linked).toEqual({ facebook: true, google: false });

      const unlinked = await alice.client.call(auth.unlinkAccount, { params: { provider: 'google' } });
      expect(unlinked.user.linked.google).toBe(false);
      const relinked = await bob.client.call(auth.linkAccount, {
        params: { provider: 'google' },
        body: { token: 'fake-google-alice-1' },
      });
      expect(relinked.user.linked).toEqual({ facebook: true, google: true });
    });

    it('a token the provider refuses (another provider, not a fake) -> verification failed', async () => {
      const { client } = await login();
      for (const token of ['fake-facebook-x', 'eyJhbGciOi.real.jwt']) {
        const refused = await refusal(
          client.call(auth.linkAccount, { params: { provider: 'google' }, body: { token } }),
        );
        expect(refused).toMatchObject({
          code: MESSAGE.verificationFailed,
          message: 'Verification failed please try again!',
        });
      }
    });

    it('a guest linking -> 403; an unknown provider -> 400', async () => {
      const { client } = await guest();
      expect(
        await refusal(
          client.call(auth.linkAccount, { params: { provider: 'google' }, body: { token: 'fake-google-g' } }),
        ),
      ).toMatchObject({ statusCode: 403 });
      const response = await fetch(`${server.baseUrl}/api/user/link/twitter`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${(await login()).session.token}`,
        },
        body: JSON.stringify({ token: 'fake-twitter-x' }),
      });
      expect(response.status).toBe(400);
    });
  });
});
