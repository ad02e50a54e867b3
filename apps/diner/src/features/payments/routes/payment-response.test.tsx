import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, stubApi } from '../../../lib/testing/render-route';
import { Component as PaymentResponse } from './payment-response';

vi.mock('../../../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

const routes = [
  { path: '/payment/response', Component: PaymentResponse },
  { path: '/orderstatus/order_id/:order_id', element: <p>order status page</p> },
  { path: '/payments/:order_id?/:price?', element: <p>payments page</p> },
  { path: '/tab/:tabId', element: <p>tab page</p> },
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

  it("a tab's share (tab_id=42; order_id a friend's order) -> the tab page with the status, no order asked for", async () => {
    const call = stubApi({});
    const view = renderRoute(
      routes,
      '/payment/response?status=1&order_id=501&tab_id=42&type=dinein&redirect=1',
    );
    expect(await screen.findByText('tab page')).toBeTruthy();
    expect(view.router.state.location.pathname).toBe('/tab/42');
    expect(view.router.state.location.search).toBe('?payment=1');
    expect(view.router.state.historyAction).toBe('REPLACE');
    expect(call).not.toHaveBeenCalled();
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

  describe('a kiosk order paid on the phone (isKiosk=1): a last screen, never the order', () => {
    const kioskUrl = (status: string) =>
      `/payment/response?status=${status}&order_id=77&type=dinein&amount=2550&redirect=1&paymentType=qris&isKiosk=1`;

    it('status=1 -> "Payment received", the order number is on the kiosk; no call, no order page', async () => {
      const call = stubApi({});
      const view = renderRoute(routes, kioskUrl('1'));
      expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
      expect(
        screen.getByText('Your order number is on the kiosk screen. You can close this page.'),
      ).toBeTruthy();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(view.router.state.location.pathname).toBe('/payment/response');
      expect(screen.queryByText('order status page')).toBeNull();
      expect(screen.queryByRole('link')).toBeNull();
      expect(call).not.toHaveBeenCalled();
    });

    it('status=2 -> "Payment failed, please try again at the kiosk", no other method on this phone', async () => {
      const call = stubApi({});
      renderRoute(routes, kioskUrl('2'));
      expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeTruthy();
      expect(screen.getByRole('alert').textContent).toBe('Please try again at the kiosk.');
      expect(screen.queryByRole('button', { name: 'Try another payment method' })).toBeNull();
      expect(call).not.toHaveBeenCalled();
    });

    it('status=0 -> the kiosk confirms it, nothing asked of the server (the phone does not own the order)', async () => {
      const call = stubApi({});
      const view = renderRoute(routes, kioskUrl('0'));
      expect(await screen.findByRole('heading', { name: 'Confirming your payment' })).toBeTruthy();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(call).not.toHaveBeenCalled();
      expect(view.router.state.location.pathname).toBe('/payment/response');
    });

    it("in the diner's language: Malay and Indonesian", async () => {
      stubApi({});
      renderRoute(routes, kioskUrl('1'), 'my');
      expect(await screen.findByRole('heading', { name: 'Bayaran diterima' })).toBeTruthy();
      expect(
        screen.getByText('Nombor pesanan anda ada pada skrin kiosk. Anda boleh menutup halaman ini.'),
      ).toBeTruthy();
      cleanup();
      renderRoute(routes, kioskUrl('2'), 'id');
      expect(await screen.findByRole('heading', { name: 'Pembayaran gagal' })).toBeTruthy();
      expect(screen.getByText('Silakan coba lagi di kios.')).toBeTruthy();
    });
  });

  describe('a food-court payment that came back here', () => {
    it('fc={mall} and fc_order_id -> a page load of /fc/{mall}/payment/response with the same query', async () => {
      const call = stubApi({});
      const replace = vi.fn();
      vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, replace });
      const query =
        'status=1&order_id=77&fc_order_id=9&fc=mall-demo&amount=2550&redirect=1&paymentType=gopay';
      const view = renderRoute(routes, `/payment/response?${query}`);
      await waitFor(() => expect(replace).toHaveBeenCalledWith(`/fc/mall-demo/payment/response?${query}`));
      expect(view.router.state.location.pathname).toBe('/payment/response');
      expect(call).not.toHaveBeenCalled();
    });

    it('fc=1 (no mall to hand over to) -> asks by fc_order_id; paid stays here with a way home, never /orderstatus', async () => {
      const replace = vi.fn();
      vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, replace });
      const call = stubApi({ 'payments.previous': () => payment(1, 'success') });
      const view = renderRoute(
        routes,
        '/payment/response?status=0&order_id=77&fc_order_id=9&fc=1&redirect=1',
      );
      expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeTruthy();
      expect(call).toHaveBeenCalledWith(expect.objectContaining({ id: 'payments.previous' }), {
        query: { fc_order_id: 9 },
      });
      expect(screen.getByRole('link', { name: 'Back to home' })).toBeTruthy();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(view.router.state.location.pathname).toBe('/payment/response');
      expect(replace).not.toHaveBeenCalled();
    });
  });

  it('paymentType is informational: the same words for a card and for gopay', async () => {
    stubApi({});
    renderRoute(routes, '/payment/response?status=2&order_id=77&paymentType=Card');
    const card = (await screen.findByRole('alert')).textContent;
    cleanup();
    renderRoute(routes, '/payment/response?status=2&order_id=77&paymentType=gopay');
    expect((await screen.findByRole('alert')).textContent).toBe(card);
  });
});
