import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../server';
import { mallHostOrigin } from './web';
import { LUNCHTIME, TestClock, openTestDatabase, testConfig } from '../../test/harness';
import type { TestDatabase } from '../../test/harness';

// Serving the built app does not depend on the database engine: PGlite only.
describe('serving the diner app', () => {
  let dir: string;
  let db: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'santap-web-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    db = await openTestDatabase('pglite');
    const config = { ...testConfig(new TestClock(new Date(LUNCHTIME))), web: { serve: true, dinerDir: dir } };
    app = await createServer(config, { database: db.database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a client-side route asked for as a page -> index.html, not cached', async () => {
    const response = await fetch(`${base}/r/kopitiam-ali/1?source=qr`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('<div id="root">');
  });

  it('a hashed asset -> cached for a year', async () => {
    const response = await fetch(`${base}/assets/index-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/immutable/);
  });

  it('an unknown API path -> JSON 404 even from a browser', async () => {
    const response = await fetch(`${base}/api/nothing-here`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { status: number }).status).toBe(0);
  });

  it('a page path asked for as JSON -> JSON 404', async () => {
    const response = await fetch(`${base}/r/kopitiam-ali`, { headers: { accept: 'application/json' } });
    expect(response.status).toBe(404);
  });
});

describe('serving the food-court and kiosk apps', () => {
  let root: string;
  let db: TestDatabase;
  let app: FastifyInstance;
  const dirs: Record<'diner' | 'foodcourt' | 'kiosk', string> = { diner: '', foodcourt: '', kiosk: '' };
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'santap-web-apps-'));
    for (const name of Object.keys(dirs) as (keyof typeof dirs)[]) {
      const dir = join(root, name);
      mkdirSync(join(dir, 'assets'), { recursive: true });
      writeFileSync(join(dir, 'index.html'), `<!doctype html><div id="root" data-app="${name}"></div>`);
      writeFileSync(join(dir, 'assets', `${name}-abc123.js`), `console.log('${name}')`);
      dirs[name] = dir;
    }
    db = await openTestDatabase('pglite');
    const config = {
      ...testConfig(new TestClock(new Date(LUNCHTIME))),
      web: { serve: true, dinerDir: dirs.diner, foodcourtDir: dirs.foodcourt, kioskDir: dirs.kiosk },
    };
    app = await createServer(config, { database: db.database });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const page = (url: string, host = 'santap.my') =>
    app.inject({ method: 'GET', url, headers: { accept: 'text/html', host } });
  const appOf = (body: string) => /data-app="(\w+)"/.exec(body)?.[1];

  it.each([
    ['/fc/mall-demo', 'santap.my', 'foodcourt'],
    ['/fc/mall-demo/payment/response?status=1&fc_order_id=7', 'santap.my', 'foodcourt'],
    ['/fc', 'santap.my', 'foodcourt'],
    ['/kiosk/', 'santap.my', 'kiosk'],
    ['/r/kopitiam-ali', 'santap.my', 'diner'],
    ['/', 'santap.my', 'diner'],
    ['/', 'mall-demo.santap.my', 'foodcourt'],
    ['/r/mall-demo-roti-canai', 'mall-demo.localhost:3000', 'foodcourt'],
    ['/', 'www.santap.my', 'diner'],
    ['/', 'no-such-mall.santap.my', 'diner'],
  ])('page %s on host %s -> the %s app, not cached', async (url, host, expected) => {
    const response = await page(url, host);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(appOf(response.body)).toBe(expected);
  });

  it('a food-court asset under /fc/assets -> its file, cached for a year (also on a mall host)', async () => {
    for (const host of ['santap.my', 'mall-demo.santap.my']) {
      const response = await app.inject({
        method: 'GET',
        url: '/fc/assets/foodcourt-abc123.js',
        headers: { host },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain("console.log('foodcourt')");
      expect(response.headers['cache-control']).toMatch(/immutable/);
    }
  });

  it('an API call on a mall host -> the API, not the app', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/restaurant/get_mall_restaurants.php?mall=mall-demo',
      headers: { host: 'mall-demo.santap.my', accept: 'text/html' },
    });
    expect(response.statusCode).toBe(200);
    expect((response.json() as { data: { mall: { slug: string } } }).data.mall.slug).toBe('mall-demo');
  });
});

describe('mallHostOrigin (where a food-court payment returns)', () => {
  it.each([
    ['https://santap.my', 'mall-demo.santap.my', 'mall-demo', 'https://mall-demo.santap.my'],
    ['http://127.0.0.1:4100', 'mall-demo.localhost:4100', 'mall-demo', 'http://mall-demo.localhost:4100'],
    ['http://localhost:3000', 'mall-demo.localhost:3000', 'mall-demo', 'http://mall-demo.localhost:3000'],
    ['https://santap.my', 'santap.my', 'mall-demo', undefined],
    ['https://santap.my', 'other-mall.santap.my', 'mall-demo', undefined],
    ['https://santap.my', 'mall-demo.evil.example', 'mall-demo', undefined],
    ['https://santap.my', 'mall-demo.santap.my.evil.example', 'mall-demo', undefined],
    ['http://127.0.0.1:4100', 'mall-demo.localhost:9999', 'mall-demo', undefined],
    ['https://santap.my', 'mall-demo.santap.my/@evil.example', 'mall-demo', undefined],
    ['not a url', 'mall-demo.santap.my', 'mall-demo', undefined],
  ])('public %s, host %s, mall %s -> %s', (publicUrl, host, mall, expected) => {
    expect(mallHostOrigin(publicUrl, host, mall)).toBe(expected);
  });
});
