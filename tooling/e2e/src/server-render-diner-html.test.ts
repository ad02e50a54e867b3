import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCartToken } from '@santap/domain';
import type { SupportedLanguage } from '@santap/i18n';
import { apiCall, registeredDiner, startE2eServer } from './harness';
import type { E2eServer } from './harness';
import { guestOrderAtT3 } from './guest-order-kit';
import { KOPITIAM, MEE_REBUS, text } from './menu-kit';
import { dishInCart, escaped } from './server-render-kit';

// The HTML of a diner's own pages, the cart and the order status, as the API's server render makes
// them (apps/diner entry-server.tsx, `asDiner` of app/server-rendered.ts), read without a browser.

let server: E2eServer;
beforeAll(async () => {
  server = await startE2eServer({ web: { serverRenderWaitMs: 10_000 } });
  // Warmed by one render of each page: a new server's first render is its slowest, and one slower
  // than `web.serverRenderWaitMs` is left to the browser (the fallback: server-render-html.test.ts).
  for (const path of [`/cart/${KOPITIAM}`, '/orderstatus/order_id/1']) {
    await server.app.inject({ url: path, headers: { accept: 'text/html' } });
  }
}, 120_000);
afterAll(() => server?.close());

interface Block {
  language: string;
  /** The cart's handover for the login redirect; never the cart token (an HttpOnly cookie). */
  cartHandover?: string;
  signedIn?: string;
  namespaces?: string[];
  state: { loaderData: Record<string, unknown> };
}

/** The app's root element's content (the server's render) and the hydration block. */
function partsOf(html: string) {
  const root = html.split('<div id="root">')[1]?.split('<script')[0] ?? '';
  const block = /<script type="application\/json" id="santap-hydration">(.*?)<\/script>/s.exec(html)?.[1];
  return { root, block: block ? (JSON.parse(block) as Block) : undefined };
}

const page = (path: string, cookies: Record<string, string>) =>
  fetch(`${server.baseUrl}${path}`, {
    headers: {
      accept: 'text/html',
      cookie: Object.entries(cookies)
        .map(([name, value]) => `${name}=${value}`)
        .join('; '),
    },
    redirect: 'manual',
  });

/** A guest's browser with Mee Rebus in its kopitiam-ali cart. */
async function guestWithDish() {
  const cartToken = createCartToken();
  await dishInCart(server, cartToken);
  return cartToken;
}

describe("a diner's cart, server-rendered", () => {
  it.each<SupportedLanguage>(['en', 'id', 'my'])(
    '%s -> the cart of this browser in the HTML (its dish, the words of its language), with the data to hydrate; never in a shared cache',
    async (language) => {
      const cartToken = await guestWithDish();
      const response = await page(`/cart/${KOPITIAM}?language=${language}`, { cart_token: cartToken });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      const html = await response.text();
      const { root, block } = partsOf(html);
      expect(root).toContain(escaped(MEE_REBUS[language]));
      expect(root).toContain(escaped(text(language, 'cart.title')));
      expect(block?.language).toBe(language);
      // The page names its cart only by a handover: the token is nowhere in it.
      expect(block?.cartHandover).toMatch(/^[\w-]{40,200}$/);
      expect(html).not.toContain(cartToken);
      expect(block?.signedIn).toBe('');
      expect(block?.namespaces).toEqual(['later']);
      expect(block?.state.loaderData.cart).toMatchObject({ cart: { items: [{ quantity: 2 }] } });
    },
  );

  it("another browser's cart token -> its own (empty) cart, not this one's dishes", async () => {
    await guestWithDish();
    const other = createCartToken();
    const html = await (await page(`/cart/${KOPITIAM}`, { cart_token: other })).text();
    const { root, block } = partsOf(html);
    expect(root).not.toContain(MEE_REBUS.en);
    expect(block?.cartHandover).toMatch(/^[\w-]{40,200}$/);
    expect(html).not.toContain(other);
  });
});

