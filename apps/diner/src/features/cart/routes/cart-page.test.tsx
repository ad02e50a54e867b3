import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthRequired, NoInternet, ServerMessage } from '@santap/api-client';
import { storeAuth } from '../../../lib/session';
import type { StubHandler } from '../../../lib/testing/render-route';
import { callsTo, renderRoute, stubApi } from '../../../lib/testing/render-route';
import { billFixture, cartFixture, cartLineFixture, restaurantFixture } from '../../../lib/testing/fixtures';
import { forgetRestaurants } from '../../../lib/restaurant';
import { Component as CartPage, loader } from './cart-page';

vi.mock('../../../config/env', () => ({
  env: {
    VITE_API_BASE: '',
    VITE_DEFAULT_COUNTRY: 'MY',
    VITE_MARKETING_URL_ID: '',
    VITE_MARKETING_URL_GLOBAL: '',
  },
}));

const Landing = ({ name }: { name: string }) => <p>{name} page</p>;
const routes = [
  { path: '/cart/:name/:ot?/:pickupType?', Component: CartPage, loader },
  { path: '/payments/:order_id?/:price?', element: <Landing name="payments" /> },
  { path: '/payment/response', element: <Landing name="payment response" /> },
  { path: '/login', element: <Landing name="login" /> },
  { path: '/signup', element: <Landing name="signup" /> },
  { path: '/r/:name/:ot?/:pickupType?', element: <Landing name="menu" /> },
];

const pickupContext = { orderType: 3, orderTime: 'ASAP', pickupType: 'pickup', tableNo: 'pickup', table: '' };
const line = cartLineFixture();

function stubCart(overrides: Record<string, StubHandler> = {}, cart = cartFixture({ items: [line] })) {
  return stubApi({
    'restaurants.details': () => restaurantFixture(),
    'cart.get': () => cart,
    'cart.bill': () => ({ bill: billFixture(), by_restaurant: [] }),
    'cart.details': () => ({ ...cart, context: pickupContext }),
    ...overrides,
  });
}

