import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetMalls } from '../../../lib/mall';
import { cartFixture, lineFixture, mallFixture } from '../../../testing/fixtures';
import { callsTo, renderRoute, stubApi } from '../../../testing/render-route';
import type { StubHandler } from '../../../testing/render-route';
import { Component as MallPage, loader } from './mall-page';

const routes = [
  { path: '/fc/:mall', loader, Component: MallPage },
  { path: '/fc/:mall/cart', element: <p>the cart</p> },
  { path: '/fc/:mall/r/:outlet', element: <p>an outlet</p> },
];

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  forgetMalls();
  sessionStorage.clear();
});

function stub(overrides: Record<string, StubHandler> = {}) {
  const lines = [
    lineFixture({ cart_item_id: 1, restaurant_id: 1011, name: 'Nasi Lemak' }),
    lineFixture({ cart_item_id: 2, restaurant_id: 1012, name: 'Wat Tan Hor', line_total: 1050 }),
  ];
  let cart = cartFixture(lines);
  return stubApi({
    'restaurants.mall': () => mallFixture(),
    'cart.get': () => cart,
    'cart.details': ({ body }) => {
      cart = { ...cart, context: body!.context as Record<string, unknown> };
      return cart;
    },
    'cart.update': ({ body }) => {
      cart = cartFixture(
        cart.items.filter((line) => line.cart_item_id !== body!.cart_item_id),
        cart.context,
      );
      return cart;
    },
    'tables.foodCourt': () => ({
      table_id: 6001,
      table_no: 'F1',
      displayTable: 'Table F1',
      restaurant_id: null,
      mall: 'mall-demo',
    }),
    ...overrides,
  });
}

