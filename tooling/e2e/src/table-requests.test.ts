import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO_STAFF_PASSWORD, expectVisible, launchBrowser, startE2eServer } from './harness';
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

/** Set to a folder to keep screenshots of the screens this journey passes (phone and tablet). */
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function heightOf(locator: Locator) {
  const box = await locator.boundingBox();
  return box?.height ?? 0;
}

/** A pay-later dine-in order of one Roti Tisu at kopitiam-ali table T3 through the diner app. */
async function dinerOrdersAtT3(page: Page) {
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
  await page.getByRole('button', { name: /^Place order/ }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/orderstatus/order_id/'));
}

describe('call waiter from the table (order status page -> staff board -> back)', () => {
  it("a diner at T3 presses 'Call waiter' -> the board shows Table 3 calling; the kitchen acknowledges -> the diner's page says 'Waiter is on the way'", async () => {
    const kitchen = await browser.newPage();
    await kitchen.page.setViewportSize({ width: 1024, height: 768 });
    await kitchen.page.goto(`${server.baseUrl}/staff/`);
    await kitchen.page.waitForURL((url) => url.pathname === '/staff/login');
    await kitchen.page.getByLabel('Username').fill('kopitiam-ali-kitchen');
    await kitchen.page.getByLabel('Password').fill(DEMO_STAFF_PASSWORD);
    await kitchen.page.getByRole('button', { name: 'Log in' }).click();
    await expectVisible(kitchen.page.getByRole('region', { name: 'Waiting' }));

    // The diner's phone (360 × 640).
    const diner = await browser.newPage();
    await dinerOrdersAtT3(diner.page);
    const requests = diner.page.getByRole('region', { name: 'Need the staff?' });
    const callWaiter = requests.getByRole('button', { name: 'Call waiter' });
    await expectVisible(callWaiter);
    await expectVisible(requests.getByRole('button', { name: 'Request bill' }));
    expect(await heightOf(callWaiter)).toBeGreaterThanOrEqual(44);
    // Nothing wider than the phone.
    expect(await diner.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await callWaiter.click();
    await expectVisible(requests.getByText('Waiter called. Waiting for the staff to see it…'));
    expect(await callWaiter.isDisabled()).toBe(true);
    await shot(diner.page, 'diner-pending-360');

    const panel = kitchen.page.getByRole('region', { name: 'Table requests' });
    const row = panel.getByRole('listitem', { name: 'Table 3: Calls waiter' });
    await expectVisible(row);
    await expectVisible(row.getByText('just now'));
    await shot(kitchen.page, 'board-request-1024');
    if (SHOTS) {
      // A manager's phone.
      await kitchen.page.setViewportSize({ width: 360, height: 640 });
      await shot(kitchen.page, 'board-request-360');
      await kitchen.page.setViewportSize({ width: 1024, height: 768 });
    }
    await row.getByRole('button', { name: 'Acknowledge' }).click();
    await row.waitFor({ state: 'hidden' });

    await expectVisible(requests.getByText('Waiter is on the way'));
    expect(await callWaiter.isEnabled()).toBe(true);
    await shot(diner.page, 'diner-acknowledged-360');
    if (SHOTS) {
      await diner.page.setViewportSize({ width: 1024, height: 768 });
      await shot(diner.page, 'diner-acknowledged-1024');
    }

    await kitchen.context.close();
    await diner.context.close();
  });
});
