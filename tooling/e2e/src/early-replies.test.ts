import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { SupportedLanguage } from '@santap/i18n';
import { DINER_DIST, apiCall, expectVisible, registeredDiner, signInBrowser } from './harness';
import type { E2eBrowser, E2eServer } from './harness';
import { FIRST_CALLS, KOPITIAM, MEE_REBUS, MENU_LINK, SIDES, startWarmMenuServer, text } from './menu-kit';

let server: E2eServer;
let browser: E2eBrowser;

/** The key of the cart's reply in the page's block (`earlyKey` of @santap/contract). */
const CART_KEY = `cart.get {"query":{"scope":"${KOPITIAM}"}}`;

/** The built file of a language's first catalogue chunk (the diner's Vite manifest). */
function catalogueChunk(language: SupportedLanguage): string {
  const manifest = JSON.parse(readFileSync(join(DINER_DIST, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  return `/${manifest[`santap-catalogue/${language}`]!.file}`;
}

interface SentRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
}

/** Every request the page sends to the server, from now on (`page.on('request')`). */
function recordRequests(page: Page, baseUrl: string): SentRequest[] {
  const sent: SentRequest[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== baseUrl) return;
    sent.push({ method: request.method(), path: url.pathname, headers: request.headers() });
  });
  return sent;
}

/** The requests to one of the first calls' paths (exact: dish images live under `/api/menu/image/`). */
const firstCalls = (sent: SentRequest[]) =>
  sent.filter(({ path }) => FIRST_CALLS.includes(path)).map(({ method, path }) => `${method} ${path}`);

/** The page's early replies block as the server wrote it (`<script id="st-early">`). */
async function earlyBlock(page: Page) {
  const raw = await page.evaluate(() => document.getElementById('st-early')?.textContent ?? null);
  expect(raw, 'the page carries its early replies').not.toBeNull();
  return JSON.parse(raw!) as {
    language: string;
    country: string;
    cartHandover?: string;
    replies: Record<string, { data: unknown }>;
  };
}

/** The menu of `language` is on screen: its words (@santap/i18n) and the menu's own names. */
async function expectMenuIn(page: Page, language: SupportedLanguage) {
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Kopitiam Ali' }));
  await expectVisible(page.getByRole('searchbox', { name: text(language, 'menu.search.label') }));
  await expectVisible(page.getByRole('region', { name: text(language, 'menu.bestSellers') }));
  await expectVisible(page.getByRole('heading', { level: 2, name: SIDES[language], exact: true }));
  await expectVisible(
    page.getByRole('heading', { level: 3, name: MEE_REBUS[language], exact: true }).first(),
  );
}

/** A call through the real API (in-process), as the diner when a token is given; answers `data`. */
const call = <T>(method: 'GET' | 'POST', url: string, options?: Parameters<typeof apiCall>[3]) =>
  apiCall<T>(server, method, url, options);

/** Mee Rebus (no options) into a browser's cart by the dish popup; the cart bar then counts 1. */
async function addMeeRebus(page: Page) {
  await page
    .getByRole('button', { name: `Add ${MEE_REBUS.en}`, exact: true })
    .first()
    .click();
  const popup = page.getByRole('dialog', { name: MEE_REBUS.en });
  await popup.getByRole('button', { name: /^Add to cart/ }).click();
  await popup.waitFor({ state: 'hidden' });
  await expectVisible(page.getByRole('button', { name: /Items: 1\b/ }));
}

