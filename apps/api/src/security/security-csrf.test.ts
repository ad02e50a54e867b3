/**
 * Cross-site request forgery, replayed over HTTP on both engines as an attacker's page would send it
 * (apps/api/README.md, "Cookies and CSRF"): a form or fetch posted from another site is refused on
 * every state-changing call, cookie or not — a login that would sign the victim's browser into the
 * attacker's account, a guest registration that would replace a signed-in diner's session, an OTP
 * send. Calls with no browser header (servers, devices, curl) and the exempt routes (gateway
 * notifications and returns, messaging webhooks) still work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, payments as paymentsApi } from '@santap/contract';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { latestOtp } from '../../test/account-kit';
import { placeOnlineOrder } from '../../test/journeys';
import { freshPhone } from '../../test/phones';
import { CROSS_SITE_ROUTES, STATE_CHANGING_METHODS } from '../http/same-origin';
import { openApiOperations } from './openapi-operations';

const EVIL = 'https://evil.example';
/** What a browser sends with a form posted from the attacker's page. */
const FROM_EVIL_FORM = {
  origin: EVIL,
  referer: `${EVIL}/win-a-prize`,
  'sec-fetch-site': 'cross-site',
  'sec-fetch-mode': 'navigate',
  'content-type': 'application/x-www-form-urlencoded',
};

const setCookies = (reply: Response) => reply.headers.getSetCookie();

async function expectRefused(reply: Response) {
  expect(reply.status).toBe(403);
  const body = (await reply.json()) as { status: number; code: string; message: string };
  expect(body).toMatchObject({ status: 0, code: 'errors.crossSiteRequest' });
  expect(body.message).toContain('This request did not come from our page');
  // Nothing was handed to the browser: no session, no marker, no cart.
  expect(setCookies(reply)).toEqual([]);
}

