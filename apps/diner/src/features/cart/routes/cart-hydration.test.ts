import { afterEach, describe, expect, it } from 'vitest';
import { createOrderContext } from '@santap/domain';
import { hydratesHere } from '@santap/ui';
import { afterHydration, beforeHydration } from './cart-page';
import type { CartLoaderData } from '../api/load-cart';
import { startAddingTo } from '../../../lib/add-more';
import { readOrderSession, writeOrderSession } from '../../../lib/order-session';
import type { OrderSession } from '../../../lib/order-session';
import { billFixture, cartFixture, restaurantFixture } from '../../../lib/testing/fixtures';

afterEach(() => sessionStorage.clear());

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
    state: { loaderData: { cart }, actionData: null, errors: null },
  });
  const matches = [{ route: { id: 'cart', path: '/cart/:name' }, params: { name: restaurant.nameid } }];
  const modules = new Map([['/cart/:name', { beforeHydration, afterHydration }]]);

  it('a tab that keeps nothing of this restaurant -> hydrated; afterwards the session is kept as the loader would', () => {
    expect(hydratesHere(block(data), matches, modules)).toBe(true);
    expect(afterHydration(data)).toBe('fresh');
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
