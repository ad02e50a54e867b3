import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kiosk as api } from '@santap/contract';
import { kioskDevices } from '../db/schema';
import { DEMO } from '../seed/ids';
import { hashPassword } from '../services/flows/accounts/passwords';
import { createServer } from '../server';
import { LUNCHTIME, TestClock, openTestDatabase, testConfig } from '../../test/harness';
import type { TestDatabase } from '../../test/harness';

/**
 * The kiosk's first screens rendered on the server (kiosk-page.ts, web.ts; apps/kiosk README "Server
 * rendering"), with a stand-in for the kiosk's `dist-ssr/entry-server.js` (the real one is the app's
 * build: tooling/e2e covers it). The stand-in renders what the render's in-process fetch gets from
 * the kiosk calls, so the page shows exactly what the device the cookie names may read.
 */
const ENTRY = `
const calls = (globalThis.__santapKioskRenders ??= []);
export const rendersOnServer = (path) => ['/kiosk', '/kiosk/', '/kiosk/menu'].includes(path);
export async function render(input) {
  calls.push({ url: input.url, language: input.language, country: input.country, device: input.device });
  const { Readable } = await import('node:stream');
  const get = async (path) => {
    const reply = await input.fetch('http://santap.server-render' + path, {
      headers: { 'accept-language': input.language, 'country-code': input.country },
    });
    const body = await reply.json();
    if (body.status !== 1) throw new Error(path + ' answered ' + body.statusCode);
    return body.data;
  };
  const settings = await get('/api/kiosk/settings');
  const menus = await Promise.all(settings.outlets.map((outlet) => get('/api/menu?restaurant_id=' + outlet.nameid)));
  const dishes = menus.flatMap((menu) => menu.items.map((item) => '<li>' + item.name + '</li>'));
  return {
    kind: 'page',
    status: 200,
    html: Readable.from(['<main><h1>' + settings.place.name + '</h1><ul>' + dishes.join('') + '</ul></main>']),
    hydration: JSON.stringify({ language: input.language, country: input.country, device: input.device }),
    modules: ['src/main.tsx'],
    noStore: true,
  };
}
`;

type Render = { url: string; language: string; country: string; device?: string };
const renders = () => ((globalThis as { __santapKioskRenders?: Render[] }).__santapKioskRenders ??= []);

const WARUNG = { id: 'warung-page-k1', secret: 'warung-page-secret' };
const OFF = { id: 'off-page-k1', secret: 'off-page-secret' };

