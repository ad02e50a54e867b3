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

  describe('a kiosk order paid on the phone (isKiosk=1)', () => {
    const kioskUrl = (status: string) =>
      `/fc/mall-demo/payment/response?status=${status}&fc_order_id=7&fc=mall-demo&order_id=70&amount=2550&redirect=1&paymentType=qris&isKiosk=1`;

    it('status=1 -> "Payment received", the number is on the kiosk; no call and never the order', async () => {
      const call = stubApi({});
      const { router } = renderRoute(routes, kioskUrl('1'));
      expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
      expect(
        screen.getByText('Your order number is on the kiosk screen. You can close this page.'),
      ).toBeTruthy();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(router.state.location.pathname).toBe('/fc/mall-demo/payment/response');
      expect(screen.queryByText('the order')).toBeNull();
      expect(screen.queryByRole('link')).toBeNull();
      expect(call).not.toHaveBeenCalled();
    });

    it('status=2 -> "Payment failed", try again at the kiosk; no other method here', async () => {
      const call = stubApi({});
      renderRoute(routes, kioskUrl('2'));
      expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeTruthy();
      expect(screen.getByRole('alert').textContent).toBe('Please try again at the kiosk.');
      expect(screen.queryByRole('button', { name: 'Try another payment method' })).toBeNull();
      expect(call).not.toHaveBeenCalled();
    });

    it('no final status -> the kiosk confirms it; nothing asked of the server', async () => {
      const call = stubApi({});
      renderRoute(routes, kioskUrl('0'));
      expect(await screen.findByRole('heading', { name: 'Confirming your payment' })).toBeTruthy();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(call).not.toHaveBeenCalled();
    });

    it("in the diner's language (Indonesian)", async () => {
      stubApi({});
      renderRoute(routes, kioskUrl('1'), 'id');
      expect(await screen.findByRole('heading', { name: 'Pembayaran diterima' })).toBeTruthy();
      expect(
        screen.getByText('Nomor pesanan Anda ada di layar kios. Anda dapat menutup halaman ini.'),
      ).toBeTruthy();
    });
  });
});
