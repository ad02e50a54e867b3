import { act, waitFor } from '@testing-library/react';
import type { StaffOrder } from '@santap/api-client';

/** A running dine-in order at table T3 of kopitiam-ali (test data), with `patch` over it. */
export function testOrder(id: number, patch: Partial<StaffOrder> = {}): StaffOrder {
  return {
    order_id: id,
    fc_order_id: null,
    restaurant_id: 1001,
    nameid: 'kopitiam-ali',
    restaurant_name: 'Kopitiam Ali',
    time_zone: 'Asia/Kuala_Lumpur',
    order_type: 1,
    pickup_type: null,
    order_time: 'ASAP',
    scheduled_epoch: null,
    table_no: 'T3',
    table_label: 'Table 3',
    queue_no: null,
    kiosk_ticket: null,
    status: 0,
    status_key: 'status.waitingConfirmation',
    payment_status: 'unpaid',
    payment_mode: 'pay_later',
    prepay: false,
    currency: 'MYR',
    total: 1390,
    bill: { currency: 'MYR', subtotal: 1390, total: 1390, lines: [] },
    items: [
      {
        order_item_id: id * 10 + 1,
        item_id: 1001004,
        name: 'Nasi Goreng Kampung',
        quantity: 1,
        unit_price: 1240,
        options: [
          { group_id: 'spice', option_id: 'medium', price: 0, name: 'Medium', group_name: 'Spice level' },
          { group_id: 'extras', option_id: 'egg', price: 150, name: 'Fried egg', group_name: 'Extras' },
        ],
        notes: 'no onions',
        status: 'active',
        batch: 1,
      },
      {
        order_item_id: id * 10 + 2,
        item_id: 1001012,
        name: 'Roti Tisu',
        quantity: 1,
        unit_price: 450,
        options: [],
        notes: null,
        status: 'active',
        batch: 1,
      },
    ],
    special_note: 'birthday, please bring a candle',
    created_epoch: 1_800_000_000,
    can_cancel: true,
    kitchen: {
      rush: false,
      awaiting_payment: false,
      allergies: [],
      lines: [
        { order_item_id: id * 10 + 1, category_id: 100101, done: false },
        { order_item_id: id * 10 + 2, category_id: 100102, done: false },
      ],
    },
    ...patch,
  };
}

export const ok = (data: unknown) =>
  new Response(JSON.stringify({ status: 1, statusCode: 200, message: 'ok', data }), {
    headers: { 'content-type': 'application/json' },
  });

export const refused = (statusCode: number, message: string, code: string) =>
  new Response(JSON.stringify({ status: 0, statusCode, message, code }), {
    status: statusCode,
    headers: { 'content-type': 'application/json' },
  });

export type Handler = (request: Request, body: unknown) => Response | Promise<Response>;

/** Answers `METHOD /path` from `routes` (the query is the handler's to read); an unknown route fails. */
export function stubServer(routes: Record<string, Handler>) {
  const calls: { method: string; path: string; search: string; body: unknown }[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    // A JSON call's body parsed; a file upload's (a photo) as its text and type.
    const type = request.headers.get('content-type') ?? '';
    const body: unknown = !text ? undefined : type.startsWith('image/') ? { type, text } : JSON.parse(text);
    calls.push({ method: request.method, path: url.pathname, search: url.search, body });
    const handler = routes[`${request.method} ${url.pathname}`];
    if (!handler) throw new Error(`unexpected call ${request.method} ${url.pathname}`);
    return handler(request, body);
  };
  globalThis.fetch = fetchStub as typeof fetch;
  return { calls };
}

/** The `GET /api/staff/me` reply of kopitiam-ali's kitchen account. */
export const KITCHEN_ME = {
  staff: { staff_id: 2, restaurant_id: 1001, role: 'kitchen', username: 'kopitiam-ali-kitchen' },
  restaurant: {
    name: 'Kopitiam Ali',
    nameid: 'kopitiam-ali',
    time_zone: 'Asia/Kuala_Lumpur',
    currency: 'MYR',
    paused_until_epoch: null,
  },
  kitchen: {
    amber_minutes: 10,
    red_minutes: 20,
    stations: [
      { name: 'Kitchen', category_ids: [100101] },
      { name: 'Bar', category_ids: [100103] },
    ],
  },
  moves: [1, 5, 8, 2, 9, 3],
};

/** A fake websocket the test drives: `open()` subscribes it, `drop()` closes it. */
export class FakeSocket {
  static last: FakeSocket | undefined;
  readyState = 0;
  sent: string[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.drop();
  }
  open(topic: string) {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
    this.receive({ type: 'subscribed', topic });
  }
  receive(frame: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
  drop() {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close'));
  }
}

/**
 * Opens the board's socket once the page has made it (it does so after its first read, later on a
 * busy machine than the first heading) and acknowledges `topic`.
 */
export async function openBoardSocket(topic: string): Promise<FakeSocket> {
  const socket = await waitFor(() => {
    if (!FakeSocket.last) throw new Error('no socket made yet');
    return FakeSocket.last;
  });
  act(() => socket.open(topic));
  return socket;
}
