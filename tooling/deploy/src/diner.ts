/**
 * A diner's and a kitchen's browser for the replica and pooler harnesses: the typed API client with a
 * cookie jar (the table ticket a table check sets), and the few journeys they need against the demo
 * data (kopitiam-ali, table T3).
 */
import { createApiClient } from '@santap/api-client';
import type { ApiClient } from '@santap/api-client';
import { DEMO, DEMO_STAFF_PASSWORD } from '@santap/api/testing';
import { cart, orders, restaurants, staff } from '@santap/contract';
import { createCartToken } from '@santap/domain';

export const KOPITIAM = DEMO.kopitiamAli;
export const KOPITIAM_NAMEID = DEMO.nameids[DEMO.kopitiamAli];
export const WARUNG = DEMO.warungSari;
/** kopitiam-ali's table T3. */
const TABLE = 5003;

/** A browser: its own cart token, the cookies the server sets, optionally a staff login. */
export function browser(baseUrl: string, options: { language?: string; authToken?: string } = {}): ApiClient {
  const cartToken = createCartToken();
  const cookies = new Map<string, string>();
  const fetchWithCookies: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    if (cookies.size > 0) {
      request.headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const response = await fetch(request);
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      if (at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    return response;
  };
  return createApiClient({
    baseUrl,
    country: () => 'MY',
    language: () => options.language ?? 'en',
    authToken: () => options.authToken,
    cartToken: () => cartToken,
    fetch: fetchWithCookies,
  });
}

export async function kitchenOf(baseUrl: string): Promise<ApiClient> {
  const session = await browser(baseUrl).call(staff.staffLogin, {
    body: { username: `${KOPITIAM_NAMEID}-kitchen`, password: DEMO_STAFF_PASSWORD },
  });
  return browser(baseUrl, { authToken: session.token });
}

/** A dine-in pay-later order of one plain dish at kopitiam-ali T3; returns its id. */
export async function placeOrder(diner: ApiClient): Promise<number> {
  const menu = await diner.call(restaurants.menu, { query: { restaurant_id: KOPITIAM_NAMEID } });
  const dish = menu.items.find(
    (item) => item.in_stock && !item.is_voucher && item.option_groups.every((group) => !group.required),
  );
  if (!dish) throw new Error('no plain dish in stock on the demo menu');
  await diner.call(cart.cartUpdate, { body: { scope: KOPITIAM_NAMEID, item_id: dish.id, quantity: 1 } });
  await diner.call(restaurants.restaurantTable, {
    params: { restaurantId: KOPITIAM, tableId: TABLE },
    query: {},
  });
  await diner.call(cart.cartDetails, {
    body: { scope: KOPITIAM_NAMEID, context: { orderType: 1, tableId: TABLE } },
  });
  const created = await diner.call(orders.orderCreate, {
    body: { scope: KOPITIAM_NAMEID, payment_mode: 'pay_later' },
  });
  return created.order_id;
}

/** The diner's own order as the server answers it now. */
export async function orderOf(diner: ApiClient, orderId: number) {
  return diner.call(orders.orderDetails, { query: { order_id: orderId } });
}
