import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as MenuPage, loader } from '../features/menu/routes/menu-page';
import { forgetRestaurants } from '../lib/restaurant';
import { storeAuth } from '../lib/session';
import { cartFixture, menuFixture, restaurantFixture } from '../lib/testing/fixtures';
import { forgetLocation, locateAt } from '../lib/testing/geolocation';
import type { StubInput } from '../lib/testing/render-route';
import { callsTo, renderRoute, stubApi } from '../lib/testing/render-route';

vi.mock('../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

const routes = [{ path: '/r/:name/:ot?/:pickupType?', Component: MenuPage, loader }];
const slots = {
  time_zone: 'Asia/Kuala_Lumpur',
  days: [
    {
      date: '2026-11-22',
      slots: [{ date: '2026-11-22', time: '12:00', epoch: 1_795_320_000, selectedTime: '12:00 - 12:30' }],
    },
  ],
};

function stub(more: Record<string, (input: StubInput) => unknown> = {}) {
  return stubApi({
    'restaurants.details': () => restaurantFixture(),
    'restaurants.menu': () => menuFixture(),
    'restaurants.slots': () => slots,
    'cart.get': () => cartFixture(),
    'cart.details': (input: StubInput) =>
      cartFixture({ context: (input.body?.context ?? {}) as Record<string, unknown> }),
    ...more,
  });
}

/** A saved address of the diner (Kuala Lumpur unless given). */
const savedAddress = (id: number, extra: Record<string, unknown> = {}) => ({
  address_id: id,
  label: 'home',
  apartment: 'Unit 12-3',
  street: 'Jalan Bukit Bintang',
  landmark: null,
  city: 'Kuala Lumpur',
  postcode: '55100',
  lng: 101.7123,
  lat: 3.1466,
  is_default: false,
  created_epoch: 1_795_000_000,
  ...extra,
});

/** The distance lookup's reply for an address (deliverable, or too far). */
const distance = (addressId: number, deliverable: boolean) => ({
  restaurant_id: 1001,
  address_id: addressId,
  distance_m: deliverable ? 2_900 : 24_000,
  delivery_radius_m: 8000,
  deliverable,
  reason_key: deliverable ? null : 'validation.addressTooFar',
  reason: deliverable ? null : 'This address is too far for delivery',
});

/** A logged-in diner's stubs: the menu's own account calls, their saved addresses, the distance lookup. */
function stubLoggedIn(
  addresses: ReturnType<typeof savedAddress>[],
  deliverable: (addressId: number) => boolean = () => true,
  more: Record<string, (input: StubInput) => unknown> = {},
) {
  storeAuth({ status: 'ACTIVE' });
  return stub({
    ...more,
    'account.allergies': () => ({ filter: [], allergies: [] }),
    'recommendations.repeatItems': () => ({ restaurant_id: 1001, items: [] }),
    'account.addresses': () => ({ addresses }),
    'account.addressDistance': (input) => {
      const id = Number(input.query?.address_id);
      return distance(id, deliverable(id));
    },
  });
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  forgetRestaurants();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  forgetLocation();
});

