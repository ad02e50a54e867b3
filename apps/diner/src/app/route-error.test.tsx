import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServerMessage } from '@santap/api-client';
import { renderRoute } from '../lib/testing/render-route';
import { RouteError } from './route-error';

vi.mock('../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A route whose lazy code fails the way a browser reports it. */
const failingRoute = (error: unknown) => [
  {
    path: '/',
    errorElement: <RouteError />,
    lazy: () => Promise.reject(error),
  },
];

describe('route error', () => {
  it('lazy chunk that failed to fetch -> the reload prompt, whose button reloads the page', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const { user } = renderRoute(
      failingRoute(new TypeError('Failed to fetch dynamically imported module: /assets/menu-page-abc.js')),
      '/',
    );
    const prompt = await screen.findByRole('alertdialog', { name: 'This page needs a refresh' });
    expect(prompt.textContent).toContain('This page could not load. Please refresh to try again');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("CSS preload failure ('Unable to preload CSS') -> the reload prompt", async () => {
    renderRoute(failingRoute(new Error('Unable to preload CSS for /assets/cart-page-x.css')), '/');
    expect(await screen.findByRole('alertdialog', { name: 'This page needs a refresh' })).toBeTruthy();
  });

  it("server message from a loader -> that message with 'Try again', no reload prompt", async () => {
    renderRoute(
      [
        {
          path: '/',
          errorElement: <RouteError />,
          loader: () => {
            throw new ServerMessage('Restaurant is currently closed', 'errors.restaurantClosed', 409);
          },
          Component: () => <p>never</p>,
        },
      ],
      '/',
    );
    expect(await screen.findByText('Restaurant is currently closed')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('any other error -> something went wrong, in the diner language (id)', async () => {
    renderRoute(failingRoute(new Error('boom')), '/', 'id');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terjadi kesalahan' })).toBeTruthy();
    expect(screen.getByText('Terjadi kesalahan, silakan coba lagi')).toBeTruthy();
  });
});
