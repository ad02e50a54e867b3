import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_STAFF_PASSWORD, apiCall, expectVisible, launchBrowser, startE2eServer } from './harness';
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

/** A pay-later dine-in order of Roti Tisu at kopitiam-ali table T3 through the diner app; its id. */
async function dinerOrdersPayLater(page: Page) {
  await page.goto(`${server.baseUrl}/set_restaurant_qr.php?restaurant_id=1001&tid=5003`);
  await page.waitForURL((url) => url.pathname.startsWith('/r/kopitiam-ali'));
  await page.getByRole('button', { name: 'Add Roti Tisu' }).first().click();
  const popup = page.getByRole('dialog', { name: 'Roti Tisu' });
  await popup.waitFor({ state: 'visible' });
  await popup.getByRole('button', { name: /^Add to cart/ }).click();
  await popup.waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: /View cart/ }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/cart/kopitiam-ali'));
  await page.getByRole('radio', { name: /^Pay later/ }).check();
  const created = page.waitForResponse((response) => response.url().includes('/api/orders/create.php'));
  await page.getByRole('button', { name: /^Place order/ }).click();
  const reply = (await (await created).json()) as { data: { order_id: number; amount: number } };
  return reply.data;
}

describe('staff counter at /staff/counter', () => {
  it('a diner places a pay-later dine-in order -> the cashier (phone) takes cash with change -> the order shows paid', async () => {
    // The demo has a manager and a kitchen account: the manager makes the cashier's (a server).
    const manager = await apiCall<{ token: string }>(server, 'POST', '/api/staff/login', {
      payload: { username: 'kopitiam-ali-manager', password: DEMO_STAFF_PASSWORD },
    });
    await apiCall(server, 'POST', '/api/staff/accounts', {
      token: manager.token,
      payload: { username: 'kopitiam-ali-cashier', password: 'cashier-pass-1', role: 'server' },
    });

    const cashier = await browser.newPage();
    await cashier.page.setViewportSize({ width: 360, height: 640 });
    await cashier.page.goto(`${server.baseUrl}/staff/counter`);
    await cashier.page.waitForURL((url) => url.pathname === '/staff/login');
    await cashier.page.getByLabel('Username').fill('kopitiam-ali-cashier');
    await cashier.page.getByLabel('Password').fill('cashier-pass-1');
    await cashier.page.getByRole('button', { name: 'Log in' }).click();
    // The console opens on the board; the server's top bar links to the counter.
    await cashier.page.waitForURL((url) => url.pathname === '/staff' || url.pathname === '/staff/');
    await cashier.page.getByRole('link', { name: 'Counter' }).click();
    await cashier.page.waitForURL((url) => url.pathname === '/staff/counter');
    await expectVisible(cashier.page.getByRole('heading', { name: 'Counter payments' }));

    const diner = await browser.newPage();
    const { order_id: orderId, amount } = await dinerOrdersPayLater(diner.page);
    await diner.page.waitForURL((url) => url.pathname.startsWith('/orderstatus/order_id/'));
    await expectVisible(diner.page.getByText('Payment: Not paid yet'));

    // The open counter shows the new order by itself (live), with what it owes.
    const row = cashier.page.getByRole('article', { name: `Order #${orderId}` });
    await row.waitFor({ state: 'visible' });
    const owed = `RM ${(amount / 100).toFixed(2)}`;
    await expectVisible(row.getByText(owed, { exact: true }));
    await expectVisible(row.getByText('Table 3'));

    await row.getByRole('button', { name: `Take payment for order #${orderId}` }).click();
    const note = Math.ceil((amount + 1) / 1000) * 10; // a whole ringgit note above the bill
    await row.getByLabel('Cash received').fill(String(note));
    const change = `RM ${((note * 100 - amount) / 100).toFixed(2)}`;
    await expectVisible(row.getByRole('status').getByText(change));
    await row.getByRole('button', { name: `Record cash ${owed}` }).click();

    await expectVisible(cashier.page.getByText(`Order #${orderId} is paid: ${owed}`));
    await row.waitFor({ state: 'detached' });
    // The diner's page follows live.
    await expectVisible(diner.page.getByText('Payment: Paid'));
    expect(amount).toBeGreaterThan(0);

    await cashier.context.close();
    await diner.context.close();
  });
});
