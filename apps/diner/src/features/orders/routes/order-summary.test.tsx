import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthRequired } from '@santap/api-client';
import type { Order } from '@santap/api-client';
import { callsTo, renderRoute, stubApi } from '../../../lib/testing/render-route';
import { Component as OrderSummary, loader } from './order-summary';

vi.mock('../../../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

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
  table_label: 'Table 5',
  status: 1,
  status_key: 'status.confirmed',
  payment_status: 'paid',
  payment_mode: 'online',
  prepay: true,
  currency: 'MYR',
  total: 1850,
  bill: {
    currency: 'MYR',
    subtotal: 1700,
    total: 1850,
    lines: [
      { key: 'bill.subtotal', label: 'Subtotal', amount: 1700 },
      { key: 'bill.serviceCharge', label: 'Service Charge 10%', amount: 150, rate: 1000 },
    ],
  },
  items: [
    {
      order_item_id: 1,
      item_id: 11,
      name: 'Nasi Lemak',
      quantity: 2,
      unit_price: 650,
      options: [],
      notes: null,
      status: 'active',
      batch: 1,
    },
  ],
  special_note: null,
  // 2026-05-01 09:46:40 UTC = 17:46 in Kuala Lumpur.
  created_epoch: 1_777_628_800,
  can_cancel: false,
  ...overrides,
});

const routes = [
  { path: '/orderSummary/order_id/:order_id', Component: OrderSummary, loader },
  { path: '/orderstatus/order_id/:order_id', element: <p>status page</p> },
  { path: '/review/order_id/:order_id', element: <p>review page</p> },
  { path: '/login', element: <p>login page</p> },
  { path: '/home', element: <p>home page</p> },
];

/** The receipt's facts as 'term: value' pairs. */
const facts = () =>
  [...document.querySelectorAll('.order-receipt__facts > div')].map(
    (row) => `${row.querySelector('dt')?.textContent}: ${row.querySelector('dd')?.textContent}`,
  );

describe('/orderSummary/order_id/:order_id', () => {
  it('a paid dine-in order -> receipt: restaurant, number, type with the table label, status, payment, dishes, bill', async () => {
    const call = stubApi({ 'orders.details': () => order() });
    renderRoute(routes, '/orderSummary/order_id/77');
    expect(await screen.findByRole('heading', { name: 'Kopitiam Ali' })).toBeTruthy();
    expect(screen.getByText('Order #77')).toBeTruthy();
    expect(screen.getByText(/^Placed on .*17:46/)).toBeTruthy();
    expect(facts()).toEqual(['Order type: Dine-in · Table 5', 'Order status: Confirmed', 'Payment: Paid']);
    const receipt = screen.getByRole('article');
    expect(within(receipt).getByText('2 × Nasi Lemak')).toBeTruthy();
    expect(receipt.textContent).toContain('RM 18.50');
    expect(callsTo(call, 'orders.details')[0]![0].query).toEqual({ order_id: 77 });
    // Not completed: no review link; the way back to the live status is there.
    expect(screen.queryByRole('link', { name: 'Rate your dishes' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to order status' }).getAttribute('href')).toBe(
      '/orderstatus/order_id/77',
    );
  });

  it('completed -> "Rate your dishes" links to the review page; Back -> the status page', async () => {
    stubApi({ 'orders.details': () => order({ status: 4, status_key: 'status.completed' }) });
    const { user, router } = renderRoute(routes, '/orderSummary/order_id/77');
    const review = await screen.findByRole('link', { name: 'Rate your dishes' });
    expect(review.getAttribute('href')).toBe('/review/order_id/77');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/orderstatus/order_id/77');
  });

  it('scheduled pickup in Jakarta -> the scheduled time in the restaurant zone, no table', async () => {
    stubApi({
      'orders.details': () =>
        order({
          order_type: 3,
          table_no: null,
          table_label: null,
          time_zone: 'Asia/Jakarta',
          currency: 'IDR',
          order_time: 'SCHEDULED',
          scheduled_epoch: Date.parse('2026-11-23T13:30:00Z') / 1000,
          status: 7,
          status_key: 'status.scheduled',
        }),
    });
    renderRoute(routes, '/orderSummary/order_id/77');
    await screen.findByRole('heading', { name: 'Kopitiam Ali' });
    const scheduled = facts().find((fact) => fact.startsWith('Scheduled'));
    expect(scheduled).toMatch(/20:30/);
    expect(facts().join('\n')).not.toMatch(/Table/);
  });

  it("'abc' as the order id -> 'not found', no call", async () => {
    const call = stubApi({});
    renderRoute(routes, '/orderSummary/order_id/abc');
    expect((await screen.findByRole('alert')).textContent).toBe("Sorry, we couldn't find that");
    expect(call).not.toHaveBeenCalled();
  });

  it('the read fails -> the error with a retry that reads again', async () => {
    let failures = 1;
    stubApi({
      'orders.details': () => {
        if (failures-- > 0) throw new TypeError('Failed to fetch');
        return order();
      },
    });
    const { user } = renderRoute(routes, '/orderSummary/order_id/77');
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button'));
    expect(await screen.findByRole('heading', { name: 'Kopitiam Ali' })).toBeTruthy();
  });

  it("not the diner's session any more (invalid token) -> login, then back to this summary", async () => {
    stubApi({
      'orders.details': () => {
        throw new AuthRequired('invalid token');
      },
    });
    const { router } = renderRoute(routes, '/orderSummary/order_id/77');
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toContain(encodeURIComponent('/orderSummary/order_id/77'));
  });

  it('Indonesian -> the receipt in Indonesian', async () => {
    stubApi({ 'orders.details': () => order() });
    renderRoute(routes, '/orderSummary/order_id/77', 'id');
    expect(await screen.findByText('Pesanan #77')).toBeTruthy();
  });
});