const created = (overrides: Record<string, unknown> = {}) => ({
  order_id: 981,
  order_ids: [981],
  fc_order_id: null,
  amount: 1508,
  currency: 'MYR',
  order_type: 3,
  pickup_type: 'pickup',
  prepay: true,
  pay_later_flag: '0',
  ...overrides,
});

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  forgetRestaurants();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('cart page', () => {
  it('+ on a line -> cart.update with its cart_item_id and the new quantity', async () => {
    const spy = stubCart({
      'cart.update': (input) =>
        cartFixture({
          items: [cartLineFixture({ quantity: input.body?.quantity as number, line_total: 1950 })],
        }),
    });
    const { user } = renderRoute(routes, '/cart/kopitiam-ali/3');
    await user.click(await screen.findByRole('button', { name: 'One more: Nasi Lemak' }));
    await waitFor(() => expect(callsTo(spy, 'cart.update')).toHaveLength(1));
    expect(callsTo(spy, 'cart.update')[0]![0].body).toEqual({
      scope: 'kopitiam-ali',
      cart_item_id: 1,
      quantity: 3,
    });
    expect(await screen.findByText('RM 19.50')).toBeTruthy();
    // The bill is asked for again after the change.
    await waitFor(() => expect(callsTo(spy, 'cart.bill').length).toBeGreaterThanOrEqual(2));
  });

  it("cart warning 'errors.priceWarning' -> the 'Price Warning' banner with the old price struck through", async () => {
    stubCart(
      {},
      cartFixture({
        items: [cartLineFixture({ price_changed: true, seen_unit_price: 600, unit_price: 650 })],
        warnings: ['errors.priceWarning'],
      }),
    );
    renderRoute(routes, '/cart/kopitiam-ali/3');
    const banner = await screen.findByText('Price Warning');
    expect(banner.closest('[role="status"]')).toBeTruthy();
    expect(screen.getByText('RM 12.00').tagName).toBe('S');
  });

  it('unavailable line -> place order is stopped and remove calls cart.removeUnavailable', async () => {
    const spy = stubCart(
      { 'cart.removeUnavailable': () => cartFixture({ items: [], context: pickupContext }) },
      cartFixture({ items: [cartLineFixture({ available: false })], warnings: ['errors.itemsNotAvailable'] }),
    );
    const { user } = renderRoute(routes, '/cart/kopitiam-ali/3');
    await user.click(await screen.findByRole('button', { name: /Place order/ }));
    expect(callsTo(spy, 'orders.create')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove unavailable items' }));
    await waitFor(() => expect(callsTo(spy, 'cart.removeUnavailable')).toHaveLength(1));
  });

  it('prepaid pickup placed -> /payments/981/1508 (nextAfterOrderCreated), with an Idempotency-Key', async () => {
    const spy = stubCart({ 'orders.create': () => created() });
    const { user, router } = renderRoute(routes, '/cart/kopitiam-ali/3');
    await user.click(await screen.findByRole('button', { name: 'Place order · RM 15.08' }));
    expect(await screen.findByText('payments page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/payments/981/1508');
    const [input, options] = callsTo(spy, 'orders.create')[0]!;
    expect(input.body).toEqual({ scope: 'kopitiam-ali', payment_mode: 'online' });
    expect(options?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('dine-in with pay later chosen -> replace-navigate to the pay-later payment response', async () => {
    sessionStorage.setItem(
      'santap.order.kopitiam-ali',
      JSON.stringify({
        context: { orderType: 1, orderTime: 'ASAP', tableNo: '3', table: 'T3' },
        tableId: 5003,
      }),
    );
    const dineInCart = cartFixture({
      items: [line],
      context: { orderType: 1, orderTime: 'ASAP', tableId: 5003, tableNo: '3', table: 'T3' },
    });
    const spy = stubCart(
      { 'orders.create': () => created({ order_type: 1, pickup_type: null, prepay: false }) },
      dineInCart,
    );
    const { user, router } = renderRoute(routes, '/cart/kopitiam-ali/1');
    await user.click(await screen.findByRole('radio', { name: /Pay later/ }));
    await user.click(screen.getByRole('button', { name: /Place order/ }));
    expect(await screen.findByText('payment response page')).toBeTruthy();
    expect(router.state.location.search).toBe('?status=1&order_id=981&type=dinein&redirect=1');
    expect(callsTo(spy, 'orders.create')[0]![0].body).toMatchObject({ payment_mode: 'pay_later' });
  });

  it('dine-in where pay later is allowed and dine-in is not prepaid, choice untouched -> pay later (spec §4)', async () => {
    sessionStorage.setItem(
      'santap.order.kopitiam-ali',
      JSON.stringify({
        context: { orderType: 1, orderTime: 'ASAP', tableNo: '3', table: 'T3' },
        tableId: 5003,
      }),
    );
    const dineInCart = cartFixture({
      items: [line],
      context: { orderType: 1, orderTime: 'ASAP', tableId: 5003, tableNo: '3', table: 'T3' },
    });
    const spy = stubCart(
      { 'orders.create': () => created({ order_type: 1, pickup_type: null, prepay: false }) },
      dineInCart,
    );
    const { user, router } = renderRoute(routes, '/cart/kopitiam-ali/1');
    const payLater = await screen.findByRole('radio', { name: /Pay later/ });
    expect((payLater as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: /Place order/ }));
    expect(await screen.findByText('payment response page')).toBeTruthy();
    expect(router.state.location.search).toBe('?status=1&order_id=981&type=dinein&redirect=1');
    expect(callsTo(spy, 'orders.create')[0]![0].body).toMatchObject({ payment_mode: 'pay_later' });
  });

  it('pay later where cash is rounded to 5 sen, bill RM 15.08 -> Place order · RM 15.10 with the rounding line; pay now -> RM 15.08', async () => {
    sessionStorage.setItem(
      'santap.order.kopitiam-ali',
      JSON.stringify({
        context: { orderType: 1, orderTime: 'ASAP', tableNo: '3', table: 'T3' },
        tableId: 5003,
      }),
    );
    const dineInCart = cartFixture({
      items: [line],
      context: { orderType: 1, orderTime: 'ASAP', tableId: 5003, tableNo: '3', table: 'T3' },
    });
    const rounded = {
      ...billFixture(1508),
      cash_rounding: { key: 'bill.rounding', label: 'Rounding adjustment', amount: 2 },
    };
    stubCart({ 'cart.bill': () => ({ bill: rounded, by_restaurant: [] }) }, dineInCart);
    const { user } = renderRoute(routes, '/cart/kopitiam-ali/1');
    const payLater = await screen.findByRole('radio', { name: /Pay later/ });
    expect((payLater as HTMLInputElement).checked).toBe(true);
    const bill = () => screen.getByRole('region', { name: 'Bill details' });
    expect(await screen.findByRole('button', { name: 'Place order · RM 15.10' })).toBeTruthy();
    expect(within(bill()).getByText('Rounding adjustment').closest('div')?.textContent).toContain('RM 0.02');
    expect(within(bill()).getByText('Total').closest('div')?.textContent).toContain('RM 15.10');

    await user.click(screen.getByRole('radio', { name: /Pay now/ }));
    expect(await screen.findByRole('button', { name: 'Place order · RM 15.08' })).toBeTruthy();
    expect(within(bill()).queryByText('Rounding adjustment')).toBeNull();
    expect(within(bill()).getByText('Total').closest('div')?.textContent).toContain('RM 15.08');
  });

  it('delivery cart holding only a gift voucher -> shown as Takeaway, placed without asking an address', async () => {
    sessionStorage.setItem(
      'santap.order.kopitiam-ali',
      JSON.stringify({ context: { orderType: 2, orderTime: 'ASAP', tableNo: 'dl', table: '' } }),
    );
    const voucherCart = cartFixture({
      items: [cartLineFixture({ name: 'RM 20 Gift Voucher', is_voucher: true })],
      context: { orderType: 2, orderTime: 'ASAP', tableNo: 'dl', table: '' },
    });
    const spy = stubCart({ 'orders.create': () => created({ pickup_type: 'takeaway' }) }, voucherCart);
    const { user } = renderRoute(routes, '/cart/kopitiam-ali/2');
    expect(await screen.findByText('Takeaway')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Place order/ }));
    expect(await screen.findByText('payments page')).toBeTruthy();
    expect(callsTo(spy, 'orders.create')).toHaveLength(1);
  });

  it("'See coupons' -> the place's coupons with what each takes off or why not; one tap applies", async () => {
    const coupon = (overrides: Record<string, unknown>) => ({
      discount_id: 1,
      code: 'HEMAT10',
      title: '10% off',
      kind: 'percent',
      value: 1000,
      max_discount: null,
      min_order: 0,
      currency: 'MYR',
      order_types: [1, 2, 3],
      mall_coupon: false,
      restaurant_id: 1001,
      outlets: null,
      valid_from_epoch: null,
      valid_until_epoch: null,
      days: null,
      from_minute: null,
      to_minute: null,
      per_user_limit: null,
      uses_left_for_me: null,
      remaining: null,
      usable: true,
      reason_key: null,
      reason: null,
      discount_amount: 150,
      applied: false,
      ...overrides,
    });
    const spy = stubCart({
      'promotions.coupons': () => ({
        scope: 'kopitiam-ali',
        coupons: [
          coupon({}),
          coupon({ discount_id: 2, code: 'BIG50', title: 'RM 50 off', usable: false, reason: 'Too small' }),
        ],
      }),
      'cart.discount': () => cartFixture({ items: [line], discount_code: 'HEMAT10' }),
    });
    const { user } = renderRoute(routes, '/cart/kopitiam-ali/3');
    await user.click(await screen.findByRole('button', { name: 'See coupons' }));
    expect(await screen.findByText('Takes RM 1.50 off this cart')).toBeTruthy();
    expect(screen.getByText('Too small')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Apply coupon HEMAT10' }));
    await waitFor(() => expect(callsTo(spy, 'cart.discount')).toHaveLength(1));
    expect(callsTo(spy, 'cart.discount')[0]![0].body).toEqual({
      scope: 'kopitiam-ali',
      discount_code: 'HEMAT10',
    });
  });

  it('lost connection then retry -> the same Idempotency-Key is sent again', async () => {
    let attempts = 0;
    const spy = stubCart({
      'orders.create': () => {
        attempts += 1;
        if (attempts === 1) throw new NoInternet();
        return created();
      },
    });
    const { user } = renderRoute(routes, '/cart/kopitiam-ali/3');
    await user.click(await screen.findByRole('button', { name: /Place order/ }));
    expect(await screen.findByText('No Internet Connection')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Place order/ }));
    expect(await screen.findByText('payments page')).toBeTruthy();
    const [first, second] = callsTo(spy, 'orders.create');
    expect(first![1]?.idempotencyKey).toBe(second![1]?.idempotencyKey);
  });

  it('AuthRequired -> /login with the login redirect query of spec §2', async () => {
    stubCart({
      'orders.create': () => {
        throw new AuthRequired('invalid token');
      },
    });
    const { user, router } = renderRoute(routes, '/cart/kopitiam-ali/3');
    await user.click(await screen.findByRole('button', { name: /Place order/ }));
    expect(await screen.findByText('login page')).toBeTruthy();
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('path')).toBe('/cart/kopitiam-ali/3/pickup');
    expect(query.get('menu_path')).toBe('/r/kopitiam-ali/3/pickup');
    expect(query.get('language')).toBe('en');
    expect(query.get('scanThroughQr')).toBe('0');
    for (const key of ['otpless', 'browser', 'cartToken', 'sessionId']) expect(query.get(key)).toBeTruthy();
    expect(query.has('epoch')).toBe(false);
  });

  it('coupon refused by the server -> its message under the field', async () => {
    const { ServerMessage } = await import('@santap/api-client');
    stubCart({
      'cart.discount': () => {
        throw new ServerMessage('This coupon has expired', 'errors.couponExpired', 422);
      },
    });
    const { user } = renderRoute(routes, '/cart/kopitiam-ali/3');
    await user.type(await screen.findByRole('textbox', { name: 'Coupon code' }), 'old10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This coupon has expired')).toBeTruthy();
  });

  it('save trees refused by the server -> its words in the popup, which stays open with the choice kept', async () => {
    const call = stubCart({
      'cart.specialNote': () => {
        throw new ServerMessage('Something went wrong', 'errors.somethingWentWrong', 500);
      },
    });
    const { user } = renderRoute(routes, '/cart/kopitiam-ali/3');
    await user.click(await screen.findByRole('button', { name: 'Save trees: no cutlery or paper' }));
    const popup = await screen.findByRole('dialog', { name: 'Save trees' });
    await user.click(within(popup).getByRole('checkbox', { name: /No cutlery/ }));
    await user.click(within(popup).getByRole('button', { name: 'Save' }));
    expect(await within(popup).findByRole('alert')).toBeTruthy();
    expect(within(popup).getByRole('alert').textContent).toContain('Something went wrong');
    expect((within(popup).getByRole('checkbox', { name: /No cutlery/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(callsTo(call, 'cart.specialNote')).toHaveLength(1);
  });
});

describe('cart offers: cashback and referral', () => {
  const offer = {
    country: 'MY',
    currency: 'MYR',
    discount_percent_bps: 1000,
    discount_up_to: 1000,
    referrer_reward: 500,
  };
  const wallet =
    (balance: number, loggedIn = true) =>
    () => ({
      scope: 'kopitiam-ali',
      logged_in: loggedIn,
      balance: loggedIn ? balance : 0,
      currency: 'MYR',
      loyalty: { min_order: 2000, percent_bps: 500 },
      referral_offer: offer,
    });
  const referral = (canApply: boolean) => () => ({
    offer,
    referee: { status: canApply ? 'none' : 'applied', can_apply: canApply },
    referrer: { referrer_code: null, referred: 0, pending: 0, rewarded: 0, rewards_total: [] },
  });
  /** The bill after RM 8.00 of cashback: the loyalty line and the lower total. */
  const withCashback = () => {
    const bill = billFixture(708);
    bill.lines.push({ key: 'bill.discount.loyalty', label: 'Loyalty cashback', amount: -800 });
    return bill;
  };
  const loggedIn = () => storeAuth({ status: 'ACTIVE' });

  it("logged in, 'Use cashback' ticked -> cartLoyaltyUpdate, the lower total, and order create sends use_loyalty", async () => {
    loggedIn();
    const spy = stubCart({
      'promotions.walletAmount': wallet(800),
      'promotions.referralDetails': referral(false),
      'promotions.cartLoyaltyUpdate': (input) => ({
        scope: 'kopitiam-ali',
        use_loyalty: input.body?.use_loyalty,
        balance: 800,
        applied_amount: input.body?.use_loyalty ? 800 : 0,
        bill: input.body?.use_loyalty ? withCashback() : billFixture(),
      }),
      'orders.create': () => created({ amount: 708 }),
    });
    const { user } = renderRoute(routes, '/cart/kopitiam-ali/3');
    expect(await screen.findByText('Your cashback here: RM 8.00')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Use cashback' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Use my cashback on this order' }));
    await waitFor(() => expect(callsTo(spy, 'promotions.cartLoyaltyUpdate')).toHaveLength(1));
    expect(callsTo(spy, 'promotions.cartLoyaltyUpdate')[0]![0].body).toEqual({
      scope: 'kopitiam-ali',
      use_loyalty: true,
    });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('RM 8.00 of cashback used on this order')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Place order · RM 7.08' }));
    await waitFor(() => expect(callsTo(spy, 'orders.create')).toHaveLength(1));
    expect(callsTo(spy, 'orders.create')[0]![0].body).toEqual({
      scope: 'kopitiam-ali',
      payment_mode: 'online',
      use_loyalty: true,
    });
  });

  it('cashback covering the whole bill -> order create with use_loyalty, amount 0 -> payment response, no gateway', async () => {
    loggedIn();
    const covered = billFixture(0);
    covered.lines.push({ key: 'bill.discount.loyalty', label: 'Loyalty cashback', amount: -1508 });
    const spy = stubCart({
      'cart.bill': () => ({ bill: covered, by_restaurant: [] }),
      'promotions.walletAmount': wallet(5000),
      'promotions.referralDetails': referral(false),
      'orders.create': () => created({ amount: 0 }),
    });
    const { user, router } = renderRoute(routes, '/cart/kopitiam-ali/3');
    expect(await screen.findByText('RM 15.08 of cashback used on this order')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Place order · RM 0.00' }));
    expect(await screen.findByText('payment response page')).toBeTruthy();
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toMatchObject({
      status: '1',
      order_id: '981',
      amount: '0',
    });
    expect(callsTo(spy, 'orders.create')[0]![0].body).toMatchObject({ use_loyalty: true });
  });

  it('the cart bill already spends cashback (switch kept on the server) -> the box is ticked; unticking turns it off', async () => {
    loggedIn();
    const spy = stubCart({
      'cart.bill': () => ({ bill: withCashback(), by_restaurant: [] }),
      'promotions.walletAmount': wallet(800),
      'promotions.referralDetails': referral(false),
      'promotions.cartLoyaltyUpdate': () => ({
        scope: 'kopitiam-ali',
        use_loyalty: false,
        balance: 800,
        applied_amount: 0,
        bill: billFixture(),
      }),
    });
    const { user } = renderRoute(routes, '/cart/kopitiam-ali/3');
    await user.click(await screen.findByRole('button', { name: 'Use cashback' }));
    const box = await screen.findByRole('checkbox', { name: 'Use my cashback on this order' });
    expect((box as HTMLInputElement).checked).toBe(true);
    await user.click(box);
    await waitFor(() => expect(callsTo(spy, 'promotions.cartLoyaltyUpdate')).toHaveLength(1));
    expect(callsTo(spy, 'promotions.cartLoyaltyUpdate')[0]![0].body).toMatchObject({ use_loyalty: false });
    expect(await screen.findByRole('button', { name: 'Place order · RM 15.08' })).toBeTruthy();
  });

  it("guest -> 'Use cashback' shows the login prompt, which goes to /login back to this cart", async () => {
    const spy = stubCart({ 'promotions.walletAmount': wallet(0, false) });
    const { user, router } = renderRoute(routes, '/cart/kopitiam-ali/3');
    expect(await screen.findByText('Log in to earn and use cashback')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Use cashback' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('path')).toBe('/cart/kopitiam-ali/3/pickup');
    expect(callsTo(spy, 'promotions.referralDetails')).toHaveLength(0);
    expect(callsTo(spy, 'promotions.cartLoyaltyUpdate')).toHaveLength(0);
  });

  it("guest -> referral info 'up to' the country's offer; a friend's code goes on to /signup?ref= with the way back here", async () => {
    const spy = stubCart({ 'promotions.walletAmount': wallet(0, false) });
    const { user, router } = renderRoute(routes, '/cart/kopitiam-ali/3');
    await user.click(
      await screen.findByRole('button', { name: 'Referral: up to RM 10.00 off a first order' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/up to RM 10.00/)).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: /referral code/i }), 'k7m2qx9p');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('signup page')).toBeTruthy();
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('ref')).toBe('K7M2QX9P');
    expect(query.get('path')).toBe('/cart/kopitiam-ali/3/pickup');
    expect(callsTo(spy, 'promotions.referralApply')).toHaveLength(0);
  });

  it("referral info -> 'up to RM 10.00', a friend's code applied, then the bill is read again", async () => {
    loggedIn();
    const spy = stubCart({
      'promotions.walletAmount': wallet(0),
      'promotions.referralDetails': referral(true),
      'promotions.referralApply': () => ({ status: 'applied', offer: referral(true)().offer }),
    });
    const { user } = renderRoute(routes, '/cart/kopitiam-ali/3');
    await user.click(
      await screen.findByRole('button', { name: 'Referral: up to RM 10.00 off a first order' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/up to RM 10.00/)).toBeTruthy();
    const billReads = callsTo(spy, 'cart.bill').length;
    await user.type(within(dialog).getByRole('textbox', { name: /referral code/i }), 'abcd2345');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('Referral code ABCD2345 applied')).toBeTruthy();
    expect(callsTo(spy, 'promotions.referralApply')[0]![0].body).toEqual({ referral_code: 'ABCD2345' });
    await waitFor(() => expect(callsTo(spy, 'cart.bill').length).toBe(billReads + 1));
  });

  it("a refused referral code -> the catalogue's words in the diner's language; no field once a code was used", async () => {
    loggedIn();
    stubCart({
      'promotions.walletAmount': wallet(0),
      'promotions.referralDetails': referral(true),
      'promotions.referralApply': () => {
        throw new ServerMessage('This referral code is not valid', 'errors.referralInvalid', 422);
      },
    });
    const { user } = renderRoute(routes, '/cart/kopitiam-ali/3', 'id');
    await user.click(await screen.findByRole('button', { name: /Referal: potongan hingga/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /referal/i }), 'NOPE1234');
    await user.click(within(dialog).getByRole('button', { name: 'Pakai' }));
    expect(await within(dialog).findByText('Kode referral ini tidak valid')).toBeTruthy();
    cleanup();

    stubCart({ 'promotions.walletAmount': wallet(0), 'promotions.referralDetails': referral(false) });
    const again = renderRoute(routes, '/cart/kopitiam-ali/3');
    await again.user.click(await screen.findByRole('button', { name: /Referral: up to/ }));
    const info = await screen.findByRole('dialog');
    expect(within(info).queryByRole('textbox')).toBeNull();
  });
});

describe('cart page: the order type (spec §5)', () => {
  it("bare /cart/:name opened afresh (no type in the route, none chosen here) -> 'Please select order type'; Place order sends nothing and opens the order settings", async () => {
    const spy = stubCart({ 'orders.create': () => created() });
    const { user } = renderRoute(routes, '/cart/kopitiam-ali');
    expect(await screen.findByText('Please select order type')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Place order/ }));
    expect(callsTo(spy, 'orders.create')).toHaveLength(0);
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it("/cart/:name/:ot (the menu's way in) -> no 'Please select order type'", async () => {
    stubCart();
    renderRoute(routes, '/cart/kopitiam-ali/3');
    expect(await screen.findByRole('button', { name: /Place order/ })).toBeTruthy();
    expect(screen.queryByText('Please select order type')).toBeNull();
  });
});
