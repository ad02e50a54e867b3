import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Order } from '@santap/api-client';
import { ServerMessage } from '@santap/api-client';
import { menuFixture } from '../../../lib/testing/fixtures';
import { callsTo, renderRoute, stubApi } from '../../../lib/testing/render-route';
import type { StubHandler } from '../../../lib/testing/render-route';
import { asLoggedInDiner } from '../testing/logged-in';
import { Component as OrderHistory, loader } from './order-history';

vi.mock('../../../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

const routes = [
  { path: '/orderHistory', Component: OrderHistory, loader },
  { path: '/cart/:name/:ot?/:pickupType?', element: <p>cart page</p> },
  { path: '/login', element: <p>login page</p> },
];

const order = (overrides: Partial<Order> = {}): Order => ({
  order_id: 77,
  fc_order_id: null,
  restaurant_id: 1001,
  nameid: 'kopitiam-ali',
  restaurant_name: 'Kopitiam Ali',
  time_zone: 'Asia/Kuala_Lumpur',
  order_type: 1,
  pickup_type: null,
  order_time: 'ASAP',
  scheduled_epoch: null,
  table_no: 'T5',
  status: 4,
  status_key: 'status.completed',
  payment_status: 'paid',
  payment_mode: 'online',
  prepay: true,
  currency: 'MYR',
  total: 1850,
  bill: { currency: 'MYR', subtotal: 1850, total: 1850, lines: [] },
  items: [
    {
      order_item_id: 1,
      item_id: 11,
      name: 'Nasi Lemak',
      quantity: 2,
      unit_price: 650,
      options: [{ group_id: 'sides', option_id: 'egg', price: 150 }],
      notes: null,
      status: 'active',
      batch: 1,
    },
    {
      order_item_id: 2,
      item_id: 21,
      name: 'Prawn Fritters',
      quantity: 1,
      unit_price: 800,
      options: [],
      notes: null,
      status: 'active',
      batch: 1,
    },
  ],
  special_note: null,
  created_epoch: 1_777_600_000,
  can_cancel: false,
  ...overrides,
});

const payment = (overrides: Record<string, unknown> = {}) => ({
  payment_id: 5,
  reference: 'PAY-5',
  order_id: 77,
  fc_order_id: null,
  order_ids: [77],
  provider: 'simulator',
  method: 'Card',
  channel: null,
  amount: 1850,
  currency: 'MYR',
  refunded_amount: 0,
  state: 'success',
  page_state: 'success',
  result: 1,
  transaction_id: 'T-1',
  redirect_url: null,
  qr_string: null,
  lock: { locked: false, can_unlock: false, seconds_left: 0 },
  created_epoch: 1_777_600_100,
  refunds: [],
  ...overrides,
});

function stubHistory(overrides: Record<string, StubHandler> = {}, orders = [order()]) {
  return stubApi({
    'account.orders': () => ({ orders, page_no: 1, total_pages: 1, total: orders.length }),
    'account.userInfo': () => ({ user: { email: 'aisyah@example.my' } }),
    'restaurants.menu': () => menuFixture(),
    'cart.update': () => ({}),
    ...overrides,
  });
}

asLoggedInDiner();

describe('/orderHistory', () => {
  it('a paid Malaysian order -> place, total, status and payment in words, and its actions', async () => {
    stubHistory({}, [
      order(),
      order({ order_id: 78, currency: 'IDR', restaurant_name: 'Warung Sari', total: 45_000 }),
    ]);
    renderRoute(routes, '/orderHistory');
    const card = (await screen.findByRole('heading', { name: 'Kopitiam Ali' })).closest('article')!;
    expect(within(card.querySelector('header')!).getByText('RM 18.50')).toBeTruthy();
    expect(within(card).getByText('Dine-in · Completed · Paid')).toBeTruthy();
    expect(within(card).getByText('2 × Nasi Lemak, 1 × Prawn Fritters')).toBeTruthy();
    expect(
      within(card).getByRole('link', { name: 'Request an e-invoice for order #77' }).getAttribute('href'),
    ).toBe('/einvoiceform/77');
    expect(within(card).getByRole('link', { name: 'Receipt of order #77' }).getAttribute('href')).toBe(
      '/orderSummary/order_id/77',
    );
    const indonesian = screen.getByRole('heading', { name: 'Warung Sari' }).closest('article')!;
    expect(within(indonesian).queryByRole('link', { name: /e-invoice/ })).toBeNull();
  });

  it('Repeat last order -> available dishes at today’s prices, the sold-out one named; Add -> cart updates, then the cart', async () => {
    const call = stubHistory();
    const view = renderRoute(routes, '/orderHistory');
    await view.user.click(await screen.findByRole('button', { name: 'Repeat last order' }));
    const popup = await screen.findByRole('dialog', { name: 'Repeat your last order?' });
    await within(popup).findByText('Prawn Fritters');
    expect(within(popup).getByText('Not available now, will be skipped')).toBeTruthy();
    expect(callsTo(call, 'restaurants.menu')[0]![0].query).toEqual({ restaurant_id: 'kopitiam-ali' });
    // Nasi Lemak 6.50 + fried egg 1.50, twice.
    await view.user.click(within(popup).getByRole('button', { name: 'Add these to cart · RM 16.00' }));
    expect(await screen.findByText('cart page')).toBeTruthy();
    expect(view.router.state.location.pathname).toBe('/cart/kopitiam-ali/1');
    expect(callsTo(call, 'cart.update').map(([input]) => input.body)).toEqual([
      { scope: 'kopitiam-ali', item_id: 11, quantity: 2, selections: { sides: ['egg'] } },
    ]);
  });

  it('a food-court order (two outlet parts) -> Repeat last order takes both parts; Add -> the mall’s cart, then the food court’s cart page', async () => {
    const noodles = order({
      order_id: 91,
      fc_order_id: 12,
      restaurant_id: 1012,
      nameid: 'mall-noodles',
      restaurant_name: 'Noodle Corner',
      items: [
        {
          order_item_id: 5,
          item_id: 41,
          name: 'Laksa',
          quantity: 1,
          unit_price: 900,
          options: [],
          notes: 'no cockles',
          status: 'active',
          batch: 1,
        },
        {
          order_item_id: 6,
          item_id: 42,
          name: 'Wantan Mee',
          quantity: 1,
          unit_price: 800,
          options: [],
          notes: null,
          status: 'active',
          batch: 1,
        },
      ],
    });
    const rice = order({ order_id: 90, fc_order_id: 12, restaurant_id: 1011, nameid: 'mall-rice' });
    const call = stubHistory(
      {
        'orders.foodCourt': () => ({
          fc_order_id: 12,
          mall: 'mall-demo',
          total: 3550,
          payment_status: 'paid',
          all_ready: true,
          orders: [rice, noodles],
        }),
        'restaurants.menu': ({ query }) =>
          query?.restaurant_id === 'mall-noodles'
            ? {
                ...menuFixture(),
                restaurant_id: 1012,
                items: [
                  { ...menuFixture().items[1]!, id: 41, restaurant_id: 1012, name: 'Laksa', price: 950 },
                  { ...menuFixture().items[1]!, id: 42, name: 'Wantan Mee', in_stock: false },
                ],
              }
            : menuFixture(),
      },
      [noodles, rice, order({ order_id: 70 })],
    );
    const assign = vi.fn();
    const location = vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    onTestFinished(() => location.mockRestore());
    const view = renderRoute(routes, '/orderHistory');
    await view.user.click(await screen.findByRole('button', { name: 'Repeat last order' }));
    const popup = await screen.findByRole('dialog', { name: 'Repeat your last order?' });
    await within(popup).findByText('Laksa');
    for (const sold of ['Prawn Fritters', 'Wantan Mee']) {
      const row = within(popup).getByText(sold).closest('li')!;
      expect(within(row).getByText('Not available now, will be skipped')).toBeTruthy();
    }
    expect(callsTo(call, 'orders.foodCourt')[0]![0].query).toEqual({ fc_order_id: 12 });
    expect(
      callsTo(call, 'restaurants.menu')
        .map(([input]) => input.query?.restaurant_id)
        .sort(),
    ).toEqual(['mall-noodles', 'mall-rice']);
    // Nasi Lemak 6.50 + fried egg 1.50, twice; Laksa at today's 9.50.
    await view.user.click(within(popup).getByRole('button', { name: 'Add these to cart · RM 25.50' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/fc/mall-demo/cart'));
    expect(callsTo(call, 'cart.update').map(([input]) => input.body)).toEqual([
      { scope: 'mall-demo', item_id: 11, quantity: 2, selections: { sides: ['egg'] } },
      { scope: 'mall-demo', item_id: 41, quantity: 1, notes: 'no cockles' },
    ]);
    expect(view.router.state.location.pathname).toBe('/orderHistory');
  });

  it('an outlet part’s own Order again -> the whole food-court order; an outlet gone (404) -> its dishes named', async () => {
    const gone = order({
      order_id: 91,
      fc_order_id: 12,
      nameid: 'mall-closed',
      restaurant_name: 'Closed Stall',
      items: order().items.map((item) => ({ ...item, order_item_id: item.order_item_id + 10 })),
    });
    stubHistory(
      {
        'orders.foodCourt': () => ({
          fc_order_id: 12,
          mall: 'mall-demo',
          total: 3700,
          payment_status: 'paid',
          all_ready: true,
          orders: [gone, order({ order_id: 92, fc_order_id: 12, nameid: 'mall-rice' })],
        }),
        'restaurants.menu': ({ query }) => {
          if (query?.restaurant_id === 'mall-closed')
            throw new ServerMessage('Not found', 'errors.notFound', 404);
          return menuFixture();
        },
      },
      [gone],
    );
    const view = renderRoute(routes, '/orderHistory');
    await view.user.click(
      await screen.findByRole('button', { name: 'Order again: order #91 at Closed Stall' }),
    );
    const popup = await screen.findByRole('dialog', { name: 'Repeat your last order?' });
    await waitFor(() => expect(within(popup).getAllByText('Nasi Lemak')).toHaveLength(2));
    expect(within(popup).getAllByText('Not available now, will be skipped')).toHaveLength(3);
    expect(within(popup).getByRole('button', { name: 'Add these to cart · RM 16.00' })).toBeTruthy();
  });

  it('adding fails -> the popup says why and stays', async () => {
    stubHistory({
      'cart.update': () => {
        throw new ServerMessage('Items not available', 'errors.itemsNotAvailable', 400);
      },
    });
    const view = renderRoute(routes, '/orderHistory');
    await view.user.click(
      await screen.findByRole('button', { name: 'Order again: order #77 at Kopitiam Ali' }),
    );
    const popup = await screen.findByRole('dialog', { name: 'Repeat your last order?' });
    await view.user.click(await within(popup).findByRole('button', { name: /^Add these to cart/ }));
    expect(await within(popup).findByText('Items not available')).toBeTruthy();
  });

  it('Email invoice -> the address prefilled; sent -> "Invoice sent"', async () => {
    const call = stubHistory({
      'invoices.email': () => ({
        invoice_id: 1,
        email: 'aisyah@example.my',
        status: 'sent',
        order_ids: [77],
        order_id: 77,
      }),
    });
    const view = renderRoute(routes, '/orderHistory');
    await view.user.click(await screen.findByRole('button', { name: 'Email the invoice of order #77' }));
    const popup = await screen.findByRole('dialog', { name: 'Email invoice' });
    expect((within(popup).getByRole('textbox', { name: 'Email address' }) as HTMLInputElement).value).toBe(
      'aisyah@example.my',
    );
    await view.user.click(within(popup).getByRole('button', { name: 'Send invoice' }));
    expect(
      await within(popup).findByText(
        'Check your inbox: open the link we sent to this address and the invoice will follow.',
      ),
    ).toBeTruthy();
    expect(callsTo(call, 'invoices.email')[0]![0].body).toEqual({ order_id: 77, email: 'aisyah@example.my' });
  });

  it('the mail transport fails -> "Couldn\'t Send Invoice"', async () => {
    stubHistory({
      'invoices.email': () => {
        throw new ServerMessage("Couldn't Send Invoice", 'errors.couldNotSendInvoice', 502);
      },
    });
    const view = renderRoute(routes, '/orderHistory');
    await view.user.click(await screen.findByRole('button', { name: 'Email the invoice of order #77' }));
    await view.user.click(await screen.findByRole('button', { name: 'Send invoice' }));
    expect(await screen.findByText("Couldn't Send Invoice")).toBeTruthy();
  });

  it('details opened -> the order’s payments and refunds read and shown', async () => {
    const call = stubHistory({
      'account.orderDetails': () => ({
        order: order(),
        payments: [
          payment({
            refunds: [
              {
                refund_id: 1,
                payment_id: 5,
                order_id: 77,
                order_item_id: 2,
                amount: 800,
                currency: 'MYR',
                reason: 'item_declined',
                state: 'refund_initiated',
                wording_key: 'refund.bank',
                wording: '3-5 days',
                created_epoch: 1_777_600_200,
              },
            ],
          }),
        ],
        refunds: [],
      }),
    });
    const view = renderRoute(routes, '/orderHistory');
    await view.user.click(await screen.findByText('Order details and payments'));
    expect(await screen.findByText('Card (Visa / Mastercard)')).toBeTruthy();
    expect(screen.getByText(/back in your account within 3-5 days/)).toBeTruthy();
    expect(callsTo(call, 'account.orderDetails')[0]![0].params).toEqual({ orderId: 77 });
  });

  it('?view=payments -> the payment history with places and the booking deposit', async () => {
    stubApi({
      'account.payments': () => ({
        payments: [
          { ...payment(), reservation_id: null, place_name: 'Kopitiam Ali' },
          {
            ...payment({ payment_id: 6, order_id: null, amount: 2000 }),
            reservation_id: 3,
            place_name: 'Warung Sari',
          },
        ],
        page_no: 1,
        total_pages: 1,
        total: 2,
      }),
    });
    renderRoute(routes, '/orderHistory?view=payments');
    expect(await screen.findByText('Table booking deposit')).toBeTruthy();
    expect(screen.getByText('Order #77')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Payments' }).getAttribute('aria-current')).toBe('page');
  });

  it.each([
    ['en', { method: 'Wallet', channel: 'duitnow_qr' }, 'DuitNow QR'],
    ['en', { method: 'Wallet', channel: 'tng_ewallet' }, "Touch 'n Go eWallet"],
    ['en', { method: 'Net Banking', channel: null }, 'Online banking (FPX)'],
    ['my', { method: 'Net Banking', channel: null }, 'Perbankan dalam talian (FPX)'],
    ['en', { method: 'Card', channel: null }, 'Card (Visa / Mastercard)'],
    ['id', { method: 'Wallet', channel: 'qris', currency: 'IDR' }, 'QRIS'],
    ['en', { method: 'Wallet', channel: null }, 'E-wallet'],
    ['en', { method: 'pay later', channel: null }, 'Pay later at the counter or to staff'],
  ] as const)('payment history in %s, a payment of %o -> named %j', async (language, recorded, name) => {
    stubApi({
      'account.payments': () => ({
        payments: [{ ...payment(recorded), reservation_id: null, place_name: 'Kopitiam Ali' }],
        page_no: 1,
        total_pages: 1,
        total: 1,
      }),
    });
    renderRoute(routes, '/orderHistory?view=payments', language);
    expect(await screen.findByText(name)).toBeTruthy();
    // The wire's codes are never shown.
    for (const code of ['duitnow_qr', 'tng_ewallet', 'qris', 'Net Banking']) {
      expect(document.body.textContent).not.toContain(code);
    }
    expect(screen.queryByText(recorded.method)).toBeNull();
  });

  it('three pages -> "Older" goes to page 2, which is read', async () => {
    const call = stubHistory({
      'account.orders': ({ query }) => ({
        orders: [order({ order_id: Number(query?.page_no) * 100 })],
        page_no: Number(query?.page_no),
        total_pages: 3,
        total: 21,
      }),
    });
    const view = renderRoute(routes, '/orderHistory');
    await view.user.click(await screen.findByRole('link', { name: 'Older' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    await waitFor(() =>
      expect(callsTo(call, 'account.orders').at(-1)![0].query).toEqual({ page_no: 2, limit: 10 }),
    );
    expect(screen.queryByRole('button', { name: 'Repeat last order' })).toBeNull();
  });

  it('no orders -> says so, no repeat button', async () => {
    stubHistory({}, []);
    renderRoute(routes, '/orderHistory', 'my');
    expect(await screen.findByText('Belum ada pesanan. Pesanan anda akan dipaparkan di sini.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ulang pesanan terakhir' })).toBeNull();
  });
});
