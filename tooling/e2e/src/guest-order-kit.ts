/** A guest's order placed through the real API, as the phone with `cartToken` would place it. */
import { apiCall, scanTableTicket } from './harness';
import type { E2eServer } from './harness';

type MenuItem = {
  id: number;
  in_stock: boolean;
  is_voucher: boolean;
  option_groups: { required: boolean }[];
};

/**
 * A pay-later dine-in order of one plain dish at kopitiam-ali table T3 (scanned first: its table
 * ticket), by the guest whose browser holds `cartToken`.
 */
export async function guestOrderAtT3(server: E2eServer, cartToken: string) {
  const as = { cartToken, tableTicket: await scanTableTicket(server, 1001, 5003) };
  const menu = await apiCall<{ items: MenuItem[] }>(
    server,
    'GET',
    '/api/menu?restaurant_id=kopitiam-ali',
    as,
  );
  const dish = menu.items.find(
    (item) => item.in_stock && !item.is_voucher && item.option_groups.every((group) => !group.required),
  );
  if (!dish) throw new Error('the demo menu needs a plain dish');
  await apiCall(server, 'POST', '/api/orders/cart/update.php', {
    ...as,
    payload: { scope: 'kopitiam-ali', item_id: dish.id, quantity: 1 },
  });
  await apiCall(server, 'POST', '/api/orders/cart/update_cart_details.php', {
    ...as,
    payload: { scope: 'kopitiam-ali', context: { orderType: 1, tableId: 5003 } },
  });
  return apiCall<{ order_id: number }>(server, 'POST', '/api/orders/create.php', {
    ...as,
    payload: { scope: 'kopitiam-ali', payment_mode: 'pay_later' },
  });
}
