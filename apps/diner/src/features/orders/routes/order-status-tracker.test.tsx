import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@santap/api-client';
import { setLiveSocketFactory } from '@santap/web';
import type { LiveSocket, LiveSocketFactory } from '@santap/web';
import { renderRoute, stubApi } from '../../../lib/testing/render-route';
import { Component as OrderStatus, loader } from './order-status';

vi.mock('../../../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

/** A WebSocket stand-in: lets the test push frames. */
class FakeSocket implements LiveSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send() {}
  close() {}
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  push(frame: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
}

/** 12:00 in Kuala Lumpur. */
const NOON = Date.parse('2026-11-23T04:00:00Z') / 1000;

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
  payment_status: 'paid',
  payment_mode: 'online',
  prepay: true,
  currency: 'MYR',
  total: 650,
  bill: { currency: 'MYR', subtotal: 650, total: 650, lines: [] },
  items: [],
  special_note: null,
  created_epoch: NOON,
  can_cancel: false,
  status_history: [{ status: 0, at: NOON }],
  ...overrides,
});

const routes = [{ path: '/orderstatus/order_id/:order_id', Component: OrderStatus, loader }];

/** The tracker's steps as 'name|state|time' (the state is the words a screen reader hears). */
async function steps() {
  const list = await screen.findByRole('list', { name: 'Order progress' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) =>
      [
        item.querySelector('.order-tracker__name')?.firstChild?.textContent,
        item.getAttribute('aria-current') === 'step'
          ? 'current'
          : (item.className.match(/--(\w+)$/)?.[1] ?? ''),
        item.querySelector('.order-tracker__time')?.textContent ?? '',
      ].join('|'),
    );
}

const region = () => document.getElementById('order-status-word')!;

