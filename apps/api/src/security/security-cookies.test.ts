/**
 * Finding 8 of the security review, the cookie half, replayed over HTTP on both engines: the diner's
 * session is an HttpOnly cookie (SameSite=Lax, Secure on https) that no page script can read — a
 * browser's login reply carries no token — with only a readable `signed_in` marker beside it; the cart
 * token cookie is HttpOnly; a write from another site's page is refused (403, in the caller's
 * language), from our own page it goes through (security-csrf.test.ts: the same without cookies).
 * apps/api/README.md, "Cookies and CSRF".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '@santap/contract';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { freshPhone } from '../../test/phones';

const cookiesOf = (reply: Response) => reply.headers.getSetCookie();
const cookieNamed = (reply: Response, name: string) =>
  cookiesOf(reply).find((cookie) => cookie.startsWith(`${name}=`));

describe.each(ENGINES)('credential cookies and CSRF on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A browser's OTP login (it sends `Origin`, as browsers do): the reply and its session cookie. */
  async function browserLogin() {
    const phone = freshPhone('+60174');
    const client = server.client();
    await client.call(auth.sendOtp, { body: { phone } });
    const { messages } = await client.call(auth.devInbox, { query: { recipient: phone } });
    const otp = /\b(\d{6})\b/.exec(messages[0]!.body)![1]!;
    const reply = await fetch(`${server.baseUrl}/v1/user/verify_otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ phone, otp }),
    });
    const session = /^auth_token=([^;]+)/.exec(cookieNamed(reply, 'auth_token') ?? '')?.[1];
    return { reply, body: (await reply.json()) as { data: { token: string } }, session: session! };
  }

  it('browser login -> the token only in an HttpOnly SameSite=Lax cookie, a readable signed_in marker, none in the body', async () => {
    const { reply, body, session } = await browserLogin();
    expect(reply.status).toBe(200);
    const cookie = cookieNamed(reply, 'auth_token')!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i); // plain http here; https sites get Secure (below)
    expect(session.length).toBeGreaterThan(20);
    expect(body.data.token).toBe('');
    const marker = cookieNamed(reply, 'signed_in')!;
    expect(marker).toMatch(/^signed_in=ACTIVE/);
    expect(marker).not.toMatch(/HttpOnly/i);
    // The cookie alone is the session.
    const me = await fetch(`${server.baseUrl}/user/auth_token_customer.php`, {
      method: 'POST',
      headers: { cookie: `auth_token=${session}`, origin: server.baseUrl },
    });
    expect(me.status).toBe(200);
  });

  it('the cart token cookie a server issues is HttpOnly and SameSite=Lax', async () => {
    const reply = await fetch(`${server.baseUrl}/api/orders/cart/get.php?scope=kopitiam-ali`);
    const cookie = cookieNamed(reply, 'cart_token')!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it.each([
    ['en', 'This request did not come from our page'],
    ['id', 'Permintaan ini tidak berasal dari halaman kami'],
    ['my', 'Permintaan ini tidak datang dari halaman kami'],
  ])(
    'cookie write from another site (%s) -> 403 in that language; from our page -> 200',
    async (lang, words) => {
      const { session } = await browserLogin();
      const from = (origin: Record<string, string>) =>
        fetch(`${server.baseUrl}/user/auth_token_customer.php`, {
          method: 'POST',
          headers: { cookie: `auth_token=${session}`, 'accept-language': lang, ...origin },
        });
      const others: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { referer: 'https://evil.example/page' },
        { origin: 'http://localhost.evil.example:3000' },
      ];
      for (const other of others) {
        const refused = await from(other);
        expect(refused.status).toBe(403);
        expect(await refused.json()).toMatchObject({ status: 0, code: 'errors.crossSiteRequest' });
      }
      const refused = await from({ origin: 'https://evil.example' });
      expect(((await refused.json()) as { message: string }).message).toContain(words);
      expect((await from({ origin: server.baseUrl })).status).toBe(200);
      expect((await from({ origin: 'http://localhost:3000' })).status).toBe(200); // PUBLIC_URL
      expect((await from({ referer: `${server.baseUrl}/profileHome` })).status).toBe(200);
    },
  );

  it('a cart write from another site -> 403, by cookie or by header; by header from no page (a program) -> not refused', async () => {
    const cartToken = server.client().cartToken;
    const write = (headers: Record<string, string>) =>
      fetch(`${server.baseUrl}/api/orders/cart/update_special_note.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ scope: 'kopitiam-ali', special_note: 'x' }),
      });
    const evil = { origin: 'https://evil.example' };
    expect((await write({ ...evil, cookie: `cart_token=${cartToken}` })).status).toBe(403);
    expect((await write({ ...evil, 'cart-token': cartToken })).status).toBe(403);
    expect((await write({ 'cart-token': cartToken })).status).toBe(200);
  });

  it('sign-out clears the session cookie and the marker', async () => {
    const { session } = await browserLogin();
    const out = await fetch(`${server.baseUrl}/user_login/signout.php`, {
      method: 'POST',
      headers: { cookie: `auth_token=${session}`, origin: server.baseUrl },
    });
    expect(out.status).toBe(200);
    expect(cookieNamed(out, 'auth_token')).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect(cookieNamed(out, 'signed_in')).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
  });
});

describe.each(ENGINES)('credential cookies on an https site on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { config: { publicUrl: 'https://santap.example' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('https public URL -> the cart cookie is Secure', async () => {
    const reply = await fetch(`${server.baseUrl}/api/orders/cart/get.php?scope=kopitiam-ali`);
    expect(cookieNamed(reply, 'cart_token')).toMatch(/; Secure/i);
  });
});
