import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthRequired } from '@santap/api-client';
import type { Order } from '@santap/api-client';
import { setLiveSocketFactory } from '@santap/web';
import type { LiveSocket, LiveSocketFactory } from '@santap/web';
import { addingTo } from '../../../lib/add-more';
import { writeOrderSession } from '../../../lib/order-session';
import { callsTo, renderRoute, stubApi } from '../../../lib/testing/render-route';
import { Component as OrderStatus, loader } from './order-status';

vi.mock('../../../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

/** A WebSocket stand-in: records what the page sends and lets the test push frames. */
class FakeSocket implements LiveSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  push(frame: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
}

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
  status: 0,
  status_key: 'status.waitingConfirmation',
  payment_status: 'unpaid',
  payment_mode: 'pay_later',
  prepay: false,
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
      notes: 'no egg',
      status: 'active',
      batch: 1,
    },
    {
      order_item_id: 2,
      item_id: 12,
      name: 'Teh Tarik',
      quantity: 1,
      unit_price: 400,
      options: [],
      notes: null,
      status: 'declined',
      batch: 1,
    },
  ],
  special_note: null,
  created_epoch: 1_777_600_000,
  can_cancel: true,
  ...overrides,
});

/** The page opens its socket in an effect, just after the first paint. */
async function firstSocket(): Promise<FakeSocket> {
  await waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
  return FakeSocket.all[0]!;
}

const routes = [
  { path: '/orderstatus/order_id/:order_id', Component: OrderStatus, loader },
  { path: '/orderSummary/order_id/:order_id', element: <p>summary page</p> },
  { path: '/r/:name/:ot?/:pickupType?', element: <p>menu page</p> },
];

/** The order's live status line (the toast region is a status region too). */
const orderStatusWord = () =>
  screen.queryAllByRole('status').find((element) => element.id === 'order-status-word');
const statusLine = async () => {
  await waitFor(() => expect(orderStatusWord()).toBeDefined());
  return orderStatusWord()!;
};

