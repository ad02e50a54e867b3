import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthRequired, NoInternet } from '@santap/api-client';
import type { StubHandler } from '../../../lib/testing/render-route';
import { callsTo, renderRoute, stubApi } from '../../../lib/testing/render-route';
import { billFixture, cartFixture, cartLineFixture, restaurantFixture } from '../../../lib/testing/fixtures';
import { forgetRestaurants } from '../../../lib/restaurant';
import { Component as CartPage, loader } from './cart-page';

vi.mock('../../../config/env', () => ({
  env: {
    VITE_API_BASE: '',
    VITE_DEFAULT_COUNTRY: 'MY',
    VITE_MARKETING_URL_ID: '',
    VITE_MARKETING_URL_GLOBAL: '',
  },
}));

const Landing = ({ name }: { name: string }) => <p>{name} page</p>;
const routes = [
  { path: '/cart/:name/:ot?/:pickupType?', Component: CartPage, loader },
  { path: '/payments/:order_id?/:price?', element: <Landing name="payments" /> },
  { path: '/payment/response', element: <Landing name="payment response" /> },
  { path: '/login', element: <Landing name="login" /> },
  { path: '/r/:name/:ot?/:pickupType?', element: <Landing name="menu" /> },
];

const pickupContext = { orderType: 3, orderTime: 'ASAP', pickupType: 'pickup', tableNo: 'pickup', table: '' };
const line = cartLineFixture();

function stubCart(overrides: Record<string, StubHandler> = {}, cart = cartFixture({ items: [line] })) {
  return stubApi({
    'restaurants.details': () => restaurantFixture(),
    'cart.get': () => cart,
    'cart.bill': () => ({ bill: billFixture(), by_restaurant: [] }),
    'cart.details': () => ({ ...cart, context: pickupContext }),
    ...overrides,
  });
}

const created = (overrides: Record<string, unknown> = {}) => ({
  order_id: 981,
  order_ids: [981],
  fc_order_id: null,
  amount: 1508,
  currency: 'MYR',
  order_type: 3,
  pickup_type: 'pickup',
  prepay: true,
  pay_later_flag: '0',
  ...overrides,
});

