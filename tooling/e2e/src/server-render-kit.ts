/** Helpers of the server-render tests (the diner's and the food court's): what the browser got and did. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall } from './harness';
import type { E2eServer } from './harness';
import { KOPITIAM, MEE_REBUS } from './menu-kit';

/** Text as React writes it into HTML. */
export const escaped = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

/** What the page says in its console (errors and warnings: React reports a mismatch there). */
export function recordConsole(page: Page): string[] {
  const said: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') said.push(message.text());
  });
  page.on('pageerror', (error) => said.push(error.message));
  return said;
}

/** The calls to `paths` (exact paths on `origin`) the page sends. */
export function recordCalls(page: Page, origin: string, paths: readonly string[]): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === origin && paths.includes(url.pathname)) sent.push(url.pathname);
  });
  return sent;
}

/** The page element of the diner's and the food court's screens (the kiosk passes its screen's). */
const PAGE_ELEMENT = '#root .st-page';

/** Keeps the server's page element as the HTML parser made it, before any of the app's code ran. */
export async function keepServerElement(page: Page, selector = PAGE_ELEMENT) {
  await page.addInitScript((selector) => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      (window as unknown as { serverElement?: Element | null }).serverElement =
        document.querySelector(selector);
    });
  }, selector);
}

/**
 * React has taken over the server's HTML: the very element the server sent (not a new one a
 * browser render would have put in its place) now carries React's fiber.
 */
export async function waitForHydration(page: Page, selector = PAGE_ELEMENT) {
  await page.waitForFunction((selector) => {
    const element = document.querySelector(selector);
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
  }, selector);
  expect(
    await page.evaluate(
      (selector) =>
        (window as unknown as { serverElement?: Element | null }).serverElement ===
        document.querySelector(selector),
      selector,
    ),
  ).toBe(true);
}

/** Two Mee Rebus in the kopitiam-ali cart of `cartToken` (the diner's cart and order pages). */
export async function dishInCart(server: E2eServer, cartToken: string) {
  const menu = await apiCall<{ items: { id: number; name: string }[] }>(
    server,
    'GET',
    `/api/menu?restaurant_id=${KOPITIAM}`,
    { cartToken },
  );
  const dish = menu.items.find((item) => item.name === MEE_REBUS.en)!;
  await apiCall(server, 'POST', '/api/orders/cart/update.php', {
    cartToken,
    payload: { scope: KOPITIAM, item_id: dish.id, quantity: 2 },
  });
}
