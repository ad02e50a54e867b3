import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectVisible, launchBrowser, staffSetStatus, startE2eServer } from './harness';
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

describe('MY dine-in, pay later (spec §4)', () => {
  it('table QR 5003 -> menu at T3 -> dish with spice level and an extra -> cart -> pay later -> status page turns "Confirmed" live when the manager confirms', async () => {
    const { context, page } = await browser.newPage();
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(new URL(socket.url()).pathname));

    await page.goto(`${server.baseUrl}/set_restaurant_qr.php?restaurant_id=1001&tid=5003`);
    await page.waitForURL((url) => url.pathname.startsWith('/r/kopitiam-ali'));
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Kopitiam Ali' }));
    await expectVisible(page.getByText('Table 3', { exact: false }));

    // A dish with a choose-one group (spice level) and a choose-any group (extras).
    await page.getByRole('button', { name: 'Add Nasi Goreng Kampung' }).first().click();
    const popup = page.getByRole('dialog', { name: 'Nasi Goreng Kampung' });
    await popup.getByRole('radio', { name: 'Medium' }).check();
    await popup.getByRole('checkbox', { name: /^Fried egg/ }).check();
    await expectVisible(popup.getByRole('button', { name: 'Add to cart · RM 12.40' }));
    await popup.getByRole('button', { name: /^Add to cart/ }).click();
    await popup.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: /View cart/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/cart/kopitiam-ali'));
    await expectVisible(page.getByRole('group', { name: 'Nasi Goreng Kampung' }));
    await page.getByRole('radio', { name: /^Pay later/ }).check();
    await page.getByRole('button', { name: /^Place order/ }).click();

    await page.waitForURL((url) => url.pathname.startsWith('/orderstatus/order_id/'));
    const orderId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(orderId).toBeGreaterThan(0);
    await expectVisible(page.getByRole('status').getByText('Waiting for restaurant confirmation'));
    // The restaurant's table label, the same words the menu showed (not the table number T3).
    await expectVisible(page.getByText('Dine-in · Table 3'));

    // A marker on the window survives only if the page is not reloaded.
    await page.evaluate(() => Object.assign(window, { e2eMarker: 'same page' }));
    const order = await staffSetStatus(server, 'kopitiam-ali-manager', orderId, 1);
    expect(order.status).toBe(1);

    await expectVisible(page.getByRole('status').getByText('Confirmed', { exact: true }));
    // The order tracker moved with it: step 2 of 5 is the current one, step 1 done with its time.
    await expectVisible(page.getByRole('status').getByText('Step 2 of 5'));
    const tracker = page.getByRole('list', { name: 'Order progress' });
    expect(await tracker.getByRole('listitem').count()).toBe(5);
    expect(await tracker.locator('[aria-current="step"]').textContent()).toContain(
      'Confirmed by the restaurant',
    );
    expect(await tracker.getByRole('listitem').first().locator('time').textContent()).toMatch(/^\d\d:\d\d$/);
    expect(await page.evaluate(() => (window as unknown as { e2eMarker?: string }).e2eMarker)).toBe(
      'same page',
    );
    expect(sockets.some((path) => path.startsWith('/ws'))).toBe(true);
    await context.close();
  });
});
