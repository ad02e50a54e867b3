import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageButton } from '@santap/ui';
import { renderRoute } from '../lib/testing/render-route';
import { RootLayout } from './root-layout';

vi.mock('../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

const routes = [{ Component: RootLayout, children: [{ path: '/', element: <LanguageButton /> }] }];

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('root layout', () => {
  it("offline event -> 'No Internet Connection' with a retry; online again -> gone", async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderRoute(routes, '/');
    await screen.findByRole('button', { name: /Change language/ });
    expect(screen.queryByText('No Internet Connection')).toBeNull();
    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByText('No Internet Connection')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByText('No Internet Connection')).toBeNull();
  });

  it('language button -> the language popup; choosing Bahasa Melayu switches i18n to my', async () => {
    const { user, i18n } = renderRoute(routes, '/');
    await user.click(await screen.findByRole('button', { name: 'Language: English. Change language' }));
    const popup = await screen.findByRole('dialog');
    await user.click(popup.querySelector('button[aria-pressed="false"] [lang="ms"]')!.closest('button')!);
    expect(i18n.language).toBe('my');
    expect(await screen.findByRole('button', { name: 'Bahasa: Melayu. Tukar bahasa' })).toBeTruthy();
  });

  it('Instagram webview -> the in-app browser notice, once per session', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) Instagram 302.0');
    const { user } = renderRoute(routes, '/');
    expect(await screen.findByRole('dialog', { name: 'Open in your browser' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue here' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();
    renderRoute(routes, '/');
    await screen.findByRole('button', { name: /Change language/ });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
