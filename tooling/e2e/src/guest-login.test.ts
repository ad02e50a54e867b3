import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  expectVisible,
  launchBrowser,
  scanTableTicket,
  signUpOnLoginPage,
  startE2eServer,
} from './harness';
import type { E2eBrowser, E2eServer } from './harness';

let server: E2eServer;
let browser: E2eBrowser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const KOPITIAM = 'kopitiam-ali';

type MenuItem = {
  id: number;
  in_stock: boolean;
  is_voucher: boolean;
  option_groups: { required: boolean }[];
};

describe('a guest logs in after ordering (spec §6 guests)', () => {
  it('a guest orders at table T3, then logs in by OTP in the same browser -> the history shows the order, its receipt and its status page open', async () => {
    const { context, page } = await browser.newPage();
    await page.goto(`${server.baseUrl}/set_restaurant_qr.php?restaurant_id=1001&tid=5003`);
    await page.waitForURL((url) => url.pathname.startsWith(`/r/${KOPITIAM}`));
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Kopitiam Ali' }));

    // The guest's order, placed with this browser's cart token (the cookie the menu page got).
    let cartToken: string | undefined;
    for (let started = Date.now(); !cartToken && Date.now() - started < 10_000;) {
      cartToken = (await context.cookies()).find((cookie) => cookie.name === 'cart_token')?.value;
      if (!cartToken) await page.waitForTimeout(200);
    }
    expect(cartToken).toBeDefined();
    const as = { cartToken: cartToken!, tableTicket: await scanTableTicket(server, 1001, 5003) };
    const menu = await apiCall<{ items: MenuItem[] }>(
      server,
      'GET',
      `/api/menu?restaurant_id=${KOPITIAM}`,
      as,
    );
    const dish = menu.items.find(
      (item) => item.in_stock && !item.is_voucher && item.option_groups.every((group) => !group.required),
    );
    if (!dish) throw new Error('the demo menu needs a plain dish');
    await apiCall(server, 'POST', '/api/orders/cart/update.php', {
      ...as,
      payload: { scope: KOPITIAM, item_id: dish.id, quantity: 1 },
    });
    await apiCall(server, 'POST', '/api/orders/cart/update_cart_details.php', {
      ...as,
      payload: { scope: KOPITIAM, context: { orderType: 1, tableId: 5003 } },
    });
    const placed = await apiCall<{ order_id: number }>(server, 'POST', '/api/orders/create.php', {
      ...as,
      payload: { scope: KOPITIAM, payment_mode: 'pay_later' },
    });

    // The guest opens the order history: asked to log in, then brought back.
    await page.goto(`${server.baseUrl}/orderHistory`);
    await page.waitForURL((url) => url.pathname === '/login');
    await signUpOnLoginPage(server, page, {
      localNumber: '194300001',
      phone: '+60194300001',
      name: 'Nurul Huda',
      dateOfBirth: '1992-07-15',
    });
    await page.waitForURL((url) => url.pathname === '/orderHistory');
    await expectVisible(page.getByText(`Order #${placed.order_id}`, { exact: false }));

    await page.getByRole('link', { name: `Receipt of order #${placed.order_id}` }).click();
    await page.waitForURL((url) => url.pathname === `/orderSummary/order_id/${placed.order_id}`);
    await expectVisible(page.getByText(`Order #${placed.order_id}`, { exact: false }).first());

    await page.goto(`${server.baseUrl}/orderstatus/order_id/${placed.order_id}`);
    await expectVisible(page.getByRole('status').getByText('Waiting for restaurant confirmation'));
    await context.close();
  });
});
