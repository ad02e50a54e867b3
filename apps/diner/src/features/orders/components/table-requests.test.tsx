import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServerMessage } from '@santap/api-client';
import type { Order, TableRequest } from '@santap/api-client';
import { setLiveSocketFactory } from '@santap/web';
import type { LiveSocket, LiveSocketFactory } from '@santap/web';
import { callsTo, renderRoute, stubApi } from '../../../lib/testing/render-route';
import { Component as OrderStatus, loader } from '../routes/order-status';

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

const routes = [
  { path: '/orderstatus/order_id/:order_id', Component: OrderStatus, loader },
  { path: '/r/:name/:ot?/:pickupType?', element: <p>menu page</p> },
];

const waiterRequest = (overrides: Partial<TableRequest> = {}): TableRequest => ({
  request_id: 900,
  order_id: 77,
  restaurant_id: 1001,
  kind: 'waiter',
  table_no: 'T5',
  table_label: 'Table 5',
  created_epoch: 1_777_600_100,
  acknowledged_epoch: null,
  ...overrides,
});

const section = () => screen.findByRole('region', { name: 'Need the staff?' });

describe('call waiter / request bill on the order status page', () => {
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

  it("running dine-in: 'Call waiter' -> pending and the button waits; the staff acknowledge (live event) -> 'Waiter is on the way', the button works again", async () => {
    let acknowledged = false;
    const call = stubApi({
      'orders.details': () => order(),
      'tableRequests.ofOrder': () => ({
        requests: acknowledged ? [waiterRequest({ acknowledged_epoch: 1_777_600_200 })] : [],
      }),
      'tableRequests.create': () => waiterRequest(),
    });
    const { user } = renderRoute(routes, '/orderstatus/order_id/77');
    const region = await section();
    const callWaiter = within(region).getByRole('button', { name: 'Call waiter' });
    expect(within(region).getByRole('button', { name: 'Request bill' })).toBeTruthy();

    await user.click(callWaiter);
    expect(callsTo(call, 'tableRequests.create')[0]![0]).toEqual({ body: { order_id: 77, kind: 'waiter' } });
    expect(await within(region).findByText('Waiter called. Waiting for the staff to see it…')).toBeTruthy();
    expect((callWaiter as HTMLButtonElement).disabled).toBe(true);

    const socket = FakeSocket.all[0]!;
    act(() => socket.open());
    acknowledged = true;
    act(() =>
      socket.push({
        type: 'event',
        event: {
          topics: ['order:77', 'restaurant:1001'],
          type: 'table.request',
          data: { request_id: 900, order_id: 77, kind: 'waiter', acknowledged: true },
        },
      }),
    );
    expect(await within(region).findByText('Waiter is on the way')).toBeTruthy();
    expect(within(region).queryByText(/Waiting for the staff/)).toBeNull();
    await waitFor(() => expect((callWaiter as HTMLButtonElement).disabled).toBe(false));
  });

  it("Indonesian: 'Minta tagihan' -> the open bill request shows; acknowledged -> 'Tagihan segera datang'", async () => {
    let acknowledged = false;
    const bill = waiterRequest({ kind: 'bill', request_id: 901 });
    stubApi({
      'orders.details': () => order(),
      'tableRequests.ofOrder': () => ({
        requests: acknowledged ? [{ ...bill, acknowledged_epoch: 1_777_600_200 }] : [],
      }),
      'tableRequests.create': () => bill,
    });
    const { user } = renderRoute(routes, '/orderstatus/order_id/77', 'id');
    const region = await screen.findByRole('region', { name: 'Perlu bantuan staf?' });
    await user.click(within(region).getByRole('button', { name: 'Minta tagihan' }));
    expect(await within(region).findByText('Tagihan diminta. Menunggu staf melihatnya…')).toBeTruthy();
    const socket = FakeSocket.all[0]!;
    act(() => socket.open());
    acknowledged = true;
    act(() => socket.push({ type: 'subscribed', topic: 'order:77' }));
    expect(await within(region).findByText('Tagihan segera datang')).toBeTruthy();
  });

  it('an open request when the page opens -> its pending words and a waiting button', async () => {
    stubApi({
      'orders.details': () => order({ status: 2, status_key: 'status.preparing', can_cancel: false }),
      'tableRequests.ofOrder': () => ({ requests: [waiterRequest()] }),
    });
    renderRoute(routes, '/orderstatus/order_id/77');
    const region = await section();
    expect(await within(region).findByText('Waiter called. Waiting for the staff to see it…')).toBeTruthy();
    expect((within(region).getByRole('button', { name: 'Call waiter' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((within(region).getByRole('button', { name: 'Request bill' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it("too many calls from the table -> the server's words; the button works again", async () => {
    const message =
      'The staff have been called from this table several times. Please wait 7 minutes, or wave to them';
    stubApi({
      'orders.details': () => order(),
      'tableRequests.ofOrder': () => ({ requests: [] }),
      'tableRequests.create': () => {
        throw new ServerMessage(message, 'errors.tableRequestsTooMany', 429);
      },
    });
    const { user } = renderRoute(routes, '/orderstatus/order_id/77');
    const region = await section();
    await user.click(within(region).getByRole('button', { name: 'Call waiter' }));
    expect(await within(region).findByText(message)).toBeTruthy();
    expect((within(region).getByRole('button', { name: 'Call waiter' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it.each([
    ['a pickup order', { order_type: 3, table_no: null }],
    ['a completed dine-in order', { status: 4, status_key: 'status.completed', can_cancel: false }],
    ['a cancelled dine-in order', { status: 6, status_key: 'status.cancelled', can_cancel: false }],
  ] as const)('%s -> no table request buttons, no request call', async (_, overrides) => {
    const call = stubApi({
      'orders.details': () => order(overrides as Partial<Order>),
      'tableRequests.ofOrder': () => ({ requests: [] }),
    });
    renderRoute(routes, '/orderstatus/order_id/77');
    await screen.findByText('Kopitiam Ali');
    expect(screen.queryByRole('button', { name: 'Call waiter' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request bill' })).toBeNull();
    expect(callsTo(call, 'tableRequests.ofOrder')).toHaveLength(0);
  });
});
