import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthRequired, ServerMessage } from '@santap/api-client';
import { storeAuth } from '@santap/web';
import { setHostMall } from '../../../config/paths';
import { forgetMalls } from '../../../lib/mall';
import { cartFixture, lineFixture, mallFixture } from '../../../testing/fixtures';
import { callsTo, renderRoute, stubApi } from '../../../testing/render-route';
import type { StubHandler } from '../../../testing/render-route';
import { Component as CartPage, loader } from './cart-page';

const routes = [
  { path: '/fc/:mall/cart', loader, Component: CartPage },
  { path: '/fc/:mall/pay/:fcOrderId', element: <p>pay here</p> },
  { path: '/fc/:mall', element: <p>the food court</p> },
];

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  forgetMalls();
  sessionStorage.clear();
  storeAuth(undefined);
  setHostMall(undefined);
});

const bill = (total: number) => ({
  currency: 'MYR' as const,
  subtotal: total,
  total,
  lines: [{ key: 'bill.subtotal', label: 'Subtotal', amount: total }],
});

const coupons = (applied: { restaurant_id: number; code: string | null; amount: number }[] = []) => ({
  mall: 'mall-demo',
  mall_coupon: null,
  applied,
  bill: bill(1200),
  coupons: [
    { code: 'FOODCOURT10', restaurant_id: null, usable: true, reason: null },
    {
      code: 'ROTI10',
      restaurant_id: 1013,
      usable: false,
      reason: "Your order hasn't reached the minimum amount",
    },
    { code: 'TEH1', restaurant_id: 1014, usable: false, reason: 'This coupon is not valid at this outlet' },
  ].map((coupon, index) => ({
    discount_id: index + 1,
    title: `${coupon.code} deal`,
    kind: 'fixed' as const,
    value: 100,
    max_discount: null,
    min_order: 0,
    currency: 'MYR' as const,
    order_types: [1, 2, 3] as (1 | 2 | 3)[],
    mall_coupon: coupon.restaurant_id === null,
    outlets: null,
    valid_from_epoch: null,
    valid_until_epoch: null,
    days: null,
    from_minute: null,
    to_minute: null,
    per_user_limit: null,
    uses_left_for_me: null,
    remaining: null,
    discount_amount: 0,
    applied: false,
    reason_key: null,
    ...coupon,
  })),
});

function stub(overrides: Record<string, StubHandler> = {}) {
  const cart = cartFixture([
    lineFixture({ cart_item_id: 1, restaurant_id: 1011, name: 'Nasi Lemak' }),
    lineFixture({ cart_item_id: 2, restaurant_id: 1013, name: 'Roti Tisu' }),
  ]);
  return stubApi({
    'restaurants.mall': () => mallFixture(),
    'cart.get': () => cart,
    'cart.details': () => cart,
    'cart.bill': () => ({
      bill: bill(1300),
      by_restaurant: [
        { restaurant_id: 1011, bill: bill(689) },
        { restaurant_id: 1013, bill: bill(611) },
      ],
    }),
    'cart.foodCourtOutOfStock': () => ({ items: [] }),
    'promotions.foodCourtActive': () => coupons(),
    'promotions.walletAmount': () => ({
      scope: 'mall-demo',
      logged_in: false,
      balance: 0,
      currency: 'MYR',
      loyalty: null,
    }),
    'orders.createFoodCourt': () => ({
      order_id: 31,
      order_ids: [31, 32],
      fc_order_id: 7,
      amount: 1300,
      currency: 'MYR',
      order_type: 3,
      pickup_type: 'pickup',
      prepay: true,
      pay_later_flag: '0',
    }),
    ...overrides,
  });
}

