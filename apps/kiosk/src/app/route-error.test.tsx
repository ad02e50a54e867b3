import { act, cleanup, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TranslationProvider } from '@santap/ui';
import { startI18n } from '../lib/i18n';
import { RouteError } from './route-error';

// The routes AppProviders mounts, replaced per test (a screen whose code fails or never arrives).
const testRoutes: { current: RouteObject[] } = { current: [] };
vi.mock('./router', () => ({ createRouter: () => createMemoryRouter(testRoutes.current) }));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('a kiosk screen whose code does not arrive (spec §8, §9)', () => {
  it("a lazy screen's chunk that failed to fetch -> the reload prompt", async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        errorElement: <RouteError />,
        lazy: () =>
          Promise.reject(new TypeError('Failed to fetch dynamically imported module: /kiosk/assets/menu.js')),
      },
    ]);
    render(
      <TranslationProvider i18n={await startI18n('en')}>
        <RouterProvider router={router} />
      </TranslationProvider>,
    );
    expect(await screen.findByRole('alertdialog', { name: 'This page needs a refresh' })).toBeTruthy();
  });

  it('a screen still loading after 120 s -> the reload prompt; not before', async () => {
    const i18n = await startI18n('en');
    const { AppProviders } = await import('./providers');
    vi.useFakeTimers();
    testRoutes.current = [{ path: '/', lazy: () => new Promise<never>(() => undefined) }];
    render(<AppProviders i18n={i18n} />);
    await act(() => vi.advanceTimersByTimeAsync(119_000));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.getByRole('alertdialog', { name: 'This page needs a refresh' })).toBeTruthy();
  });
});
