/**
 * Abuse limits replayed as an attacker would, with production's limits (lib/limits.ts) on both
 * engines: wrong staff passwords and kiosk secrets, OTP guessing across codes, OTP verify, guest,
 * order, invoice-mail and TIN floods. Every refusal is a 429 with Retry-After and the wait in the
 * caller's language. Addresses come through X-Forwarded-For from a trusted loopback proxy (TRUST_PROXY).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { freshPhone } from '../../test/phones';
import { PRODUCTION_LIMITS } from '../lib/limits';
import { DEMO_KIOSK } from '../seed/kiosks';

const PHONE_BLOCK = '+60178';
const MANAGER = { username: 'kopitiam-ali-manager', password: 'santap-demo' };
const CART = 'userCCCCCCCCCCC';

interface Reply {
  status: number;
  retryAfter: string | null;
  body: { status: number; code?: string; message: string; data?: unknown };
}

describe.each(ENGINES)('abuse limits on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine, {
      config: {
        // Production's numbers, except the account-wide staff cap: 50 slow hashes would make this file
        // slow without proving more than 8 do.
        limits: { ...PRODUCTION_LIMITS, staffLoginFailuresPerAccount: { max: 8, windowSeconds: 3600 } },
        trustProxy: ['127.0.0.1'],
      },
    });
  });
  afterAll(async () => {
    await server?.close();
  });
  // Every case starts a day later: the windows of the case before have all ended.
  beforeEach(() => {
    server.clock.advance(24 * 60 * 60 + 1);
  });

  async function call(
    method: 'GET' | 'POST',
    path: string,
    options: { ip: string; body?: unknown; headers?: Record<string, string>; language?: string },
  ): Promise<Reply> {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        'x-forwarded-for': options.ip,
        'accept-language': options.language ?? 'en',
        'country-code': 'MY',
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: (await response.json()) as Reply['body'],
    };
  }

  const login = (ip: string, password: string, language?: string) =>
    call('POST', '/api/staff/login', {
      ip,
      body: { username: MANAGER.username, password },
      ...(language ? { language } : {}),
    });

  function expectThrottled(reply: Reply) {
    expect(reply.status).toBe(429);
    expect(Number(reply.retryAfter)).toBeGreaterThan(0);
    expect(['errors.tryAgainInSeconds', 'errors.tryAgainInMinutes']).toContain(reply.body.code);
  }

  describe('staff login', () => {
    it('5 wrong passwords from one IP -> the 6th try, right password too, 429 with Retry-After in Indonesian; another IP still logs in', async () => {
      for (let i = 0; i < 5; i++) expect((await login('203.0.113.10', 'wrong-password')).status).toBe(403);
      const blocked = await login('203.0.113.10', MANAGER.password, 'id');
      expectThrottled(blocked);
      expect(blocked.body.message).toMatch(/^Terlalu banyak percobaan\. Silakan coba lagi dalam \d+ menit$/);
      expect(Number(blocked.retryAfter)).toBeLessThanOrEqual(15 * 60);
      expect((await login('203.0.113.11', MANAGER.password)).status).toBe(200);
    });

    it('tries while blocked double the wait; once it ends the right password works from that IP again', async () => {
      for (let i = 0; i < 5; i++) await login('203.0.113.20', 'wrong-password');
      const first = await login('203.0.113.20', MANAGER.password);
      const second = await login('203.0.113.20', MANAGER.password);
      expectThrottled(first);
      expectThrottled(second);
      expect(Number(second.retryAfter)).toBeGreaterThan(Number(first.retryAfter) + 10 * 60);
      server.clock.advance(Number(second.retryAfter) + 1);
      expect((await login('203.0.113.20', MANAGER.password)).status).toBe(200);
    });

    it('IPv6 counts by /64: failures from ::1 block ::2 of the same /64, not the next /64', async () => {
      for (let i = 0; i < 5; i++) await login('2001:db8:0:7::1', 'wrong-password');
      expectThrottled(await login('2001:db8:0:7::2', MANAGER.password));
      expect((await login('2001:db8:0:8::1', MANAGER.password)).status).toBe(200);
    });

    it('a guess spread over many IPs -> new IPs refused, the IP the manager used before still gets in; an hour later any IP does', async () => {
      expect((await login('198.51.100.1', MANAGER.password)).status).toBe(200);
      for (let i = 0; i < 8; i++)
        expect((await login(`192.0.2.${i + 1}`, 'wrong-password')).status).toBe(403);
      expectThrottled(await login('192.0.2.200', MANAGER.password));
      expect((await login('198.51.100.1', MANAGER.password)).status).toBe(200);
      server.clock.advance(60 * 60 + 1);
      expect((await login('192.0.2.200', MANAGER.password)).status).toBe(200);
    });

    it('30 logins from one IP in 15 minutes, even malformed ones -> the 31st, right password, is 429 before any hash', async () => {
      for (let i = 0; i < 30; i++) {
        const reply = await call('POST', '/api/staff/login', {
          ip: '203.0.113.30',
          body: { username: `nobody-${i}`, password: '' },
        });
        expect(reply.status).toBe(400);
      }
      expectThrottled(await login('203.0.113.30', MANAGER.password));
    });
  });

  describe('kiosk secrets', () => {
    const kiosk = (ip: string, secret: string) =>
      call('GET', '/api/kiosk/settings', {
        ip,
        headers: { 'kiosk-device': DEMO_KIOSK.kopitiamAli.id, 'kiosk-secret': secret },
      });

    // Ten scrypt hashes at the production parameters: seconds alone, far more on a loaded CI machine.
    it('10 wrong secrets from one IP -> 429 there (right secret too, in Malay); the kiosk itself elsewhere works', async () => {
      for (let i = 0; i < 10; i++) expect((await kiosk('203.0.113.40', `wrong-${i}`)).status).toBe(401);
      const blocked = await call('GET', '/api/kiosk/settings', {
        ip: '203.0.113.40',
        language: 'my',
        headers: { 'kiosk-device': DEMO_KIOSK.kopitiamAli.id, 'kiosk-secret': DEMO_KIOSK.kopitiamAli.secret },
      });
      expectThrottled(blocked);
      expect(blocked.body.message).toMatch(/^Terlalu banyak cubaan\. Sila cuba lagi dalam \d+ minit$/);
      expect((await kiosk('203.0.113.41', DEMO_KIOSK.kopitiamAli.secret)).status).toBe(200);
    }, 120_000);
  });

  describe('OTP', () => {
    const send = (ip: string, phone: string) => call('POST', '/v1/user/send_otp', { ip, body: { phone } });
    const verify = (ip: string, phone: string, otp: string) =>
      call('POST', '/v1/user/verify_otp', { ip, body: { phone, otp } });
    async function codeOf(phone: string) {
      const inbox = await call('GET', `/api/dev/inbox?recipient=${encodeURIComponent(phone)}`, {
        ip: '10.9.9.9',
      });
      const messages = (inbox.body.data as { messages: { body: string }[] }).messages;
      return /\b(\d{6})\b/.exec(messages[0]!.body)![1]!;
    }
    const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    it('10 wrong codes over two codes -> a third, right code is refused 429 (a new code does not reset the count)', async () => {
      const phone = freshPhone(PHONE_BLOCK);
      for (let round = 0; round < 2; round++) {
        expect((await send('203.0.113.50', phone)).status).toBe(200);
        const code = await codeOf(phone);
        for (let i = 0; i < 5; i++) {
          expect((await verify(`203.0.113.${51 + round * 5 + i}`, phone, wrong(code))).body.code).toBe(
            'errors.incorrectOtp',
          );
        }
        server.clock.advance(31);
      }
      expect((await send('203.0.113.50', phone)).status).toBe(200);
      expectThrottled(await verify('203.0.113.70', phone, await codeOf(phone)));
    });

    it('verify from one IP: 60 tries in 15 minutes, then 429 whatever the phone', async () => {
      for (let i = 0; i < 60; i++) {
        const reply = await verify('203.0.113.80', freshPhone(PHONE_BLOCK), '123456');
        expect(reply.status).toBe(422);
      }
      expectThrottled(await verify('203.0.113.80', freshPhone(PHONE_BLOCK), '123456'));
      expect((await verify('203.0.113.81', freshPhone(PHONE_BLOCK), '123456')).status).toBe(422);
    });
  });

  describe('floods of cheap calls', () => {
    it('guest sessions: 60 an hour per IP, then 429', async () => {
      for (let i = 0; i < 60; i++) {
        expect(
          (await call('POST', '/api/user/register/guest', { ip: '203.0.113.90', body: {} })).status,
        ).toBe(200);
      }
      expectThrottled(await call('POST', '/api/user/register/guest', { ip: '203.0.113.90', body: {} }));
    });

    it('order create: 10 an hour per cart token (even refused ones), then 429; another cart goes on', async () => {
      const create = (ip: string, cartToken: string) =>
        call('POST', '/api/orders/create.php', {
          ip,
          headers: { 'cart-token': cartToken },
          body: { scope: 'kopitiam-ali' },
        });
      for (let i = 0; i < 10; i++) expect((await create(`198.51.100.${i + 10}`, CART)).status).not.toBe(429);
      expectThrottled(await create('198.51.100.99', CART));
      expect((await create('198.51.100.99', 'userDDDDDDDDDDD')).status).not.toBe(429);
    });

    it('invoice mails: 10 an hour per browser, then 429', async () => {
      const mail = () =>
        call('POST', '/api/user/email_invoice', {
          ip: '203.0.113.100',
          headers: { 'cart-token': 'userEEEEEEEEEEE' },
          body: { order_id: 999999, email: 'someone@example.com' },
        });
      for (let i = 0; i < 10; i++) expect((await mail()).status).toBe(404);
      expectThrottled(await mail());
    });

    it('TIN checks: 20 an hour per browser, then 429', async () => {
      const check = () =>
        call('GET', '/api/einvoice/taxpayer/tin?tin=IG12345678901&idType=NRIC&idValue=900101141234', {
          ip: '203.0.113.110',
          headers: { 'cart-token': 'userFFFFFFFFFFF' },
        });
      for (let i = 0; i < 20; i++) expect((await check()).status).not.toBe(429);
      expectThrottled(await check());
    });
  });
});
