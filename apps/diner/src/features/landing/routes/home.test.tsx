import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RestaurantListEntry } from '../../../lib/api-types';
import { forgetLocation, locateAt } from '../../../lib/testing/geolocation';
import { callsTo, renderRoute, stubApi } from '../../../lib/testing/render-route';
import type { StubInput } from '../../../lib/testing/render-route';
import { Component as Home } from './home';

vi.mock('../../../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

afterEach(() => {
  cleanup();
  forgetLocation();
  vi.restoreAllMocks();
});

const restaurant = (id: number, overrides: Partial<RestaurantListEntry> = {}): RestaurantListEntry => ({
  restaurant_id: id,
  nameid: `place-${id}`,
  name: `Place ${id}`,
  cuisine: 'kopitiam',
  halal: false,
  address: null,
  distance: 850,
  is_open: true,
  time_zone: 'Asia/Kuala_Lumpur',
  ...overrides,
});

const routes = [
  { path: '/home', Component: Home },
  { path: '/qr', element: <p>scanner</p> },
  { path: '/r/:name', element: <p>menu page</p> },
  { path: '/profileHome', element: <p>profile</p> },
];

const body = (input: StubInput) =>
  input.body as { location: number[]; page_no: number; name_filter?: string };
const list = () => screen.getByRole('list');

describe('/home', () => {
  it('no location -> nearby from Kuala Lumpur, said so; cards link to the menu with distance, open, halal', async () => {
    const call = stubApi({
      'restaurants.nearby': () => ({
        nearby_restaurants: [
          restaurant(1, { name: 'Kopitiam Ali', nameid: 'kopitiam-ali', halal: true, distance: 850 }),
          restaurant(2, { name: 'Warung Sari', cuisine: null, is_open: false, distance: 12_345 }),
        ],
        page_no: 1,
        total_pages: 1,
      }),
    });
    renderRoute(routes, '/home');
    const ali = await screen.findByRole('link', { name: /Kopitiam Ali/ });
    expect(ali.getAttribute('href')).toBe('/r/kopitiam-ali');
    expect(ali.textContent).toContain('kopitiam · 850 m away');
    expect(ali.textContent).toContain('Open now');
    expect(within(ali).getByText(/Halal certified/)).toBeTruthy();
    const sari = screen.getByRole('link', { name: /Warung Sari/ });
    expect(sari.textContent).toContain('12.3 km away');
    expect(sari.textContent).not.toContain('Open now');
    expect(within(sari).queryByText(/Halal certified/)).toBeNull();
    expect(
      screen.getByText(
        'Showing restaurants near the city centre. Share your location to see the nearest ones.',
      ),
    ).toBeTruthy();
    expect(body(callsTo(call, 'restaurants.nearby')[0]![0])).toMatchObject({
      location: [101.6869, 3.139],
      page_no: 1,
    });
  });

  it("location not yet allowed: 'Use my location' -> asked again from the diner's point, the note gone", async () => {
    vi.spyOn(navigator.permissions, 'query').mockResolvedValue({ state: 'prompt' } as PermissionStatus);
    locateAt(101.71, 3.16);
    const call = stubApi({
      'restaurants.nearby': () => ({ nearby_restaurants: [restaurant(1)], page_no: 1, total_pages: 1 }),
    });
    const { user } = renderRoute(routes, '/home');
    await screen.findByRole('link', { name: /Place 1/ });
    expect(callsTo(call, 'restaurants.nearby').map(([input]) => body(input).location)).toEqual([
      [101.6869, 3.139],
    ]);
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    await waitFor(() =>
      expect(callsTo(call, 'restaurants.nearby').map(([input]) => body(input).location)).toContainEqual([
        101.71, 3.16,
      ]),
    );
    expect(screen.queryByRole('button', { name: 'Use my location' })).toBeNull();
    expect(screen.queryByText(/near the city centre/)).toBeNull();
  });

  it("location already allowed -> asked from the diner's point at once; no button, no city-centre note", async () => {
    vi.spyOn(navigator.permissions, 'query').mockResolvedValue({ state: 'granted' } as PermissionStatus);
    locateAt(101.71, 3.16);
    const call = stubApi({
      'restaurants.nearby': () => ({ nearby_restaurants: [restaurant(1)], page_no: 1, total_pages: 1 }),
    });
    renderRoute(routes, '/home');
    await waitFor(() =>
      expect(callsTo(call, 'restaurants.nearby').at(-1)?.[0].body).toMatchObject({
        location: [101.71, 3.16],
      }),
    );
    await screen.findByRole('link', { name: /Place 1/ });
    expect(screen.queryByRole('button', { name: 'Use my location' })).toBeNull();
    expect(screen.queryByText(/near the city centre/)).toBeNull();
  });

  it("'Show more' -> page 2 appended under page 1; on the last page no 'Show more'", async () => {
    const call = stubApi({
      'restaurants.nearby': (input) =>
        body(input).page_no === 1
          ? { nearby_restaurants: [restaurant(1), restaurant(2)], page_no: 1, total_pages: 2 }
          : { nearby_restaurants: [restaurant(3)], page_no: 2, total_pages: 2 },
    });
    const { user } = renderRoute(routes, '/home');
    await screen.findByRole('button', { name: 'Show more' });
    // The search box's first pause (300 ms) sets page 1 again: a tap before it ends is undone
    // (reported); a diner reading the list taps later.
    await new Promise((resolve) => setTimeout(resolve, 400));
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByRole('link', { name: /Place 3/ });
    expect(
      within(list())
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/r/place-1', '/r/place-2', '/r/place-3']);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(callsTo(call, 'restaurants.nearby').map(([input]) => body(input).page_no)).toEqual([1, 2]);
  });

  it("typing 'zzz' -> one call with name_filter after the pause; none found -> 'No restaurants match \"zzz\".'", async () => {
    const call = stubApi({
      'restaurants.nearby': (input) =>
        body(input).name_filter
          ? { nearby_restaurants: [], page_no: 1, total_pages: 0 }
          : { nearby_restaurants: [restaurant(1)], page_no: 1, total_pages: 1 },
    });
    const { user } = renderRoute(routes, '/home');
    await screen.findByRole('link', { name: /Place 1/ });
    await user.type(screen.getByRole('searchbox', { name: 'Search restaurants' }), 'zzz');
    expect(await screen.findByText('No restaurants match "zzz".')).toBeTruthy();
    const filters = callsTo(call, 'restaurants.nearby').map(([input]) => body(input).name_filter);
    expect(filters).toEqual([undefined, 'zzz']);
  });

  it("the list fails -> the error with 'Try again', which asks again and shows the list", async () => {
    let failures = 1;
    stubApi({
      'restaurants.nearby': () => {
        if (failures-- > 0) throw new TypeError('Failed to fetch');
        return { nearby_restaurants: [restaurant(1)], page_no: 1, total_pages: 1 };
      },
    });
    const { user } = renderRoute(routes, '/home');
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button'));
    expect(await screen.findByRole('link', { name: /Place 1/ })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("'Scan QR code' -> /qr; in Malay the page speaks Malay", async () => {
    stubApi({ 'restaurants.nearby': () => ({ nearby_restaurants: [], page_no: 1, total_pages: 0 }) });
    const { user, router } = renderRoute(routes, '/home');
    expect(await screen.findByText('No restaurants nearby yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Scan QR code' }));
    expect(router.state.location.pathname).toBe('/qr');
    cleanup();
    renderRoute(routes, '/home', 'my');
    expect(await screen.findByRole('searchbox', { name: 'Cari restoran' })).toBeTruthy();
  });
});