describe('the food court page', () => {
  it('mall-demo -> its four outlets with cuisine, open or closed now, halal; the cart bar', async () => {
    stub();
    renderRoute(routes, '/fc/mall-demo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mall Demo Food Court' })).toBeTruthy();
    const ckt = screen
      .getByRole('link', { name: 'Char Kway Teow Ah Seng Chinese hawker food' })
      .closest('li')!;
    expect(within(ckt).getByText('Closed now')).toBeTruthy();
    expect(within(ckt).queryByText('Halal certified')).toBeNull();
    const nasi = screen.getByRole('link', { name: /^Nasi Lemak Mak Jah/ }).closest('li')!;
    expect(within(nasi).getByText('Open now')).toBeTruthy();
    expect(within(nasi).getByText('Halal certified')).toBeTruthy();
    expect(within(nasi).getByText('In your cart: 1')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Items: 2.*View cart.*RM 16.50/ })).toBeTruthy();
  });

  it("search 'mamak' (a cuisine) -> Roti Canai Raju only; 'Open now' + 'Halal food' -> no Char Kway Teow", async () => {
    stub();
    const { user } = renderRoute(routes, '/fc/mall-demo');
    const search = await screen.findByRole('searchbox', { name: 'Search outlets' });
    await user.type(search, 'mamak');
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Roti Canai RajuMamak (Indian-Muslim)',
    ]);
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.getByText('No outlet matches your search.')).toBeTruthy();
    await user.clear(search);
    await user.click(screen.getByRole('checkbox', { name: 'Open now' }));
    await user.click(screen.getByRole('checkbox', { name: 'Halal food' }));
    expect(screen.queryByRole('link', { name: /Char Kway Teow/ })).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(3);
  });

  it('table QR ?tid=6001 -> checked with the server, dine-in at Table F1 pushed to the cart', async () => {
    const spy = stub();
    renderRoute(routes, '/fc/mall-demo?tid=6001');
    expect(await screen.findByText(/Table F1/)).toBeTruthy();
    expect(callsTo(spy, 'tables.foodCourt')[0]![0].params).toEqual({ mall: 'mall-demo', tableId: 6001 });
    await waitFor(() => expect(callsTo(spy, 'cart.details')).toHaveLength(1));
    expect(callsTo(spy, 'cart.details')[0]![0].body).toMatchObject({
      scope: 'mall-demo',
      context: { orderType: 1, tableId: 6001, tableNo: 'F1' },
    });
  });

  it("table QR with the table's token -> checked by token, dine-in at the numeric table the server answers", async () => {
    const token = '3f9c0a6e1b2d4c5e8f7a9b0c1d2e3f40';
    const spy = stub();
    renderRoute(routes, `/fc/mall-demo?tid=${token}`);
    expect(await screen.findByText(/Table F1/)).toBeTruthy();
    expect(callsTo(spy, 'tables.foodCourt')[0]![0].params).toEqual({ mall: 'mall-demo', tableId: token });
    await waitFor(() => expect(callsTo(spy, 'cart.details')).toHaveLength(1));
    expect(callsTo(spy, 'cart.details')[0]![0].body).toMatchObject({
      context: { orderType: 1, tableId: 6001, tableNo: 'F1' },
    });
  });

  it("unknown table -> /qrError?reason=errors.invalidQr ('Invalid QR code.'), not inline text", async () => {
    const { InvalidQr } = await import('@santap/api-client');
    const { leavePage } = await import('../../../lib/qr-failure');
    const leave = vi.spyOn(leavePage, 'replace').mockImplementation(() => undefined);
    stub({
      'tables.foodCourt': () => {
        throw new InvalidQr('Invalid QR code.', 'errors.invalidQr', 404);
      },
    });
    renderRoute(routes, '/fc/mall-demo?tid=9999');
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/qrError?reason=errors.invalidQr'));
    expect(screen.queryByText('Invalid QR code.')).toBeNull();
  });

  it('expired dynamic table QR -> /qrError?reason=errors.qrExpired (the QR-expired popup)', async () => {
    const { ServerMessage } = await import('@santap/api-client');
    const { leavePage } = await import('../../../lib/qr-failure');
    const leave = vi.spyOn(leavePage, 'replace').mockImplementation(() => undefined);
    stub({
      'tables.foodCourt': () => {
        throw new ServerMessage('QR Code Expired!', 'errors.qrExpired', 410);
      },
    });
    renderRoute(routes, '/fc/mall-demo?tid=6001&v=1&sig=ab');
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/qrError?reason=errors.qrExpired'));
  });

  it("delivery chosen with a Char Kway Teow dish in the cart -> warned, then its line removed: 'Delivery Not Supported'", async () => {
    const spy = stub();
    sessionStorage.setItem(
      'santap.fc.mall-demo',
      JSON.stringify({ orderType: 3, address: { line: 'Lot 5, Kuala Lumpur', location: [101.7, 3.14] } }),
    );
    const { user } = renderRoute(routes, '/fc/mall-demo');
    await user.click(await screen.findByRole('button', { name: 'Change how you get your food' }));
    const popup = await screen.findByRole('dialog', { name: 'How do you want your food?' });
    await user.click(within(popup).getByRole('radio', { name: 'Delivery' }));
    expect(within(popup).getByText(/do not deliver.*Char Kway Teow Ah Seng/)).toBeTruthy();
    await user.click(within(popup).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Removed from your cart because they do not deliver: Char Kway Teow Ah Seng.'),
    ).toBeTruthy();
    expect(callsTo(spy, 'cart.update').map(([input]) => input.body)).toEqual([
      { scope: 'mall-demo', cart_item_id: 2, quantity: 0 },
    ]);
    const ckt = screen.getByRole('link', { name: /^Char Kway Teow/ }).closest('li')!;
    expect(within(ckt).getByText('Delivery Not Supported')).toBeTruthy();
    await waitFor(() =>
      expect(callsTo(spy, 'cart.details').at(-1)![0].body).toMatchObject({ context: { orderType: 2 } }),
    );
  });

  it('delivery without an address -> typed, then the map at the delivering outlet with the tiles of its details; one step north -> that point saved', async () => {
    stub({
      'restaurants.details': () => ({
        location: [101.7, 3.14],
        map_tiles: {
          url: 'https://tiles.santap.test/{z}/{x}/{y}.png',
          attribution: '© Example Maps',
          attributionUrl: null,
          maxZoom: 19,
        },
      }),
    });
    const { user } = renderRoute(routes, '/fc/mall-demo');
    await user.click(await screen.findByRole('button', { name: 'Change how you get your food' }));
    const popup = await screen.findByRole('dialog', { name: 'How do you want your food?' });
    await user.click(within(popup).getByRole('radio', { name: 'Delivery' }));
    await user.click(within(popup).getByRole('button', { name: 'Confirm' }));
    await user.type(await screen.findByRole('textbox', { name: 'Apartment or house number' }), 'Lot 5');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Kuala Lumpur');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    const map = await screen.findByRole('dialog', { name: 'Place the pin' });
    expect(within(map).getByText('Latitude 3.14000, longitude 101.70000')).toBeTruthy();
    await waitFor(() =>
      expect(map.querySelector('img')?.getAttribute('src')).toMatch(
        /^https:\/\/tiles\.santap\.test\/17\/\d+\/\d+\.png$/,
      ),
    );
    expect(within(map).getByText('© Example Maps')).toBeTruthy();
    await user.click(within(map).getByRole('button', { name: 'Move pin north' }));
    await user.click(within(map).getByRole('button', { name: 'Confirm location' }));
    await waitFor(() => expect(sessionStorage.getItem('santap.fc.mall-demo')).toContain('Lot 5'));
    const saved = JSON.parse(sessionStorage.getItem('santap.fc.mall-demo')!) as {
      address: { location: [number, number] };
    };
    expect(saved.address.location[0]).toBe(101.7);
    expect(saved.address.location[1]).toBeGreaterThan(3.14);
  });

  it('in Malay -> the outlets in Malay words', async () => {
    stub();
    renderRoute(routes, '/fc/mall-demo', 'my');
    expect(await screen.findByRole('searchbox', { name: 'Cari gerai' })).toBeTruthy();
    expect(screen.getAllByText('Dibuka sekarang').length).toBeGreaterThan(0);
    expect(screen.getByText('Ditutup sekarang')).toBeTruthy();
  });
});
