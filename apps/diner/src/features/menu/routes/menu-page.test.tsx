import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StubInput } from '../../../lib/testing/render-route';
import { callsTo, renderRoute, stubApi } from '../../../lib/testing/render-route';
import { cartFixture, cartLineFixture, menuFixture, restaurantFixture } from '../../../lib/testing/fixtures';
import { forgetRestaurants } from '../../../lib/restaurant';
import { storeAuth } from '../../../lib/session';
import { Component as MenuPage, loader } from './menu-page';

vi.mock('../../../config/env', () => ({
  env: {
    VITE_API_BASE: '',
    VITE_DEFAULT_COUNTRY: 'MY',
    VITE_MARKETING_URL_ID: '',
    VITE_MARKETING_URL_GLOBAL: '',
  },
}));

const routes = [{ path: '/r/:name/:ot?/:pickupType?', Component: MenuPage, loader }];

function stubMenu(extra: Record<string, (input: StubInput) => unknown> = {}) {
  return stubApi({
    'restaurants.details': () => restaurantFixture(),
    'restaurants.menu': () => menuFixture(),
    'cart.get': () => cartFixture(),
    'cart.details': (input) =>
      cartFixture({ context: (input.body?.context ?? {}) as Record<string, unknown> }),
    'recommendations.bestSellers': () => ({ restaurant_id: 1001, days: 30, items: ids([11, 31]) }),
    'recommendations.completeYourCart': () => ({ scope: 'kopitiam-ali', items: [] }),
    'recommendations.frequentlyBoughtWith': () => ({ restaurant_id: 1001, item_id: 0, items: [] }),
    ...extra,
  });
}

/** Recommendation entries for dish ids. */
const ids = (list: number[]) =>
  list.map((item_id) => ({ item_id, sold: 0, together: 0, times_ordered: 1, last_ordered_epoch: 0 }));

beforeEach(() => {
  sessionStorage.clear();
  forgetRestaurants();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  storeAuth(undefined);
});

