import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthRequired } from '@santap/api-client';
import type { Order } from '@santap/api-client';
import { Outlet } from 'react-router';
import { useExitGuards } from '../../../lib/exit-guard';
import { renderRoute, stubApi } from '../../../lib/testing/render-route';
import type { StubHandler } from '../../../lib/testing/render-route';
import { Component as PaymentsPage, loader } from './payments-page';
import { gateway } from '@santap/web';

vi.mock('../../../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

const order = (overrides: Partial<Order> = {}): Order => ({
  order_id: 77,
  fc_order_id: null,
  restaurant_id: 1001,
  nameid: 'kopitiam-ali',
  restaurant_name: 'Kopitiam Ali',
  time_zone: 'Asia/Kuala_Lumpur',
  order_type: 3,
  pickup_type: 'pickup',
  order_time: 'ASAP',
  scheduled_epoch: null,
  table_no: 'pickup',
  status: 0,
  status_key: 'status.waitingConfirmation',
  payment_status: 'unpaid',
  payment_mode: 'online',
  prepay: true,
  currency: 'MYR',
  total: 2550,
  bill: { currency: 'MYR', subtotal: 2550, total: 2550, lines: [] },
  items: [],
  special_note: null,
  created_epoch: 1_777_600_000,
  can_cancel: true,
  ...overrides,
});

const methods = {
  restaurant_id: 1001,
  mall: null,
  currency: 'MYR',
  methods: ['Card', 'Wallet', 'pay later'],
  online_methods: ['Card', 'Wallet'],
  channels: ['gopay', 'qris'],
  providers: ['simulator'],
  default_provider: 'simulator',
  speed_modes: ['secure'],
  default_speed_mode: 'secure',
  pay_later_allowed: true,
  pay_later_order_types: [1, 3],
  prepay_order_types: [2],
};

const noPayment = { order_payment_status: 'unpaid', payment: null, processing: false, can_pay: true };
const lock = (can_unlock: boolean, seconds_left: number) => ({ locked: true, can_unlock, seconds_left });
const processing = (lockState: ReturnType<typeof lock>) => ({
  order_payment_status: 'processing',
  processing: true,
  can_pay: false,
  payment: { payment_id: 9, result: 0, page_state: 'processing', lock: lockState },
});

const routes = [
  { path: '/payments/:order_id?/:price?/:orderIds?/:payment_id?', Component: PaymentsPage, loader },
  { path: '/payment/response', element: <p>payment response page</p> },
  { path: '/orderstatus/order_id/:order_id', element: <p>order status page</p> },
];

function stub(overrides: Record<string, StubHandler> = {}) {
  return stubApi({
    'orders.details': () => order(),
    'payments.previous': () => noPayment,
    'payments.methods': () => methods,
    ...overrides,
  });
}

describe('/payments/:order_id/:price', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("a friend's unpaid order at the table -> listed, with 'Or split the bill with your table' to the tab", async () => {
    stub({
      'orders.details': () => order({ order_type: 1, pickup_type: null, table_no: 'T5' }),
      'orders.tableUnpaid': () => ({
        table_label: 'Table 5',
        orders: [
          {
            order_id: 77,
            own: true,
            owed: 2550,
            total: 2550,
            items: [{ name: 'Nasi Lemak', quantity: 1 }],
            created_epoch: 1,
          },
          {
            order_id: 78,
            own: false,
            owed: 1200,
            total: 1200,
            items: [{ name: 'Teh Tarik', quantity: 2 }],
            created_epoch: 2,
          },
        ],
      }),
    });
    renderRoute(routes, '/payments/77/2550');
    expect(
      (await screen.findByRole('link', { name: 'Or split the bill with your table' })).getAttribute('href'),
    ).toBe('/tab/order/77');
  });

  it('e-wallet GoPay chosen -> initiate with the channel, then the gateway page opens', async () => {
    const open = vi.spyOn(gateway, 'open').mockImplementation(() => undefined);
    const call = stub({
      'payments.initiate': () => ({
        payment_id: 9,
        reference: 'SNTP-9',
        redirect_url: 'http://localhost:3000/simulator/pay/SNTP-9',
        qr_string: null,
        state: 'initiated',
        page_state: 'initiated',
        amount: 2550,
        currency: 'MYR',
        provider: 'simulator',
        speed_mode: 'secure',
        resumed: false,
        lock: { locked: true, can_unlock: false, seconds_left: 60 },
      }),
    });
    const view = renderRoute(routes, '/payments/77/2550');

    await view.user.click(await screen.findByRole('radio', { name: 'GoPay' }));
    expect(screen.getByRole('radio', { name: 'Credit or debit card' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Pay later at the counter or to staff' })).toBeNull();
    await view.user.click(screen.getByRole('button', { name: 'Pay RM 25.50' }));

    await waitFor(() => expect(open).toHaveBeenCalledWith('http://localhost:3000/simulator/pay/SNTP-9'));
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ id: 'payments.initiate' }), {
      body: { order_id: 77, method: 'Wallet', channel: 'gopay' },
    });
    expect(call).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'payments.methods' }),
      {
        query: { restaurant_id: 1001, order_type: 3 },
      },
      expect.anything(),
    );
  });

  it('a payment processing on arrival, 10 s old -> the cart lock popup, unlock not yet allowed', async () => {
    stub({ 'payments.previous': () => processing(lock(false, 50)) });
    renderRoute(routes, '/payments/77/2550');
    const popup = await screen.findByRole('alertdialog', { name: 'Payment in progress' });
    expect(within(popup).getByText('You can unlock the cart in 20 s')).toBeTruthy();
    expect((within(popup).getByRole('button', { name: 'Unlock cart' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('a payment processing for 40 s -> unlock, then the methods come back', async () => {
    const call = stub({
      'payments.previous': () => processing(lock(true, 20)),
      'payments.unlock': () => ({}),
    });
    const view = renderRoute(routes, '/payments/77/2550');
    const popup = await screen.findByRole('alertdialog', { name: 'Payment in progress' });
    await view.user.click(within(popup).getByRole('button', { name: 'Unlock cart' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('radio', { name: 'GoPay' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay RM 25.50' })).toBeTruthy();
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ id: 'payments.unlock' }), {
      body: { payment_id: 9 },
    });
  });

  it('locked, and the payment succeeds meanwhile -> "check payment status" goes on to the order', async () => {
    const replies = [processing(lock(false, 55))];
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
    const view = renderRoute(routes, '/payments/77/2550');
    const popup = await screen.findByRole('alertdialog', { name: 'Payment in progress' });
    await view.user.click(within(popup).getByRole('button', { name: 'Check payment status' }));
    expect(await screen.findByText('order status page')).toBeTruthy();
    expect(view.router.state.location.pathname).toBe('/orderstatus/order_id/77');
  });

  it('a pay-later order -> pay later confirmed in a popup, then the pay-later outcome', async () => {
    stub({ 'orders.details': () => order({ payment_mode: 'pay_later', prepay: false }) });
    const view = renderRoute(routes, '/payments/77/2550');
    await view.user.click(await screen.findByRole('radio', { name: 'Pay later at the counter or to staff' }));
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('dialog', { name: 'Pay later?' });
    await view.user.click(screen.getByRole('button', { name: 'Yes, pay later' }));

    expect(await screen.findByText('payment response page')).toBeTruthy();
    expect(Object.fromEntries(new URLSearchParams(view.router.state.location.search))).toEqual({
      status: '1',
      order_id: '77',
      type: 'addmore',
      redirect: '1',
    });
  });

  it('a scheduled pay-later order -> no pay later (scheduled orders are paid first)', async () => {
    stub({ 'orders.details': () => order({ payment_mode: 'pay_later', order_time: 'SCHEDULED' }) });
    renderRoute(routes, '/payments/77/2550');
    expect(await screen.findByText('Scheduled orders must be paid in advance')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Pay later at the counter or to staff' })).toBeNull();
  });

  it("'invalid token' reading the order -> login with the whole redirect query, back to this payment after", async () => {
    stub({
      'orders.details': () => {
        throw new AuthRequired('invalid token');
      },
    });
    const { router } = renderRoute(
      [...routes, { path: '/login', element: <p>login page</p> }],
      '/payments/77/2550',
    );
    expect(await screen.findByText('login page')).toBeTruthy();
    const sent = Object.fromEntries(new URLSearchParams(router.state.location.search));
    expect(sent).toMatchObject({ otpless: '1', path: '/payments/77/2550', language: 'en' });
    expect(Object.keys(sent)).toEqual(
      expect.arrayContaining(['browser', 'scanThroughQr', 'cartToken', 'sessionId']),
    );
  });

  it("a payment processing -> a 'payment' exit guard (the payment words), which lets the order status through", async () => {
    stub({ 'payments.previous': () => processing(lock(false, 50)) });
    renderRoute(guardedRoutes, '/payments/77/2550');
    await screen.findByRole('alertdialog', { name: 'Payment in progress' });
    expect(screen.getByTestId('guards').textContent).toBe('payment home:false status:true response:true');
  });

  it('no payment processing -> no exit guard', async () => {
    stub();
    renderRoute(guardedRoutes, '/payments/77/2550');
    await screen.findByRole('button', { name: 'Pay RM 25.50' });
    expect(screen.getByTestId('guards').textContent).toBe('');
  });
});

/** Shows the exit guards the page set: their reasons and whether each lets a few paths through. */
function GuardsProbe() {
  const guards = useExitGuards();
  const lets = (path: string) => guards.every((guard) => guard.allows(path));
  return (
    <>
      <output data-testid="guards">
        {guards.length === 0
          ? ''
          : `${guards.map((guard) => guard.reason).join(',')} home:${lets('/home')} status:${lets('/orderstatus/order_id/77')} response:${lets('/payment/response')}`}
      </output>
      <Outlet />
    </>
  );
}

const guardedRoutes = [{ Component: GuardsProbe, children: routes }];
