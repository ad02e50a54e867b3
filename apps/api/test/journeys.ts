/** Small journeys shared by API tests: read a menu, fill a cart, place an order — through the real client. */
import { cart, orders, restaurants } from '@santap/contract';
import type { MenuItem } from '@santap/contract';
import type { TestServer } from './harness';

export type Client = ReturnType<TestServer['client']>;

export async function menuOf(client: Client, restaurant: string | number) {
  return client.call(restaurants.menu, { query: { restaurant_id: restaurant } });
}

/** The first in-stock item with no required option group (can be added without choices). */
export function plainItem(items: MenuItem[]): MenuItem {
  const item = items.find((i) => i.in_stock && !i.is_voucher && i.option_groups.every((g) => !g.required));
  if (!item) throw new Error('no plain item in the demo menu');
  return item;
}

export async function addPlainItem(
  client: Client,
  scope: string,
  restaurant: string | number = scope,
  quantity = 1,
) {
  const { items } = await menuOf(client, restaurant);
  const item = plainItem(items);
  await client.call(cart.cartUpdate, { body: { scope, item_id: item.id, quantity } });
  return item;
}

/**
 * The table check of a scan of a restaurant's table QR (or a food court's, with `mall`): as the app
 * does on arrival; the client keeps the table ticket it sets (services/flows/tables/tickets.ts).
 */
export async function scanTable(client: Client, place: number | string, tableId: number) {
  return typeof place === 'number'
    ? client.call(restaurants.restaurantTable, { params: { restaurantId: place, tableId }, query: {} })
    : client.call(restaurants.foodCourtTable, { params: { mall: place, tableId }, query: {} });
}

/** A dine-in pay-later order at kopitiam-ali table T3 (5003). */
export async function placeDineInOrder(client: Client, options: { idempotencyKey?: string } = {}) {
  await addPlainItem(client, 'kopitiam-ali');
  await scanTable(client, 1001, 5003);
  await client.call(cart.cartDetails, {
    body: { scope: 'kopitiam-ali', context: { orderType: 1, tableId: 5003 } },
  });
  return client.call(
    orders.orderCreate,
    { body: { scope: 'kopitiam-ali', payment_mode: 'pay_later' } },
    options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {},
  );
}

/** A dine-in order at kopitiam-ali table T3 (5003) to pay online (or another payment mode). */
export async function placeOnlineOrder(
  client: Client,
  paymentMode: 'online' | 'pay_later' | 'cash_kiosk' = 'online',
) {
  await addPlainItem(client, 'kopitiam-ali');
  await scanTable(client, 1001, 5003);
  await client.call(cart.cartDetails, {
    body: { scope: 'kopitiam-ali', context: { orderType: 1, tableId: 5003 } },
  });
  return client.call(orders.orderCreate, { body: { scope: 'kopitiam-ali', payment_mode: paymentMode } });
}

/** A food-court pickup order at mall-demo with items of two outlets (1011 and 1013), to pay online. */
export async function placeFoodCourtOrder(client: Client) {
  await addPlainItem(client, 'mall-demo', 1011);
  await addPlainItem(client, 'mall-demo', 1013);
  await client.call(cart.cartDetails, {
    body: { scope: 'mall-demo', context: { orderType: 3, pickupType: 'pickup' } },
  });
  return client.call(orders.foodCourtOrderCreate, { body: { scope: 'mall-demo', payment_mode: 'online' } });
}