describe("a diner's order status page, server-rendered as that diner", () => {
  it.each<SupportedLanguage>(['en', 'id', 'my'])(
    "%s -> the order's status, lines and total in the HTML, hydratable; private, no-store",
    async (language) => {
      const cartToken = createCartToken();
      const { order_id } = await guestOrderAtT3(server, cartToken);
      const order = await apiCall<{ total: number; items: { name: string }[]; status_text: string }>(
        server,
        'GET',
        `/api/orders/details/get.php?order_id=${order_id}`,
        { cartToken },
      );
      const response = await page(`/orderstatus/order_id/${order_id}?language=${language}`, {
        cart_token: cartToken,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      const { root, block } = partsOf(await response.text());
      expect(root).toContain(text(language, 'order.number').replace('{{id}}', String(order_id)));
      expect(block?.state.loaderData['order-status']).toMatchObject({ kind: 'ready', order: { order_id } });
      expect(block?.signedIn).toBe('');
      expect(order.items.length).toBeGreaterThan(0);
    },
  );

  it("another diner's order -> 404 with the not-found page, none of the order in the HTML, no hydration", async () => {
    const { order_id } = await guestOrderAtT3(server, createCartToken());
    const response = await page(`/orderstatus/order_id/${order_id}`, { cart_token: createCartToken() });
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const { root, block } = partsOf(await response.text());
    expect(root).toContain('role="alert"');
    expect(root).not.toContain(MEE_REBUS.en);
    expect(block).toBeUndefined();
  });

  it("a logged-in diner's order -> rendered with their session cookie; the same page without it, or rendered at once for a guest, shows nothing of it", async () => {
    const { token } = await registeredDiner(server, '+60123450999');
    const cartToken = createCartToken();
    const { order_id } = await guestOrderAtTableAs(token, cartToken);
    const signedIn = { cart_token: cartToken, auth_token: token, signed_in: 'ACTIVE' };
    // At once: the diner's render and a guest's (same cart token, no session) never share a scope.
    const [mine, guest] = await Promise.all([
      page(`/orderstatus/order_id/${order_id}`, signedIn),
      page(`/orderstatus/order_id/${order_id}`, { cart_token: cartToken }),
    ]);
    expect(mine.status).toBe(200);
    const parts = partsOf(await mine.text());
    expect(parts.block?.signedIn).toBe('ACTIVE');
    expect(parts.root).toContain(MEE_REBUS.en);
    expect(guest.status).toBe(404);
    expect(partsOf(await guest.text()).root).not.toContain(MEE_REBUS.en);
    // The session goes only with a diner's own pages: the menu is rendered for a guest.
    const menu = partsOf(await (await page(`/r/${KOPITIAM}`, signedIn)).text());
    expect(menu.block?.signedIn).toBeUndefined();
  });
});

/** A pay-later dine-in order of Mee Rebus at kopitiam-ali T3 by the logged-in diner `token`. */
async function guestOrderAtTableAs(token: string, cartToken: string) {
  const ticket = await server.app.inject({ method: 'GET', url: '/api/restaurant/new/1001/tables/5003' });
  const tableTicket = ticket.cookies.find((cookie) => cookie.name === 'table_ticket')!.value;
  const as = { token, cartToken, tableTicket };
  const menu = await apiCall<{ items: { id: number; name: string }[] }>(
    server,
    'GET',
    `/api/menu?restaurant_id=${KOPITIAM}`,
    as,
  );
  const dish = menu.items.find((item) => item.name === MEE_REBUS.en)!;
  await apiCall(server, 'POST', '/api/orders/cart/update.php', {
    ...as,
    payload: { scope: KOPITIAM, item_id: dish.id, quantity: 1 },
  });
  await apiCall(server, 'POST', '/api/orders/cart/update_cart_details.php', {
    ...as,
    payload: { scope: KOPITIAM, context: { orderType: 1, tableId: 5003 } },
  });
  return apiCall<{ order_id: number }>(server, 'POST', '/api/orders/create.php', {
    ...as,
    payload: { scope: KOPITIAM, payment_mode: 'pay_later' },
  });
}
