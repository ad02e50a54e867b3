import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@santap/api-client';
import { addingTo, startAddingTo } from '../../../lib/add-more';
import { forgetRestaurants } from '../../../lib/restaurant';
import { billFixture, cartFixture, cartLineFixture, restaurantFixture } from '../../../lib/testing/fixtures';
import { renderRoute, stubApi } from '../../../lib/testing/render-route';
import type { StubHandler } from '../../../lib/testing/render-route';
import { Component as CartPage, loader } from './cart-page';

vi.mock('../../../config/env', () => ({
  env: {
    VITE_API_BASE: '',
    VITE_DEFAULT_COUNTRY: 'MY',
    VITE_MARKETING_URL_ID: '',
    VITE_MARKETING_URL_GLOBAL: '',
  },
}));

const routes = [
  { path: '/cart/:name/:ot?/:pickupType?', Component: CartPage, loader },
  { path: '/payments/:order_id?/:price?', element: <p>payments page</p> },
  { path: '/payment/response', element: <p>payment response page</p> },
];

const pickupContext = { orderType: 3, orderTime: 'ASAP', pickupType: 'pickup', tableNo: 'pickup', table: '' };

function stubCart(create: StubHandler) {
  const cart = cartFixture({ items: [cartLineFixture()] });
  return stubApi({
    'restaurants.details': () => restaurantFixture(),
    'cart.get': () => cart,
    'cart.bill': () => ({ bill: billFixture(), by_restaurant: [] }),
    'cart.details': () => ({ ...cart, context: pickupContext }),
    'orders.create': create,
  });
}

const failWithoutWords = () => {
  throw new ApiError('Internal Server Error', undefined, 500);
};

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  forgetRestaurants();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("cart: 'add more items' to a running order (spec §8)", () => {
  it("adding to order 77 and the request fails -> 'Could not request for items'", async () => {
    startAddingTo('kopitiam-ali', 77);
    stubCart(failWithoutWords);
    const { user } = renderRoute(routes, '/cart/kopitiam-ali/3');
    await user.click(await screen.findByRole('button', { name: /Place order/ }));
    expect(await screen.findByText('Could not request for items')).toBeTruthy();
    expect(addingTo('kopitiam-ali')).toBe(77);
  });

  it('a new order failing the same way -> the generic words, not the add-more ones', async () => {
    stubCart(failWithoutWords);
    const { user } = renderRoute(routes, '/cart/kopitiam-ali/3');
    await user.click(await screen.findByRole('button', { name: /Place order/ }));
    expect(await screen.findByText(/Something went wrong/i)).toBeTruthy();
    expect(screen.queryByText('Could not request for items')).toBeNull();
  });

  it('adding, and the items go through -> on to payment, and the next order here is a new one', async () => {
    startAddingTo('kopitiam-ali', 77);
    stubCart(() => ({
      order_id: 981,
      order_ids: [981],
      fc_order_id: null,
      amount: 1508,
      currency: 'MYR',
      order_type: 3,
      pickup_type: 'pickup',
      prepay: true,
      pay_later_flag: '0',
    }));
    const { user } = renderRoute(routes, '/cart/kopitiam-ali/3');
    await user.click(await screen.findByRole('button', { name: /Place order/ }));
    expect(await screen.findByText('payments page')).toBeTruthy();
    expect(addingTo('kopitiam-ali')).toBeUndefined();
  });

  it('adding to order 77 -> the create call carries add_to_order_id 77; the batch joins it, pay later -> type=addmore', async () => {
    startAddingTo('kopitiam-ali', 77);
    const call = stubCart(() => ({
      order_id: 77,
      order_ids: [77],
      fc_order_id: null,
      amount: 3016,
      currency: 'MYR',
      order_type: 3,
      pickup_type: 'takeaway',
      prepay: false,
      pay_later_flag: '1',
      batch: 2,
    }));
    const { user } = renderRoute(routes, '/cart/kopitiam-ali/3');
    expect(
      await screen.findByText('These items join your running order #77 and are paid the way it is.'),
    ).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: /Place order/ }));
    expect(await screen.findByText('payment response page')).toBeTruthy();
    expect(call).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'orders.create' }),
      expect.objectContaining({ body: expect.objectContaining({ add_to_order_id: 77 }) }),
      expect.anything(),
    );
    expect(addingTo('kopitiam-ali')).toBeUndefined();
  });

  it('the running order takes no more items -> its words, and the next tap places a new order', async () => {
    startAddingTo('kopitiam-ali', 77);
    stubCart(() => {
      throw new ApiError('closed', 'errors.addMoreClosed', 422);
    });
    const { user } = renderRoute(routes, '/cart/kopitiam-ali/3');
    await user.click(await screen.findByRole('button', { name: /Place order/ }));
    expect(
      await screen.findByText('This order can no longer take more items. Place a new order instead.'),
    ).toBeTruthy();
    expect(addingTo('kopitiam-ali')).toBeUndefined();
  });
});
