import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetMalls } from '../../../lib/mall';
import { cartFixture, lineFixture, mallFixture } from '../../../testing/fixtures';
import { callsTo, renderRoute, stubApi } from '../../../testing/render-route';
import type { StubHandler } from '../../../testing/render-route';
import { Component as CartPage, loader } from './cart-page';

const routes = [
  { path: '/fc/:mall/cart', loader, Component: CartPage },
  { path: '/fc/:mall/pay/:fcOrderId', element: <p>pay here</p> },
  { path: '/fc/:mall', element: <p>the food court</p> },
];

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  forgetMalls();
  sessionStorage.clear();
});

const bill = (total: number) => ({
  currency: 'MYR' as const,
  subtotal: total,
  total,
  lines: [{ key: 'bill.subtotal', label: 'Subtotal', amount: total }],
});

const coupons = (applied: { restaurant_id: number; code: string | null; amount: number }[] = []) => ({
  mall: 'mall-demo',
  mall_coupon: null,
  applied,
  bill: bill(1200),
  coupons: [
    { code: 'FOODCOURT10', restaurant_id: null, usable: true, reason: null },
    {
      code: 'ROTI10',
      restaurant_id: 1013,
      usable: false,
      reason: "Your order hasn't reached the minimum amount",
    },
    { code: 'TEH1', restaurant_id: 1014, usable: false, reason: 'This coupon is not valid at this outlet' },
  ].map((coupon, index) => ({
    discount_id: index + 1,
    title: `${coupon.code} deal`,
    kind: 'fixed' as const,
    value: 100,
    max_discount: null,
    min_order: 0,
    currency: 'MYR' as const,
    order_types: [1, 2, 3] as (1 | 2 | 3)[],
    mall_coupon: coupon.restaurant_id === null,
    outlets: null,
    valid_from_epoch: null,
    valid_until_epoch: null,
    days: null,
    from_minute: null,
    to_minute: null,
    per_user_limit: null,
    uses_left_for_me: null,
    remaining: null,
    discount_amount: 0,
    applied: false,
    reason_key: null,
    ...coupon,
  })),
});

function stub(overrides: Record<string, StubHandler> = {}) {
  const cart = cartFixture([
    lineFixture({ cart_item_id: 1, restaurant_id: 1011, name: 'Nasi Lemak' }),
    lineFixture({ cart_item_id: 2, restaurant_id: 1013, name: 'Roti Tisu' }),
  ]);
  return stubApi({
    'restaurants.mall': () => mallFixture(),
    'cart.get': () => cart,
    'cart.details': () => cart,
    'cart.bill': () => ({
      bill: bill(1300),
      by_restaurant: [
        { restaurant_id: 1011, bill: bill(689) },
        { restaurant_id: 1013, bill: bill(611) },
      ],
    }),
    'cart.foodCourtOutOfStock': () => ({ items: [] }),
    'promotions.foodCourtActive': () => coupons(),
    'promotions.walletAmount': () => ({
      scope: 'mall-demo',
      logged_in: false,
      balance: 0,
      currency: 'MYR',
      loyalty: null,
    }),
    'orders.createFoodCourt': () => ({
      order_id: 31,
      order_ids: [31, 32],
      fc_order_id: 7,
      amount: 1300,
      currency: 'MYR',
      order_type: 3,
      pickup_type: 'pickup',
      prepay: true,
      pay_later_flag: '0',
    }),
    ...overrides,
  });
}

describe('the one food-court cart', () => {
  it("two outlets -> their lines grouped, each outlet's share, coupons of the cart's outlets only", async () => {
    stub();
    const { user } = renderRoute(routes, '/fc/mall-demo/cart');
    expect(await screen.findByRole('region', { name: 'Nasi Lemak Mak Jah' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Roti Canai Raju' })).toBeTruthy();
    expect(screen.getByText("Each outlet's share")).toBeTruthy();
    await user.click(screen.getByText('Available coupons'));
    expect(screen.getByRole('button', { name: 'Apply coupon FOODCOURT10' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Apply coupon ROTI10' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Apply coupon TEH1' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in to earn and use cashback' }).getAttribute('href')).toBe(
      '/login?path=%2Ffc%2Fmall-demo%2Fcart',
    );
  });

  it('Order and pay -> one food-court order with an Idempotency-Key -> its payment page', async () => {
    const spy = stub();
    const { user, router } = renderRoute(routes, '/fc/mall-demo/cart');
    await user.click(await screen.findByRole('button', { name: 'Order and pay · RM 13.00' }));
    expect(await screen.findByText('pay here')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/fc/mall-demo/pay/7');
    const [input, options] = callsTo(spy, 'orders.createFoodCourt')[0]!;
    expect(input.body).toEqual({ scope: 'mall-demo', payment_mode: 'online' });
    expect(options?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sold out at one outlet -> named, 'Items not available', ordering refused until removed", async () => {
    const spy = stub({
      'cart.foodCourtOutOfStock': () => ({
        items: [{ cart_item_id: 2, item_id: 20, restaurant_id: 1013, name: 'Roti Tisu' }],
      }),
    });
    const { user } = renderRoute(routes, '/fc/mall-demo/cart');
    expect(await screen.findByText('Sold out now: Roti Tisu.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Order and pay/ }));
    expect(screen.getAllByText('Items not available').length).toBe(2);
    expect(callsTo(spy, 'orders.createFoodCourt')).toHaveLength(0);
  });

  it('the coupon on Roti Canai Raju -> its own Remove calls remove-rest for that outlet only', async () => {
    const spy = stub({
      'promotions.foodCourtActive': () =>
        coupons([
          { restaurant_id: 1011, code: 'FOODCOURT10', amount: 60 },
          { restaurant_id: 1013, code: 'FOODCOURT10', amount: 61 },
        ]),
      'promotions.foodCourtRemoveRest': () =>
        coupons([
          { restaurant_id: 1011, code: 'FOODCOURT10', amount: 60 },
          { restaurant_id: 1013, code: null, amount: 0 },
        ]),
    });
    const { user } = renderRoute(routes, '/fc/mall-demo/cart');
    const panel = (await screen.findByRole('heading', { name: 'Coupons' })).closest('section')!;
    expect(within(panel).getByText('FOODCOURT10 on Roti Canai Raju')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Remove the coupon from Roti Canai Raju' }));
    await waitFor(() => expect(within(panel).queryByText('FOODCOURT10 on Roti Canai Raju')).toBeNull());
    expect(within(panel).getByText('FOODCOURT10 on Nasi Lemak Mak Jah')).toBeTruthy();
    expect(callsTo(spy, 'promotions.foodCourtRemoveRest')[0]![0].body).toEqual({
      mall: 'mall-demo',
      restaurant_id: 1013,
    });
  });
});
