import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  expectVisible,
  launchBrowser,
  scanTableTicket,
  staffSetStatus,
  startE2eServer,
} from './harness';
import type { E2eBrowser, E2eServer } from './harness';
import { plainDish } from './foodcourt-kit';

/** Navigations through the payment gateway, generous: the suite shares 2 cores with everything else. */
const NAVIGATION_MS = 45_000;

let server: E2eServer;
let browser: E2eBrowser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** On the menu: one plain dish into the cart through its popup. */
async function addDish(page: Page, name: string) {
  await page
    .getByRole('button', { name: `Add ${name}`, exact: true })
    .first()
    .click();
  const popup = page.getByRole('dialog', { name });
  await popup.getByRole('button', { name: /^Add to cart/ }).click();
  await popup.waitFor({ state: 'hidden' });
}

interface OrderView {
  order_id: number;
  status: number;
  total: number;
  payment_status: string;
  items: { batch: number; quantity: number }[];
}

describe('spec §4 More items added: the items join the running order', () => {
  it('T3 pay later -> confirmed -> Add more items -> the same order, round 2, "More items added" -> the kitchen confirms -> Confirmed live', async () => {
    const { context, page } = await browser.newPage();
    const dish = await plainDish(server, 'kopitiam-ali');
    await page.goto(`${server.baseUrl}/set_restaurant_qr.php?restaurant_id=1001&tid=5003`);
    await page.waitForURL((url) => url.pathname.startsWith('/r/kopitiam-ali'));
    await addDish(page, dish.name);
    await page.getByRole('button', { name: /View cart/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/cart/kopitiam-ali'));
    await page.getByRole('radio', { name: /^Pay later/ }).check();
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/orderstatus/order_id/'), {
      timeout: NAVIGATION_MS,
    });
    const orderId = Number(new URL(page.url()).pathname.split('/').pop());
    await staffSetStatus(server, 'kopitiam-ali-manager', orderId, 1);
    await expectVisible(page.getByRole('status').getByText('Confirmed', { exact: true }));

    await page.getByRole('link', { name: 'Add more items' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/r/kopitiam-ali'));
    await addDish(page, dish.name);
    await page.getByRole('button', { name: /View cart/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/cart/kopitiam-ali'));
    await expectVisible(page.getByText(`These items join your running order #${orderId}`));
    await page.getByRole('button', { name: /^Place order/ }).click();

    // Back on the same order: both rounds, waiting for the kitchen to confirm the new one.
    await page.waitForURL((url) => url.pathname === `/orderstatus/order_id/${orderId}`, {
      timeout: NAVIGATION_MS,
    });
    await expectVisible(
      page.getByRole('status').getByText('More items added, waiting for restaurant confirmation'),
    );
    await expectVisible(page.getByRole('heading', { name: 'First order' }));
    await expectVisible(page.getByRole('heading', { name: 'Added items (round 2)' }));
    const order = await apiCall<OrderView>(server, 'GET', `/api/orders/details/get.php?order_id=${orderId}`, {
      cartToken: (await context.cookies()).find((cookie) => cookie.name === 'cart_token')?.value ?? '',
    });
    expect(order.items.map((item) => item.batch)).toEqual([1, 2]);
    const history = await apiCall<{ orders: OrderView[] }>(server, 'GET', '/api/orders/get_orders_list.php', {
      cartToken: (await context.cookies()).find((cookie) => cookie.name === 'cart_token')?.value ?? '',
    });
    expect(history.orders.map((o) => o.order_id)).toEqual([orderId]);

    await staffSetStatus(server, 'kopitiam-ali-manager', orderId, 1);
    await expectVisible(page.getByRole('status').getByText('Confirmed', { exact: true }));
    await context.close();
  });
});

describe("spec §2, §5: a table's orders paid together", () => {
  it("a friend's pay-later order at T3, on whose tab I join -> my online order's payment page lists it; my own cannot be unticked; one payment pays both", async () => {
    const dish = await plainDish(server, 'kopitiam-ali');
    const menu = await apiCall<{ items: { id: number; name: string }[] }>(
      server,
      'GET',
      '/api/menu?restaurant_id=kopitiam-ali',
    );
    const itemId = menu.items.find((item) => item.name === dish.name)!.id;
    // The friend's order, placed with the calls their phone would make.
    const friend = 'userfriend00001';
    const tableTicket = await scanTableTicket(server, 1001, 5003);
    await apiCall(server, 'POST', '/api/orders/cart/update.php', {
      cartToken: friend,
      payload: { scope: 'kopitiam-ali', item_id: itemId, quantity: 2 },
    });
    await apiCall(server, 'POST', '/api/orders/cart/update_cart_details.php', {
      cartToken: friend,
      tableTicket,
      payload: { scope: 'kopitiam-ali', context: { orderType: 1, tableId: 5003 } },
    });
    const theirs = await apiCall<{ order_id: number; amount: number }>(
      server,
      'POST',
      '/api/orders/create.php',
      { cartToken: friend, tableTicket, payload: { scope: 'kopitiam-ali', payment_mode: 'pay_later' } },
    );

    const { context, page } = await browser.newPage();
    await page.goto(`${server.baseUrl}/set_restaurant_qr.php?restaurant_id=1001&tid=5003`);
    await page.waitForURL((url) => url.pathname.startsWith('/r/kopitiam-ali'));
    // Orders at one table are paid together only on one tab (apps/api docs/tabs.md): at this static-QR
    // restaurant this browser joins the friend's tab with its code, as the friend would show it.
    const { tab } = await apiCall<{ tab: { join_code: string } }>(
      server,
      'GET',
      `/api/tabs/of-order?order_id=${theirs.order_id}`,
      { cartToken: friend },
    );
    const cookie = async (name: string) =>
      (await context.cookies()).find((c) => c.name === name)?.value ?? '';
    await apiCall(server, 'POST', '/api/tabs/join', {
      cartToken: await cookie('cart_token'),
      tableTicket: await cookie('table_ticket'),
      payload: { restaurant_id: 1001, table_id: 5003, code: tab.join_code },
    });
    await addDish(page, dish.name);
    await page.getByRole('button', { name: /View cart/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/cart/kopitiam-ali'));
    await page.getByRole('radio', { name: /^Pay now/ }).check();
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/payments/'), { timeout: NAVIGATION_MS });
    const mine = Number(new URL(page.url()).pathname.split('/')[2]);

    const table = page.getByRole('group', { name: 'Pay for the table' });
    await expectVisible(table);
    const own = table.getByRole('checkbox', { name: new RegExp(`Your order #${mine}`) });
    const friends = table.getByRole('checkbox', { name: new RegExp(`Order #${theirs.order_id}`) });
    expect(await own.isChecked()).toBe(true);
    await own.click();
    await expectVisible(table.getByText('Your own order cannot be deselected'));
    expect(await own.isChecked()).toBe(true);
    await friends.check();
    const pay = page.getByRole('button', { name: /^Pay RM/ });
    const words = (await pay.textContent()) ?? '';
    const shown = Math.round(Number(/RM\s*([\d.]+)/.exec(words)?.[1]) * 100);
    expect(shown).toBeGreaterThan(theirs.amount);
    await pay.click();
    await page.waitForURL((url) => url.pathname.startsWith('/simulator/pay/'), { timeout: NAVIGATION_MS });
    await page.getByRole('radio', { name: 'Success', exact: true }).check();
    await page.getByRole('button', { name: /^Continue/ }).click();
    await page.waitForURL((url) => url.pathname === `/orderstatus/order_id/${mine}`, {
      timeout: NAVIGATION_MS,
    });

    const theirsNow = await apiCall<OrderView>(
      server,
      'GET',
      `/api/orders/details/get.php?order_id=${theirs.order_id}`,
      { cartToken: friend },
    );
    expect(theirsNow.payment_status).toBe('paid');
    const payments = await apiCall<{ payments: { amount: number; order_ids: number[] }[] }>(
      server,
      'GET',
      `/api/orders/${theirs.order_id}/payments`,
      { cartToken: friend },
    );
    expect(payments.payments).toEqual([
      expect.objectContaining({ amount: shown, order_ids: [mine, theirs.order_id] }),
    ]);
    await context.close();
  });
});
