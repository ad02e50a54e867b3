/** Tests only: a stub of the API server for the kiosk's calls, answering like the real one. */
import { vi } from 'vitest';

export type Handler = (request: Request, body: unknown) => Response | Promise<Response>;

export const ok = (data: unknown) =>
  new Response(JSON.stringify({ status: 1, statusCode: 200, message: 'ok', data }), {
    headers: { 'content-type': 'application/json' },
  });

export const refused = (statusCode: number, message: string, code: string) =>
  new Response(JSON.stringify({ status: 0, statusCode, message, code }), {
    status: statusCode,
    headers: { 'content-type': 'application/json' },
  });

/** Installs `fetch` answering `METHOD /path` from `routes`; an unknown route fails the test. */
export function stubServer(routes: Record<string, Handler>) {
  const calls: { method: string; path: string; headers: Headers; body: unknown }[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    calls.push({ method: request.method, path: url.pathname, headers: request.headers, body });
    const handler = routes[`${request.method} ${url.pathname}`];
    if (!handler) throw new Error(`unexpected call ${request.method} ${url.pathname}`);
    return handler(request, body);
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls, fetchStub };
}

/** A network failure, as fetch reports one. */
export const networkDown: Handler = () => {
  throw new TypeError('Failed to fetch');
};

export const SETTINGS = {
  device_id: 'kopitiam-ali-k1',
  name: 'Kopitiam Ali counter kiosk',
  place: {
    kind: 'restaurant',
    scope: 'kopitiam-ali',
    name: 'Kopitiam Ali',
    country: 'MY',
    currency: 'MYR',
    time_zone: 'Asia/Kuala_Lumpur',
  },
  outlets: [{ restaurant_id: 1001, nameid: 'kopitiam-ali', name: 'Kopitiam Ali' }],
  order_types: [1, 3],
  payment_methods: ['Cash kiosk', 'Wallet'],
  qr_channel: 'grab_pay_app',
  idle_timeout_seconds: 60,
  idle_warning_seconds: 15,
};

const item = (id: number, name: string, price: number, groups: unknown[] = []) => ({
  id,
  restaurant_id: 1001,
  category_id: 1,
  name,
  description: '',
  price,
  packaging_charge: 0,
  in_stock: true,
  allergens: [],
  halal: true,
  no_pork: true,
  contains_alcohol: false,
  is_voucher: false,
  best_seller: false,
  image: null,
  nutrition: null,
  option_groups: groups,
});

export const MENU = {
  restaurant_id: 1001,
  currency: 'MYR',
  categories: [{ id: 1, name: 'Rice', item_ids: [1001001, 1001026] }],
  items: [
    item(1001001, 'Nasi Lemak', 650),
    item(1001026, 'Teh Tarik', 280, [
      {
        id: 'temp',
        name: 'Hot or iced',
        kind: 'one',
        required: true,
        options: [
          { id: 'hot', name: 'Hot', price: 0, available: true },
          { id: 'iced', name: 'Iced', price: 50, available: true },
        ],
      },
    ]),
  ],
};

export const placed = (orderId: number, queueNo: number, amount: number) => ({
  order_id: orderId,
  order_ids: [orderId],
  fc_order_id: null,
  tickets: [{ order_id: orderId, restaurant_id: 1001, restaurant_name: 'Kopitiam Ali', queue_no: queueNo }],
  amount,
  currency: 'MYR',
  payment: 'cash_kiosk',
  prepay: false,
  taken_epoch: 1_800_000_000,
});
