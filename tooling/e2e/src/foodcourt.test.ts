import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserSessionToken,
  expectVisible,
  launchBrowser,
  signUpOnLoginPage,
  staffSetStatus,
  startE2eServer,
} from './harness';
import type { E2eBrowser, E2eServer } from './harness';
import { addFromOutlet, plainDish } from './foodcourt-kit';

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

describe('food court: two outlets, one cart, one payment', () => {
  it('mall-demo -> dishes of Nasi Lemak Mak Jah and Roti Canai Raju -> one simulator payment -> two outlet orders; Roti Canai declines -> its part alone refunded, the other goes on', async () => {
    const { context, page } = await browser.newPage();
    const nasiLemak = await plainDish(server, 'mall-demo-nasi-lemak');
    const roti = await plainDish(server, 'mall-demo-roti-canai');

    await page.goto(`${server.baseUrl}/fc/mall-demo`);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Mall Demo Food Court' }));
    await expectVisible(page.getByText('Pickup', { exact: true }));
    await addFromOutlet(page, 'Nasi Lemak Mak Jah', nasiLemak.name);
    await addFromOutlet(page, 'Roti Canai Raju', roti.name);

    await page.getByRole('button', { name: /View cart/ }).click();
    await page.waitForURL((url) => url.pathname === '/fc/mall-demo/cart', { timeout: NAVIGATION_MS });
    await expectVisible(page.getByRole('region', { name: 'Nasi Lemak Mak Jah' }));
    await expectVisible(page.getByRole('region', { name: 'Roti Canai Raju' }));
    await page.getByRole('button', { name: /^Order and pay/ }).click();

    // One payment for both outlets through the simulator's hosted page.
    await page.waitForURL((url) => /^\/fc\/mall-demo\/pay\/\d+$/.test(url.pathname), {
      timeout: NAVIGATION_MS,
    });
    const fcOrderId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('button', { name: /^Pay RM/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/simulator/pay/'), { timeout: NAVIGATION_MS });
    await page.getByRole('radio', { name: 'Success', exact: true }).check();
    await page.getByRole('button', { name: /^Continue/ }).click();

    await page.waitForURL((url) => url.pathname === `/fc/mall-demo/order/${fcOrderId}`, {
      timeout: NAVIGATION_MS,
    });
    await expectVisible(page.getByText('Payment: Paid'));
    const parts = page.getByRole('article');
    await expectVisible(parts.filter({ hasText: 'Nasi Lemak Mak Jah' }));
    await expectVisible(parts.filter({ hasText: 'Roti Canai Raju' }));
    expect(await parts.count()).toBe(2);

    // The two outlet orders under the one food-court order, paid by one payment.
    const fc = await server.app.inject({
      method: 'GET',
      url: `/api/orders/food-court-orders?fc_order_id=${fcOrderId}`,
      headers: { cookie: (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ') },
    });
    const orders = (
      fc.json() as {
        data: {
          orders: { order_id: number; restaurant_id: number; total: number; payment_status: string }[];
        };
      }
    ).data.orders;
    expect(orders.map((order) => [order.restaurant_id, order.payment_status])).toEqual([
      [1011, 'paid'],
      [1013, 'paid'],
    ]);
    const rotiOrder = orders.find((order) => order.restaurant_id === 1013)!;
    const nasiOrder = orders.find((order) => order.restaurant_id === 1011)!;

    // Staff: Roti Canai declines its part; Nasi Lemak confirms its own. The page follows live.
    await page.evaluate(() => Object.assign(window, { e2eMarker: 'same page' }));
    await staffSetStatus(server, 'mall-demo-roti-canai-manager', rotiOrder.order_id, 5);
    await staffSetStatus(server, 'mall-demo-nasi-lemak-manager', nasiOrder.order_id, 1);

    const declined = parts.filter({ hasText: 'Roti Canai Raju' });
    await expectVisible(declined.getByText('Roti Canai Raju declined its part'));
    await expectVisible(declined.getByText(/has been refunded to you|is being refunded to you/));
    await expectVisible(declined.getByText('The rest of your order goes on.'));
    const going = parts.filter({ hasText: 'Nasi Lemak Mak Jah' });
    await expectVisible(going.getByText('Confirmed', { exact: true }));
    expect(await going.getByText(/declined its part/).count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { e2eMarker?: string }).e2eMarker)).toBe(
      'same page',
    );

    // Only the declined part was refunded: its order is refunded, the other stays paid.
    await expect
      .poll(async () => {
        const after = await server.app.inject({
          method: 'GET',
          url: `/api/orders/food-court-orders?fc_order_id=${fcOrderId}`,
          headers: { cookie: (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ') },
        });
        return (
          after.json() as { data: { orders: { restaurant_id: number; payment_status: string }[] } }
        ).data.orders
          .map((order) => `${order.restaurant_id}:${order.payment_status}`)
          .join(',');
      })
      .toBe('1011:paid,1013:refunded');

    // The declined outlet's own page shows the refund of that part only.
    await declined.getByRole('link', { name: 'Details of Roti Canai Raju' }).click();
    await page.waitForURL(
      (url) => url.pathname === `/fc/mall-demo/order/${fcOrderId}/${rotiOrder.order_id}`,
      { timeout: NAVIGATION_MS },
    );
    await page.getByRole('button', { name: 'See refund status' }).click();
    const refund = page.getByRole('dialog');
    await expectVisible(refund.getByText(new RegExp(`RM ${(rotiOrder.total / 100).toFixed(2)}`)));
    await context.close();
  });

  it("table QR on the mall's own host (mall-demo.localhost) -> dine-in at F3 -> paid -> back on that host, the order shown", async () => {
    const { context, page } = await browser.newPage();
    const teh = await plainDish(server, 'mall-demo-teh-tarik-bar');
    const mallHost = server.baseUrl.replace('127.0.0.1', 'mall-demo.localhost');
    await page.goto(`${mallHost}/?tid=6003`);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Mall Demo Food Court' }));
    await expectVisible(page.getByText('Table F3'));
    await addFromOutlet(page, 'Teh Tarik Bar', teh.name);
    expect(new URL(page.url()).pathname).toBe('/');

    await page.getByRole('button', { name: /View cart/ }).click();
    await page.waitForURL((url) => url.pathname === '/cart', { timeout: NAVIGATION_MS });
    await page.getByRole('button', { name: /^Order and pay/ }).click();
    await page.waitForURL((url) => /^\/pay\/\d+$/.test(url.pathname), { timeout: NAVIGATION_MS });
    await page.getByRole('button', { name: /^Pay RM/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/simulator/pay/'), { timeout: NAVIGATION_MS });
    await page.getByRole('radio', { name: 'Success', exact: true }).check();
    await page.getByRole('button', { name: /^Continue/ }).click();

    await page.waitForURL((url) => /\/order\/\d+$/.test(url.pathname), { timeout: NAVIGATION_MS });
    expect(new URL(page.url()).host).toBe(new URL(mallHost).host);
    await expectVisible(page.getByText('Payment: Paid'));
    await expectVisible(page.getByRole('article').filter({ hasText: 'Teh Tarik Bar' }));
    await context.close();
  });

  it("a guest on the mall's own host -> 'Log in to earn and use cashback' -> the diner login on that host -> back to the same food-court cart, logged in", async () => {
    const { context, page } = await browser.newPage();
    const teh = await plainDish(server, 'mall-demo-teh-tarik-bar');
    const mallHost = server.baseUrl.replace('127.0.0.1', 'mall-demo.localhost');
    await page.goto(`${mallHost}/`);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Mall Demo Food Court' }));
    await addFromOutlet(page, 'Teh Tarik Bar', teh.name);
    await page.getByRole('button', { name: /View cart/ }).click();
    await page.waitForURL((url) => url.pathname === '/cart', { timeout: NAVIGATION_MS });

    await page.getByRole('link', { name: 'Log in to earn and use cashback' }).click();
    await page.waitForURL((url) => url.pathname === '/login', { timeout: NAVIGATION_MS });
    const login = new URL(page.url());
    expect(login.host).toBe(new URL(mallHost).host);
    expect(login.searchParams.get('path')).toBe('/fc/mall-demo/cart');
    await signUpOnLoginPage(server, page, {
      localNumber: '194500001',
      phone: '+60194500001',
      name: 'Nurul Huda',
      dateOfBirth: '1990-04-12',
    });

    await page.waitForURL((url) => url.pathname === '/fc/mall-demo/cart', { timeout: NAVIGATION_MS });
    expect(new URL(page.url()).host).toBe(new URL(mallHost).host);
    await expectVisible(page.getByRole('region', { name: 'Teh Tarik Bar' }));
    await expectVisible(page.getByText(teh.name));
    // Logged in now: the food court reads the login the server's cookies keep on this origin.
    await expectVisible(page.getByRole('button', { name: /^Order and pay/ }));
    expect(await page.getByRole('link', { name: 'Log in to earn and use cashback' }).count()).toBe(0);
    expect(await page.evaluate(() => document.cookie)).toContain('signed_in=ACTIVE');
    await browserSessionToken(context, page);
    await context.close();
  });
});