describe('order tracker on /orderstatus/order_id/:order_id', () => {
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

  it('dine-in, preparing: placed and confirmed done with their times, preparing current, ready and served to come', async () => {
    stubApi({
      'orders.details': () =>
        order({
          status: 2,
          status_key: 'status.preparing',
          status_history: [
            { status: 0, at: NOON },
            { status: 1, at: NOON + 120 },
            { status: 2, at: NOON + 360 },
          ],
        }),
      'tableRequests.ofOrder': () => ({ requests: [] }),
    });
    renderRoute(routes, '/orderstatus/order_id/77');
    expect(await steps()).toEqual([
      'Order placed|done|12:00',
      'Confirmed by the restaurant|done|12:02',
      'Being prepared|current|12:06',
      'Ready|todo|',
      'Served|todo|',
    ]);
    expect(region().textContent).toBe('Step 3 of 5: Preparing');
    // The current step says so to a screen reader; the others say done / to come.
    expect(screen.getByRole('listitem', { current: 'step' }).textContent).toContain('(Now)');
    expect(screen.getByText('Order placed').textContent).toContain('(Done)');
    // The staff buttons of a running dine-in order stay.
    expect(await screen.findByRole('button', { name: 'Call waiter' })).toBeTruthy();
  });

  it('pickup, ready: ready to collect is current, picked up to come', async () => {
    stubApi({
      'orders.details': () =>
        order({
          order_type: 3,
          pickup_type: 'pickup',
          table_no: null,
          status: 3,
          status_key: 'status.ready',
        }),
    });
    renderRoute(routes, '/orderstatus/order_id/77');
    expect(await steps()).toEqual([
      'Order placed|done|12:00',
      'Confirmed by the restaurant|done|',
      'Being prepared|done|',
      'Ready to collect|current|',
      'Picked up|todo|',
    ]);
    expect(region().textContent).toBe('Step 4 of 5: Ready');
  });

  it('delivery, on the way: six steps, delivered to come', async () => {
    stubApi({
      'orders.details': () =>
        order({ order_type: 2, table_no: null, status: 11, status_key: 'status.onTheWay' }),
    });
    renderRoute(routes, '/orderstatus/order_id/77');
    const shown = await steps();
    expect(shown.map((step) => step.split('|').slice(0, 2).join('|'))).toEqual([
      'Order placed|done',
      'Confirmed by the restaurant|done',
      'Being prepared|done',
      'Ready|done',
      'On the way|current',
      'Delivered|todo',
    ]);
  });

  it('scheduled pickup, accepted: scheduled and accepted steps; the hand-over at its slot (20:30 in Jakarta)', async () => {
    const slot = Date.parse('2026-11-23T13:30:00Z') / 1000;
    stubApi({
      'orders.details': () =>
        order({
          order_type: 3,
          pickup_type: 'pickup',
          table_no: null,
          time_zone: 'Asia/Jakarta',
          currency: 'IDR',
          order_time: 'SCHEDULED',
          scheduled_epoch: slot,
          status: 8,
          status_key: 'status.scheduledAccepted',
          status_history: [
            { status: 7, at: NOON },
            { status: 8, at: NOON + 600 },
          ],
        }),
    });
    renderRoute(routes, '/orderstatus/order_id/77');
    expect(await steps()).toEqual([
      'Order scheduled|done|11:00',
      'Accepted|current|11:10',
      'Being prepared|todo|',
      'Ready to collect|todo|',
      'Picked up|todo|At 20:30',
    ]);
  });

  it('declined: the steps it reached, then the end in words with its time; no current step', async () => {
    stubApi({
      'orders.details': () =>
        order({
          status: 5,
          status_key: 'status.declined',
          status_history: [
            { status: 0, at: NOON },
            { status: 5, at: NOON + 180 },
          ],
        }),
    });
    renderRoute(routes, '/orderstatus/order_id/77');
    expect(await steps()).toEqual(['Order placed|done|12:00', 'Declined by the restaurant|end|12:03']);
    expect(region().textContent).toBe('Declined');
    expect(screen.queryByRole('listitem', { current: 'step' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Call waiter' })).toBeNull();
  });

  it('a live update moves the order -> the polite region says the new step', async () => {
    const replies = [
      order(),
      order({
        status: 2,
        status_key: 'status.preparing',
        status_history: [
          { status: 0, at: NOON },
          { status: 1, at: NOON + 60 },
          { status: 2, at: NOON + 120 },
        ],
      }),
    ];
    stubApi({
      'orders.details': () => (replies.length > 1 ? replies.shift()! : replies[0]!),
      'tableRequests.ofOrder': () => ({ requests: [] }),
    });
    renderRoute(routes, '/orderstatus/order_id/77');
    await waitFor(() =>
      expect(region().textContent).toBe('Step 1 of 5: Waiting for restaurant confirmation'),
    );
    expect(region().getAttribute('aria-live')).toBe('polite');
    expect(region().getAttribute('role')).toBe('status');
    await waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
    const socket = FakeSocket.all[0]!;
    act(() => socket.open());
    act(() =>
      socket.push({
        type: 'event',
        event: { topics: ['order:77'], type: 'order.status', data: { order_id: 77, status: 2 } },
      }),
    );
    await waitFor(() => expect(region().textContent).toBe('Step 3 of 5: Preparing'));
    expect(screen.getByRole('listitem', { current: 'step' }).textContent).toContain('Being prepared');
  });

  it('Indonesian and Malay words', async () => {
    stubApi({
      'orders.details': () =>
        order({
          order_type: 3,
          pickup_type: 'pickup',
          table_no: null,
          status: 3,
          status_key: 'status.ready',
        }),
    });
    renderRoute(routes, '/orderstatus/order_id/77', 'id');
    expect((await screen.findByRole('list', { name: 'Progres pesanan' })).textContent).toContain(
      'Siap diambil',
    );
    expect(region().textContent).toContain('Langkah 4 dari 5');
    cleanup();
    renderRoute(routes, '/orderstatus/order_id/77', 'my');
    expect((await screen.findByRole('list', { name: 'Kemajuan pesanan' })).textContent).toContain(
      'Sedia untuk diambil',
    );
  });
});
