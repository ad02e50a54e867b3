import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as MenuPage, loader } from '../features/menu/routes/menu-page';
import { forgetRestaurants } from '../lib/restaurant';
import { cartFixture, menuFixture, restaurantFixture } from '../lib/testing/fixtures';
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

function stub() {
  return stubApi({
    'restaurants.details': () => restaurantFixture(),
    'restaurants.menu': () => menuFixture(),
    'restaurants.slots': () => slots,
    'cart.get': () => cartFixture(),
    'cart.details': (input: StubInput) =>
      cartFixture({ context: (input.body?.context ?? {}) as Record<string, unknown> }),
  });
}

beforeEach(() => {
  sessionStorage.clear();
  forgetRestaurants();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
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
});
