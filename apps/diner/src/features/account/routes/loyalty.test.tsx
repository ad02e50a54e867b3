import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthRequired, NoInternet } from '@santap/api-client';
import { storeAuth } from '../../../lib/session';
import { renderRoute, stubApi } from '../../../lib/testing/render-route';
import type { StubHandler } from '../../../lib/testing/render-route';
import { asLoggedInDiner } from '../testing/logged-in';
import { Component as Loyalty, loader } from './loyalty';

vi.mock('../../../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

const routes = [
  { path: '/newLoyalty', Component: Loyalty, loader },
  { path: '/login', element: <p>login page</p> },
];

const offer = {
  country: 'MY' as const,
  currency: 'MYR' as const,
  discount_percent_bps: 1000,
  discount_up_to: 1000,
  referrer_reward: 500,
};

function stubLoyalty(overrides: Record<string, StubHandler> = {}) {
  return stubApi({
    'promotions.userLoyalty': () => ({
      accounts: [
        {
          scope: 'kopitiam-ali',
          kind: 'restaurant',
          id: 1001,
          slug: 'kopitiam-ali',
          name: 'Kopitiam Ali',
          currency: 'MYR',
          balance: 1250,
          earned: 2050,
          spent: 800,
          loyalty: { min_order: 2000, percent_bps: 500 },
          history: [
            { kind: 'earn', amount: 150, order_id: 1204, created_epoch: 1_767_600_000 },
            { kind: 'spend', amount: -800, order_id: 1188, created_epoch: 1_767_400_000 },
          ],
        },
      ],
    }),
    'promotions.earningSavingTotal': () => ({
      totals: [
        {
          currency: 'MYR',
          earned_cashback: 2050,
          saved_coupons: 1200,
          saved_referral: 0,
          saved_cashback: 800,
          saved_total: 2000,
          earning_and_saving_total: 4050,
        },
      ],
    }),
    'promotions.referrerCode': () => ({ referrer_code: 'K7M2QX9P', offer }),
    'promotions.referralDetails': () => ({
      offer,
      referee: { status: 'none', can_apply: false },
      referrer: { referrer_code: 'K7M2QX9P', referred: 3, pending: 1, rewarded: 2, rewards_total: [] },
    }),
    ...overrides,
  });
}

asLoggedInDiner();

describe('/newLoyalty', () => {
  it('no login -> /login carrying path=/newLoyalty, nothing asked of the server', async () => {
    storeAuth(undefined);
    const call = stubLoyalty();
    const view = renderRoute(routes, '/newLoyalty');
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(new URLSearchParams(view.router.state.location.search).get('path')).toBe('/newLoyalty');
    expect(call).not.toHaveBeenCalled();
  });

  it('a guest session -> sent to log in too', async () => {
    storeAuth({ status: 'GUEST' });
    stubLoyalty();
    renderRoute(routes, '/newLoyalty');
    expect(await screen.findByText('login page')).toBeTruthy();
  });

  it('cashback at Kopitiam Ali -> balance, earned, spent, the rule and the history of earning and spending', async () => {
    stubLoyalty();
    renderRoute(routes, '/newLoyalty');
    const card = (await screen.findByRole('heading', { name: 'Kopitiam Ali' })).closest('article')!;
    expect(within(card).getByText('RM 12.50')).toBeTruthy();
    expect(within(card).getByText('RM 20.50')).toBeTruthy();
    expect(within(card).getByText('5% cashback on orders from RM 20.00')).toBeTruthy();
    expect(within(card).getByText('Earned on an order')).toBeTruthy();
    expect(within(card).getByText('−RM 8.00')).toBeTruthy();
    expect(within(card).getByText(/Order #1188/)).toBeTruthy();
    expect(screen.getByText('Total earned and saved').nextElementSibling?.textContent).toBe('RM 40.50');
  });

  it('no share sheet (happy-dom has none) -> "Share invite" copies the text and the /signup?ref=CODE link', async () => {
    stubLoyalty();
    const view = renderRoute(routes, '/newLoyalty');
    expect(
      await screen.findByText(
        'Your friend gets 10% off their first order, up to RM 10.00. You get RM 5.00 cashback when their first order is completed.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('K7M2QX9P')).toBeTruthy();
    await view.user.click(screen.getByRole('button', { name: 'Share invite' }));
    expect(await screen.findByText('Invite copied. Paste it in a chat to share it.')).toBeTruthy();
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(
      `Order food with Santap and get 10% off your first order, up to RM 10.00. Sign up with my link (my code K7M2QX9P is already in it): ${window.location.origin}/signup?ref=K7M2QX9P`,
    );
  });

  it('a share sheet -> navigator.share gets the title, text and the /signup?ref=CODE link; nothing copied', async () => {
    const share = vi.fn(async () => undefined);
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share, canShare: () => true, clipboard: { writeText } });
    stubLoyalty();
    const view = renderRoute(routes, '/newLoyalty', 'my');
    await view.user.click(await screen.findByRole('button', { name: 'Kongsi jemputan' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Jom guna Santap',
        text: expect.stringContaining('K7M2QX9P'),
        url: `${window.location.origin}/signup?ref=K7M2QX9P`,
      }),
    );
    expect(writeText).not.toHaveBeenCalled();
  });

  it('offline -> "No Internet Connection" with a retry that reads again', async () => {
    let offline = true;
    const call = stubLoyalty({
      'promotions.userLoyalty': () => {
        if (offline) throw new NoInternet();
        return { accounts: [] };
      },
    });
    const view = renderRoute(routes, '/newLoyalty');
    expect(await screen.findByText('No Internet Connection')).toBeTruthy();
    offline = false;
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No cashback yet/)).toBeTruthy();
    expect(call.mock.calls.filter(([endpoint]) => endpoint.id === 'promotions.userLoyalty')).toHaveLength(2);
  });

  it('token no longer valid -> to login and back', async () => {
    stubLoyalty({
      'promotions.userLoyalty': () => {
        throw new AuthRequired('invalid token', 'errors.invalidToken', 401);
      },
    });
    const view = renderRoute(routes, '/newLoyalty');
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(new URLSearchParams(view.router.state.location.search).get('path')).toBe('/newLoyalty');
  });
});
