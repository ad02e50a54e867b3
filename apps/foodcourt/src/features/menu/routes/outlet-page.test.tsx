import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServerMessage } from '@santap/api-client';
import { forgetMalls } from '../../../lib/mall';
import { cartFixture, lineFixture, mallFixture, menuFixture } from '../../../testing/fixtures';
import { callsTo, renderRoute, stubApi } from '../../../testing/render-route';
import { Component as OutletPage, loader } from './outlet-page';

const routes = [
  { path: '/fc/:mall/r/:outlet', loader, Component: OutletPage, errorElement: <p>not here</p> },
  { path: '/fc/:mall', element: <p>the food court</p> },
];

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  forgetMalls();
  sessionStorage.clear();
});

function stub(context: Record<string, unknown> = { orderType: 3, pickupType: 'pickup' }) {
  let cart = cartFixture([], context);
  return stubApi({
    'restaurants.mall': () => mallFixture(),
    'restaurants.menu': () => menuFixture(),
    'cart.get': () => cart,
    'cart.details': () => cart,
    'cart.update': ({ body }) => {
      if (body!.item_id === 1) {
        cart = cartFixture(
          [lineFixture({ cart_item_id: 9, restaurant_id: 1012, name: 'Wat Tan Hor', line_total: 1050 })],
          context,
        );
        return cart;
      }
      throw new ServerMessage('Item is out of stock', 'errors.outOfStock', 400);
    },
  });
}

describe("an outlet's menu", () => {
  it('Wat Tan Hor -> the variants popup -> into the one food-court cart (scope mall-demo)', async () => {
    const spy = stub();
    const { user } = renderRoute(routes, '/fc/mall-demo/r/mall-demo-char-kway-teow');
    expect(await screen.findByRole('heading', { level: 1, name: 'Char Kway Teow Ah Seng' })).toBeTruthy();
    expect(screen.getByText('Restaurant is currently closed')).toBeTruthy();
    expect(screen.getByText('Contains: Seafood')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Oyster Omelette is out of stock' })).toHaveProperty(
      'disabled',
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Add Wat Tan Hor' }));
    const popup = await screen.findByRole('dialog', { name: 'Wat Tan Hor' });
    await user.click(within(popup).getByRole('button', { name: /^Add to cart/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(spy, 'cart.update')[0]![0].body).toMatchObject({
      scope: 'mall-demo',
      item_id: 1,
      quantity: 1,
    });
    expect(await screen.findByText('Wat Tan Hor added to your cart')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Items: 1.*RM 10.50/ })).toBeTruthy();
  });

  it("a delivery cart at an outlet that does not deliver -> 'Delivery Not Supported', no dish can be added", async () => {
    sessionStorage.setItem(
      'santap.fc.mall-demo',
      JSON.stringify({ orderType: 2, address: { line: 'Lot 5', location: [101.7, 3.14] } }),
    );
    stub({ orderType: 2, address: { location: [101.7, 3.14] } });
    renderRoute(routes, '/fc/mall-demo/r/mall-demo-char-kway-teow');
    expect(await screen.findByText(/This outlet does not deliver/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Wat Tan Hor' })).toHaveProperty('disabled', true);
  });

  it('search -> only matching dishes; no match -> says so', async () => {
    stub();
    const { user } = renderRoute(routes, '/fc/mall-demo/r/mall-demo-char-kway-teow');
    await user.type(await screen.findByRole('searchbox', { name: 'Search the menu' }), 'oyster');
    expect(screen.queryByText('Wat Tan Hor')).toBeNull();
    expect(screen.getByText('Oyster Omelette')).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Search the menu' }), 'xyz');
    expect(screen.getByText('No dishes match "oysterxyz".')).toBeTruthy();
  });

  it('an outlet of another mall -> not found', async () => {
    stub();
    renderRoute(routes, '/fc/mall-demo/r/kopitiam-ali');
    expect(await screen.findByText('not here')).toBeTruthy();
  });
});
