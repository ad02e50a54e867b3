import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, stubApi } from '../../../testing/render-route';
import { Component as PaymentResponse } from './payment-response';

const routes = [
  { path: '/fc/:mall/payment/response', Component: PaymentResponse },
  { path: '/fc/:mall/order/:fcOrderId', element: <p>the order</p> },
  { path: '/fc/:mall/pay/:fcOrderId', element: <p>pay again</p> },
];

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the payment response', () => {
  it('status=1 from the gateway -> straight on to the food-court order', async () => {
    stubApi({});
    const { router } = renderRoute(
      routes,
      '/fc/mall-demo/payment/response?status=1&fc_order_id=7&fc=mall-demo&redirect=1',
    );
    expect(await screen.findByText('the order')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/fc/mall-demo/order/7');
  });

  it("status=2 -> 'Sorry, Payment Failed' with the refund words and another method", async () => {
    stubApi({});
    const { user } = renderRoute(
      routes,
      '/fc/mall-demo/payment/response?status=2&fc_order_id=7&fc=mall-demo',
    );
    expect(await screen.findByRole('heading', { name: 'Sorry, Payment Failed' })).toBeTruthy();
    expect(screen.getByText('Oops! Transaction failed')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try another payment method' }));
    expect(await screen.findByText('pay again')).toBeTruthy();
  });

  it('no status -> asks the server about the food-court payment, then on to the order when paid', async () => {
    stubApi({
      'payments.previous': ({ query }) => {
        expect(query).toEqual({ fc_order_id: 7 });
        return { order_payment_status: 'paid', payment: null, processing: false, can_pay: false };
      },
    });
    renderRoute(routes, '/fc/mall-demo/payment/response?fc_order_id=7');
    expect(await screen.findByText('the order')).toBeTruthy();
  });
});
