import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createApiClient } from '@santap/api-client';
import { auth, cart, restaurants } from '@santap/contract';
import { createServer } from '../server';
import { diningTables, menuItems } from '../db/schema';
import { openCartHandover } from '../lib/cart-handover';
import { mallHostOrigin, pageEncoding } from './web';
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
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><html><head><title>Santap</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    // The build's Vite manifest names each language's first catalogue chunk.
    mkdirSync(join(dir, '.vite'));
    writeFileSync(
      join(dir, '.vite', 'manifest.json'),
      JSON.stringify({
        'santap-catalogue/en': { file: 'assets/en-AAAA1111.js' },
        'santap-catalogue/en/later': { file: 'assets/later-BBBB2222.js' },
        'santap-catalogue/id': { file: 'assets/id-CCCC3333.js' },
        'santap-catalogue/my': { file: 'assets/my-DDDD4444.js' },
        'src/main.tsx': { file: 'assets/main-EEEE5555.js' },
      }),
    );
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
    // A menu link's page holds this browser's cart (early replies): private as well.
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    const other = await fetch(`${base}/profileHome`, { headers: { accept: 'text/html' } });
    expect(other.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('<div id="root">');
  });

  it("every page -> its start language's words preloaded in the head, and no other language's", async () => {
    const cases: { path: string; headers: Record<string, string>; chunk: string }[] = [
      { path: '/profileHome', headers: {}, chunk: '/assets/en-AAAA1111.js' },
      { path: '/r/kopitiam-ali', headers: { cookie: 'language=id' }, chunk: '/assets/id-CCCC3333.js' },
      { path: '/cart?language=my', headers: { 'accept-language': 'id' }, chunk: '/assets/my-DDDD4444.js' },
    ];
    for (const { path, headers, chunk } of cases) {
      const html = await (
        await fetch(`${base}${path}`, { headers: { accept: 'text/html', ...headers } })
      ).text();
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head).toContain(`<link rel="modulepreload" crossorigin href="${chunk}">`);
      expect(html.match(/assets\/(en|id|my|later)-/g)).toHaveLength(1);
    }
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

  describe('a menu link carries its first replies (early replies)', () => {
    /** A reply envelope as JSON gives it (the test reads a few fields of each). */
    type Envelope = {
      status: number;
      data: { [field: string]: unknown; items: { id: number; name: string }[] };
    };
    type Block = {
      language: string;
      country: string;
      cartHandover?: string;
      replies: Record<string, Envelope>;
    };
    /** The cart token a page's reply set as its HttpOnly cookie (no page names it). */
    const cookieToken = (response: Response) =>
      /cart_token=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
    /** The cart token a block's handover stands for (lib/cart-handover.ts), as the server opens it. */
    const handedOver = (block: Block) =>
      openCartHandover(app.santap.config.tableTicketSecret, block.cartHandover ?? '', app.santap.now());
    const page = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${base}${path}`, { headers: { accept: 'text/html', ...headers } });
    /** The page's block, parsed as the app parses it; undefined when the page has none. */
    const blockOf = (html: string): Block | undefined => {
      const match = /<script type="application\/json" id="st-early">(.*?)<\/script>/s.exec(html);
      return match ? (JSON.parse(match[1]!) as Block) : undefined;
    };
    const keys = {
      details: 'restaurants.details {"body":{"restaurant_id":"kopitiam-ali"}}',
      menu: 'restaurants.menu {"query":{"restaurant_id":"kopitiam-ali"}}',
      cart: 'cart.get {"query":{"scope":"kopitiam-ali"}}',
      bestSellers: 'recommendations.bestSellers {"query":{"restaurant_id":"kopitiam-ali"}}',
      discounts: 'restaurants.discounts {"query":{"restaurant_id":"kopitiam-ali"}}',
    };

    const table = (tableId: number, query = '{}') =>
      `tables.restaurant {"params":{"restaurantId":1001,"tableId":${tableId}},"query":${query}}`;

    it('first visit -> details, menu, an empty cart, best sellers and the table check in the page, for the cart token it sets', async () => {
      const response = await page('/r/kopitiam-ali/1?source=qr&tableId=5001');
      const html = await response.text();
      const block = blockOf(html)!;
      expect(block).toBeDefined();
      expect(html.indexOf('id="st-early"')).toBeGreaterThan(html.indexOf('<div id="root">'));
      expect(block.language).toBe('en');
      expect(block.country).toBe('MY');
      expect(cookieToken(response)).toMatch(/^user[\w-]{11}$/);
      expect(handedOver(block)).toBe(cookieToken(response));
      expect(html).not.toContain(cookieToken(response));
      // fetch asks for gzip and unpacks it: the 200-dish menu page must not travel uncompressed.
      expect(response.headers.get('content-encoding')).toBe('gzip');
      // A browser that takes brotli gets it, and the same page.
      const brotli = await page('/r/kopitiam-ali/1?source=qr&tableId=5001', {
        'accept-encoding': 'gzip, deflate, br, zstd',
      });
      expect(brotli.headers.get('content-encoding')).toBe('br');
      expect(blockOf(await brotli.text())?.replies[keys.menu]).toEqual(block.replies[keys.menu]);
      expect(Object.keys(block.replies).sort()).toEqual([...Object.values(keys), table(5001)].sort());
      expect(block.replies[table(5001)]!.data.table_no).toBe('T1');
      expect(block.replies[keys.details]!.data.nameid).toBe('kopitiam-ali');
      expect(block.replies[keys.cart]!.data.items).toEqual([]);
      // The very reply the app would have got by calling.
      const called = await fetch(`${base}/api/menu?restaurant_id=kopitiam-ali`, {
        headers: { 'accept-language': 'en', 'country-code': 'MY' },
      });
      expect(block.replies[keys.menu]).toEqual(await called.json());
    });

    it("a table QR link's check -> in the page; a failing one (unknown table, a version without its signature) or no QR -> none", async () => {
      const other = blockOf(await (await page('/r/kopitiam-ali?source=qr&tableId=5002')).text())!;
      expect(other.replies[table(5002)]!.data.table_no).toBe('T2');
      for (const path of [
        '/r/kopitiam-ali?source=qr&tableId=9999',
        '/r/kopitiam-ali?source=qr&tableId=5001&v=7',
        '/r/kopitiam-ali?tableId=5001',
      ]) {
        const block = blockOf(await (await page(path)).text())!;
        expect(Object.keys(block.replies).filter((key) => key.startsWith('tables.'))).toEqual([]);
        expect(block.replies[keys.menu]).toBeDefined();
      }
    });

    it("a sticker link with the table's token -> its check in the page under the key the app asks with (the token), and the table's ticket set", async () => {
      const [row] = await db.database.db
        .select({ token: diningTables.token })
        .from(diningTables)
        .where(eq(diningTables.id, 5003));
      const response = await page(`/r/kopitiam-ali/1?source=qr&tableId=${row!.token}&tableNo=${row!.token}`);
      const block = blockOf(await response.text())!;
      const key = `tables.restaurant {"params":{"restaurantId":1001,"tableId":"${row!.token}"},"query":{}}`;
      expect(block.replies[key]!.data).toMatchObject({ table_id: 5003, table_no: 'T3' });
      expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('table_ticket='))).toBe(true);
    });

    it('a returning guest -> their cart token kept, no new cookie; ?language= wins over the cookie and the browser', async () => {
      const token = 'userAbCdEf12345';
      const response = await page('/r/kopitiam-ali?language=my', {
        cookie: `cart_token=${token}; language=id`,
        'accept-language': 'en-US,en;q=0.9',
      });
      const html = await response.text();
      const block = blockOf(html)!;
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(handedOver(block)).toBe(token);
      expect(html).not.toContain(token);
      expect(block.language).toBe('my');
      expect(block.replies[keys.details]!.data.name).toBeTruthy();
    });

    it('the language cookie, then the browser language choose the replies language', async () => {
      const byCookie = blockOf(await (await page('/r/kopitiam-ali', { cookie: 'language=id' })).text())!;
      expect(byCookie.language).toBe('id');
      const byBrowser = blockOf(
        await (await page('/r/kopitiam-ali', { 'accept-language': 'ms-MY,ms;q=0.9' })).text(),
      )!;
      expect(byBrowser.language).toBe('my');
    });

    it("a logged-in diner's page (the server sees no login) -> the guest cart read leaves no cart behind: the app's own call, with the login, gets the diner's cart from another browser", async () => {
      const caller = (authToken: string | undefined, cartToken: string) =>
        createApiClient({
          baseUrl: base,
          country: () => 'MY',
          language: () => 'en',
          authToken: () => authToken,
          cartToken: () => cartToken,
        });
      const phone = '+60197000001';
      const other = caller(undefined, 'userOtherBrows1');
      await other.call(auth.sendOtp, { body: { phone } });
      const { messages } = await other.call(auth.devInbox, { query: { recipient: phone } });
      const otp = /\b(\d{6})\b/.exec(messages[0]!.body)![1]!;
      const { token } = await other.call(auth.verifyOtp, { body: { phone, otp } });
      const { items } = await other.call(restaurants.menu, { query: { restaurant_id: 'kopitiam-ali' } });
      const dish = items.find((item) => item.option_groups.length === 0 && item.in_stock)!;
      await caller(token, 'userOtherBrows1').call(cart.cartUpdate, {
        body: { scope: 'kopitiam-ali', item_id: dish.id, quantity: 1 },
      });

      // The diner's phone, no cart token yet: the page is made for a guest with the token it sets.
      const response = await page('/r/kopitiam-ali');
      const block = blockOf(await response.text())!;
      const pageToken = cookieToken(response)!;
      expect(handedOver(block)).toBe(pageToken);
      expect(block.replies[keys.cart]!.data.items).toEqual([]);
      // The app (logged in) does not take that reply; it asks with its login and the page's cookie.
      const mine = await caller(token, pageToken).call(cart.cartGet, {
        query: { scope: 'kopitiam-ali' },
      });
      expect(mine.items.map((line) => [line.item_id, line.quantity])).toEqual([[dish.id, 1]]);
    });

    it("an unknown restaurant -> no block (the app asks and shows the server's error); other pages -> none", async () => {
      expect(blockOf(await (await page('/r/no-such-place')).text())).toBeUndefined();
      expect(blockOf(await (await page('/profileHome')).text())).toBeUndefined();
    });

    it("a dish named '</script>' cannot end the block: '<' is escaped and the name reads back whole", async () => {
      const [item] = await db.database.db
        .select({ id: menuItems.id, name: menuItems.name })
        .from(menuItems)
        .where(eq(menuItems.restaurantId, 1004))
        .limit(1);
      const name = { ...item!.name, en: 'Nasi </script><script>alert(1)</script>' };
      await db.database.db.update(menuItems).set({ name }).where(eq(menuItems.id, item!.id));
      const html = await (await page('/r/menu-besar')).text();
      expect(html).not.toContain('<script>alert(1)');
      const block = blockOf(html)!;
      const menu = block.replies['restaurants.menu {"query":{"restaurant_id":"menu-besar"}}']!.data;
      expect(menu.items.find((entry) => entry.id === item!.id)?.name).toBe(name.en);
    });
  });

  describe("a page's title, description and link previews (page-meta.ts)", () => {
    const html = async (path: string, headers: Record<string, string> = {}) =>
      (await fetch(`${base}${path}`, { headers: { accept: 'text/html', ...headers } })).text();
    const titleOf = (page: string) => /<title>([^<]*)<\/title>/.exec(page)?.[1];
    const metaOf = (page: string, key: string) =>
      new RegExp(`<meta (?:name|property)="${key.replace('+', '\\+')}" content="([^"]*)">`).exec(page)?.[1];

    it('a menu link -> the restaurant in the title, description, Open Graph and Twitter tags, Restaurant + Menu data; one title', async () => {
      const page = await html('/r/kopitiam-ali/1?source=qr&tableId=5001', { 'accept-language': 'en' });
      expect(page).toMatch(/^<!doctype html><html lang="en">/);
      expect(page.match(/<title>/g)).toHaveLength(1);
      expect(titleOf(page)).toMatch(/^Kopitiam Ali — menu and online ordering$/);
      // Its cuisine and address, then its own words.
      expect(metaOf(page, 'description')).toMatch(/ — .*kopitiam/i);
      expect(metaOf(page, 'og:title')).toBe(titleOf(page));
      expect(metaOf(page, 'og:type')).toBe('restaurant.restaurant');
      // The canonical URL is the restaurant's, without the table's query.
      expect(metaOf(page, 'og:url')).toBe('http://localhost:3000/r/kopitiam-ali');
      expect(page).toContain('<link rel="canonical" href="http://localhost:3000/r/kopitiam-ali">');
      expect(metaOf(page, 'twitter:card')).toMatch(/^summary/);
      const data = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page)![1]!) as {
        '@type': string;
        name: string;
        hasMenu: { hasMenuSection: { hasMenuItem: unknown[] }[] };
      };
      expect(data['@type']).toBe('Restaurant');
      expect(data.name).toBe('Kopitiam Ali');
      expect(data.hasMenu.hasMenuSection.length).toBeGreaterThan(0);
      expect(data.hasMenu.hasMenuSection[0]!.hasMenuItem.length).toBeGreaterThan(0);
      // In the body, after the page's own content: the head the first paint waits for stays small.
      const [headPart] = page.split('</head>');
      expect(headPart).not.toContain('ld+json');
      expect(page.indexOf('application/ld+json')).toBeGreaterThan(page.indexOf('id="root"'));
    });

    it('the page in Indonesian or Malay -> its words and <html lang> in that language', async () => {
      const id = await html('/r/kopitiam-ali?language=id');
      expect(id).toContain('<html lang="id">');
      expect(titleOf(id)).toBe('Kopitiam Ali — menu dan pesan online');
      expect(metaOf(id, 'og:locale')).toBe('id_MY');
      const my = await html('/r/kopitiam-ali?language=my');
      expect(my).toContain('<html lang="ms">');
      expect(titleOf(my)).toBe('Kopitiam Ali — menu dan pesanan dalam talian');
    });

    it("an unknown restaurant or another page -> the product's default title and description, no structured data", async () => {
      for (const path of ['/r/no-such-place', '/profileHome']) {
        const page = await html(path, { 'accept-language': 'en' });
        expect(titleOf(page)).toBe('Santap — order from the menu');
        expect(metaOf(page, 'description')).toMatch(/restaurants and food courts/);
        expect(page).not.toContain('application/ld+json');
      }
    });

    it('a menu link -> the menu in a <noscript> block at the start of the body, for a browser without JavaScript', async () => {
      const page = await html('/r/kopitiam-ali', { 'accept-language': 'en' });
      const block = /<body><noscript>(.*?)<\/noscript>/s.exec(page)?.[1];
      expect(block).toContain('<h1>Kopitiam Ali</h1>');
      expect(block).toMatch(/<li><strong>[^<]+<\/strong> — RM \d+\.\d\d/);
      expect(await html('/profileHome')).not.toContain('<noscript>');
    });

    it('/favicon.ico -> the icon (no 404)', async () => {
      const response = await fetch(`${base}/favicon.ico`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(await response.text()).toMatch(/^<svg /);
    });
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
    // A guest on a mall host logs in with the diner app's login, then comes back to /fc/{mall}/cart.
    ['/login?path=%2Ffc%2Fmall-demo%2Fcart', 'mall-demo.santap.my', 'diner'],
    ['/login/', 'mall-demo.santap.my', 'diner'],
    ['/signup?path=%2Ffc%2Fmall-demo%2Fcart', 'mall-demo.localhost:3000', 'diner'],
    ['/terms-condition', 'mall-demo.santap.my', 'diner'],
    ['/privacy-policy', 'mall-demo.santap.my', 'diner'],
    ['/fc/mall-demo/cart', 'mall-demo.santap.my', 'foodcourt'],
    ['/cart', 'mall-demo.santap.my', 'foodcourt'],
    ['/login-help', 'mall-demo.santap.my', 'foodcourt'],
    ['/profileHome', 'mall-demo.santap.my', 'foodcourt'],
  ])('page %s on host %s -> the %s app, not cached', async (url, host, expected) => {
    const response = await page(url, host);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/^(private, )?no-cache$/);
    expect(appOf(response.body)).toBe(expected);
  });

  it.each([
    ['/fc/mall-demo', 'santap.my', /— food court$/],
    ['/', 'mall-demo.santap.my', /— food court$/],
    ['/fc/mall-demo/r/mall-demo-roti-canai', 'santap.my', / at /],
    ['/r/mall-demo-roti-canai', 'mall-demo.localhost:3000', / at /],
  ])("food-court page %s on %s -> the mall's or outlet's title in the page", async (url, host, title) => {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html', host, 'accept-language': 'en' },
    });
    const found = /<title>([^<]*)<\/title>/.exec(response.body)?.[1];
    expect(found).toMatch(title);
    expect(response.body).toMatch(/<meta property="og:url" content="http:\/\/localhost:3000\/fc\/mall-demo/);
  });

  it('an unknown food court -> the default title; the kiosk -> its own page untouched', async () => {
    const unknown = await page('/fc/no-such-mall');
    expect(/<title>([^<]*)<\/title>/.exec(unknown.body)?.[1]).toMatch(/^Santap/);
    expect((await page('/kiosk/')).body).not.toContain('<title>');
  });

  it.each([
    ['a mall host', 'mall-demo.santap.my', 'http://mall-demo.santap.my/'],
    [
      'a mall host on localhost',
      'mall-demo.localhost:3000',
      'http://mall-demo.localhost:3000/r/mall-demo-roti-canai',
    ],
    ['a kiosk page (its origin, as a browser asks)', 'santap.my', 'http://santap.my/kiosk/menu?ot=1'],
  ])('/favicon.ico from %s -> the icon (no 404)', async (_from, host, referer) => {
    const response = await app.inject({
      method: 'GET',
      url: '/favicon.ico',
      headers: { host, referer, accept: 'image/avif,image/webp,image/svg+xml,image/*,*/*;q=0.8' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.body).toMatch(/^<svg /);
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

  it("the diner login's own files on a mall host -> served (its page loads its code from /assets/)", async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/diner-abc123.js',
      headers: { host: 'mall-demo.santap.my' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("console.log('diner')");
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

describe('pageEncoding (how a page goes out)', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['BR;q=0.9, GZIP', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br; q=0.0, gzip;q=0', undefined],
    ['identity', undefined],
    ['', undefined],
    [undefined, undefined],
  ] as const)('%s -> %s', (accept, encoding) => {
    expect(pageEncoding(accept)).toBe(encoding);
  });
});
