import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fcOrderFixture, outletOrderFixture } from '../../../testing/fixtures';
import { callsTo, renderRoute, stubApi } from '../../../testing/render-route';
import type { StubHandler } from '../../../testing/render-route';
import { Component as PayPage, loader } from './pay-page';
import { gateway } from '@santap/web';

const routes = [
  { path: '/fc/:mall/pay/:fcOrderId', loader, Component: PayPage },
  { path: '/fc/:mall/order/:fcOrderId', element: <p>the order</p> },
  { path: '/fc/:mall/cart', element: <p>the cart</p> },
];

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const unpaidOrder = (overrides = {}) =>
  fcOrderFixture(
    [
      outletOrderFixture({ order_id: 31, restaurant_id: 1011, restaurant_name: 'Nasi Lemak Mak Jah' }),
      outletOrderFixture({
        order_id: 32,
        restaurant_id: 1013,
        restaurant_name: 'Roti Canai Raju',
        total: 611,
      }),
    ].map((part) => ({ ...part, payment_status: 'unpaid' })),
    { payment_status: 'unpaid', ...overrides },
  );

const methods = (online: string[] = ['Card', 'Wallet']) => ({
  restaurant_id: null,
  mall: 'mall-demo',
  currency: 'MYR',
  methods: online,
  online_methods: online,
  channels: online.includes('Wallet') ? ['gopay'] : [],
  providers: ['simulator'],
  default_provider: 'simulator',
  speed_modes: ['secure'],
  default_speed_mode: 'secure',
  pay_later_allowed: false,
  pay_later_order_types: [],
  prepay_order_types: [1, 2, 3],
});

const noPayment = { order_payment_status: 'unpaid', payment: null, processing: false, can_pay: true };
/** The latest payment processing, `secondsLeft` of its 60 s window left (so 60 - secondsLeft old). */
const processing = (secondsLeft: number, paymentId = 9) => ({
  order_payment_status: 'processing',
  processing: true,
  can_pay: false,
  payment: {
    payment_id: paymentId,
    result: 0,
    page_state: 'processing',
    lock: { locked: true, can_unlock: secondsLeft <= 30, seconds_left: secondsLeft },
  },
});

function stub(overrides: Record<string, StubHandler> = {}) {
  return stubApi({
    'orders.foodCourt': () => unpaidOrder(),
    'payments.previous': () => noPayment,
    'payments.methods': () => methods(),
    ...overrides,
  });
}

const payButton = () => screen.queryByRole('button', { name: /^Pay RM/ });

describe('the food-court payment page', () => {
  it("every outlet's part and the one amount -> Pay opens the gateway for the whole food-court order", async () => {
    const open = vi.spyOn(gateway, 'open').mockImplementation(() => undefined);
    const spy = stub({
      'payments.initiateFoodCourt': () => ({
        payment_id: 9,
        reference: 'SIM-9',
        redirect_url: 'http://pay.example/sim/9',
        qr_string: null,
        state: 'initiated',
        page_state: 'initiated',
        amount: 1300,
        currency: 'MYR',
        provider: 'simulator',
        speed_mode: 'secure',
        resumed: false,
        lock: { locked: true, can_unlock: false, seconds_left: 60 },
      }),
    });
    const { user } = renderRoute(routes, '/fc/mall-demo/pay/7');
    expect(await screen.findByText('Food court order #7')).toBeTruthy();
    const outlets = screen.getByRole('list', { name: /outlet/i });
    expect(within(outlets).getByText(/Nasi Lemak Mak Jah/).textContent).toMatch(/RM 6\.89/);
    expect(within(outlets).getByText(/Roti Canai Raju/).textContent).toMatch(/RM 6\.11/);
    await user.click(screen.getByRole('button', { name: 'Pay RM 13.00' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('http://pay.example/sim/9'));
    expect(callsTo(spy, 'payments.initiateFoodCourt')[0]![0].body).toMatchObject({ fc_order_id: 7 });
    expect(callsTo(spy, 'payments.methods')[0]![0].query).toMatchObject({ mall: 'mall-demo' });
  });

  it('a payment processing on arrival (10 s old) -> the cart lock: no Pay, no way back, unlock not yet', async () => {
    const spy = stub({ 'payments.previous': () => processing(50) });
    renderRoute(routes, '/fc/mall-demo/pay/7');
    const popup = await screen.findByRole('alertdialog', { name: 'Payment in progress' });
    expect(within(popup).getByText('You can unlock the cart in 20 s')).toBeTruthy();
    expect((within(popup).getByRole('button', { name: 'Unlock cart' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(payButton()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Back', hidden: true })).toBeNull();
    expect(callsTo(spy, 'payments.initiateFoodCourt')).toHaveLength(0);
  });

  it('locked, 30 s after the payment started -> Unlock cart works: the lock goes and Pay comes back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setInterval', 'clearInterval'] });
    const spy = stub({
      'payments.previous': () => processing(50),
      'payments.unlock': () => ({}),
    });
    const { user } = renderRoute(routes, '/fc/mall-demo/pay/7');
    const popup = await screen.findByRole('alertdialog', { name: 'Payment in progress' });
    const unlock = within(popup).getByRole('button', { name: 'Unlock cart' }) as HTMLButtonElement;
    expect(unlock.disabled).toBe(true);

    await act(async () => {
      vi.advanceTimersByTime(19_000);
    });
    expect(unlock.disabled).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(2_000);
    });
    expect(unlock.disabled).toBe(false);
    expect(within(popup).getByText(/If you closed the payment page/)).toBeTruthy();

    await user.click(unlock);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(spy, 'payments.unlock').map(([input]) => input.body)).toEqual([{ payment_id: 9 }]);
    expect(payButton()).toBeTruthy();
  });

  it('locked, and the payment succeeds meanwhile -> the page polls and goes on to the order', async () => {
    const replies = [processing(55)];
    stub({
      'payments.previous': () =>
        replies.shift() ?? {
          order_payment_status: 'paid',
          processing: false,
          can_pay: false,
          payment: {
            payment_id: 9,
            result: 1,
            page_state: 'success',
            lock: { locked: false, can_unlock: false, seconds_left: 0 },
          },
        },
    });
    const { router } = renderRoute(routes, '/fc/mall-demo/pay/7');
    await screen.findByRole('alertdialog', { name: 'Payment in progress' });
    expect(await screen.findByText('the order', {}, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/fc/mall-demo/order/7');
  });

  it("already paid -> 'This order is already paid.' with the way to the order; nothing to pay", async () => {
    stub({ 'orders.foodCourt': () => unpaidOrder({ payment_status: 'paid' }) });
    const { user } = renderRoute(routes, '/fc/mall-demo/pay/7');
    expect(await screen.findByText('This order is already paid.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(payButton()).toBeNull();
    await user.click(screen.getByRole('link', { name: 'View order status' }));
    expect(await screen.findByText('the order')).toBeTruthy();
  });

  it('no online method at the food court -> says so, no Pay button', async () => {
    stub({ 'payments.methods': () => methods([]) });
    renderRoute(routes, '/fc/mall-demo/pay/7');
    expect(
      await screen.findByText(
        'Online payment is not available at this restaurant right now. Please ask the staff.',
      ),
    ).toBeTruthy();
    expect(payButton()).toBeNull();
  });
});
