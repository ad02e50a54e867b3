import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOrderContext } from '@santap/domain';
import { afterHydration } from '../features/menu/routes/menu-page';
import type { MenuLoaderData } from '../features/menu/api/load-menu';
import { readOrderSession, writeOrderSession } from '../lib/order-session';
import type { OrderSession } from '../lib/order-session';
import { rememberCartToken } from '@santap/ui';
import { cartToken, storeAuth } from '../lib/session';
import { menuFixture, restaurantFixture } from '../lib/testing/fixtures';
import { serverPage } from './hydrate';
import { HYDRATION_ID } from './server-rendered';

/** The page's hydration block as the server writes it (apps/api web.ts). */
function putBlock(block: object | string) {
  document.getElementById(HYDRATION_ID)?.remove();
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = HYDRATION_ID;
  script.textContent = typeof block === 'string' ? block : JSON.stringify(block);
  document.body.append(script);
}

afterEach(() => {
  document.getElementById(HYDRATION_ID)?.remove();
  delete window.__staticRouterHydrationData;
  sessionStorage.clear();
  storeAuth(undefined);
});

describe('serverPage: hydrate only a page made for this browser', () => {
  const state = { loaderData: { '0-2': { ok: true } }, actionData: null, errors: null };
  // The cart cookie is HttpOnly: the page knows its token once a reply named it.
  beforeEach(() => rememberCartToken('userBrowser0001'));

  it('same language, country and cart token -> the block, its data handed to the router', () => {
    putBlock({ language: 'en', country: 'MY', cartToken: cartToken(), state });
    expect(serverPage('en')?.language).toBe('en');
    expect(window.__staticRouterHydrationData).toEqual(state);
  });

  it('another language, country or cart token, a broken block or none -> undefined: the browser renders', () => {
    const token = cartToken();
    for (const block of [
      { language: 'id', country: 'MY', cartToken: token, state },
      { language: 'en', country: 'ID', cartToken: token, state },
      { language: 'en', country: 'MY', cartToken: 'userSomeoneElse', state },
      '{"language":',
    ]) {
      putBlock(block);
      expect(serverPage('en'), JSON.stringify(block)).toBeUndefined();
      expect(window.__staticRouterHydrationData).toBeUndefined();
    }
    document.getElementById(HYDRATION_ID)?.remove();
    expect(serverPage('en')).toBeUndefined();
  });
});

describe("afterHydration of the menu: what the browser knows and the server's page did not", () => {
  const restaurant = restaurantFixture();
  const session: OrderSession = { context: createOrderContext({ orderType: 1 }) };
  const data = {
    restaurant,
    menu: menuFixture(),
    cart: undefined,
    session,
    tableError: undefined,
    bestSellerIds: [],
    repeatItemIds: [],
  } satisfies MenuLoaderData;

  it('a first visit (no stored session, a guest) -> fresh; the session is kept for the tab as the loader would', () => {
    expect(afterHydration(data)).toBe('fresh');
    expect(readOrderSession(restaurant.nameid)).toEqual(session);
  });

  it('a reload with the same session (stored in another key order) -> fresh', () => {
    sessionStorage.setItem(
      `santap.order.${restaurant.nameid}`,
      JSON.stringify({ context: Object.fromEntries(Object.entries(session.context).reverse()) }),
    );
    expect(afterHydration(data)).toBe('fresh');
  });

  it('a reload after the diner changed the order (pickup) -> stale: the loaders run again', () => {
    writeOrderSession(restaurant.nameid, { context: createOrderContext({ orderType: 3 }) });
    expect(afterHydration(data)).toBe('stale');
  });

  it('a logged-in diner -> stale (their cart, repeat items and allergies are not the guest page)', () => {
    storeAuth({ status: 'ACTIVE' });
    expect(afterHydration(data)).toBe('stale');
  });
});
