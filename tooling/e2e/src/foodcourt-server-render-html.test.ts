import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { AFTER_PAINT_STARTER } from '@santap/vite-config/after-paint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escaped } from './server-render-kit';
import {
  appDist,
  createServer,
  LUNCHTIME,
  openTestDatabase,
  TestClock,
  testConfig,
} from '@santap/api/testing';
import type { TestDatabase } from '@santap/api/testing';
import { resources } from '@santap/i18n';
import type { SupportedLanguage } from '@santap/i18n';

// The HTML the API serves from the real food-court build with its server render (apps/api
// routes/web.ts, server-render.ts; apps/foodcourt entry-server.tsx), read without a browser.
const foodcourtDir = appDist('foodcourt');
if (!foodcourtDir || !existsSync(join(dirname(foodcourtDir), 'dist-ssr', 'entry-server.js'))) {
  throw new Error(
    'the food-court build with its server render is missing: pnpm --filter @santap/foodcourt build',
  );
}

const MALL = 'mall-demo';
const OUTLET = 'mall-demo-nasi-lemak';

interface Block {
  language: string;
  country: string;
  /** The cart's handover for the login redirect; never the cart token (an HttpOnly cookie). */
  cartHandover?: string;
  state: { loaderData: Record<string, { slug?: string; menu?: unknown; bill?: unknown } | null> };
}

/** The root's content starts here; the page's script tags; the hydration block. */
function partsOf(html: string) {
  const start = html.indexOf('<div id="root">');
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match.index);
  const hydration = /<script type="application\/json" id="santap-hydration">(.*?)<\/script>/s.exec(html)?.[1];
  return { start, scripts, hydration: hydration ? (JSON.parse(hydration) as Block) : undefined };
}

/** `name` is in the server's HTML of the root, before any script of the page. */
function expectRendered(html: string, name: string) {
  const parts = partsOf(html);
  const at = html.indexOf(escaped(name), parts.start);
  expect(at, name).toBeGreaterThan(parts.start);
  expect(
    parts.scripts.filter((index) => index > parts.start).every((index) => index > at),
    name,
  ).toBe(true);
}