beforeEach(() => {
  sessionStorage.clear();
  forgetRestaurants();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('cart page', () => {
  it('+ on a line -> cart.update with its cart_item_id and the new quantity', async () => {
    const spy = stubCart({
      'cart.update': (input) =>
        cartFixture({
          items: [cartLineFixture({ quantity: input.body?.quantity as number, line_total: 1950 })],
        }),
    });
    const { user } = renderRoute(routes, '/cart/kopitiam-ali/3');
    await user.click(await screen.findByRole('button', { name: 'One more: Nasi Lemak' }));
    await waitFor(() => expect(callsTo(spy, 'cart.update')).toHaveLength(1));
    expect(callsTo(spy, 'cart.update')[0]![0].body).toEqual({
      scope: 'kopitiam-ali',
      cart_item_id: 1,
      quantity: 3,
    });
    expect(await screen.findByText('RM 19.50')).toBeTruthy();
    // The bill is asked for again after the change.
    await waitFor(() => expect(callsTo(spy, 'cart.bill').length).toBeGreaterThanOrEqual(2));
  });

  it("cart warning 'errors.priceWarning' -> the 'Price Warning' banner with the old price struck through", async () => {
    stubCart(
      {},
      cartFixture({
        items: [cartLineFixture({ price_changed: true, seen_unit_price: 600, unit_price: 650 })],
        warnings: ['errors.priceWarning'],
      }),
    );
    renderRoute(routes, '/cart/kopitiam-ali/3');
    const banner = await screen.findByText('Price Warning');
    expect(banner.closest('[role="status"]')).toBeTruthy();
    expect(screen.getByText('RM 12.00').tagName).toBe('S');
  });

  it('unavailable line -> place order is stopped and remove calls cart.removeUnavailable', async () => {
    const spy = stubCart(
      { 'cart.removeUnavailable': () => cartFixture({ items: [], context: pickupContext }) },
      cartFixture({ items: [cartLineFixture({ available: false })], warnings: ['errors.itemsNotAvailable'] }),
    );
    const { user } = renderRoute(routes, '/cart/kopitiam-ali/3');
    await user.click(await screen.findByRole('button', { name: /Place order/ }));
    expect(callsTo(spy, 'orders.create')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove unavailable items' }));
    await waitFor(() => expect(callsTo(spy, 'cart.removeUnavailable')).toHaveLength(1));
  });

  it('prepaid pickup placed -> /payments/981/1508 (nextAfterOrderCreated), with an Idempotency-Key', async () => {
    const spy = stubCart({ 'orders.create': () => created() });
    const { user, router } = renderRoute(routes, '/cart/kopitiam-ali/3');
    await user.click(await screen.findByRole('button', { name: 'Place order · RM 15.08' }));
    expect(await screen.findByText('payments page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/payments/981/1508');
    const [input, options] = callsTo(spy, 'orders.create')[0]!;
    expect(input.body).toEqual({ scope: 'kopitiam-ali', payment_mode: 'online' });
    expect(options?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('dine-in with pay later chosen -> replace-navigate to the pay-later payment response', async () => {
    sessionStorage.setItem(
      'santap.order.kopitiam-ali',
      JSON.stringify({
        context: { orderType: 1, orderTime: 'ASAP', tableNo: '3', table: 'T3' },
        tableId: 5003,
      }),
    );
    const dineInCart = cartFixture({
      items: [line],
      context: { orderType: 1, orderTime: 'ASAP', tableId: 5003, tableNo: '3', table: 'T3' },
    });
    const spy = stubCart(
      { 'orders.create': () => created({ order_type: 1, pickup_type: null, prepay: false }) },
      dineInCart,
    );
    const { user, router } = renderRoute(routes, '/cart/kopitiam-ali/1');
    await user.click(await screen.findByRole('radio', { name: /Pay later/ }));
    await user.click(screen.getByRole('button', { name: /Place order/ }));
    expect(await screen.findByText('payment response page')).toBeTruthy();
    expect(router.state.location.search).toBe('?status=1&order_id=981&type=dinein&redirect=1');
    expect(callsTo(spy, 'orders.create')[0]![0].body).toMatchObject({ payment_mode: 'pay_later' });
  });

  it('lost connection then retry -> the same Idempotency-Key is sent again', async () => {
    let attempts = 0;
    const spy = stubCart({
      'orders.create': () => {
        attempts += 1;
        if (attempts === 1) throw new NoInternet();
        return created();
      },
    });
    const { user } = renderRoute(routes, '/cart/kopitiam-ali/3');
    await user.click(await screen.findByRole('button', { name: /Place order/ }));
    expect(await screen.findByText('No Internet Connection')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Place order/ }));
    expect(await screen.findByText('payments page')).toBeTruthy();
    const [first, second] = callsTo(spy, 'orders.create');
    expect(first![1]?.idempotencyKey).toBe(second![1]?.idempotencyKey);
  });

  it('AuthRequired -> /login with the login redirect query of spec §2', async () => {
    stubCart({
      'orders.create': () => {
        throw new AuthRequired('invalid token');
      },
    });
    const { user, router } = renderRoute(routes, '/cart/kopitiam-ali/3');
    await user.click(await screen.findByRole('button', { name: /Place order/ }));
    expect(await screen.findByText('login page')).toBeTruthy();
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('path')).toBe('/cart/kopitiam-ali/3/pickup');
    expect(query.get('menu_path')).toBe('/r/kopitiam-ali/3/pickup');
    expect(query.get('language')).toBe('en');
    expect(query.get('scanThroughQr')).toBe('0');
    for (const key of ['otpless', 'browser', 'cartToken', 'sessionId']) expect(query.get(key)).toBeTruthy();
    expect(query.has('epoch')).toBe(false);
  });

  it('coupon refused by the server -> its message under the field', async () => {
    const { ServerMessage } = await import('@santap/api-client');
    stubCart({
      'cart.discount': () => {
        throw new ServerMessage('This coupon has expired', 'errors.couponExpired', 422);
      },
    });
    const { user } = renderRoute(routes, '/cart/kopitiam-ali/3');
    await user.type(await screen.findByRole('textbox', { name: 'Coupon code' }), 'old10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This coupon has expired')).toBeTruthy();
  });
});
