import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { createCartToken } from '@santap/domain';
import { resources } from '@santap/i18n';
import type { SupportedLanguage } from '@santap/i18n';
import { apiCall, expectVisible, launchBrowser, startE2eServer } from './harness';
import type { E2eBrowser, E2eServer } from './harness';
import { guestOrderAtT3 } from './guest-order-kit';
import { KOPITIAM, MEE_REBUS } from './menu-kit';
import {
  dishInCart,
  keepServerElement,
  recordCalls,
  recordConsole,
  waitForHydration,
} from './server-render-kit';

// A diner's own pages, the cart and the order status, server-rendered (apps/diner entry-server.tsx,
// `asDiner` of app/server-rendered.ts) and hydrated in Chromium without a second fetch.

let server: E2eServer;
let browser: E2eBrowser;

/** The loaders' calls of the cart page (`loadCart`) and of the order status page (`loadOrder`). */
const CART_CALLS = [
  '/api/restaurant/details',
  '/api/orders/cart/get.php',
  '/api/orders/cart/get_cart_bill.php',
  '/api/v1/payment/wallet-amount',
];
const ORDER_CALLS = ['/api/orders/details/get.php'];

/** A catalogue string of `language`, from any of its groups (the cart's words are in `later`). */
const words = (language: SupportedLanguage, key: string): string => {
  const catalogue = resources[language] as unknown as Record<string, Record<string, string>>;
  for (const group of Object.values(catalogue)) if (group[key] !== undefined) return group[key];
  throw new Error(`no words for ${key}`);
};

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startE2eServer({ web: { serverRenderWaitMs: 10_000 } }),
    launchBrowser(),
  ]);
  // A new server's first renders are its slowest (one slower than 1 s is left to the browser).
  for (const path of [`/cart/${KOPITIAM}`, '/orderstatus/order_id/1']) {
    await server.app.inject({ url: path, headers: { accept: 'text/html' } });
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A guest's browser whose cart token cookie is `cartToken`. */
async function guestBrowser(cartToken: string, javaScriptEnabled = true) {
  const opened = await browser.newPage({ javaScriptEnabled });
  await opened.context.addCookies([
    { name: 'cart_token', value: cartToken, url: server.baseUrl, httpOnly: true, sameSite: 'Lax' },
  ]);
  return opened;
}

const close = (context: BrowserContext) => context.close();

describe("a diner's cart, server-rendered and hydrated", () => {
  it.each<SupportedLanguage>(['en', 'id', 'my'])(
    '%s -> the cart in the HTML, hydrated with no mismatch and no loader call again; a quantity step then works',
    async (language) => {
      const cartToken = createCartToken();
      await dishInCart(server, cartToken);
      const { context, page } = await guestBrowser(cartToken);
      const said = recordConsole(page);
      const sent = recordCalls(page, server.baseUrl, CART_CALLS);
      await keepServerElement(page);
      const reply = await page.goto(`${server.baseUrl}/cart/${KOPITIAM}?language=${language}`);
      expect(reply!.headers()['cache-control']).toBe('private, no-store');
      const html = await reply!.text();
      expect(html.split('<div id="root">')[1]!.split('<script')[0]).toContain(MEE_REBUS[language]);
      await waitForHydration(page);
      await expectVisible(page.getByRole('heading', { level: 1, name: words(language, 'cart.title') }));
      await page.waitForLoadState('networkidle');
      expect(said).toEqual([]);
      expect(sent).toEqual([]);
      // Hydrated, not just painted: one more of the dish goes to the server's cart.
      const more = page.getByRole('button', {
        name: words(language, 'ui.quantity.increase').replace('{{name}}', MEE_REBUS[language]),
      });
      await more.click();
      await expect
        .poll(async () => {
          const cart = await apiCall<{ items: { quantity: number }[] }>(
            server,
            'GET',
            `/api/orders/cart/get.php?scope=${KOPITIAM}`,
            { cartToken },
          );
          return cart.items[0]?.quantity;
        })
        .toBe(3);
      expect(said).toEqual([]);
      await close(context);
    },
  );
});

describe("a diner's order status page, server-rendered as that diner and hydrated", () => {
  it.each<SupportedLanguage>(['en', 'id', 'my'])(
    '%s -> the order in the HTML, hydrated with no mismatch; the order is read once, only to catch up after the live subscription (not by the loader again)',
    async (language) => {
      const cartToken = createCartToken();
      const { order_id } = await guestOrderAtT3(server, cartToken);
      const { context, page } = await guestBrowser(cartToken);
      const said = recordConsole(page);
      // What happened, in order: the order's reads and the live channel's acknowledgement.
      const seen: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.origin === server.baseUrl && ORDER_CALLS.includes(url.pathname)) seen.push('order read');
      });
      page.on('websocket', (socket) =>
        socket.on('framereceived', ({ payload }) => {
          if (String(payload).includes('"subscribed"')) seen.push('subscribed');
        }),
      );
      await keepServerElement(page);
      const reply = await page.goto(
        `${server.baseUrl}/orderstatus/order_id/${order_id}?language=${language}`,
      );
      expect(reply!.status()).toBe(200);
      expect(reply!.headers()['cache-control']).toBe('private, no-store');
      await waitForHydration(page);
      await expectVisible(
        page.getByText(words(language, 'order.number').replace('{{id}}', String(order_id))),
      );
      await expectVisible(page.getByText(words(language, 'order.live')));
      await page.waitForLoadState('networkidle');
      expect(said).toEqual([]);
      // No read before the subscription (the loader did not run again on hydration); the one after
      // it is the live page's catch-up (`useLiveTopic`: a change between the server's read and the
      // subscription sent this page no event). A page the browser renders reads it twice.
      await expect.poll(() => seen).toEqual(['subscribed', 'order read']);
      await close(context);
    },
  );

  it('JavaScript switched off -> the order is readable: its status, its lines and its total', async () => {
    const cartToken = createCartToken();
    const { order_id } = await guestOrderAtT3(server, cartToken);
    const order = await apiCall<{ total: number; status_key: string; items: { name: string }[] }>(
      server,
      'GET',
      `/api/orders/details/get.php?order_id=${order_id}`,
      { cartToken },
    );
    const { context, page } = await guestBrowser(cartToken, false);
    await page.goto(`${server.baseUrl}/orderstatus/order_id/${order_id}`);
    const app = page.locator('#root');
    await expectVisible(app.getByText(`Order #${order_id}`));
    await expectVisible(app.getByRole('status').getByText(words('en', order.status_key)));
    await expectVisible(app.getByText(order.items[0]!.name).first());
    const total = `RM ${(order.total / 100).toFixed(2)}`;
    await expectVisible(app.getByText(total).last());
    await close(context);
  });

  it("another diner's order -> the not-found page, as the browser would show it (nothing of the order)", async () => {
    const { order_id } = await guestOrderAtT3(server, createCartToken());
    const { context, page } = await guestBrowser(createCartToken());
    const said = recordConsole(page);
    const reply = await page.goto(`${server.baseUrl}/orderstatus/order_id/${order_id}`);
    expect(reply!.status()).toBe(404);
    expect(reply!.headers()['cache-control']).toBe('private, no-store');
    // The browser renders the failure again itself (its own read, its own retry): once it has.
    await page.waitForLoadState('networkidle');
    await expectVisible(page.getByRole('alert'));
    expect(await page.locator('#root').textContent()).not.toContain(MEE_REBUS.en);
    expect(said.filter((line) => /hydrat|did not match|mismatch/i.test(line))).toEqual([]);
    await close(context);
  });
});
