import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServerMessage } from '@santap/api-client';
import { storeAuth } from '@santap/web';
import { forgetMalls } from '../../../lib/mall';
import { cartFixture, lineFixture, mallFixture, menuFixture } from '../../../testing/fixtures';
import { callsTo, renderRoute, stubApi } from '../../../testing/render-route';
import type { StubHandler } from '../../../testing/render-route';
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
  localStorage.clear();
});

function stub(
  context: Record<string, unknown> = { orderType: 3, pickupType: 'pickup' },
  more: Record<string, StubHandler> = {},
) {
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
    ...more,
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

  it('a dish with ratings -> its average and count, as on the diner menu; a dish without -> none', async () => {
    stub(undefined, {
      'restaurants.menu': () => {
        const menu = menuFixture();
        return {
          ...menu,
          items: menu.items.map((item) =>
            item.id === 1 ? { ...item, rating: { average: 4.5, count: 12 } } : { ...item, rating: null },
          ),
        };
      },
    });
    renderRoute(routes, '/fc/mall-demo/r/mall-demo-char-kway-teow');
    const watTanHor = (await screen.findByRole('heading', { level: 3, name: 'Wat Tan Hor' })).closest('li')!;
    expect(within(watTanHor).getByRole('img', { name: 'Rating 4.5 out of 5, reviews: 12' }).textContent).toBe(
      '4.5(12)',
    );
    const omelette = screen.getByRole('heading', { level: 3, name: 'Oyster Omelette' }).closest('li')!;
    expect(within(omelette).queryByRole('img')).toBeNull();
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

  it('logged-in diner allergic to seafood -> Wat Tan Hor outlined, "(Your allergy)" in the list and its popup; Oyster Omelette not', async () => {
    storeAuth({ status: 'ACTIVE' });
    const spy = stub(undefined, {
      'account.allergies': () => ({
        filter: [],
        allergies: [
          { allergy_id: 1, category: 'seafood', severity: 'avoid', note: null },
          { allergy_id: 2, category: 'gluten', severity: 'severe', note: null },
        ],
      }),
    });
    const { user } = renderRoute(routes, '/fc/mall-demo/r/mall-demo-char-kway-teow');
    const watTanHor = (await screen.findByRole('heading', { level: 3, name: 'Wat Tan Hor' })).closest('li')!;
    expect(watTanHor.className).toContain('st-allergy-dish');
    expect(within(watTanHor).getByText('Contains: Seafood').parentElement!.textContent).toBe(
      'Contains: Seafood(Your allergy)',
    );
    const omelette = screen.getByRole('heading', { level: 3, name: 'Oyster Omelette' }).closest('li')!;
    expect(omelette.className).not.toContain('st-allergy-dish');
    expect(within(omelette).queryByText('(Your allergy)')).toBeNull();
    expect(callsTo(spy, 'account.allergies')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Add Wat Tan Hor' }));
    const popup = await screen.findByRole('dialog', { name: 'Wat Tan Hor' });
    expect(within(popup).getByText('(Your allergy)')).toBeTruthy();
    // Seafood is 'avoid', not severe (gluten is, but the dish has none): highlighted only, no question.
    await user.click(within(popup).getByRole('button', { name: /^Add to cart/ }));
    await waitFor(() => expect(callsTo(spy, 'cart.update')).toHaveLength(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('seafood marked severe -> Add asks "Add anyway?" (Cancel focused); Cancel adds nothing; Add anyway adds', async () => {
    storeAuth({ status: 'ACTIVE' });
    const spy = stub(undefined, {
      'account.allergies': () => ({
        filter: [],
        allergies: [{ allergy_id: 1, category: 'seafood', severity: 'severe', note: null }],
      }),
    });
    const { user } = renderRoute(routes, '/fc/mall-demo/r/mall-demo-char-kway-teow');
    await user.click(await screen.findByRole('button', { name: 'Add Wat Tan Hor' }));
    const popup = await screen.findByRole('dialog', { name: 'Wat Tan Hor' });
    await user.click(within(popup).getByRole('button', { name: /^Add to cart/ }));
    const warning = screen.getByRole('alertdialog', { name: 'Severe allergy' });
    expect(warning.textContent).toContain(
      'Contains seafood, which you marked as a severe allergy. Add anyway?',
    );
    const cancel = within(warning).getByRole('button', { name: 'Cancel' });
    expect(document.activeElement).toBe(cancel);
    await user.click(cancel);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(callsTo(spy, 'cart.update')).toHaveLength(0);

    await user.click(within(popup).getByRole('button', { name: /^Add to cart/ }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Add anyway' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(spy, 'cart.update')).toHaveLength(1);
    expect(callsTo(spy, 'cart.update')[0]![0].body).toMatchObject({ item_id: 1, quantity: 1 });
  });

  it('a guest session -> no allergy call, nothing highlighted', async () => {
    storeAuth({ status: 'GUEST' });
    const spy = stub();
    renderRoute(routes, '/fc/mall-demo/r/mall-demo-char-kway-teow');
    const watTanHor = (await screen.findByRole('heading', { level: 3, name: 'Wat Tan Hor' })).closest('li')!;
    expect(within(watTanHor).getByText('Contains: Seafood')).toBeTruthy();
    expect(watTanHor.className).not.toContain('st-allergy-dish');
    expect(screen.queryByText('(Your allergy)')).toBeNull();
    expect(callsTo(spy, 'account.allergies')).toHaveLength(0);
  });

  it('the allergy read fails -> the menu shows all the same, nothing highlighted', async () => {
    storeAuth({ status: 'ACTIVE' });
    stub(undefined, {
      'account.allergies': () => {
        throw new ServerMessage('Something went wrong', 'errors.somethingWentWrong', 500);
      },
    });
    renderRoute(routes, '/fc/mall-demo/r/mall-demo-char-kway-teow');
    expect(await screen.findByRole('heading', { level: 3, name: 'Wat Tan Hor' })).toBeTruthy();
    expect(screen.queryByText('(Your allergy)')).toBeNull();
  });

  it('an outlet of another mall -> not found', async () => {
    stub();
    renderRoute(routes, '/fc/mall-demo/r/kopitiam-ali');
    expect(await screen.findByText('not here')).toBeTruthy();
  });
});
