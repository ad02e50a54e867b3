import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOrderContext } from '@santap/domain';
import { afterHydration } from '../features/menu/routes/menu-page';
import { afterHydration as afterCartHydration, beforeHydration } from '../features/cart/routes/cart-page';
import type { CartLoaderData } from '../features/cart/api/load-cart';
import { startAddingTo } from '../lib/add-more';
import type { MenuLoaderData } from '../features/menu/api/load-menu';
import { readOrderSession, writeOrderSession } from '../lib/order-session';
import type { OrderSession } from '../lib/order-session';
import { rememberCartToken } from '@santap/ui';
import { cartToken, storeAuth } from '../lib/session';
import { billFixture, cartFixture, menuFixture, restaurantFixture } from '../lib/testing/fixtures';
import { hydratesHere, serverPage } from './hydrate';
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

  it("a diner's own page (the cart, the order) -> hydrated only with the login state it was rendered for", () => {
    const token = cartToken();
    putBlock({ language: 'en', country: 'MY', cartToken: token, signedIn: '', state });
    expect(serverPage('en')).toBeDefined();
    // Rendered for a guest, the browser now signed in (or the other way round): rendered here.
    storeAuth({ status: 'ACTIVE' });
    expect(serverPage('en')).toBeUndefined();
    putBlock({ language: 'en', country: 'MY', cartToken: token, signedIn: 'ACTIVE', state });
    expect(serverPage('en')?.signedIn).toBe('ACTIVE');
    storeAuth(undefined);
    expect(serverPage('en')).toBeUndefined();
  });
});

describe("the cart's hydration: the server saw no sessionStorage", () => {
  const restaurant = restaurantFixture();
  const session: OrderSession = { context: createOrderContext({ orderType: 1 }) };
  const data: CartLoaderData = {
    restaurant,
    cart: cartFixture(),
    bill: billFixture(),
    session,
    orderTypeChosen: false,
    wallet: undefined,
    referral: undefined,
  };
  const block = (cart: CartLoaderData) => ({
    language: 'en',
    country: 'MY',
    cartToken: 'userBrowser0001',
    state: { loaderData: { cart }, actionData: null, errors: null },
  });
  const matches = [{ route: { id: 'cart', path: '/cart/:name' }, params: { name: restaurant.nameid } }];
  const modules = new Map([['/cart/:name', { beforeHydration, afterHydration: afterCartHydration }]]);

  it('a tab that keeps nothing of this restaurant -> hydrated; afterwards the session is kept as the loader would', () => {
    expect(hydratesHere(block(data), matches, modules)).toBe(true);
    expect(afterCartHydration(data)).toBe('fresh');
    expect(readOrderSession(restaurant.nameid)).toEqual(session);
  });

  it('the same stored session with the order type named in the link -> hydrated', () => {
    writeOrderSession(restaurant.nameid, session);
    expect(hydratesHere(block({ ...data, orderTypeChosen: true }), matches, modules)).toBe(true);
  });

  it('a stored session the server did not see (another type, or a type the tab chose) -> rendered here', () => {
    writeOrderSession(restaurant.nameid, { context: createOrderContext({ orderType: 3 }) });
    expect(hydratesHere(block({ ...data, orderTypeChosen: true }), matches, modules)).toBe(false);
    writeOrderSession(restaurant.nameid, session);
    // The browser's loader would say the type was chosen (it is stored): the cart's words differ.
    expect(hydratesHere(block(data), matches, modules)).toBe(false);
  });

  it('items being added to a placed order, or the note kept in parts -> rendered here', () => {
    startAddingTo(restaurant.nameid, 42);
    expect(hydratesHere(block(data), matches, modules)).toBe(false);
    sessionStorage.clear();
    sessionStorage.setItem(
      `santap.cartNote.${restaurant.nameid}`,
      JSON.stringify({ request: '', saveTrees: { noCutlery: true, noPaper: false } }),
    );
    expect(hydratesHere(block(data), matches, modules)).toBe(false);
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