beforeAll(async () => {
  [server, browser] = await startWarmMenuServer();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('early replies: a menu link carries its first calls (details, menu, cart, best sellers)', () => {
  it('guest, table QR link -> the menu at Table 1 without asking for details, menu, cart, best sellers or the table check; the start catalogue once; a dish added with the cart token the page set -> on reload the page carries that cart', async () => {
    const { context, page } = await browser.newPage();
    const sent = recordRequests(page, server.baseUrl);

    const pageReply = await page.goto(`${server.baseUrl}${MENU_LINK}`);
    // The browser had no cart token: the page's reply sets the one its cart reply was made for.
    const setCookie = (await pageReply?.headerValue('set-cookie')) ?? '';
    const pageToken = /(?:^|\n)cart_token=([^;]+)/.exec(setCookie)?.[1];
    expect(pageToken, setCookie).toMatch(/^user[A-Za-z0-9_-]{11}$/);

    await expectMenuIn(page, 'en');
    await expectVisible(page.getByText(/\bTable 1\b/).first());
    await page.waitForLoadState('networkidle');

    const block = await earlyBlock(page);
    expect(block).toMatchObject({ language: 'en', country: 'MY' });
    // The page names its cart only by a handover (for the login redirect): the token is nowhere in it.
    expect(block.cartHandover).toMatch(/^[\w-]{40,200}$/);
    expect(await page.content()).not.toContain(pageToken);
    expect(Object.keys(block.replies).map((key) => key.split(' ')[0])).toEqual([
      'restaurants.details',
      'restaurants.menu',
      'cart.get',
      'recommendations.bestSellers',
      'restaurants.discounts',
      'tables.restaurant',
    ]);
    expect(firstCalls(sent)).toEqual([]);
    expect(sent.filter(({ path }) => path === catalogueChunk('en'))).toHaveLength(1);
    // The page's later cart calls use the HttpOnly cookie the page set: no token of the app's own, and
    // none as a header (the page cannot read the cookie).
    const cartCalls = sent.filter(({ path }) => path.startsWith('/api/orders/cart/'));
    expect(cartCalls.length).toBeGreaterThan(0);
    expect(cartCalls.map(({ headers }) => headers['cart-token'])).toEqual(cartCalls.map(() => undefined));

    await addMeeRebus(page);
    const add = sent.find(({ path }) => path === '/api/orders/cart/update.php');
    expect(add?.headers['cart-token']).toBeUndefined();
    expect((await context.cookies()).find(({ name }) => name === 'cart_token')?.value).toBe(pageToken);

    // A reload: the new page carries the cart with the dish, and the app asks for none of the four.
    sent.length = 0;
    const reloaded = await page.reload();
    // The same cart: no new cart cookie (the table check renews only the table ticket, README of apps/api).
    expect((await reloaded?.headerValue('set-cookie')) ?? '').not.toContain('cart_token=');
    await expectMenuIn(page, 'en');
    await expectVisible(page.getByRole('button', { name: /Items: 1\b/ }));
    await page.waitForLoadState('networkidle');
    const again = await earlyBlock(page);
    const cart = again.replies[CART_KEY]?.data as { items: { name: string; quantity: number }[] };
    expect(JSON.stringify(again)).not.toContain(pageToken);
    expect(cart.items.map(({ name, quantity }) => [name, quantity])).toEqual([[MEE_REBUS.en, 1]]);
    expect(firstCalls(sent)).toEqual([]);
    await context.close();
  });

  it('?language=my -> the menu in Malay (words and dish names) from the page, no menu call; the Malay catalogue once, no English one', async () => {
    const { context, page } = await browser.newPage();
    const sent = recordRequests(page, server.baseUrl);
    await page.goto(`${server.baseUrl}${MENU_LINK}&language=my`);
    await expectMenuIn(page, 'my');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ms');
    await page.waitForLoadState('networkidle');

    expect((await earlyBlock(page)).language).toBe('my');
    expect(firstCalls(sent)).toEqual([]);
    expect(sent.filter(({ path }) => path === catalogueChunk('my'))).toHaveLength(1);
    expect(sent.filter(({ path }) => path === catalogueChunk('en'))).toHaveLength(0);
    await context.close();
  });

  it.each<[string, SupportedLanguage | undefined, SupportedLanguage, SupportedLanguage]>([
    ['an Indonesian browser with the language cookie "my" -> Malay (the cookie wins)', 'my', 'id', 'my'],
    ['a Malay browser with the language cookie "en" -> English (the cookie wins)', 'en', 'my', 'en'],
    ['an Indonesian browser without a language cookie -> Indonesian (the browser’s)', undefined, 'id', 'id'],
  ])('%s, from the page: no first call', async (_, cookie, browserLanguage, shown) => {
    const locale = { id: 'id-ID', my: 'ms-MY', en: 'en-US' }[browserLanguage];
    const { context, page } = await browser.newPage({ locale });
    if (cookie) await context.addCookies([{ name: 'language', value: cookie, url: server.baseUrl }]);
    const sent = recordRequests(page, server.baseUrl);
    await page.goto(`${server.baseUrl}${MENU_LINK}`);
    await expectMenuIn(page, shown);
    // Not the words of the language that lost (the browser's, or English when the browser's won).
    const lost = browserLanguage === shown ? 'en' : browserLanguage;
    expect(
      await page.getByRole('searchbox', { name: text(lost, 'menu.search.label'), exact: true }).count(),
    ).toBe(0);
    await page.waitForLoadState('networkidle');

    expect((await earlyBlock(page)).language).toBe(shown);
    expect(firstCalls(sent)).toEqual([]);
    expect(sent.filter(({ path }) => path === catalogueChunk(shown))).toHaveLength(1);
    await context.close();
  });

  it('a logged-in diner whose cart (from another phone) holds Mee Rebus -> the cart is asked for over the network with the login and shows that dish; the menu still comes with the page', async () => {
    const diner = await registeredDiner(server, '+60196000001');
    const menu = await call<{ items: { id: number; name: string }[] }>(
      'GET',
      `/api/menu?restaurant_id=${KOPITIAM}`,
    );
    const meeRebus = menu.items.find(({ name }) => name === MEE_REBUS.en)!;
    await call('POST', '/api/orders/cart/update.php', {
      token: diner.token,
      cartToken: 'userOtherPhone1',
      payload: { scope: KOPITIAM, item_id: meeRebus.id, quantity: 1 },
    });
    // Touched an hour ago on the database's clock, the one a new cart row is stamped with (the
    // server's clock may run ahead of it here, which would hide a newer empty cart).
    await server.db.database.db.execute(
      `update carts set updated_at = now() - interval '1 hour' where user_id = ${Number(diner.userId)}`,
    );

    const { context, page } = await browser.newPage();
    await signInBrowser(context, server.baseUrl, diner.token);
    const sent = recordRequests(page, server.baseUrl);
    await page.goto(`${server.baseUrl}${MENU_LINK}`);
    await expectMenuIn(page, 'en');
    await expectVisible(page.getByRole('button', { name: /Items: 1\b/ }));
    await page.waitForLoadState('networkidle');

    // The page carried a guest's (empty) cart for its token; the app left it and asked with the login.
    const block = await earlyBlock(page);
    expect((block.replies[CART_KEY]?.data as { items: unknown[] }).items).toEqual([]);
    const cartGets = sent.filter(({ path }) => path === '/api/orders/cart/get.php');
    expect(cartGets).toHaveLength(1);
    // The diner's session goes as the HttpOnly cookie, never as a header the page could read.
    expect(cartGets[0]!.headers.authorization).toBeUndefined();
    expect(firstCalls(sent)).toEqual(['GET /api/orders/cart/get.php']);
    await context.close();
  });
});
