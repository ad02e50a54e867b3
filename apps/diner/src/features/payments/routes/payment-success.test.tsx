import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, stubApi } from '../../../lib/testing/render-route';
import { Component as PaymentSuccess } from './payment-success';

vi.mock('../../../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const routes = [
  { path: '/payment-success', Component: PaymentSuccess },
  { path: '/orderstatus/order_id/:order_id', element: <p>status page</p> },
  { path: '/home', element: <p>home page</p> },
];

describe('/payment-success', () => {
  it("?order_id=77 -> 'Thank you!' focused, the payment received, 'View order status' -> that order", async () => {
    const call = stubApi({});
    const { user, router } = renderRoute(routes, '/payment-success?order_id=77');
    const heading = await screen.findByRole('heading', { name: 'Thank you!' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // A polite status (the toast region is one too).
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContainEqual(
      expect.stringContaining('We have received your payment.'),
    );
    expect(screen.queryByRole('link', { name: 'Back to home' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'View order status' }));
    expect(router.state.location.pathname).toBe('/orderstatus/order_id/77');
    // A thank-you page: nothing is asked of the server.
    expect(call).not.toHaveBeenCalled();
  });

  it.each(['', '?order_id=abc', '?order_id=0', '?order_id=-5', '?order_id=99999999999'])(
    '%s -> no order link, "Back to home" -> /home',
    async (query) => {
      const { user, router } = renderRoute(routes, `/payment-success${query}`);
      await screen.findByRole('heading', { name: 'Thank you!' });
      expect(screen.queryByRole('link', { name: 'View order status' })).toBeNull();
      await user.click(screen.getByRole('link', { name: 'Back to home' }));
      expect(router.state.location.pathname).toBe('/home');
    },
  );

  it('Malay -> the thank-you in Malay', async () => {
    renderRoute(routes, '/payment-success?order_id=77', 'my');
    expect(await screen.findByRole('heading', { name: 'Terima kasih!' })).toBeTruthy();
    expect(screen.queryByText('Thank you!')).toBeNull();
  });
});
