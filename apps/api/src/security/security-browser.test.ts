/**
 * Browser hardening replayed over HTTP on both engines: every reply (pages of the three apps, the
 * simulator's payment page, API JSON, errors) carries a CSP whose script-src allows no inline script
 * but the built pages' own (by hash), frame-ancestors 'none' and X-Frame-Options DENY, nosniff and
 * Referrer-Policy strict-origin-when-cross-origin; HSTS only over HTTPS. Also: scrypt at OWASP's
 * parameters, an older hash rehashed at login.
 */
import { createHash, randomBytes, scryptSync } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { staff } from '../db/schema';
import { SCRYPT_PARAMS, useTestScryptCost } from '../services/flows/accounts/passwords';

const INLINE_SCRIPT = '(function(){var p=location.pathname;})();';
const EARLY_JSON = '{"first":"reply"}';
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** A built app's folder: an index.html with an inline script and a JSON data block. */
function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'santap-csp-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><title>Santap</title><script>${INLINE_SCRIPT}</script></head>` +
      `<body><div id="root"></div><script type="application/json" id="x">${EARLY_JSON}</script>` +
      '<script type="module" src="/assets/index-abc.js"></script></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
  return dir;
}

function directives(csp: string | null): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) found.set(name, values);
  }
  return found;
}

describe.each(ENGINES)('browser hardening on %s', (engine) => {
  let server: TestServer;
  let build: string;

  beforeAll(async () => {
    build = fakeBuild();
    server = await startTestServer(engine, {
      config: {
        web: { serve: true, dinerDir: build, foodcourtDir: build, kioskDir: build, staffDir: build },
        mapTiles: {
          url: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
          attribution: '© Example',
          attributionUrl: null,
          maxZoom: 19,
        },
        trustProxy: ['127.0.0.1'],
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(build, { recursive: true, force: true });
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}${path}`, { headers: { accept: 'text/html', ...headers }, redirect: 'manual' });

  const PAGES = ['/r/kopitiam-ali/1?source=qr', '/fc/mall-demo', '/kiosk/', '/payment/response?status=1'];

  it.each(PAGES)(
    'page %s -> strict CSP (inline script by hash only), no framing, nosniff, referrer policy',
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(200);
      const csp = directives(response.headers.get('content-security-policy'));
      expect(csp.get('script-src')).toEqual(["'self'", sha256(INLINE_SCRIPT)]);
      expect(csp.get('script-src')).not.toContain(sha256(EARLY_JSON));
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('img-src')).toContain('https://*.tiles.example.org');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    },
  );

  it('API JSON, a 404 and a 400 -> the same headers', async () => {
    for (const path of [
      '/api/restaurant/details/kopitiam-ali',
      '/api/no-such-call',
      '/api/orders/details/get.php?order_id=x',
    ]) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(directives(response.headers.get('content-security-policy')).get('frame-ancestors')).toEqual([
        "'none'",
      ]);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('the simulator payment page -> cannot be framed', async () => {
    const response = await get('/simulator/pay/unknown-reference');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(directives(response.headers.get('content-security-policy')).get('frame-ancestors')).toEqual([
      "'none'",
    ]);
  });

  it('over HTTPS (a trusted proxy says x-forwarded-proto: https) -> HSTS for a year with subdomains; plain HTTP -> none', async () => {
    const secure = await get('/kiosk/', { 'x-forwarded-proto': 'https' });
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const plain = await get('/kiosk/');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  });

  it('a staff hash of the older scrypt format (N=2^14) -> login works and the stored hash becomes N=2^17', async () => {
    // The production parameters for this test (the test runs hash more cheaply: `useTestScryptCost`).
    useTestScryptCost(SCRYPT_PARAMS);
    onTestFinished(() => useTestScryptCost());
    const salt = randomBytes(16);
    const legacy = `scrypt$${salt.toString('base64')}$${scryptSync('old-password', salt, 32).toString('base64')}`;
    const db = server.db.database.db;
    await db.update(staff).set({ passwordHash: legacy }).where(eq(staff.username, 'coto-makassar-kitchen'));
    const response = await fetch(`${server.baseUrl}/api/staff/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'coto-makassar-kitchen', password: 'old-password' }),
    });
    expect(response.status).toBe(200);
    const [row] = await db.select().from(staff).where(eq(staff.username, 'coto-makassar-kitchen'));
    expect(row!.passwordHash).toMatch(/^scrypt\$N=131072,r=8,p=1\$/);
    const again = await fetch(`${server.baseUrl}/api/staff/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'coto-makassar-kitchen', password: 'old-password' }),
    });
    expect(again.status).toBe(200);
    // Three scrypt runs, one at 128 MiB: slow on a loaded machine.
  }, 180_000);
});

describe('the cart token cookie', () => {
  it('issued over HTTPS (trusted proxy) -> Secure, SameSite=Lax; over HTTP -> not Secure', async () => {
    const server = await startTestServer('pglite', { config: { trustProxy: ['127.0.0.1'] } });
    try {
      const ask = (proto: string) =>
        fetch(`${server.baseUrl}/api/orders/cart/get.php?scope=kopitiam-ali`, {
          headers: { 'x-forwarded-proto': proto },
        });
      const secure = (await ask('https')).headers.get('set-cookie') ?? '';
      expect(secure).toMatch(/^cart_token=user[\w-]{11};/);
      expect(secure).toMatch(/; Secure/);
      expect(secure).toMatch(/; SameSite=Lax/);
      expect((await ask('http')).headers.get('set-cookie') ?? '').not.toMatch(/; Secure/);
    } finally {
      await server.close();
    }
  }, 120_000);
});