describe('order settings', () => {
  it('delivery without an address -> typed address, pin on the map -> the context with the address is pushed', async () => {
    const spy = stub();
    const { user } = renderRoute(routes, '/r/kopitiam-ali/2');
    await user.click(await screen.findByRole('button', { name: 'Choose delivery address' }));
    await user.click(await screen.findByRole('button', { name: 'Enter address manually' }));
    await user.type(await screen.findByRole('textbox', { name: 'Apartment or house number' }), '12A');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Kuala Lumpur');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm location' }));
    await waitFor(() => expect(callsTo(spy, 'cart.details')).toHaveLength(1));
    expect(callsTo(spy, 'cart.details')[0]![0].body).toMatchObject({
      context: { orderType: 2, tableNo: 'dl' },
      address: { line: '12A, Kuala Lumpur', house: '12A', city: 'Kuala Lumpur', location: [101.6869, 3.139] },
    });
  });

  it('Use my location -> the map opens at the located point, nothing pushed; pin moved north, confirmed, address typed -> pushed with the moved pin', async () => {
    locateAt(101.695, 3.145);
    const spy = stub();
    const { user } = renderRoute(routes, '/r/kopitiam-ali/2');
    await user.click(await screen.findByRole('button', { name: 'Choose delivery address' }));
    await user.click(await screen.findByRole('button', { name: 'Use my location' }));
    const map = await screen.findByRole('dialog', { name: 'Place the pin' });
    expect(within(map).getByText('Latitude 3.14500, longitude 101.69500')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'City' })).toBeNull();

    await user.click(within(map).getByRole('button', { name: 'Move pin north' }));
    await user.click(within(map).getByRole('button', { name: 'Confirm location' }));
    await user.type(await screen.findByRole('textbox', { name: 'Apartment or house number' }), '12A');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Kuala Lumpur');
    expect(callsTo(spy, 'cart.details')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(callsTo(spy, 'cart.details')).toHaveLength(1));
    const body = callsTo(spy, 'cart.details')[0]![0].body as {
      address: { line: string; location: [number, number] };
    };
    expect(body.address.line).toBe('12A, Kuala Lumpur');
    expect(body.address.location[0]).toBe(101.695);
    expect(body.address.location[1]).toBeGreaterThan(3.145);
    expect(screen.queryByRole('dialog', { name: 'Place the pin' })).toBeNull();
  });

  it('Use my location beyond the delivery radius -> the map at that point; confirmed there -> too far, nothing pushed', async () => {
    locateAt(101.5, 3.0);
    const spy = stub();
    const { user } = renderRoute(routes, '/r/kopitiam-ali/2');
    await user.click(await screen.findByRole('button', { name: 'Choose delivery address' }));
    await user.click(await screen.findByRole('button', { name: 'Use my location' }));
    const map = await screen.findByRole('dialog', { name: 'Place the pin' });
    expect(within(map).getByText('Latitude 3.00000, longitude 101.50000')).toBeTruthy();
    await user.click(within(map).getByRole('button', { name: 'Confirm location' }));
    expect(await screen.findByText('This address is too far for delivery')).toBeTruthy();
    expect(callsTo(spy, 'cart.details')).toHaveLength(0);
  });

  it('the location found after the diner closed the popup -> no map opens', async () => {
    const located = locateAt(101.695, 3.145, { held: true });
    stub();
    const { user } = renderRoute(routes, '/r/kopitiam-ali/2');
    await user.click(await screen.findByRole('button', { name: 'Choose delivery address' }));
    await user.click(await screen.findByRole('button', { name: 'Use my location' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Use your location?' })).toBeNull());
    located.answer();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog', { name: 'Place the pin' })).toBeNull();
  });

  it("the restaurant's map_tiles -> the map asks its tiles from that template and shows their attribution", async () => {
    stub({
      'restaurants.details': () =>
        restaurantFixture({
          map_tiles: {
            url: 'https://tiles.santap.test/{z}/{x}/{y}.png',
            attribution: '© Example Maps',
            attributionUrl: null,
            maxZoom: 18,
          },
        }),
    });
    const { user } = renderRoute(routes, '/r/kopitiam-ali/2');
    await user.click(await screen.findByRole('button', { name: 'Choose delivery address' }));
    await user.click(await screen.findByRole('button', { name: 'Pick on the map' }));
    const map = await screen.findByRole('dialog', { name: 'Place the pin' });
    await waitFor(() =>
      expect(map.querySelector('img')?.getAttribute('src')).toMatch(
        /^https:\/\/tiles\.santap\.test\/17\/\d+\/\d+\.png$/,
      ),
    );
    expect(within(map).getByText('© Example Maps')).toBeTruthy();
  });

  it('closing the map without a pin -> Address Not Found in the address popup', async () => {
    stub();
    const { user } = renderRoute(routes, '/r/kopitiam-ali/2');
    await user.click(await screen.findByRole('button', { name: 'Choose delivery address' }));
    await user.click(await screen.findByRole('button', { name: 'Enter address manually' }));
    await user.type(await screen.findByRole('textbox', { name: 'Apartment or house number' }), '12A');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Nowhere');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await screen.findByRole('button', { name: 'Confirm location' });
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Address Not Found')).toBeTruthy();
  });

  it('an address typed, the map and the settings closed, reopened and a pin confirmed -> the address form again, empty, nothing pushed', async () => {
    const spy = stub();
    const { user } = renderRoute(routes, '/r/kopitiam-ali/2');
    await user.click(await screen.findByRole('button', { name: 'Choose delivery address' }));
    await user.click(await screen.findByRole('button', { name: 'Enter address manually' }));
    await user.type(await screen.findByRole('textbox', { name: 'Apartment or house number' }), '12A');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Old Town');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await screen.findByRole('dialog', { name: 'Place the pin' });
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Address Not Found')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'City' })).toBeNull());

    await user.click(await screen.findByRole('button', { name: 'Choose delivery address' }));
    await user.click(await screen.findByRole('button', { name: 'Pick on the map' }));
    const map = await screen.findByRole('dialog', { name: 'Place the pin' });
    await user.click(within(map).getByRole('button', { name: 'Confirm location' }));
    const house = await screen.findByRole('textbox', { name: 'Apartment or house number' });
    expect((house as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('textbox', { name: 'City' }) as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('Address Not Found')).toBeNull();
    expect(callsTo(spy, 'cart.details')).toHaveLength(0);

    // The address typed now is the one saved, with the pin just confirmed.
    await user.type(house, '7B');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Kuala Lumpur');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(callsTo(spy, 'cart.details')).toHaveLength(1));
    expect(callsTo(spy, 'cart.details')[0]![0].body).toMatchObject({
      address: { line: '7B, Kuala Lumpur', house: '7B', city: 'Kuala Lumpur', location: [101.6869, 3.139] },
    });
  });

  it('a pin confirmed, the settings closed, reopened and Use my location -> the map opens at the located point, not the old pin', async () => {
    locateAt(101.695, 3.145);
    const spy = stub();
    const { user } = renderRoute(routes, '/r/kopitiam-ali/2');
    await user.click(await screen.findByRole('button', { name: 'Choose delivery address' }));
    await user.click(await screen.findByRole('button', { name: 'Pick on the map' }));
    const first = await screen.findByRole('dialog', { name: 'Place the pin' });
    expect(within(first).getByText('Latitude 3.13900, longitude 101.68690')).toBeTruthy();
    await user.click(within(first).getByRole('button', { name: 'Confirm location' }));
    await screen.findByRole('textbox', { name: 'City' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'City' })).toBeNull());

    await user.click(await screen.findByRole('button', { name: 'Choose delivery address' }));
    await user.click(await screen.findByRole('button', { name: 'Use my location' }));
    const map = await screen.findByRole('dialog', { name: 'Place the pin' });
    expect(within(map).getByText('Latitude 3.14500, longitude 101.69500')).toBeTruthy();
    expect(callsTo(spy, 'cart.details')).toHaveLength(0);
  });

  it('scheduled slot picked for pickup -> the scheduled context with its epoch is pushed', async () => {
    const spy = stub();
    const { user } = renderRoute(routes, '/r/kopitiam-ali/3');
    await waitFor(() => expect(callsTo(spy, 'cart.details')).toHaveLength(1));
    await user.click(await screen.findByRole('button', { name: 'Change order type or time' }));
    await user.click(await screen.findByRole('radio', { name: 'Schedule for later' }));
    await user.click(await screen.findByRole('radio', { name: '12:00 - 12:30' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(callsTo(spy, 'cart.details')).toHaveLength(2));
    expect(callsTo(spy, 'cart.details')[1]![0].body).toMatchObject({
      context: { orderType: 3, orderTime: 'SCHEDULED', epoch: 1_795_320_000, selectedTime: '12:00 - 12:30' },
    });
    expect(callsTo(spy, 'restaurants.slots')[0]![0].query).toEqual({ restaurant_id: 'kopitiam-ali', ot: 3 });
  });

  it('logged-in diner with saved addresses -> the default first and chosen; another picked and in range -> its address is pushed', async () => {
    const spy = stubLoggedIn([
      savedAddress(7, {
        label: 'work',
        apartment: 'Level 5',
        street: 'Jalan Sultan Ismail',
        landmark: 'KL Tower',
      }),
      savedAddress(3, { is_default: true }),
    ]);
    const { user } = renderRoute(routes, '/r/kopitiam-ali/2');
    await user.click(await screen.findByRole('button', { name: 'Choose delivery address' }));
    const popup = await screen.findByRole('dialog', { name: 'Deliver to' });
    const radios = await within(popup).findAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')!.textContent)).toEqual([
      'Home · DefaultUnit 12-3, Jalan Bukit Bintang, 55100 Kuala Lumpur',
      'WorkLevel 5, Jalan Sultan Ismail, KL Tower, 55100 Kuala Lumpur',
    ]);
    expect((radios[0] as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('button', { name: 'Enter address manually' })).toBeNull();

    await user.click(within(popup).getByRole('radio', { name: /^Work/ }));
    await user.click(within(popup).getByRole('button', { name: 'Deliver here' }));
    await waitFor(() => expect(callsTo(spy, 'cart.details')).toHaveLength(1));
    expect(callsTo(spy, 'account.addressDistance')[0]![0].query).toEqual({
      restaurant_id: 1001,
      address_id: 7,
    });
    expect(callsTo(spy, 'cart.details')[0]![0].body).toMatchObject({
      context: { orderType: 2 },
      address: {
        line: 'Level 5, Jalan Sultan Ismail, KL Tower, 55100 Kuala Lumpur',
        house: 'Level 5',
        landmark: 'KL Tower',
        city: 'Kuala Lumpur',
        location: [101.7123, 3.1466],
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deliver to' })).toBeNull());
  });

  it.each([
    [
      'Malaysia',
      'MY',
      { apartment: 'No. 12', street: 'Jalan Telawi 3', city: 'Kuala Lumpur', postcode: '59100' },
      'No. 12, Jalan Telawi 3, 59100 Kuala Lumpur',
    ],
    [
      'Indonesia',
      'ID',
      { apartment: 'No. 8', street: 'Jl. Kemang Raya', city: 'Jakarta Selatan', postcode: '12730' },
      'No. 8, Jl. Kemang Raya, Jakarta Selatan 12730',
    ],
  ] as const)(
    'logged-in diner in %s picks a saved address -> the popup and the order summary read it with its postcode',
    async (_where, country, parts, line) => {
      const spy = stubLoggedIn([savedAddress(3, { is_default: true, ...parts })], () => true, {
        'restaurants.details': () =>
          restaurantFixture(country === 'ID' ? { country, currency: 'IDR', time_zone: 'Asia/Jakarta' } : {}),
      });
      const { user } = renderRoute(routes, '/r/kopitiam-ali/2');
      await user.click(await screen.findByRole('button', { name: 'Choose delivery address' }));
      const popup = await screen.findByRole('dialog', { name: 'Deliver to' });
      const radio = await within(popup).findByRole('radio');
      expect(radio.closest('label')!.textContent).toBe(`Home · Default${line}`);

      await user.click(within(popup).getByRole('button', { name: 'Deliver here' }));
      await waitFor(() => expect(callsTo(spy, 'cart.details')).toHaveLength(1));
      expect(callsTo(spy, 'cart.details')[0]![0].body).toMatchObject({ address: { line } });
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deliver to' })).toBeNull());
      expect(screen.getByText(`· ${line}`)).toBeTruthy();
    },
  );

  it('logged-in diner picks a saved address beyond the delivery radius -> too far, nothing pushed; another address -> the location step', async () => {
    const spy = stubLoggedIn([savedAddress(3, { is_default: true, city: 'Putrajaya' })], () => false);
    const { user } = renderRoute(routes, '/r/kopitiam-ali/2');
    await user.click(await screen.findByRole('button', { name: 'Choose delivery address' }));
    const popup = await screen.findByRole('dialog', { name: 'Deliver to' });
    await within(popup).findByRole('radio', { name: /Putrajaya/ });
    await user.click(within(popup).getByRole('button', { name: 'Deliver here' }));
    expect(await within(popup).findByText('This address is too far for delivery')).toBeTruthy();
    expect(callsTo(spy, 'account.addressDistance')).toHaveLength(1);
    expect(callsTo(spy, 'cart.details')).toHaveLength(0);

    await user.click(within(popup).getByRole('button', { name: 'Use another address' }));
    expect(await screen.findByRole('button', { name: 'Enter address manually' })).toBeTruthy();
    expect(callsTo(spy, 'cart.details')).toHaveLength(0);
  });

  it('logged-in diner without saved addresses -> the location step as before', async () => {
    const spy = stubLoggedIn([]);
    const { user } = renderRoute(routes, '/r/kopitiam-ali/2');
    await user.click(await screen.findByRole('button', { name: 'Choose delivery address' }));
    expect(await screen.findByRole('button', { name: 'Enter address manually' })).toBeTruthy();
    expect(callsTo(spy, 'account.addresses')).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: 'Deliver to' })).toBeNull();
  });

  it('a guest session -> no saved-address or distance call; the location step as before', async () => {
    storeAuth({ status: 'GUEST' });
    const spy = stub();
    const { user } = renderRoute(routes, '/r/kopitiam-ali/2');
    await user.click(await screen.findByRole('button', { name: 'Choose delivery address' }));
    expect(await screen.findByRole('button', { name: 'Enter address manually' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Deliver to' })).toBeNull();
    expect(callsTo(spy, 'account.addresses')).toHaveLength(0);
    expect(callsTo(spy, 'account.addressDistance')).toHaveLength(0);
  });
});