describe('the server renders the food court (apps/foodcourt entry-server.tsx)', () => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createServer>>;
  let base: string;
  let failMall = false;

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    app = await createServer(
      {
        ...testConfig(new TestClock(new Date(LUNCHTIME))),
        web: { serve: true, foodcourtDir, earlyRepliesWaitMs: 5_000, serverRenderWaitMs: 10_000 },
      },
      { database: db.database },
    );
    // A food court the server cannot read (its store down): the page's own call and the render's.
    app.addHook('onRequest', async (request, reply) => {
      if (failMall && request.url.startsWith('/api/restaurant/get_mall_restaurants.php')) {
        await reply.status(500).send({ status: 0, statusCode: 500, message: 'down', code: 'down' });
      }
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const page = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { headers: { accept: 'text/html', ...headers } });
  const api = async <T>(path: string, language: SupportedLanguage, init: RequestInit = {}) => {
    const response = await fetch(`${base}${path}`, {
      ...init,
      headers: {
        'accept-language': language,
        'country-code': 'MY',
        'content-type': 'application/json',
        ...(init.headers as Record<string, string> | undefined),
      },
    });
    expect(response.status, path).toBe(200);
    return ((await response.json()) as { data: T }).data;
  };
  const mallOf = (language: SupportedLanguage) =>
    api<{ mall: { name: string }; restaurants: { name: string; nameid: string }[] }>(
      `/api/restaurant/get_mall_restaurants.php?mall=${MALL}`,
      language,
    );

  it('the mall page -> its outlets in the HTML before any script, styled, with the data to hydrate', async () => {
    const response = await page(`/fc/${MALL}`, { 'accept-language': 'en', 'accept-encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    // It holds this browser's cart (the cart bar): never in a shared cache.
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    const html = await response.text();
    const { mall, restaurants } = await mallOf('en');
    expect(restaurants.length).toBeGreaterThan(2);
    for (const outlet of restaurants) expectRendered(html, outlet.name);
    expect(html).not.toContain('class="boot"');
    // The page meta (page-meta.ts) with the server's body: the mall's title and preview.
    expect(html).toContain(`<title>${escaped(mall.name)}`);
    expect(html).toMatch(/<meta property="og:title" content="[^"]*Mall Demo/);
    // Styled from the first paint: the app's and the page's stylesheets are written into the head
    // (server-render.ts `inlineStylesheets`), each link after its style of a type no browser fetches.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(
      /<style>[^<]+<\/style><link type="text\/x-inlined-css" rel="stylesheet" crossorigin href="\/fc\/assets\/main-[\w-]+\.css">/,
    );
    expect(head).toMatch(
      /<style>[^<]+<\/style><link type="text\/x-inlined-css" rel="stylesheet" crossorigin href="\/fc\/assets\/mall-page-[\w-]+\.css">/,
    );
    expect(head).not.toMatch(/<link rel="stylesheet"/);
    // Nothing of the app's code is fetched before the page has painted: no preloads, and the boot
    // entry of a type the browser neither fetches nor runs until the page's starter starts it
    // (server-render.ts `codeAfterPaint`, `AFTER_PAINT_STARTER` of @santap/vite-config).
    expect(head).not.toMatch(/rel="(?:modulepreload|preload)"/);
    expect(html).not.toMatch(/<script type="module"/);
    expect(
      head.match(/<script type="text\/x-santap-after-paint"[^>]*src="\/fc\/assets\/index-[\w-]+\.js"/g),
    ).toHaveLength(1);
    expect(html).toContain(AFTER_PAINT_STARTER);
    const block = partsOf(html).hydration!;
    expect([block.language, block.country]).toEqual(['en', 'MY']);
    const token = /cart_token=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
    expect(token).toMatch(/^user[\w-]{11}$/);
    expect(block.cartHandover).toMatch(/^[\w-]{40,200}$/);
    expect(html).not.toContain(token);
    expect(Object.values(block.state.loaderData).some((data) => data?.slug === MALL)).toBe(true);
  });

  it('three pages rendered at once in Indonesian, Malay and English -> each in its own language', async () => {
    const cases = [
      ['id', 'id'],
      ['my', 'ms'],
      ['en', 'en'],
    ] as const;
    const pages = await Promise.all(
      cases.map(async ([language]) => (await page(`/fc/${MALL}?language=${language}`)).text()),
    );
    for (const [index, [language, lang]] of cases.entries()) {
      const html = pages[index]!;
      expect(html).toContain(`<html lang="${lang}">`);
      expect(partsOf(html).hydration!.language).toBe(language);
      const { mall } = await mallOf(language);
      expectRendered(html, mall.name);
      // The page's own words (the mall's intro) in that language.
      expectRendered(html, resources[language].translation['fc.mall.intro']);
      for (const [other] of cases) {
        const otherName = (await mallOf(other)).mall.name;
        if (otherName !== mall.name) expect(html).not.toContain(escaped(otherName));
      }
    }
  });

  it("an outlet's page -> its dishes with their prices in the HTML, the outlet's title", async () => {
    const response = await page(`/fc/${MALL}/r/${OUTLET}?language=my`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    const html = await response.text();
    const menu = await api<{ items: { name: string; price: number }[] }>(
      `/api/menu?restaurant_id=${OUTLET}`,
      'my',
    );
    const outlet = (await mallOf('my')).restaurants.find((candidate) => candidate.nameid === OUTLET)!;
    expect(html).toContain(`<title>${escaped(outlet.name)}`);
    expectRendered(html, outlet.name);
    for (const item of menu.items.slice(0, 3)) {
      expectRendered(html, item.name);
      // RM, two fraction digits (formatMoney of @santap/domain), as the dish row shows it.
      expect(html).toContain((item.price / 100).toFixed(2));
    }
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/href="\/fc\/assets\/outlet-page-[\w-]+\.css"/);
  });

  it("the cart page -> this browser's cart in the HTML, never stored by any cache", async () => {
    const first = await page(`/fc/${MALL}`);
    const token = /cart_token=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] ?? '';
    expect(token).toMatch(/^user[\w-]{11}$/);
    const menu = await api<{
      items: {
        id: number;
        name: string;
        in_stock: boolean;
        is_voucher: boolean;
        option_groups: { required: boolean }[];
      }[];
    }>(`/api/menu?restaurant_id=${OUTLET}`, 'en');
    const dish = menu.items.find(
      (item) => item.in_stock && !item.is_voucher && item.option_groups.every((group) => !group.required),
    )!;
    await api('/api/orders/cart/update.php', 'en', {
      method: 'POST',
      headers: { 'cart-token': token },
      body: JSON.stringify({ scope: MALL, item_id: dish.id, quantity: 2 }),
    });
    const response = await page(`/fc/${MALL}/cart`, { cookie: `cart_token=${token}` });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const html = await response.text();
    expectRendered(html, dish.name);
    expect(partsOf(html).hydration!.cartHandover).toMatch(/^[\w-]{40,200}$/);
    expect(html).not.toContain(token);
    expect(html).toMatch(/href="\/fc\/assets\/cart-page-[\w-]+\.css"/);
    const cartOf = (block: Block | undefined) =>
      Object.values(block!.state.loaderData).find((data) => data?.slug === MALL) as
        { cart?: { items: { item_id: number; quantity: number }[] } } | undefined;
    expect(cartOf(partsOf(html).hydration)?.cart?.items).toEqual([
      expect.objectContaining({ item_id: dish.id, quantity: 2 }),
    ]);
    // Another browser's cart page holds nothing of it.
    const other = partsOf(await (await page(`/fc/${MALL}/cart`)).text()).hydration;
    expect(other?.cartHandover).not.toBe(partsOf(html).hydration!.cartHandover);
    expect(cartOf(other)?.cart?.items ?? []).toEqual([]);
  });

  it("an unknown food court or outlet -> 404 with the not-found words in the diner's language; not hydrated", async () => {
    const mall = await page('/fc/no-such-mall?language=id');
    expect(mall.status).toBe(404);
    const html = await mall.text();
    expect(html).toContain('<html lang="id">');
    expect(html).toContain(escaped(resources.id.translation['fc.notFound']));
    expect(partsOf(html).hydration).toBeUndefined();
    // An unknown outlet: its menu call's 404, the error page (with its retry) in the diner's language.
    const outlet = await page(`/fc/${MALL}/r/no-such-outlet?language=id`);
    expect(outlet.status).toBe(404);
    const outletHtml = await outlet.text();
    expect(outletHtml).toContain('<html lang="id">');
    expect(outletHtml).toContain('role="alert"');
    expect(outletHtml).toContain(resources.id.translation['app.retry']);
    expect(partsOf(outletHtml).hydration).toBeUndefined();
  });

  it("a food court that fails to load -> 503, the error page with its retry in the diner's language", async () => {
    failMall = true;
    try {
      for (const path of [
        `/fc/${MALL}?language=my`,
        `/fc/${MALL}/r/${OUTLET}?language=my`,
        `/fc/${MALL}/cart?language=my`,
      ]) {
        const response = await page(path);
        expect(response.status, path).toBe(503);
        const html = await response.text();
        expect(html).toContain('role="alert"');
        expect(html).toContain(resources.my.translation['app.retry']);
        expect(partsOf(html).hydration).toBeUndefined();
      }
    } finally {
      failMall = false;
    }
  });

  it("a table QR's first visit and a page that is not a first screen -> the build's index.html for the browser", async () => {
    for (const path of [`/fc/${MALL}?tid=6001`, `/fc/${MALL}/order/1`]) {
      const html = await (await page(path)).text();
      expect(html, path).toContain('<div id="root"></div>');
      expect(partsOf(html).hydration).toBeUndefined();
    }
  });
});