describe("the kiosk's first screens rendered for its device (kiosk-page.ts, web.ts)", () => {
  let root: string;
  let db: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'santap-ssr-kiosk-'));
    const dist = join(root, 'kiosk', 'dist');
    mkdirSync(join(dist, '.vite'), { recursive: true });
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html lang="en"><head><title>Santap Kiosk</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify({}));
    mkdirSync(join(root, 'kiosk', 'dist-ssr'));
    writeFileSync(join(root, 'kiosk', 'dist-ssr', 'entry-server.js'), ENTRY);
    db = await openTestDatabase('pglite');
    app = await createServer(
      {
        ...testConfig(new TestClock(new Date(LUNCHTIME))),
        web: { serve: true, kioskDir: dist, serverRenderWaitMs: 2_000 },
      },
      { database: db.database },
    );
    // An Indonesian restaurant's kiosk (its own language is Indonesian), and one switched off.
    await db.database.db.insert(kioskDevices).values([
      {
        id: WARUNG.id,
        restaurantId: DEMO.warungSari,
        name: 'Warung Sari kiosk',
        secretHash: await hashPassword(WARUNG.secret),
      },
      {
        id: OFF.id,
        restaurantId: DEMO.kopitiamAli,
        name: 'Old kiosk',
        secretHash: await hashPassword(OFF.secret),
        active: false,
      },
    ]);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const page = (url: string, cookie?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html', host: 'santap.my', ...(cookie ? { cookie } : {}) },
    });
  const cookieOf = (device: { id: string; secret: string }) =>
    `${api.KIOSK_PAGE_COOKIE}=${encodeURIComponent(JSON.stringify({ device: device.id, secret: device.secret }))}`;

  it('POST /api/kiosk/page-cookie with the right secret -> an HttpOnly, SameSite=Strict cookie for /kiosk only; a wrong one -> 401, no cookie', async () => {
    const reply = await app.inject({
      method: 'POST',
      url: '/api/kiosk/page-cookie',
      headers: { host: 'santap.my', 'kiosk-device': WARUNG.id, 'kiosk-secret': WARUNG.secret },
    });
    expect(reply.statusCode).toBe(200);
    const set = String(reply.headers['set-cookie']);
    expect(set).toContain(`${api.KIOSK_PAGE_COOKIE}=`);
    expect(set).toMatch(/Path=\/kiosk(;|$)/);
    expect(set).toContain('HttpOnly');
    expect(set).toContain('SameSite=Strict');
    // The cookie is what a page request brings back: the render is the device's.
    const value = /kiosk_device=([^;]+)/.exec(set)![1]!;
    renders().length = 0;
    expect((await page('/kiosk/', `${api.KIOSK_PAGE_COOKIE}=${value}`)).body).toContain('Es Teh Manis');
    expect(renders()).toEqual([expect.objectContaining({ device: WARUNG.id, language: 'id' })]);

    const wrong = await app.inject({
      method: 'POST',
      url: '/api/kiosk/page-cookie',
      headers: { host: 'santap.my', 'kiosk-device': WARUNG.id, 'kiosk-secret': 'guess' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it("a valid device cookie -> the attract screen and the menu rendered with the kiosk's place and dishes in its language (Indonesian), private, no-store", async () => {
    for (const url of ['/kiosk/', '/kiosk/menu?ot=3']) {
      renders().length = 0;
      const reply = await page(url, cookieOf(WARUNG));
      expect(reply.statusCode, url).toBe(200);
      expect(reply.headers['cache-control'], url).toBe('private, no-store');
      expect(renders(), url).toEqual([
        {
          url: expect.stringMatching(new RegExp(`${url.replace('?', '\\?')}$`)),
          language: 'id',
          country: 'ID',
          device: WARUNG.id,
        },
      ]);
      const html = reply.body;
      const app = html.split('<div id="root">')[1]!;
      expect(app, url).toMatch(/^<main><h1>Warung Sari<\/h1>/);
      // The dishes in the kiosk's own language, never another's.
      expect(app, url).toContain('<li>Es Teh Manis</li>');
      expect(app, url).not.toContain('Iced Sweet Tea');
      expect(html, url).toContain(
        `<script type="application/json" id="santap-hydration">{"language":"id","country":"ID","device":"${WARUNG.id}"}</script>`,
      );
      expect(html, url).toContain('<html lang="id">');
    }
  });

  it('no cookie -> the client shell as before (no render, no data)', async () => {
    renders().length = 0;
    const reply = await page('/kiosk/');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(reply.body).toContain('<div id="root"></div>');
    expect(reply.body).not.toContain('santap-hydration');
    expect(renders()).toEqual([]);
  });

  it('a wrong secret, an unknown device, a switched-off one or a cookie that is not ours -> the client shell, nothing of the place in it, the cookie dropped; never a 500, never stored', async () => {
    const cookies = [
      cookieOf({ id: WARUNG.id, secret: 'not-the-secret' }),
      cookieOf({ id: 'no-such-kiosk', secret: WARUNG.secret }),
      cookieOf(OFF),
      `${api.KIOSK_PAGE_COOKIE}=garbage`,
    ];
    for (const cookie of cookies) {
      renders().length = 0;
      const reply = await page('/kiosk/menu?ot=1', cookie);
      expect(reply.statusCode, cookie).toBe(200);
      expect(reply.headers['cache-control'], cookie).toBe('private, no-store');
      expect(reply.body, cookie).toContain('<div id="root"></div>');
      expect(reply.body, cookie).not.toMatch(/santap-hydration|Warung|Kopitiam|Es Teh/);
      expect(renders(), cookie).toEqual([]);
      const set = String(reply.headers['set-cookie']);
      expect(set, cookie).toMatch(new RegExp(`${api.KIOSK_PAGE_COOKIE}=;`));
      expect(set, cookie).toMatch(/Path=\/kiosk(;|$)/);
    }
  });

  it("a kiosk screen the server does not render (the setup screen) -> the client shell, even with the device's cookie", async () => {
    renders().length = 0;
    const reply = await page('/kiosk/setup', cookieOf(WARUNG));
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toContain('<div id="root"></div>');
    expect(renders()).toEqual([]);
  });
});
