/**
 * The order whose status page `pnpm bench:web` measures: placed in the demo server through its API,
 * as a guest's phone would (its cart token as the `cart-token` header, the table's ticket as
 * `table-ticket`), at kopitiam-ali (restaurant 1001). A pay-later dine-in order at table T3 when the
 * restaurant is open; otherwise (the benchmark runs at any hour) a pickup scheduled for tomorrow
 * 12:00 in Kuala Lumpur, prepaid as scheduled orders must be (spec §5), unpaid.
 */
import { randomBytes } from 'node:crypto';

const RESTAURANT = 'kopitiam-ali';
const RESTAURANT_ID = 1001;
const TABLE_ID = 5003;

/** The order status page of the bench's order and the cookie its diner's browser holds. */
export interface BenchOrder {
  orderId: number;
  path: string;
  cookie: string;
}

interface Reply<T> {
  status: number;
  data?: T;
  message?: string;
}

/** One call to the demo server's API as the guest; its `data`, or an error with the server's message. */
async function call<T>(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: object,
): Promise<{ data: T; response: Response }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      'country-code': 'MY',
      'accept-language': 'en',
      ...headers,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const reply = (await response.json()) as Reply<T>;
  if (reply.status !== 1 || reply.data === undefined) {
    throw new Error(`${method} ${path}: ${response.status} ${reply.message ?? ''}`);
  }
  return { data: reply.data, response };
}

/** Tomorrow's date and 12:00 in Kuala Lumpur (UTC+8, no daylight saving), and its epoch seconds. */
function tomorrowNoonInKualaLumpur(now = new Date()) {
  const kl = new Date(now.getTime() + 8 * 3_600_000);
  const day = new Date(Date.UTC(kl.getUTCFullYear(), kl.getUTCMonth(), kl.getUTCDate() + 1));
  const date = day.toISOString().slice(0, 10);
  return {
    date,
    time: '12:00',
    epoch: Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 4) / 1000,
  };
}

/** Places the bench's order in the server at `baseUrl`. */
export async function placeBenchOrder(baseUrl: string): Promise<BenchOrder> {
  // A new guest, whose cart token is its own (spec §3: `user` and 11 URL-safe characters), as every
  // program that keeps no cookies makes it: no reply names a cart token.
  const cartToken = `user${randomBytes(9).toString('base64url').slice(0, 11)}`;
  const guest = { 'cart-token': cartToken };
  const menu = await call<{
    items: { id: number; in_stock: boolean; is_voucher: boolean; option_groups: { required: boolean }[] }[];
  }>(baseUrl, 'GET', `/api/menu?restaurant_id=${RESTAURANT}`, guest);
  const plain = menu.data.items.filter(
    (item) => item.in_stock && !item.is_voucher && item.option_groups.every((group) => !group.required),
  );
  if (plain.length < 2) throw new Error('the demo menu needs two plain dishes');
  for (const [index, dish] of plain.slice(0, 2).entries()) {
    await call(baseUrl, 'POST', '/api/orders/cart/update.php', guest, {
      scope: RESTAURANT,
      item_id: dish.id,
      quantity: index + 1,
    });
  }
  const table = await fetch(`${baseUrl}/api/restaurant/new/${RESTAURANT_ID}/tables/${TABLE_ID}`);
  const ticket = /(?:^|[;,]\s*)table_ticket=([^;]+)/.exec(table.headers.getSetCookie().join(', '))?.[1];
  const seated = { ...guest, ...(ticket ? { 'table-ticket': decodeURIComponent(ticket) } : {}) };
  let orderId: number;
  try {
    await call(baseUrl, 'POST', '/api/orders/cart/update_cart_details.php', seated, {
      scope: RESTAURANT,
      context: { orderType: 1, tableId: TABLE_ID },
    });
    orderId = (
      await call<{ order_id: number }>(baseUrl, 'POST', '/api/orders/create.php', seated, {
        scope: RESTAURANT,
        payment_mode: 'pay_later',
      })
    ).data.order_id;
  } catch {
    // Closed now: tomorrow's lunchtime pickup, scheduled.
    await call(baseUrl, 'POST', '/api/orders/cart/update_cart_details.php', guest, {
      scope: RESTAURANT,
      context: { orderType: 3, pickupType: 'pickup', orderTime: 'SCHEDULED', ...tomorrowNoonInKualaLumpur() },
    });
    orderId = (
      await call<{ order_id: number }>(baseUrl, 'POST', '/api/orders/create_schedule_order.php', guest, {
        scope: RESTAURANT,
        payment_mode: 'online',
      })
    ).data.order_id;
  }
  return { orderId, path: `/orderstatus/order_id/${orderId}`, cookie: `cart_token=${cartToken}` };
}
