import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthRequired, NoInternet } from '@santap/api-client';
import { renderRoute, stubApi } from '../../../lib/testing/render-route';
import { bookingFixture } from '../testing/fixtures';
import { Component as BookingsList, loader, splitBookings } from './bookings-list';

vi.mock('../../../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

const routes = [
  { path: '/table-bookings', Component: BookingsList, loader },
  { path: '/login', element: <p>login page</p> },
  { path: '/home', element: <p>home page</p> },
];

const hour = 3600;
const now = Date.now() / 1000;
const upcoming = bookingFixture({
  reservation_id: 42,
  restaurant_name: 'Kopitiam Ali',
  state: 'confirmed',
  ends_epoch: Math.floor(now + 48 * hour),
});
const past = bookingFixture({
  reservation_id: 7,
  restaurant_name: 'Warung Sari',
  date: '2026-01-10',
  slot: '12:00',
  guests: 2,
  state: 'refund_processed',
  ends_epoch: Math.floor(now - 48 * hour),
});

describe('splitBookings', () => {
  it('ends after now -> upcoming; ended -> past; order kept', () => {
    const split = splitBookings([upcoming, past], new Date());
    expect(split.upcoming.map((b) => b.reservation_id)).toEqual([42]);
    expect(split.past.map((b) => b.reservation_id)).toEqual([7]);
  });
});

describe('/table-bookings', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('two bookings -> grouped Upcoming / Past, each a link to its detail with date, guests and state', async () => {
    stubApi({ 'reservations.user': () => ({ reservations: [upcoming, past] }) });
    renderRoute(routes, '/table-bookings');
    const soon = await screen.findByRole('region', { name: 'Upcoming' });
    const link = within(soon).getByRole('link');
    expect(link.getAttribute('href')).toBe('/table-booking/42');
    expect(link.textContent).toContain('Kopitiam Ali');
    expect(link.textContent).toContain('Sat, Jun 13, 2026 at 19:30');
    expect(link.textContent).toContain('Guests: 4');
    expect(link.textContent).toContain('Confirmed');
    const before = screen.getByRole('region', { name: 'Past' });
    expect(within(before).getByRole('link').textContent).toContain('Refund processed');
  });

  it('no bookings -> "No table bookings yet" and a way to find a restaurant', async () => {
    stubApi({ 'reservations.user': () => ({ reservations: [] }) });
    renderRoute(routes, '/table-bookings', 'id');
    expect(await screen.findByText('Belum ada reservasi meja')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cari restoran' }).getAttribute('href')).toBe('/home');
  });

  it('offline -> "No Internet Connection" with a retry that reads again', async () => {
    let fail = true;
    stubApi({
      'reservations.user': () => {
        if (fail) throw new NoInternet();
        return { reservations: [upcoming] };
      },
    });
    const { user } = renderRoute(routes, '/table-bookings');
    expect(await screen.findByText('No Internet Connection')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Upcoming' })).toBeTruthy();
  });

  it('not logged in -> /login with the way back to /table-bookings', async () => {
    stubApi({
      'reservations.user': () => {
        throw new AuthRequired('invalid token');
      },
    });
    const { router } = renderRoute(routes, '/table-bookings');
    await screen.findByText('login page');
    expect(new URLSearchParams(router.state.location.search).get('path')).toBe('/table-bookings');
  });
});
