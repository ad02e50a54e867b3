import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isLegacyPath } from '@santap/qr';
import { api } from '../lib/api';
import { renderRoute } from '../lib/testing/render-route';
import { routes } from './router';

vi.mock('../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('router', () => {
  it("first load of /r/:name still waiting for its data -> 'Loading' status, no HydrateFallback warning", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(api, 'call').mockReturnValue(new Promise(() => undefined));
    renderRoute(routes, '/r/kopitiam-ali');
    const loading = await screen.findByText('Loading');
    expect(loading.closest('[role="status"]')).not.toBeNull();
    expect(warn.mock.calls.filter((call) => String(call[0]).includes('HydrateFallback'))).toEqual([]);
  });

  it('the same routes without the root HydrateFallback -> react-router warns (the check above can fail)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(api, 'call').mockReturnValue(new Promise(() => undefined));
    const [root, ...rest] = routes;
    const { HydrateFallback: _omitted, ...withoutFallback } = root!;
    renderRoute([withoutFallback, ...rest], '/r/kopitiam-ali');
    await vi.waitFor(() =>
      expect(warn.mock.calls.some((call) => String(call[0]).includes('HydrateFallback'))).toBe(true),
    );
  });

  it.each(['/index.php', '/index.php/', '/index.php/catalog?id=3', '/index.phpx', '/index.php.bak'])(
    '%s (a legacy path to @santap/qr) -> /home',
    async (path) => {
      expect(isLegacyPath(path.split('?')[0]!)).toBe(true);
      const { router } = renderRoute(routes, path);
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    },
  );

  it('/index.ph (not a legacy path to @santap/qr) -> the not-found page, not home', async () => {
    expect(isLegacyPath('/index.ph')).toBe(false);
    const { router } = renderRoute(routes, '/index.ph');
    expect(await screen.findByRole('button', { name: 'Go to home' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/index.ph');
  });
});
