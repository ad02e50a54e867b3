import { afterEach, describe, expect, it } from 'vitest';
import { createOrderContext } from '@santap/domain';
import { afterHydration } from './menu-page';
import type { MenuLoaderData } from '../api/load-menu';
import { readOrderSession, writeOrderSession } from '../../../lib/order-session';
import type { OrderSession } from '../../../lib/order-session';
import { storeAuth } from '../../../lib/session';
import { menuFixture, restaurantFixture } from '../../../lib/testing/fixtures';

afterEach(() => {
  sessionStorage.clear();
  storeAuth(undefined);
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
