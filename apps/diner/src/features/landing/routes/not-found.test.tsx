import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { indexPhpToHome } from '../../../app/router';
import { renderRoute } from '../../../lib/testing/render-route';
import { Component as NotFound } from './not-found';

vi.mock('../../../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The app's catch-all as the router declares it: `/index.php…` goes home, anything else is not found. */
const routes = [
  { path: '/home', element: <p>home page</p> },
  { path: '/qr', element: <p>scanner</p> },
  { path: '*', loader: indexPhpToHome, Component: NotFound },
];

describe('the catch-all page (*)', () => {
  it("/no/such/page -> 'Page not found' with the way home and to the scanner", async () => {
    const { user, router } = renderRoute(routes, '/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(
      screen.getByText("This link doesn't lead anywhere. Scan your table's QR code or go to the home page."),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Go to home' }));
    expect(router.state.location.pathname).toBe('/home');
  });

  it("'Scan QR code' -> /qr", async () => {
    const { user, router } = renderRoute(routes, '/menu.php?x=1');
    await user.click(await screen.findByRole('button', { name: 'Scan QR code' }));
    expect(router.state.location.pathname).toBe('/qr');
  });

  it('/index.php and /index.php?id=3 (old links) -> /home, no not-found page', async () => {
    for (const url of ['/index.php', '/index.php?id=3']) {
      const { router } = renderRoute(routes, url);
      expect(await screen.findByText('home page')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/home');
      expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
      cleanup();
    }
  });

  it('Indonesian and Malay -> their own words', async () => {
    renderRoute(routes, '/nope', 'id');
    const idTitle = (await screen.findByRole('heading', { level: 1 })).textContent;
    cleanup();
    renderRoute(routes, '/nope', 'my');
    const myTitle = (await screen.findByRole('heading', { level: 1 })).textContent;
    expect(idTitle).not.toBe('Page not found');
    expect(myTitle).not.toBe('Page not found');
    expect(idTitle).not.toBe(myTitle);
  });
});