describe('menu page', () => {
  it("restaurant offers -> 'Offers (1): 10% off'; one tap on Apply -> cart.discount with its code", async () => {
    const spy = stubMenu({
      'restaurants.discounts': () => ({
        discounts: [
          {
            code: 'HEMAT10',
            title: '10% off',
            kind: 'percent',
            value: 1000,
            max_discount: 1000,
            min_order: 0,
            order_types: [1, 2, 3],
          },
        ],
      }),
      'cart.discount': () => cartFixture({ discount_code: 'HEMAT10' }),
    });
    const { user } = renderRoute(routes, '/r/kopitiam-ali/3');
    await user.click(await screen.findByRole('button', { name: 'Offers (1): 10% off' }));
    expect(await screen.findByText('Up to RM 10.00 off')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Apply coupon HEMAT10' }));
    await waitFor(() => expect(callsTo(spy, 'cart.discount')).toHaveLength(1));
    expect(callsTo(spy, 'cart.discount')[0]![0].body).toEqual({
      scope: 'kopitiam-ali',
      discount_code: 'HEMAT10',
    });
  });

  it('menu with three categories -> a heading and a category-bar link for each, from the client', async () => {
    stubMenu();
    renderRoute(routes, '/r/kopitiam-ali/3');
    expect(await screen.findByRole('heading', { level: 2, name: 'Rice & Noodles' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Sides & Snacks' })).toBeTruthy();
    // Later categories come with the background render (MenuSections renders the first ones first).
    expect(await screen.findByRole('heading', { level: 2, name: 'Drinks' })).toBeTruthy();
    const bar = screen.getByRole('navigation', { name: 'Menu categories' });
    expect(
      within(bar)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Rice & Noodles', 'Sides & Snacks', 'Drinks']);
    expect(screen.getByRole('heading', { level: 1, name: 'Kopitiam Ali' })).toBeTruthy();
  });

  it('sold-out dish -> its button is disabled and says out of stock; an in-stock dish can be added', async () => {
    stubMenu();
    renderRoute(routes, '/r/kopitiam-ali/3');
    const soldOut = await screen.findByRole('button', { name: 'Prawn Fritters is out of stock' });
    expect(soldOut).toHaveProperty('disabled', true);
    expect(soldOut.textContent).toContain('Out of stock');
    expect(screen.getByRole('button', { name: 'Add Mee Goreng Mamak' })).toHaveProperty('disabled', false);
  });

  it('third side in an up-to-2 group -> the limit message in the popup and the side stays off', async () => {
    stubMenu();
    const { user } = renderRoute(routes, '/r/kopitiam-ali/3');
    // Nasi Lemak is shown twice (best sellers and its category): either opens the same popup.
    await user.click((await screen.findAllByRole('button', { name: 'Add Nasi Lemak' }))[0]!);
    const popup = await screen.findByRole('dialog', { name: 'Nasi Lemak' });
    await user.click(within(popup).getByRole('checkbox', { name: /Fried egg/ }));
    await user.click(within(popup).getByRole('checkbox', { name: /Fried chicken/ }));
    await user.click(within(popup).getByRole('checkbox', { name: /Extra sambal/ }));
    expect(
      within(popup).getByText('You have reached the maximum limit for this section/add-on'),
    ).toBeTruthy();
    expect(within(popup).getByRole('checkbox', { name: /Extra sambal/ })).toHaveProperty('checked', false);
  });

  it('add with a side -> cart.update with the selections, then the cart bar shows the count', async () => {
    const spy = stubMenu({
      'cart.update': (input) =>
        cartFixture({
          items: [
            cartLineFixture({ quantity: input.body?.quantity as number, line_total: 1600, unit_price: 800 }),
          ],
        }),
    });
    const { user } = renderRoute(routes, '/r/kopitiam-ali/3');
    await user.click((await screen.findAllByRole('button', { name: 'Add Nasi Lemak' }))[0]!);
    const popup = await screen.findByRole('dialog', { name: 'Nasi Lemak' });
    await user.click(within(popup).getByRole('checkbox', { name: /Fried egg/ }));
    await user.click(within(popup).getByRole('button', { name: /Add/ }));
    await waitFor(() => expect(callsTo(spy, 'cart.update')).toHaveLength(1));
    expect(callsTo(spy, 'cart.update')[0]![0].body).toMatchObject({
      scope: 'kopitiam-ali',
      item_id: 11,
      quantity: 1,
      selections: { sides: ['egg'] },
    });
    expect(await screen.findByRole('button', { name: /View cart/ })).toBeTruthy();
    expect(screen.getByText('Items: 1')).toBeTruthy();
    // A guest has no allergies: Nasi Lemak (nuts, fish) went in without a question.
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('server refuses the add -> its message is shown inside the popup', async () => {
    const { ServerMessage } = await import('@santap/api-client');
    stubMenu({
      'cart.update': () => {
        throw new ServerMessage('Out of stock', 'errors.outOfStock', 409);
      },
    });
    const { user } = renderRoute(routes, '/r/kopitiam-ali/3');
    await user.click(await screen.findByRole('button', { name: 'Add Mee Goreng Mamak' }));
    const popup = await screen.findByRole('dialog', { name: 'Mee Goreng Mamak' });
    await user.click(within(popup).getByRole('button', { name: /Add/ }));
    expect(await within(popup).findByText('Out of stock')).toBeTruthy();
  });

  it('pickup route -> the order context is pushed to the server cart and kept for the session', async () => {
    const spy = stubMenu();
    renderRoute(routes, '/r/kopitiam-ali/3/ta');
    await waitFor(() => expect(callsTo(spy, 'cart.details')).toHaveLength(1));
    expect(callsTo(spy, 'cart.details')[0]![0].body).toMatchObject({
      scope: 'kopitiam-ali',
      context: { orderType: 3, pickupType: 'takeaway', orderTime: 'ASAP' },
    });
    expect(JSON.parse(sessionStorage.getItem('santap.order.kopitiam-ali') ?? '{}')).toMatchObject({
      context: { orderType: 3, pickupType: 'takeaway', table: 'Takeaway' },
    });
  });

  it('table QR link -> table check, dine-in at that table; unknown table -> /qrError', async () => {
    const { InvalidQr } = await import('@santap/api-client');
    stubMenu({
      'tables.restaurant': (input: StubInput) => {
        if (input.params?.tableId === 404) throw new InvalidQr('Invalid QR code.', 'errors.invalidQr', 404);
        return { table_id: 5003, table_no: '3', displayTable: 'T3', restaurant_id: 1001, mall: null };
      },
    });
    const first = renderRoute(routes, '/r/kopitiam-ali/1?source=qr&tableId=5003&tableNo=5003');
    expect(await screen.findByText(/T3/)).toBeTruthy();
    first.unmount();

    const second = renderRoute(
      [...routes, { path: '/qrError', element: <p>qr error page</p> }],
      '/r/kopitiam-ali/1?source=qr&tableId=404&tableNo=404',
    );
    expect(await screen.findByText('qr error page')).toBeTruthy();
    expect(second.router.state.location.pathname).toBe('/qrError');
  });

  it("a sticker link with the table's token -> the table check by token; the session keeps the numeric table", async () => {
    const token = '3f9c0a6e1b2d4c5e8f7a9b0c1d2e3f40';
    const spy = stubMenu({
      'tables.restaurant': () => ({
        table_id: 5003,
        table_no: '3',
        displayTable: 'T3',
        restaurant_id: 1001,
        mall: null,
      }),
    });
    renderRoute(routes, `/r/kopitiam-ali/1?source=qr&tableId=${token}&tableNo=${token}`);
    expect(await screen.findByText(/T3/)).toBeTruthy();
    expect(callsTo(spy, 'tables.restaurant')[0]![0].params).toEqual({ restaurantId: 1001, tableId: token });
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem('santap.order.kopitiam-ali') ?? '{}')).toMatchObject({
        tableId: 5003,
      }),
    );
  });

  it('language my -> Malay screen words', async () => {
    stubMenu();
    renderRoute(routes, '/r/kopitiam-ali/3', 'my');
    expect(await screen.findByRole('navigation', { name: 'Kategori menu' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Paling laris' })).toBeTruthy();
  });
});

describe('menu page in Indonesia', () => {
  it('dine-in table QR at an Indonesian restaurant -> pickup, and no table check is made', async () => {
    const spy = stubApi({
      'restaurants.details': () =>
        restaurantFixture({ country: 'ID', currency: 'IDR', ot: [2, 3], nameid: 'warung-sari' }),
      'restaurants.menu': () => ({ ...menuFixture(), currency: 'IDR' }),
      'cart.get': () => cartFixture({ scope: 'warung-sari', currency: 'IDR' }),
      'cart.details': (input) =>
        cartFixture({ context: (input.body?.context ?? {}) as Record<string, unknown> }),
    });
    renderRoute(routes, '/r/warung-sari/1?source=qr&tableId=5101&tableNo=5101');
    expect(await screen.findByText('Pickup')).toBeTruthy();
    expect(callsTo(spy, 'tables.restaurant')).toHaveLength(0);
    expect(screen.getAllByText('Rp 650').length).toBeGreaterThan(0);
  });
});

describe('menu ratings, allergy highlights and recommendations', () => {
  const rated = () => {
    const menu = menuFixture();
    return {
      ...menu,
      items: menu.items.map((item) =>
        item.id === 12 ? { ...item, rating: { average: 4.5, count: 12 } } : { ...item, rating: null },
      ),
    };
  };
  const loggedIn = () => storeAuth({ status: 'ACTIVE' });
  /** Saved allergies: a category is 'avoid'; `'nuts!'` is nuts marked severe. */
  const allergies =
    (...categories: string[]) =>
    () => ({
      filter: [],
      allergies: categories.map((category, index) => ({
        allergy_id: index + 1,
        category: category.replace('!', ''),
        severity: category.endsWith('!') ? 'severe' : 'avoid',
        note: null,
        created_epoch: 0,
      })),
    });
  const addedNasiLemak = () =>
    cartFixture({ items: [cartLineFixture({ quantity: 1, line_total: 800, unit_price: 800 })] });

  it('a dish with ratings -> its average and count on the card; a dish without -> no rating', async () => {
    stubMenu({ 'restaurants.menu': rated });
    renderRoute(routes, '/r/kopitiam-ali/3');
    const card = (await screen.findByRole('heading', { level: 3, name: 'Mee Goreng Mamak' })).closest('li')!;
    expect(within(card).getByRole('img', { name: 'Rating 4.5 out of 5, reviews: 12' }).textContent).toBe(
      '4.5(12)',
    );
    const other = (await screen.findByRole('heading', { level: 3, name: 'Kopi O' })).closest('li')!;
    expect(within(other).queryByRole('img')).toBeNull();
  });

  it('a dish with a photo -> AVIF and WebP sources, a fixed 96 × 96 box; a dish without -> the drawn plate in the same box', async () => {
    const photo = {
      width: 640,
      height: 640,
      avif: '/api/images/abcdef0123456789abcd-160.avif 160w, /api/images/abcdef0123456789abcd-640.avif 640w',
      webp: '/api/images/abcdef0123456789abcd-160.webp 160w, /api/images/abcdef0123456789abcd-640.webp 640w',
      src: '/api/images/abcdef0123456789abcd-640.webp',
      placeholder: 'data:image/webp;base64,UklGRg==',
    };
    stubMenu({
      'restaurants.menu': () => {
        const menu = menuFixture();
        return {
          ...menu,
          items: menu.items.map((item) => ({ ...item, photo: item.id === 12 ? photo : null })),
        };
      },
    });
    renderRoute(routes, '/r/kopitiam-ali/3');
    const card = (await screen.findByRole('heading', { level: 3, name: 'Mee Goreng Mamak' })).closest('li')!;
    const sources = [...card.querySelectorAll('source')];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]!.getAttribute('srcset')).toContain('-160.avif 160w');
    const img = card.querySelector('img')!;
    expect([img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('sizes')]).toEqual([
      '96',
      '96',
      null,
    ]);
    const other = (await screen.findByRole('heading', { level: 3, name: 'Kopi O' })).closest('li')!;
    expect(other.querySelector('img')).toBeNull();
    expect(within(other).getByTestId('photo-fallback').style.width).toBe('96px');
  });

  it('logged-in diner allergic to nuts -> Nasi Lemak says "Your allergy" in the list and in its popup; gluten dish not', async () => {
    loggedIn();
    const spy = stubMenu({
      'account.allergies': allergies('nuts', 'shellfish!'),
      'recommendations.repeatItems': () => ({ restaurant_id: 1001, items: [] }),
      'cart.update': addedNasiLemak,
    });
    const { user } = renderRoute(routes, '/r/kopitiam-ali/3');
    // Nasi Lemak is in best sellers and in its category: both cards are highlighted.
    const cards = (await screen.findAllByRole('heading', { level: 3, name: 'Nasi Lemak' })).map((heading) =>
      heading.closest('li')!,
    );
    expect(cards).toHaveLength(2);
    for (const card of cards) {
      expect(card.className).toContain('st-allergy-dish');
      expect(within(card).getByText('(Your allergy)')).toBeTruthy();
      expect(within(card).getByText('Contains: Fish')).toBeTruthy();
      expect(within(card).getByText('Contains: Nuts').parentElement!.textContent).toBe(
        'Contains: Nuts(Your allergy)',
      );
    }
    const mee = screen.getByRole('heading', { level: 3, name: 'Mee Goreng Mamak' }).closest('li')!;
    expect(mee.className).not.toContain('st-allergy-dish');
    expect(within(mee).queryByText('(Your allergy)')).toBeNull();

    await user.click(screen.getAllByRole('button', { name: 'Add Nasi Lemak' })[0]!);
    const popup = await screen.findByRole('dialog', { name: 'Nasi Lemak' });
    expect(within(popup).getByText('(Your allergy)')).toBeTruthy();
    // Nuts are 'avoid' (shellfish is severe, but the dish has none): no question, added at once.
    await user.click(within(popup).getByRole('button', { name: /Add to cart/ }));
    await waitFor(() => expect(callsTo(spy, 'cart.update')).toHaveLength(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('nuts marked severe -> Add on Nasi Lemak asks "Add anyway?" with Cancel focused; only "Add anyway" adds', async () => {
    loggedIn();
    const spy = stubMenu({
      'account.allergies': allergies('nuts!'),
      'recommendations.repeatItems': () => ({ restaurant_id: 1001, items: [] }),
      'cart.update': addedNasiLemak,
    });
    const { user } = renderRoute(routes, '/r/kopitiam-ali/3');
    await user.click((await screen.findAllByRole('button', { name: 'Add Nasi Lemak' }))[0]!);
    const popup = await screen.findByRole('dialog', { name: 'Nasi Lemak' });
    await user.click(within(popup).getByRole('button', { name: /Add to cart/ }));
    const warning = await screen.findByRole('alertdialog', { name: 'Severe allergy' });
    expect(warning.textContent).toContain('Contains nuts, which you marked as a severe allergy. Add anyway?');
    expect(document.activeElement).toBe(within(warning).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(callsTo(spy, 'cart.update')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Nasi Lemak' })).toBeTruthy();

    await user.click(within(popup).getByRole('button', { name: /Add to cart/ }));
    await user.click(await screen.findByRole('button', { name: 'Add anyway' }));
    await waitFor(() => expect(callsTo(spy, 'cart.update')).toHaveLength(1));
    expect(callsTo(spy, 'cart.update')[0]![0].body).toMatchObject({ item_id: 11, quantity: 1 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nasi Lemak' })).toBeNull());
  });

  it('a guest -> no allergy or repeat-items call, nothing highlighted, no "Order again" row', async () => {
    const spy = stubMenu();
    renderRoute(routes, '/r/kopitiam-ali/3');
    expect(await screen.findByRole('heading', { level: 2, name: 'Rice & Noodles' })).toBeTruthy();
    expect(callsTo(spy, 'account.allergies')).toHaveLength(0);
    expect(callsTo(spy, 'recommendations.repeatItems')).toHaveLength(0);
    expect(screen.queryByText('(Your allergy)')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Order again' })).toBeNull();
  });

  it("best sellers -> the server's dishes in its order under 'Best sellers'", async () => {
    stubMenu({
      'recommendations.bestSellers': () => ({ restaurant_id: 1001, days: 30, items: ids([32, 12]) }),
    });
    renderRoute(routes, '/r/kopitiam-ali/3');
    const section = (await screen.findByRole('heading', { level: 2, name: 'Best sellers' })).closest(
      'section',
    )!;
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Kopi O', 'Mee Goreng Mamak']);
  });

  it("logged-in diner -> 'Order again' with their previous dishes (sold-out ones left out)", async () => {
    loggedIn();
    const spy = stubMenu({
      'account.allergies': allergies(),
      'recommendations.repeatItems': () => ({ restaurant_id: 1001, items: ids([21, 32, 11]) }),
    });
    renderRoute(routes, '/r/kopitiam-ali/3');
    const row = await screen.findByRole('region', { name: 'Order again' });
    expect(
      within(row)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Add Kopi O', 'Add Nasi Lemak']);
    expect(callsTo(spy, 'recommendations.repeatItems')[0]![0].query).toEqual({
      restaurant_id: 'kopitiam-ali',
    });
  });

  it("add a dish -> 'Often ordered with' and 'Complete your meal' rows from the server for that dish and cart", async () => {
    const spy = stubMenu({
      'cart.update': () => cartFixture({ items: [cartLineFixture({ item_id: 12, quantity: 1 })] }),
      'recommendations.frequentlyBoughtWith': () => ({
        restaurant_id: 1001,
        item_id: 12,
        items: ids([32, 11]),
      }),
      'recommendations.completeYourCart': () => ({ scope: 'kopitiam-ali', items: ids([31]) }),
    });
    const { user } = renderRoute(routes, '/r/kopitiam-ali/3');
    await user.click(await screen.findByRole('button', { name: 'Add Mee Goreng Mamak' }));
    const popup = await screen.findByRole('dialog', { name: 'Mee Goreng Mamak' });
    await user.click(within(popup).getByRole('button', { name: /Add/ }));
    const boughtWith = await screen.findByRole('region', { name: 'Often ordered with Mee Goreng Mamak' });
    expect(
      within(boughtWith)
        .getAllByRole('button', { name: /^Add / })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Add Kopi O', 'Add Nasi Lemak']);
    const complete = await screen.findByRole('region', { name: 'Complete your meal' });
    expect(within(complete).getByRole('button', { name: 'Add Teh Tarik' })).toBeTruthy();
    expect(callsTo(spy, 'recommendations.frequentlyBoughtWith')[0]![0].query).toEqual({
      restaurant_id: 1001,
      item_id: 12,
    });
    expect(callsTo(spy, 'recommendations.completeYourCart')[0]![0].query).toEqual({ scope: 'kopitiam-ali' });
  });
});
