import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NoInternet, ServerMessage } from '@santap/api-client';
import { storedAuth } from '../../../lib/session';
import { callsTo, renderRoute, stubApi } from '../../../lib/testing/render-route';
import type { StubHandler } from '../../../lib/testing/render-route';
import { addDays } from '../lib/dates';
import { asLoggedInDiner } from '../testing/logged-in';
import { Component as ProfileHome, loader } from './profile-home';

vi.mock('../../../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

const routes = [
  { path: '/profileHome', Component: ProfileHome, loader },
  { path: '/home', element: <p>home page</p> },
  { path: '/login', element: <p>login page</p> },
];

const profile = (overrides: Record<string, unknown> = {}) => ({
  user_id: 42,
  status: 'ACTIVE',
  registered: true,
  name: 'Aisyah Rahman',
  phone: '+60123456789',
  date_of_birth_set: true,
  is_corporate: false,
  ...overrides,
});

const nutrition = (today: string) => ({
  from: addDays(today, -6),
  to: today,
  time_zone: 'UTC',
  days: Array.from({ length: 7 }, (_, index) => {
    const date = addDays(today, index - 6);
    const kcal = date === today ? 1240 : index === 3 ? 650 : 0;
    return {
      date,
      kcal,
      protein: kcal / 20,
      carbs: kcal / 8,
      fat: kcal / 30,
      items: kcal ? 2 : 0,
      orders: kcal ? 1 : 0,
    };
  }),
  total: { kcal: 1890, protein: 94.5, carbs: 236.25, fat: 63 },
  items_without_nutrition: 1,
});

function stubHome(overrides: Record<string, StubHandler> = {}) {
  return stubApi({
    'account.basicProfile': () => profile(),
    'promotions.earningSavingTotal': () => ({
      totals: [
        {
          currency: 'MYR',
          earned_cashback: 150,
          saved_coupons: 500,
          saved_referral: 0,
          saved_cashback: 0,
          saved_total: 500,
          earning_and_saving_total: 650,
        },
      ],
    }),
    'account.nutritionDaily': ({ query }) => nutrition(String(query?.to)),
    'auth.signOut': () => ({}),
    ...overrides,
  });
}

asLoggedInDiner();

describe('/profileHome', () => {
  it('logged in -> name and phone, every account page linked, savings and today’s nutrition', async () => {
    const call = stubHome();
    renderRoute(routes, '/profileHome');
    expect(await screen.findByRole('heading', { name: 'Hello, Aisyah Rahman' })).toBeTruthy();
    expect(screen.getByText('+60123456789')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Your account' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Profile details', '/user'],
      ['Saved addresses', '/user#addresses'],
      ['Allergies', '/user#allergies'],
      ['Order history', '/orderHistory'],
      ['Cashback and referrals', '/newLoyalty'],
      ['Table bookings', '/table-bookings'],
    ]);
    expect(screen.getByText('Total earned and saved').nextElementSibling?.textContent).toBe('RM 6.50');
    expect(screen.getByText('1,240 kcal')).toBeTruthy();
    expect(screen.getByText('62 g')).toBeTruthy();
    expect(screen.getByText('Dishes without nutrition information, not counted: 1')).toBeTruthy();
    expect(screen.queryByText('Add your date of birth to finish your profile')).toBeNull();

    const [input] = callsTo(call, 'account.nutritionDaily')[0]!;
    const to = String(input.query?.to);
    expect(input.query).toEqual({ from: addDays(to, -6), to, time_zone: expect.any(String) });
  });

  it('no date of birth and not corporate -> a link to finish the profile', async () => {
    stubHome({ 'account.basicProfile': () => profile({ date_of_birth_set: false, name: null }) });
    renderRoute(routes, '/profileHome', 'id');
    expect(await screen.findByRole('heading', { name: 'Halo!' })).toBeTruthy();
    expect(
      screen
        .getByRole('link', { name: 'Tambahkan tanggal lahir untuk melengkapi profil Anda' })
        .getAttribute('href'),
    ).toBe('/user');
  });

  it('nutrition fails -> that section says so, the rest of the page works', async () => {
    stubHome({
      'account.nutritionDaily': () => {
        throw new ServerMessage('Internal server error', 'errors.internalServerError', 500);
      },
    });
    renderRoute(routes, '/profileHome');
    expect(await screen.findByText('This part could not be loaded')).toBeTruthy();
    expect(screen.getByText('Internal server error')).toBeTruthy();
    expect(screen.getByText('Total earned and saved')).toBeTruthy();
  });

  it('profile unreachable -> "No Internet Connection" and a retry', async () => {
    stubHome({
      'account.basicProfile': () => {
        throw new NoInternet();
      },
    });
    renderRoute(routes, '/profileHome');
    expect(await screen.findByText('No Internet Connection')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('Log out -> the server token revoked, this browser forgets it, home', async () => {
    const call = stubHome();
    const view = renderRoute(routes, '/profileHome');
    await view.user.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(callsTo(call, 'auth.signOut')).toHaveLength(1);
    expect(storedAuth()).toBeUndefined();
  });

  it('Log out while offline -> still logged out in this browser', async () => {
    stubHome({
      'auth.signOut': () => {
        throw new NoInternet();
      },
    });
    const view = renderRoute(routes, '/profileHome');
    await view.user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(storedAuth()).toBeUndefined());
    expect(await screen.findByText('home page')).toBeTruthy();
  });
});