describe.each(ENGINES)('cross-site requests on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (path: string, headers: Record<string, string>, body = '') =>
    fetch(`${server.baseUrl}${path}`, { method: 'POST', headers, body, redirect: 'manual' });

  /** An OTP sent for `phone` by a program (no browser header) and its code from the dev inbox. */
  async function codeFor(phone: string) {
    const sent = await post(
      '/v1/user/send_otp',
      { 'content-type': 'application/json' },
      JSON.stringify({ phone }),
    );
    expect(sent.status).toBe(200);
    return latestOtp(server.client(), phone);
  }

  it("login CSRF: another site's form posts the attacker's phone and code to verify_otp, no cookie -> 403 in words, no session; the code still works from our page", async () => {
    const attackerPhone = freshPhone('+60175');
    const otp = await codeFor(attackerPhone);
    const form = new URLSearchParams({ phone: attackerPhone, otp }).toString();

    await expectRefused(await post('/v1/user/verify_otp', FROM_EVIL_FORM, form));
    // As JSON with Origin only (a fetch), and with Sec-Fetch-Site only (no Origin nor Referer).
    const json = JSON.stringify({ phone: attackerPhone, otp });
    await expectRefused(
      await post('/v1/user/verify_otp', { origin: EVIL, 'content-type': 'application/json' }, json),
    );
    await expectRefused(
      await post(
        '/v1/user/verify_otp',
        { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
        json,
      ),
    );

    // The refusals spent nothing: the same code logs in from our own page.
    const ours = await post(
      '/v1/user/verify_otp',
      { origin: server.baseUrl, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      json,
    );
    expect(ours.status).toBe(200);
    expect(setCookies(ours).some((cookie) => cookie.startsWith('auth_token='))).toBe(true);
  });

  it("forced sign-out: another site posts to register/guest in a signed-in diner's browser -> 403, the diner's session cookie not replaced", async () => {
    const phone = freshPhone('+60175');
    const otp = await codeFor(phone);
    const login = await post(
      '/v1/user/verify_otp',
      { origin: server.baseUrl, 'content-type': 'application/json' },
      JSON.stringify({ phone, otp }),
    );
    const session = /^auth_token=([^;]+)/.exec(
      setCookies(login).find((cookie) => cookie.startsWith('auth_token=')) ?? '',
    )?.[1];
    expect(session).toBeDefined();
    const cookie = `auth_token=${session}; signed_in=ACTIVE`;

    // With the diner's cookies (SameSite=Lax keeps them off a cross-site POST in today's browsers;
    // an older browser, or a same-site page, would send them) and without.
    await expectRefused(await post('/api/user/register/guest', { ...FROM_EVIL_FORM, cookie }));
    await expectRefused(await post('/api/user/register/guest', FROM_EVIL_FORM));
    await expectRefused(
      await post(
        '/api/user/register/guest',
        { referer: `${EVIL}/x`, 'content-type': 'application/json' },
        '{}',
      ),
    );

    // The diner is still signed in with the same session.
    const me = await fetch(`${server.baseUrl}/user/auth_token_customer.php`, {
      method: 'POST',
      headers: { cookie, origin: server.baseUrl },
    });
    expect(me.status).toBe(200);
    // Our own page may still make a guest.
    expect((await post('/api/user/register/guest', { origin: server.baseUrl })).status).toBe(200);
  });

  it('another site makes its visitors ask for OTP codes (send and resend) -> 403, no message sent', async () => {
    const victim = freshPhone('+60175');
    const body = new URLSearchParams({ phone: victim }).toString();
    await expectRefused(await post('/v1/user/send_otp', FROM_EVIL_FORM, body));
    await expectRefused(await post('/v1/user/resend_otp', FROM_EVIL_FORM, body));
    await expectRefused(
      await post(
        '/v1/user/send_otp',
        { origin: 'null', 'content-type': 'application/json' },
        JSON.stringify({ phone: victim }),
      ),
    );
    const { messages } = await server.client().call(auth.devInbox, { query: { recipient: victim } });
    expect(messages).toEqual([]);
  });

  it('no browser header at all (a server, a kiosk shell, curl) -> not refused; our page -> not refused', async () => {
    const phone = freshPhone('+60175');
    const json = { 'content-type': 'application/json' };
    expect((await post('/v1/user/send_otp', json, JSON.stringify({ phone }))).status).toBe(200);
    server.clock.advance(31); // the resend cooldown
    const fromOurPage = await post(
      '/v1/user/resend_otp',
      { ...json, origin: server.baseUrl, 'sec-fetch-site': 'same-origin' },
      JSON.stringify({ phone }),
    );
    expect(fromOurPage.status).toBe(200);
  });

  it('every state-changing call of /api/docs, posted from another site with no cookie -> 403 errors.crossSiteRequest before anything else', async () => {
    const operations = (await openApiOperations(server.baseUrl)).filter(({ method }) =>
      STATE_CHANGING_METHODS.has(method),
    );
    expect(operations.length).toBeGreaterThan(50);
    const failures: string[] = [];
    for (const { method, path } of operations) {
      const url = path.replace(/\{[^}]+\}/g, '1');
      const exempt = CROSS_SITE_ROUTES.some(
        (route) => route.method === method && route.url.replace(/:(\w+)/g, '{$1}') === path,
      );
      const fromEvil: Record<string, string>[] = [
        { origin: EVIL },
        { referer: `${EVIL}/page` },
        { 'sec-fetch-site': 'cross-site' },
      ];
      for (const headers of fromEvil) {
        const reply = await fetch(`${server.baseUrl}${url}`, {
          method,
          headers: { ...headers, 'content-type': 'application/json' },
          body: '{}',
        });
        const text = await reply.text();
        const refused = reply.status === 403 && text.includes('errors.crossSiteRequest');
        if (refused === exempt)
          failures.push(`${method} ${url} ${JSON.stringify(headers)} -> ${reply.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("the server's other forms (the simulator's pay page) and an unknown path, from another site -> 403", async () => {
    await expectRefused(await post('/simulator/pay/SNTP-1-abcdef?sig=x', FROM_EVIL_FORM, 'outcome=success'));
    await expectRefused(await post('/no/such/path', FROM_EVIL_FORM, 'a=1'));
  });

  it('the exempt routes are real routes of this server, and a cross-site post there reaches its own checks', async () => {
    for (const { method, url } of CROSS_SITE_ROUTES) {
      expect(server.app.hasRoute({ method, url }), url).toBe(true);
    }
    // Forged notifications: refused by their own signature checks, not by the cross-site rule.
    const forged = await post(
      '/api/payments/webhook/simulator',
      { ...FROM_EVIL_FORM, 'content-type': 'application/json' },
      '{"reference":"x"}',
    );
    expect(forged.status).toBe(401);
    const whatsapp = await post('/api/webhooks/whatsapp', FROM_EVIL_FORM, '{}');
    expect(await whatsapp.text()).not.toContain('errors.crossSiteRequest');
  });

  it("Razer's return: the payer's browser posts the gateway's form from its own site -> 303 to the return page", async () => {
    const query = '?order_id=42&type=dinein&redirect=1&isKiosk=0';
    for (const path of ['/payment/response', '/fc/mall-demo/payment/response']) {
      const reply = await post(
        `${path}${query}`,
        {
          ...FROM_EVIL_FORM,
          origin: 'https://sandbox.merchant.razer.com',
          referer: 'https://sandbox.merchant.razer.com/',
        },
        'tranID=1&status=00&skey=x',
      );
      expect(reply.status).toBe(303);
      expect(reply.headers.get('location')).toBe(`${path}${query}`);
    }
  });

  it("a gateway's signed notification, sent with browser-like headers -> accepted and the order paid", async () => {
    const simulator = server.app.santap.payments.simulator;
    simulator.configure({ delivery: 'immediate', delayMs: 0, autoSettle: false });
    const client = server.client();
    const placed = await placeOnlineOrder(client);
    const started = await client.call(paymentsApi.paymentInitiate, {
      body: { order_id: placed.order_id, method: 'Wallet', channel: 'grab_pay_app' },
    });
    const notification = simulator.signedNotification(started.reference, 'success');
    const reply = await post(
      '/api/payments/webhook/simulator',
      { ...notification.headers, origin: 'https://gateway.example', 'sec-fetch-site': 'cross-site' },
      notification.body,
    );
    expect(reply.status).toBe(200);
    const status = await client.call(paymentsApi.paymentStatusCheck, {
      query: { payment_id: started.payment_id },
    });
    expect(status).toMatchObject({ result: 1, order_payment_status: 'paid' });
  });
});