describe('the one food-court cart', () => {
  it("two outlets -> their lines grouped, each outlet's share, coupons of the cart's outlets only", async () => {
    stub();
    const { user } = renderRoute(routes, '/fc/mall-demo/cart');
    expect(await screen.findByRole('region', { name: 'Nasi Lemak Mak Jah' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Roti Canai Raju' })).toBeTruthy();
    expect(screen.getByText("Each outlet's share")).toBeTruthy();
    await user.click(screen.getByText('Available coupons'));
    expect(screen.getByRole('button', { name: 'Apply coupon FOODCOURT10' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Apply coupon ROTI10' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Apply coupon TEH1' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in to earn and use cashback' }).getAttribute('href')).toBe(
      '/login?path=%2Ffc%2Fmall-demo%2Fcart',
    );
  });

  it('Order and pay -> one food-court order with an Idempotency-Key -> its payment page', async () => {
    const spy = stub();
    const { user, router } = renderRoute(routes, '/fc/mall-demo/cart');
    await user.click(await screen.findByRole('button', { name: 'Order and pay · RM 13.00' }));
    expect(await screen.findByText('pay here')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/fc/mall-demo/pay/7');
    const [input, options] = callsTo(spy, 'orders.createFoodCourt')[0]!;
    expect(input.body).toEqual({ scope: 'mall-demo', payment_mode: 'online' });
    expect(options?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('pickup at outlets that allow pay later but prefer prepaid -> Pay now chosen; Pay later picked -> order, no payment page', async () => {
    const spy = stub();
    const { user, router } = renderRoute(
      [...routes, { path: '/fc/:mall/order/:fcOrderId', element: <p>the order</p> }],
      '/fc/mall-demo/cart',
    );
    const payNow = await screen.findByRole('radio', { name: /Pay now/ });
    expect((payNow as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('radio', { name: /Pay later/ }));
    await user.click(screen.getByRole('button', { name: 'Place order · RM 13.00' }));
    expect(await screen.findByText('the order')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/fc/mall-demo/order/7');
    expect(callsTo(spy, 'orders.createFoodCourt')[0]![0].body).toEqual({
      scope: 'mall-demo',
      payment_mode: 'pay_later',
    });
  });

  it("pay later where each outlet rounds cash to 5 sen -> Place order · RM 13.05, the rounding line and each outlet's rounded share; pay now -> RM 13.01", async () => {
    const rounding = (amount: number) => ({ key: 'bill.rounding', label: 'Rounding adjustment', amount });
    stub({
      'cart.bill': () => ({
        bill: { ...bill(1301), cash_rounding: rounding(4) },
        by_restaurant: [
          { restaurant_id: 1011, bill: { ...bill(688), cash_rounding: rounding(2) } },
          { restaurant_id: 1013, bill: { ...bill(613), cash_rounding: rounding(2) } },
        ],
      }),
    });
    const { user } = renderRoute(routes, '/fc/mall-demo/cart');
    const billRegion = () => screen.getByRole('region', { name: 'Bill details' });
    const row = (name: string) => within(billRegion()).getByText(name).closest('div')?.textContent;
    expect(await screen.findByRole('button', { name: 'Order and pay · RM 13.01' })).toBeTruthy();
    expect(within(billRegion()).queryByText('Rounding adjustment')).toBeNull();

    await user.click(screen.getByRole('radio', { name: /Pay later/ }));
    expect(await screen.findByRole('button', { name: 'Place order · RM 13.05' })).toBeTruthy();
    expect(row('Rounding adjustment')).toContain('RM 0.04');
    expect(row('Total')).toContain('RM 13.05');
    expect(row('Nasi Lemak Mak Jah')).toContain('RM 6.90');
    expect(row('Roti Canai Raju')).toContain('RM 6.15');
  });

  it('an outlet in the cart without pay later -> no choice, Order and pay', async () => {
    const mall = mallFixture();
    mall.restaurants = mall.restaurants.map((outlet) =>
      outlet.restaurant_id === 1013 ? { ...outlet, pay_later_order_types: [] } : outlet,
    );
    stub({ 'restaurants.mall': () => mall });
    renderRoute(routes, '/fc/mall-demo/cart');
    expect(await screen.findByRole('button', { name: 'Order and pay · RM 13.00' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /Pay later/ })).toBeNull();
  });

  it("'Order time: change' -> only the slots both outlets offer; one chosen -> the cart's context is scheduled", async () => {
    const slot = (time: string, epoch: number) => ({
      date: '2030-01-10',
      time,
      epoch,
      selectedTime: `${time} - later`,
    });
    const spy = stub({
      'restaurants.slots': (input) => ({
        time_zone: 'Asia/Kuala_Lumpur',
        days: [
          {
            date: '2030-01-10',
            slots:
              input.query?.restaurant_id === 1011
                ? [slot('19:00', 1893_000_000), slot('19:30', 1893_001_800)]
                : [slot('19:30', 1893_001_800)],
          },
        ],
      }),
    });
    const { user } = renderRoute(routes, '/fc/mall-demo/cart');
    await user.click(await screen.findByRole('button', { name: 'Order time: change' }));
    await user.click(await screen.findByRole('radio', { name: /Schedule/ }));
    expect(screen.queryByRole('radio', { name: /19:00 - later/ })).toBeNull();
    await user.click(await screen.findByRole('radio', { name: /19:30 - later/ }));
    await user.click(screen.getByRole('button', { name: /Confirm/ }));
    await waitFor(() =>
      expect(
        callsTo(spy, 'cart.details').some(
          ([input]) => (input.body?.context as { orderTime?: string } | undefined)?.orderTime === 'SCHEDULED',
        ),
      ).toBe(true),
    );
    expect(await screen.findByText('Scheduled: 2030-01-10, 19:30 - later')).toBeTruthy();
  });

  it("sold out at one outlet -> named, 'Items not available', ordering refused until removed", async () => {
    const spy = stub({
      'cart.foodCourtOutOfStock': () => ({
        items: [{ cart_item_id: 2, item_id: 20, restaurant_id: 1013, name: 'Roti Tisu' }],
      }),
    });
    const { user } = renderRoute(routes, '/fc/mall-demo/cart');
    expect(await screen.findByText('Sold out now: Roti Tisu.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Order and pay/ }));
    expect(screen.getAllByText('Items not available').length).toBe(2);
    expect(callsTo(spy, 'orders.createFoodCourt')).toHaveLength(0);
  });

  it('the coupon on Roti Canai Raju -> its own Remove calls remove-rest for that outlet only', async () => {
    const spy = stub({
      'promotions.foodCourtActive': () =>
        coupons([
          { restaurant_id: 1011, code: 'FOODCOURT10', amount: 60 },
          { restaurant_id: 1013, code: 'FOODCOURT10', amount: 61 },
        ]),
      'promotions.foodCourtRemoveRest': () =>
        coupons([
          { restaurant_id: 1011, code: 'FOODCOURT10', amount: 60 },
          { restaurant_id: 1013, code: null, amount: 0 },
        ]),
    });
    const { user } = renderRoute(routes, '/fc/mall-demo/cart');
    const panel = (await screen.findByRole('heading', { name: 'Coupons' })).closest('section')!;
    expect(within(panel).getByText('FOODCOURT10 on Roti Canai Raju')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Remove the coupon from Roti Canai Raju' }));
    await waitFor(() => expect(within(panel).queryByText('FOODCOURT10 on Roti Canai Raju')).toBeNull());
    expect(within(panel).getByText('FOODCOURT10 on Nasi Lemak Mak Jah')).toBeTruthy();
    expect(callsTo(spy, 'promotions.foodCourtRemoveRest')[0]![0].body).toEqual({
      mall: 'mall-demo',
      restaurant_id: 1013,
    });
  });
});

/** The bill's row named `label` ('Coupon discount'), or null. */
const billRow = (label: string) => {
  const section = screen.getByRole('heading', { name: 'Bill details' }).closest('section')!;
  return within(section).queryByText(label)?.closest('div') ?? null;
};

/** A bill of 1300 less `discounts` (each a labelled line), as the server words it. */
const discountedBill = (...discounts: { key: string; label: string; amount: number }[]) => {
  const total = 1300 - discounts.reduce((sum, line) => sum + line.amount, 0);
  return {
    currency: 'MYR' as const,
    subtotal: 1300,
    total,
    lines: [
      { key: 'bill.subtotal', label: 'Subtotal', amount: 1300 },
      ...discounts.map((line) => ({ ...line, amount: -line.amount })),
    ],
  };
};

/**
 * A food-court cart whose coupons live on the "server": apply and remove-all change what every later
 * call answers (the bill, the active coupons), as the real server does.
 */
function couponServer(start: { restaurant_id: number; code: string | null; amount: number }[] = []) {
  let applied = start;
  const discount = () => applied.reduce((sum, part) => sum + part.amount, 0);
  const currentBill = () =>
    discount() > 0
      ? discountedBill({ key: 'bill.discount.coupon', label: 'Coupon discount', amount: discount() })
      : discountedBill();
  const state = () => ({ ...coupons(applied), bill: currentBill() });
  const cart = () =>
    cartFixture([
      lineFixture({ cart_item_id: 1, restaurant_id: 1011, name: 'Nasi Lemak' }),
      lineFixture({ cart_item_id: 2, restaurant_id: 1013, name: 'Roti Tisu' }),
    ]);
  return stub({
    // A new cart object on every read, as over the network (the page refetches the bill on a change).
    'cart.get': () => cart(),
    'cart.bill': () => ({ bill: currentBill(), by_restaurant: [] }),
    'promotions.foodCourtActive': () => state(),
    'promotions.foodCourtApply': (input) => {
      if (input.body?.code !== 'FOODCOURT10') {
        throw new ServerMessage('This coupon is not valid', 'errors.couponInvalid', 400);
      }
      applied = [
        { restaurant_id: 1011, code: 'FOODCOURT10', amount: 60 },
        { restaurant_id: 1013, code: 'FOODCOURT10', amount: 61 },
      ];
      return state();
    },
    'promotions.foodCourtRemoveAll': () => {
      applied = applied.map((part) => ({ ...part, code: null, amount: 0 }));
      return state();
    },
  });
}

describe('food-court coupons on the cart', () => {
  it('FOODCOURT10 picked from the active list -> apply for the whole food court; the bill and the total lose RM 1.21', async () => {
    const spy = couponServer();
    const { user } = renderRoute(routes, '/fc/mall-demo/cart');
    const panel = (await screen.findByRole('heading', { name: 'Coupons' })).closest('section')!;
    expect(billRow('Coupon discount')).toBeNull();
    await user.click(within(panel).getByText('Available coupons'));
    await user.click(within(panel).getByRole('button', { name: 'Apply coupon FOODCOURT10' }));
    expect(await within(panel).findByText('FOODCOURT10 on Nasi Lemak Mak Jah')).toBeTruthy();
    expect(within(panel).getByText('FOODCOURT10 on Roti Canai Raju')).toBeTruthy();
    expect(callsTo(spy, 'promotions.foodCourtApply').map(([input]) => input.body)).toEqual([
      { mall: 'mall-demo', code: 'FOODCOURT10' },
    ]);
    await waitFor(() => expect(billRow('Coupon discount')?.textContent).toMatch(/RM 1\.21$/));
    expect(billRow('Total')?.textContent).toMatch(/RM 11\.79$/);
    expect(screen.getByRole('button', { name: 'Order and pay · RM 11.79' })).toBeTruthy();
  });

  it('a typed code the server refuses -> its words under the form; nothing applied, the bill unchanged', async () => {
    const spy = couponServer();
    const { user } = renderRoute(routes, '/fc/mall-demo/cart');
    const panel = (await screen.findByRole('heading', { name: 'Coupons' })).closest('section')!;
    await user.type(within(panel).getByRole('textbox'), 'nope5');
    await user.click(within(panel).getByRole('button', { name: 'Apply' }));
    expect(await within(panel).findByText('This coupon is not valid')).toBeTruthy();
    expect(callsTo(spy, 'promotions.foodCourtApply')[0]![0].body).toEqual({
      mall: 'mall-demo',
      code: 'NOPE5',
    });
    expect(within(panel).queryByRole('button', { name: 'Remove all coupons' })).toBeNull();
    expect(billRow('Coupon discount')).toBeNull();
    expect(screen.getByRole('button', { name: 'Order and pay · RM 13.00' })).toBeTruthy();
  });

  it('Remove all coupons -> remove-all for the food court; every outlet loses its coupon, the bill its discount', async () => {
    const spy = couponServer([
      { restaurant_id: 1011, code: 'FOODCOURT10', amount: 60 },
      { restaurant_id: 1013, code: 'ROTI10', amount: 100 },
    ]);
    const { user } = renderRoute(routes, '/fc/mall-demo/cart');
    const panel = (await screen.findByRole('heading', { name: 'Coupons' })).closest('section')!;
    expect(within(panel).getByText('ROTI10 on Roti Canai Raju')).toBeTruthy();
    expect(billRow('Coupon discount')?.textContent).toMatch(/RM 1\.60$/);
    await user.click(within(panel).getByRole('button', { name: 'Remove all coupons' }));
    await waitFor(() =>
      expect(within(panel).queryByText(/ on (Nasi Lemak Mak Jah|Roti Canai Raju)$/)).toBeNull(),
    );
    expect(within(panel).queryByRole('button', { name: 'Remove all coupons' })).toBeNull();
    expect(callsTo(spy, 'promotions.foodCourtRemoveAll').map(([input]) => input.body)).toEqual([
      { mall: 'mall-demo' },
    ]);
    await waitFor(() => expect(billRow('Coupon discount')).toBeNull());
    expect(screen.getByRole('button', { name: 'Order and pay · RM 13.00' })).toBeTruthy();
  });
});

const wallet =
  (balance: number, loggedIn = true) =>
  () => ({
    scope: 'mall-demo',
    logged_in: loggedIn,
    balance,
    currency: 'MYR',
    loyalty: { min_order: 0, percent_bps: 500 },
  });

/** The cashback switch's reply: the bill spends min(balance, total) as 'Loyalty cashback'. */
const loyaltyReply = (useLoyalty: boolean, balance = 800) => ({
  mall: 'mall-demo',
  use_loyalty: useLoyalty,
  balance,
  applied_amount: useLoyalty ? balance : 0,
  bill: useLoyalty
    ? discountedBill({ key: 'bill.discount.loyalty', label: 'Loyalty cashback', amount: balance })
    : discountedBill(),
});

describe('food-court loyalty cashback on the cart', () => {
  it('switch on -> loyalty update true, RM 8.00 cashback in the bill, order created with it; off -> removed', async () => {
    const spy = stub({
      'promotions.walletAmount': wallet(800),
      'promotions.foodCourtLoyaltyUpdate': (input) => loyaltyReply(input.body?.use_loyalty === true),
    });
    const { user } = renderRoute(routes, '/fc/mall-demo/cart');
    const cashback = await screen.findByRole('checkbox', { name: 'Use my cashback: RM 8.00' });
    expect(screen.queryByRole('link', { name: 'Log in to earn and use cashback' })).toBeNull();
    expect(billRow('Loyalty cashback')).toBeNull();

    await user.click(cashback);
    await waitFor(() => expect(billRow('Loyalty cashback')?.textContent).toMatch(/RM 8\.00$/));
    expect((cashback as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Order and pay · RM 5.00' })).toBeTruthy();

    await user.click(cashback);
    await waitFor(() => expect(billRow('Loyalty cashback')).toBeNull());
    expect((cashback as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('button', { name: 'Order and pay · RM 13.00' })).toBeTruthy();
    expect(callsTo(spy, 'promotions.foodCourtLoyaltyUpdate').map(([input]) => input.body)).toEqual([
      { mall: 'mall-demo', use_loyalty: true },
      { mall: 'mall-demo', use_loyalty: false },
    ]);

    await user.click(cashback);
    await waitFor(() => expect(billRow('Loyalty cashback')).not.toBeNull());
    await user.click(screen.getByRole('button', { name: 'Order and pay · RM 5.00' }));
    await screen.findByText('pay here');
    expect(callsTo(spy, 'orders.createFoodCourt')[0]![0].body).toEqual({
      scope: 'mall-demo',
      payment_mode: 'online',
      use_loyalty: true,
    });
  });

  it('cashback switched on earlier (the server bill spends it) -> the switch shows on when the diner comes back', async () => {
    const spy = stub({
      'promotions.walletAmount': wallet(800),
      'cart.bill': () => ({
        bill: discountedBill({ key: 'bill.discount.loyalty', label: 'Loyalty cashback', amount: 800 }),
        by_restaurant: [],
      }),
      'promotions.foodCourtLoyaltyUpdate': (input) => loyaltyReply(input.body?.use_loyalty === true),
    });
    const { user } = renderRoute(routes, '/fc/mall-demo/cart');
    const cashback = (await screen.findByRole('checkbox', {
      name: 'Use my cashback: RM 8.00',
    })) as HTMLInputElement;
    expect(billRow('Loyalty cashback')?.textContent).toMatch(/RM 8\.00$/);
    expect(cashback.checked).toBe(true);
    await user.click(cashback);
    await waitFor(() => expect(billRow('Loyalty cashback')).toBeNull());
    expect(callsTo(spy, 'promotions.foodCourtLoyaltyUpdate')[0]![0].body).toEqual({
      mall: 'mall-demo',
      use_loyalty: false,
    });
    expect(cashback.checked).toBe(false);
  });

  it('the switch refused by the server -> back off, its words shown, the bill unchanged', async () => {
    stub({
      'promotions.walletAmount': wallet(800),
      'promotions.foodCourtLoyaltyUpdate': () => {
        throw new ServerMessage('invalid token', 'errors.invalidToken', 401);
      },
    });
    const { user } = renderRoute(routes, '/fc/mall-demo/cart');
    const cashback = (await screen.findByRole('checkbox', {
      name: 'Use my cashback: RM 8.00',
    })) as HTMLInputElement;
    await user.click(cashback);
    expect(await screen.findByText('invalid token')).toBeTruthy();
    expect(cashback.checked).toBe(false);
    expect(billRow('Loyalty cashback')).toBeNull();
  });

  it('a guest -> no cashback switch, the login prompt back to this cart instead', async () => {
    const spy = stub({ 'promotions.walletAmount': wallet(0, false) });
    renderRoute(routes, '/fc/mall-demo/cart');
    const login = await screen.findByRole('link', { name: 'Log in to earn and use cashback' });
    expect(login.getAttribute('href')).toBe('/login?path=%2Ffc%2Fmall-demo%2Fcart');
    expect(screen.queryByRole('checkbox', { name: /Use my cashback/ })).toBeNull();
    expect(callsTo(spy, 'promotions.foodCourtLoyaltyUpdate')).toHaveLength(0);
  });

  it('logged in with no cashback yet -> neither the switch nor the login prompt', async () => {
    stub({ 'promotions.walletAmount': wallet(0) });
    renderRoute(routes, '/fc/mall-demo/cart');
    await screen.findByRole('heading', { name: 'Coupons' });
    expect(screen.queryByRole('checkbox', { name: /Use my cashback/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Log in to earn and use cashback' })).toBeNull();
  });
});

describe('the cashback when the wallet call fails', () => {
  const failing = () => {
    throw new Error('network down');
  };

  it('a logged-in diner -> no login prompt (they are logged in) and no switch', async () => {
    storeAuth({ status: 'ACTIVE' });
    const spy = stub({ 'promotions.walletAmount': failing });
    renderRoute(routes, '/fc/mall-demo/cart');
    await screen.findByRole('heading', { name: 'Coupons' });
    expect(callsTo(spy, 'promotions.walletAmount')).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'Log in to earn and use cashback' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Use my cashback/ })).toBeNull();
  });

  it('a guest (no login, or a guest login) -> the login prompt as before', async () => {
    storeAuth({ status: 'GUEST' });
    stub({ 'promotions.walletAmount': failing });
    renderRoute(routes, '/fc/mall-demo/cart');
    expect(await screen.findByRole('link', { name: 'Log in to earn and use cashback' })).toBeTruthy();
  });
});

describe("the login from the cart on the mall's own host (mall-demo.santap.my/cart)", () => {
  const hostRoutes = [
    { path: '/cart', loader, Component: CartPage },
    { path: '/pay/:fcOrderId', element: <p>pay here</p> },
  ];

  it('the cashback login link -> the diner login, back to /fc/mall-demo/cart (the food court, same cart)', async () => {
    setHostMall('mall-demo');
    stub();
    renderRoute(hostRoutes, '/cart');
    const login = await screen.findByRole('link', { name: 'Log in to earn and use cashback' });
    expect(login.getAttribute('href')).toBe('/login?path=%2Ffc%2Fmall-demo%2Fcart');
  });

  it('ordering as a guest the server refuses (login needed) -> the browser loads that same login', async () => {
    setHostMall('mall-demo');
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    stub({
      'orders.createFoodCourt': () => {
        throw new AuthRequired('invalid token', 'errors.invalidToken', 401);
      },
    });
    const { user } = renderRoute(hostRoutes, '/cart');
    await user.click(await screen.findByRole('button', { name: 'Order and pay · RM 13.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login?path=%2Ffc%2Fmall-demo%2Fcart'));
  });
});
