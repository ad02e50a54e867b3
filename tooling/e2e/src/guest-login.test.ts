import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectVisible, launchBrowser, signUpOnLoginPage, startE2eServer } from './harness';
import type { E2eBrowser, E2eServer } from './harness';
import { guestOrderAtT3 } from './guest-order-kit';

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
    const placed = await guestOrderAtT3(server, cartToken!);

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
