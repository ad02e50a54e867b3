import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, stubApi } from '../../../lib/testing/render-route';
import { Component as PaymentResponse } from './payment-response';

vi.mock('../../../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

const routes = [
  { path: '/payment/response', Component: PaymentResponse },
  { path: '/orderstatus/order_id/:order_id', element: <p>order status page</p> },
  { path: '/payments/:order_id?/:price?', element: <p>payments page</p> },
];

const payment = (result: 0 | 1 | 2, page_state: string) => ({
  order_payment_status: result === 1 ? 'paid' : 'processing',
  processing: result === 0,
  can_pay: result !== 1,
  payment: { payment_id: 5, result, page_state, lock: { locked: false, can_unlock: false, seconds_left: 0 } },
});

describe('/payment/response', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('status=2 -> "Sorry, Payment Failed", "Oops! Transaction failed" with the 5-7 working days refund wording', async () => {
    const call = stubApi({});
    const view = renderRoute(
      routes,
      '/payment/response?status=2&order_id=77&amount=2550&redirect=1&paymentType=gopay',
    );

    expect(await screen.findByRole('heading', { name: 'Sorry, Payment Failed' })).toBeTruthy();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Oops! Transaction failed');
    expect(alert.textContent).toContain('Any amount deducted will be refunded in 5-7 working days');
    expect(call).not.toHaveBeenCalled();

    await view.user.click(screen.getByRole('button', { name: 'Try another payment method' }));
    expect(view.router.state.location.pathname).toBe('/payments/77/2550');
  });

  it('status=1 -> replaces itself with the order status page', async () => {
    stubApi({});
    const view = renderRoute(routes, '/payment/response?status=1&order_id=77&type=dinein&redirect=1');
    expect(await screen.findByText('order status page')).toBeTruthy();
    expect(view.router.state.location.pathname).toBe('/orderstatus/order_id/77');
    expect(view.router.state.historyAction).toBe('REPLACE');
  });

  it('status=0 -> checks the order payment until it succeeds, then the order status', async () => {
    const replies = [payment(0, 'pending'), payment(1, 'success')];
    const call = stubApi({ 'payments.previous': () => replies.shift() ?? payment(1, 'success') });
    const view = renderRoute(routes, '/payment/response?status=0&order_id=77&amount=2550&redirect=1');

    expect(await screen.findByRole('heading', { name: 'Payment pending' })).toBeTruthy();
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/orderstatus/order_id/77'), {
      timeout: 5000,
    });
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ id: 'payments.previous' }), {
      query: { order_id: 77 },
    });
  });

  it('status=0 and the server then says failure -> the failure wording', async () => {
    stubApi({ 'payments.previous': () => payment(2, 'failed') });
    renderRoute(routes, '/payment/response?status=0&order_id=77&amount=2550&redirect=1');
    expect(await screen.findByRole('heading', { name: 'Sorry, Payment Failed' })).toBeTruthy();
  });
});
