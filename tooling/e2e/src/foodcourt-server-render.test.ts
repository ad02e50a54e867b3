import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { resources } from '@santap/i18n';
import type { SupportedLanguage } from '@santap/i18n';
import { expectVisible, launchBrowser, startE2eServer } from './harness';
import type { E2eBrowser, E2eServer } from './harness';
import { plainDish } from './foodcourt-kit';
import { keepServerElement, recordCalls, recordConsole, waitForHydration } from './server-render-kit';

// The food court's first screens rendered by the server (apps/foodcourt entry-server.tsx) and
// hydrated in real Chromium (`startApp` of @santap/ui): README "Server rendering" of apps/foodcourt.

const MALL = 'mall-demo';
const OUTLET = 'mall-demo-nasi-lemak';

/** The loaders' calls of the mall, outlet and cart pages: a hydrated page asks for none of them. */
const LOADER_CALLS = [
  '/api/restaurant/get_mall_restaurants.php',
  '/api/orders/cart/get.php',
  '/api/menu',
  '/api/orders/cart/get_cart_bill.php',
  '/api/orders/cart/foodcourt/out-of-stock',
];

let server: E2eServer;
let browser: E2eBrowser;

const text = (language: SupportedLanguage, key: keyof (typeof resources)['en']['translation']) =>
  resources[language].translation[key];

/** The loaders' calls the page sends (by exact path). */
const recordLoaderCalls = (page: Page) => recordCalls(page, server.baseUrl, LOADER_CALLS);

/** The server's HTML of the app's root (before any script), from a navigation's reply. */
async function rootHtml(reply: Awaited<ReturnType<Page['goto']>>): Promise<string> {
  const html = await reply!.text();
  expect(html).toContain('id="santap-hydration"');
  return html.split('<div id="root">')[1]!.split('<script')[0]!;
}

/** Opens `path` in `page`, checks the server sent `expected` and that the page hydrated with no call and no warning. */
async function openHydrated(page: Page, path: string, expected: readonly string[]) {
  const said = recordConsole(page);
  const sent = recordLoaderCalls(page);
  const rendered = await rootHtml(await page.goto(`${server.baseUrl}${path}`));
  for (const name of expected) expect(rendered, name).toContain(name.replace(/&/g, '&amp;'));
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  expect(said.filter((line) => /hydrat|did not match|mismatch|server/i.test(line))).toEqual([]);
  expect(said).toEqual([]);
  expect(sent).toEqual([]);
  return { said, sent };
}

const mallOf = async (language: SupportedLanguage) =>
  (
    (
      await server.app.inject({
        url: `/api/restaurant/get_mall_restaurants.php?mall=${MALL}`,
        headers: { 'accept-language': language, 'country-code': 'MY' },
      })
    ).json() as { data: { mall: { name: string }; restaurants: { name: string; nameid: string }[] } }
  ).data;

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
  // Warmed by one render of each page: a render slower than 1 s is left to the browser (the fallback),
  // and a new server's first ones are its slowest (its route modules load, a CI machine is shared).
  for (const path of [`/fc/${MALL}`, `/fc/${MALL}/r/${OUTLET}`, `/fc/${MALL}/cart`]) {
    const warm = await server.app.inject({ url: path, headers: { accept: 'text/html' } });
    expect(warm.statusCode).toBe(200);
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('server-rendered food court: hydrated in the browser', () => {
  it.each<SupportedLanguage>(['en', 'id', 'my'])(
    '%s -> the mall, an outlet and the cart: in the HTML, hydrated with no mismatch and no second fetch of their data',
    async (language) => {
      const { context, page } = await browser.newPage();
      await keepServerElement(page);
      const { mall, restaurants } = await mallOf(language);
      const outlet = restaurants.find((candidate) => candidate.nameid === OUTLET)!;

      // The mall page: every outlet, in the diner's language.
      const onMall = await openHydrated(page, `/fc/${MALL}?language=${language}`, [
        mall.name,
        ...restaurants.map((candidate) => candidate.name),
      ]);
      await expectVisible(page.getByRole('heading', { level: 1, name: mall.name }));
      // Hydrated, not just painted: a tap navigates in the app (its loaders run for the next page).
      await page.getByRole('link', { name: outlet.name }).first().click();
      await expectVisible(page.getByRole('heading', { level: 1, name: outlet.name }));
      expect(onMall.said).toEqual([]);

      // An outlet's page, loaded as a page: its dishes, with a working Add.
      const dish = await plainDish(server, OUTLET);
      await openHydrated(page, `/fc/${MALL}/r/${OUTLET}?language=${language}`, [outlet.name, dish.name]);
      const add = text(language, 'menu.addItem').replace('{{name}}', dish.name);
      await page.getByRole('button', { name: add, exact: true }).first().click();
      const popup = page.getByRole('dialog', { name: dish.name });
      const addToCart = text(language, 'ui.variants.add').split(' ·')[0]!;
      await popup.getByRole('button', { name: new RegExp(`^${addToCart}`) }).click();
      await popup.waitFor({ state: 'hidden' });

      // The cart page: this browser's cart, rendered by the server with the page's cart token.
      await openHydrated(page, `/fc/${MALL}/cart?language=${language}`, [dish.name]);
      await expectVisible(page.getByText(dish.name).first());
      await context.close();
    },
  );

  it('JavaScript switched off -> the mall and an outlet are readable: the outlets, the dishes and their prices', async () => {
    const { context, page } = await browser.newPage({ javaScriptEnabled: false });
    const { mall, restaurants } = await mallOf('en');
    await page.goto(`${server.baseUrl}/fc/${MALL}`);
    const app = page.locator('#root');
    await expectVisible(app.getByRole('heading', { level: 1, name: mall.name }));
    for (const outlet of restaurants) await expectVisible(app.getByText(outlet.name).first());
    const dish = await plainDish(server, OUTLET);
    await page.goto(`${server.baseUrl}/fc/${MALL}/r/${OUTLET}`);
    const row = app.locator('li').filter({ hasText: dish.name }).first();
    await expectVisible(row);
    expect(await row.textContent()).toContain(`RM${(dish.price / 100).toFixed(2)}`.replace('RM', ''));
    await context.close();
  });
});
