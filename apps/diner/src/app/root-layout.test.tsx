import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageButton } from '@santap/ui';
import { useExitGuard } from '../lib/exit-guard';
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
    await user.click(await screen.findByRole('button', { name: 'EN Language: English. Change language' }));
    const popup = await screen.findByRole('dialog');
    await user.click(popup.querySelector('button[aria-pressed="false"] [lang="ms"]')!.closest('button')!);
    expect(i18n.language).toBe('my');
    expect(await screen.findByRole('button', { name: 'BM Bahasa: Melayu. Tukar bahasa' })).toBeTruthy();
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

/** A page that guards what it holds while `?guard=` names a reason (`cart` or `payment`). */
function GuardedPage() {
  const reason = new URLSearchParams(useLocation().search).get('guard');
  useExitGuard(
    reason === 'cart' || reason === 'payment',
    (pathname) => pathname.startsWith('/payments'),
    reason === 'payment' ? 'payment' : 'cart',
  );
  return <p>guarded page</p>;
}

const guardedRoutes = [
  {
    Component: RootLayout,
    children: [
      { path: '/guarded', element: <GuardedPage /> },
      { path: '/elsewhere', element: <p>elsewhere page</p> },
      { path: '/payments/:order_id', element: <p>payments page</p> },
    ],
  },
];

const beforeUnloadPrevented = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('exit guard', () => {
  it('an open cart -> leaving the site asks (beforeunload); an in-app link asks with the cart words', async () => {
    const { router, user } = renderRoute(guardedRoutes, '/guarded?guard=cart');
    await screen.findByText('guarded page');
    expect(beforeUnloadPrevented()).toBe(true);
    await act(() => router.navigate('/elsewhere'));
    const popup = await screen.findByRole('alertdialog', { name: 'Leave this page?' });
    expect(
      within(popup).getByText('Your order has not been placed yet. Your cart is kept for this visit.'),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/guarded');
    await user.click(within(popup).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/guarded');
    expect(screen.getByText('guarded page')).toBeTruthy();
  });

  it('a payment in progress -> the payment words; Leave goes on, and the guard is gone after', async () => {
    const { router, user } = renderRoute(guardedRoutes, '/guarded?guard=payment');
    await screen.findByText('guarded page');
    await act(() => router.navigate('/elsewhere'));
    const popup = await screen.findByRole('alertdialog', { name: 'Leave this page?' });
    expect(
      within(popup).getByText(
        'Your payment is still in progress. If you leave now, your order may not be confirmed.',
      ),
    ).toBeTruthy();
    expect(within(popup).queryByText(/Your cart is kept/)).toBeNull();
    await user.click(within(popup).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('elsewhere page')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(beforeUnloadPrevented()).toBe(false);
  });

  it('a path of the same journey (payments) -> no prompt', async () => {
    const { router } = renderRoute(guardedRoutes, '/guarded?guard=cart');
    await screen.findByText('guarded page');
    await act(() => router.navigate('/payments/77'));
    expect(await screen.findByText('payments page')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('nothing guarded -> no beforeunload prompt and in-app navigation goes straight on', async () => {
    const { router } = renderRoute(guardedRoutes, '/guarded');
    await screen.findByText('guarded page');
    expect(beforeUnloadPrevented()).toBe(false);
    await act(() => router.navigate('/elsewhere'));
    expect(await screen.findByText('elsewhere page')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