describe('/orderstatus/order_id/:order_id', () => {
  let previousFactory: LiveSocketFactory;
  beforeEach(() => {
    FakeSocket.all = [];
    previousFactory = setLiveSocketFactory((url) => new FakeSocket(url));
  });
  afterEach(() => {
    cleanup();
    setLiveSocketFactory(previousFactory);
    vi.restoreAllMocks();
  });

  it('live event -> the order is read again and the new status wording shows', async () => {
    const replies = [order(), order({ status: 1, status_key: 'status.confirmed', can_cancel: false })];
    const call = stubApi({
      'orders.details': () => replies.shift() ?? order({ status: 1, status_key: 'status.confirmed' }),
    });
    renderRoute(routes, '/orderstatus/order_id/77');

    // The live region says the step and the status (the order tracker, components/order-tracker.tsx).
    expect((await statusLine()).textContent).toBe('Step 1 of 5: Waiting for restaurant confirmation');
    const socket = await firstSocket();
    const url = new URL(socket.url);
    expect(url.pathname).toBe('/ws');
    expect(url.protocol).toBe('ws:');
    // No credential in the URL: the server reads the browser's HttpOnly cookies at the upgrade.
    expect(url.search).toBe('');

    act(() => socket.open());
    expect(socket.sent).toContainEqual({ type: 'subscribe', topic: 'order:77' });

    act(() =>
      socket.push({
        type: 'event',
        event: {
          topics: ['order:77'],
          type: 'order.status',
          data: { order_id: 77, status: 1, status_key: 'status.confirmed' },
        },
      }),
    );
    await waitFor(() => expect(orderStatusWord()?.textContent).toBe('Step 2 of 5: Confirmed'));
    expect(callsTo(call, 'orders.details')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it("dine-in at table T5 labelled 'Table 5' -> 'Dine-in · Table 5', the restaurant's label as on the menu", async () => {
    stubApi({ 'orders.details': () => order({ table_label: 'Table 5' }) });
    renderRoute(routes, '/orderstatus/order_id/77');
    expect(await screen.findByText('Dine-in · Table 5')).toBeTruthy();
    expect(screen.queryByText(/Table T5/)).toBeNull();
  });

  it('can_cancel false -> no cancel button; the rest of the page is there', async () => {
    stubApi({
      'orders.details': () => order({ status: 1, status_key: 'status.confirmed', can_cancel: false }),
    });
    renderRoute(routes, '/orderstatus/order_id/77');
    expect(await screen.findByText('Confirmed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View order summary' }).getAttribute('href')).toBe(
      '/orderSummary/order_id/77',
    );
    expect(screen.getByRole('link', { name: 'Add more items' }).getAttribute('href')).toBe(
      '/r/kopitiam-ali/1',
    );
  });

  it("dine-in at a restaurant -> 'Table tab: split the bill' to its tab; pickup -> none", async () => {
    stubApi({ 'orders.details': () => order() });
    renderRoute(routes, '/orderstatus/order_id/77');
    expect(
      (await screen.findByRole('link', { name: 'Table tab: split the bill' })).getAttribute('href'),
    ).toBe('/tab/order/77');
    cleanup();
    stubApi({ 'orders.details': () => order({ order_type: 3, table_no: null }) });
    renderRoute(routes, '/orderstatus/order_id/77');
    await screen.findByRole('link', { name: 'View order summary' });
    expect(screen.queryByRole('link', { name: 'Table tab: split the bill' })).toBeNull();
  });

  it('scheduled 20:30 in Jakarta -> the slot shows 20:30 whatever the phone zone is', async () => {
    stubApi({
      'orders.details': () =>
        order({
          time_zone: 'Asia/Jakarta',
          currency: 'IDR',
          order_time: 'SCHEDULED',
          scheduled_epoch: Date.parse('2026-11-23T13:30:00Z') / 1000,
          status: 7,
          status_key: 'status.scheduled',
        }),
    });
    renderRoute(routes, '/orderstatus/order_id/77');
    expect(await screen.findByText(/Scheduled for .*20:30/)).toBeTruthy();
  });

  it('items -> declined item struck through and marked, with the refund note; bill and total', async () => {
    stubApi({ 'orders.details': () => order() });
    renderRoute(routes, '/orderstatus/order_id/77');
    expect(await screen.findByText('Item declined')).toBeTruthy();
    expect(screen.getByText('2 × Nasi Lemak')).toBeTruthy();
    expect(screen.getByText('1 × Teh Tarik').tagName).toBe('S');
    expect(
      screen.getByText('Declined items are not charged. If you paid for them, the refund takes 3-5 days.'),
    ).toBeTruthy();
    expect(screen.getByText('RM 18.50')).toBeTruthy();
    expect(screen.getByText('Please pay at the counter or to the staff.')).toBeTruthy();
  });

  it('can_cancel true -> cancel asks first, then cancels and shows the cancelled wording', async () => {
    const replies = [order(), order({ status: 6, status_key: 'status.cancelled', can_cancel: false })];
    const call = stubApi({
      'orders.details': () =>
        replies.shift() ?? order({ status: 6, status_key: 'status.cancelled', can_cancel: false }),
      'orders.cancel': () => order({ status: 6, status_key: 'status.cancelled', can_cancel: false }),
    });
    const view = renderRoute(routes, '/orderstatus/order_id/77');
    await view.user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByRole('alertdialog', { name: 'Cancel this order?' })).toBeTruthy();
    expect(call).not.toHaveBeenCalledWith(
      expect.objectContaining({ id: 'orders.cancel' }),
      expect.anything(),
    );
    await view.user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));

    await waitFor(() => expect(orderStatusWord()?.textContent).toBe('Cancelled'));
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ id: 'orders.cancel' }), {
      body: { order_id: 77 },
    });
    expect(screen.queryByRole('link', { name: 'Add more items' })).toBeNull();
  });

  it("'invalid token' reading the order -> login with the whole redirect query, back to this order after", async () => {
    stubApi({
      'orders.details': () => {
        throw new AuthRequired('invalid token');
      },
    });
    const { router } = renderRoute(
      [...routes, { path: '/login', element: <p>login page</p> }],
      '/orderstatus/order_id/77',
    );
    expect(await screen.findByText('login page')).toBeTruthy();
    const sent = Object.fromEntries(new URLSearchParams(router.state.location.search));
    expect(sent).toMatchObject({ otpless: '1', path: '/orderstatus/order_id/77', language: 'en' });
    expect(Object.keys(sent)).toEqual(
      expect.arrayContaining(['browser', 'scanThroughQr', 'cartToken', 'sessionId']),
    );
  });

  it("cancel answered 'invalid token' -> login with the restaurant's menu and its scheduled order context", async () => {
    writeOrderSession('kopitiam-ali', {
      context: {
        orderType: 1,
        orderTime: 'SCHEDULED',
        tableNo: 'T5',
        table: 'Table 5',
        date: '2026-05-01',
        time: '12:00',
        epoch: 1777600800,
        selectedTime: '12:00 - 12:30',
      },
      scanThroughQr: true,
    });
    stubApi({
      'orders.details': () => order(),
      'orders.cancel': () => {
        throw new AuthRequired('invalid token');
      },
    });
    const view = renderRoute(
      [...routes, { path: '/login', element: <p>login page</p> }],
      '/orderstatus/order_id/77',
    );
    await view.user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await view.user.click(await screen.findByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('login page')).toBeTruthy();
    const sent = Object.fromEntries(new URLSearchParams(view.router.state.location.search));
    expect(sent).toMatchObject({
      otpless: '1',
      scanThroughQr: '1',
      menu_path: '/r/kopitiam-ali',
      path: '/orderstatus/order_id/77',
      orderTime: 'SCHEDULED',
      date: '2026-05-01',
      epoch: '1777600800',
      time: '12:00',
      selectedTime: '12:00 - 12:30',
    });
    sessionStorage.clear();
  });

  it("'Add more items' -> the menu, with this order marked as the one items are added to", async () => {
    stubApi({ 'orders.details': () => order() });
    const view = renderRoute(routes, '/orderstatus/order_id/77');
    expect(addingTo('kopitiam-ali')).toBeUndefined();
    await view.user.click(await screen.findByRole('link', { name: 'Add more items' }));
    expect(await screen.findByText('menu page')).toBeTruthy();
    expect(view.router.state.location.pathname).toBe('/r/kopitiam-ali/1');
    expect(addingTo('kopitiam-ali')).toBe(77);
    sessionStorage.clear();
  });

  it('cancelled order with a refund on its way -> "See refund status" shows the amount and 3-5 days', async () => {
    const call = stubApi({
      'orders.details': () =>
        order({
          status: 6,
          status_key: 'status.cancelled',
          can_cancel: false,
          payment_status: 'refund_initiated',
        }),
      'payments.ofOrder': () => ({
        order_id: 77,
        payment_status: 'refund_initiated',
        total: 1850,
        paid_amount: 1850,
        refunded_amount: 0,
        currency: 'MYR',
        payments: [],
        refunds: [
          {
            refund_id: 1,
            payment_id: 9,
            order_id: 77,
            order_item_id: null,
            amount: 1850,
            currency: 'MYR',
            reason: 'order_cancelled',
            state: 'refund_initiated',
            wording_key: 'refund.bank',
            wording: '3-5 days',
            created_epoch: 1_777_600_100,
          },
        ],
      }),
    });
    const view = renderRoute(routes, '/orderstatus/order_id/77');
    await view.user.click(await screen.findByRole('button', { name: 'See refund status' }));
    const popup = await screen.findByRole('dialog', { name: 'Refund status' });
    expect(popup.textContent).toContain('RM 18.50');
    expect(popup.textContent).toContain('3-5 days');
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ id: 'payments.ofOrder' }), {
      params: { orderId: 77 },
    });
  });

  it('socket dropped -> reconnects after the backoff and reads the order again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const call = stubApi({ 'orders.details': () => order() });
      renderRoute(routes, '/orderstatus/order_id/77');
      await screen.findByText('Waiting for restaurant confirmation');
      const first = await firstSocket();
      act(() => first.open());
      act(() => first.onclose?.(new CloseEvent('close')));
      expect(await screen.findByText('Reconnecting for live updates…')).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(FakeSocket.all).toHaveLength(2);
      act(() => FakeSocket.all[1]!.open());
      // Events flow again only once the subscription is acknowledged: the re-read waits for it.
      expect(callsTo(call, 'orders.details')).toHaveLength(1);
      act(() => FakeSocket.all[1]!.push({ type: 'subscribed', topic: 'order:77' }));
      await waitFor(() => expect(callsTo(call, 'orders.details')).toHaveLength(2));
      expect(screen.getByText('This page updates by itself')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('the kitchen confirms between the first read and the subscription -> the acknowledged subscription re-reads: Confirmed', async () => {
    let status = 0;
    stubApi({
      'orders.details': () => order(status === 0 ? {} : { status: 1, status_key: 'status.confirmed' }),
    });
    renderRoute(routes, '/orderstatus/order_id/77');
    await screen.findByText('Waiting for restaurant confirmation');
    const socket = await firstSocket();
    act(() => socket.open());
    // Confirmed in the gap: no event reaches this page, it was not subscribed yet.
    status = 1;
    act(() => socket.push({ type: 'subscribed', topic: 'order:77' }));
    expect(await screen.findByText('Confirmed')).toBeTruthy();
  });

  it("another topic's acknowledgement -> no re-read", async () => {
    const call = stubApi({ 'orders.details': () => order() });
    renderRoute(routes, '/orderstatus/order_id/77');
    await screen.findByText('Waiting for restaurant confirmation');
    const socket = await firstSocket();
    act(() => socket.open());
    act(() => socket.push({ type: 'subscribed', topic: 'order:78' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(call, 'orders.details')).toHaveLength(1);
  });
});
