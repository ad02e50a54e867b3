import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { apiCall, expectVisible, launchBrowser, startE2eServer } from './harness';
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

type MenuItem = { name: string; in_stock: boolean; is_voucher: boolean; option_groups: unknown[] };

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

const SHOTS = process.env.E2E_SCREENSHOTS;

describe('what floats over the menu at 360×640 (toast, suggestions, add-on limit)', () => {
  it("'added to your cart' sits above the cart bar and stays on the menu; 'Often ordered with' leaves the cart bar visible", async () => {
    const { context, page } = await browser.newPage();
    const menu = await apiCall<{ items: MenuItem[] }>(server, 'GET', '/api/menu?restaurant_id=kopitiam-ali');
    const dish = menu.items.find(
      (item) => item.in_stock && !item.is_voucher && item.option_groups.length === 0,
    );
    if (!dish) throw new Error('the demo menu needs a dish without options');

    await page.goto(`${server.baseUrl}/set_restaurant_qr.php?restaurant_id=1001&tid=5003`);
    await page.waitForURL((url) => url.pathname.startsWith('/r/kopitiam-ali'));
    await page
      .getByRole('button', { name: `Add ${dish.name}` })
      .first()
      .click();
    const popup = page.getByRole('dialog', { name: dish.name });
    await popup.getByRole('button', { name: /^Add to cart/ }).click();
    await popup.waitFor({ state: 'hidden' });

    const toast = page.getByText(`${dish.name} added to your cart`);
    const cartBar = page.getByRole('button', { name: /View cart/ });
    const suggestions = page.getByRole('region', { name: `Often ordered with ${dish.name}` });
    await expectVisible(toast);
    await expectVisible(cartBar);
    await expectVisible(suggestions);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/menu-toast.png` });
    const bar = await box(cartBar);
    expect(bar.x + bar.width).toBeLessThanOrEqual(360);
    expect((await box(toast)).y + (await box(toast)).height).toBeLessThanOrEqual(bar.y);
    const sheet = await box(suggestions);
    expect(sheet.y + sheet.height).toBeLessThanOrEqual(bar.y);
    // The cart bar is what the finger meets at its centre: nothing lies over it.
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent ?? '',
      [bar.x + bar.width / 2, bar.y + bar.height / 2],
    );
    expect(onTop).toContain('View cart');

    await cartBar.click();
    await page.waitForURL((url) => url.pathname.startsWith('/cart/kopitiam-ali'));
    await expectVisible(page.getByRole('heading', { name: 'Your cart' }));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/cart-after-toast.png` });
    expect(await page.getByText(`${dish.name} added to your cart`).count()).toBe(0);
    await context.close();
  });

  it('the add-on limit message of an option at the bottom edge of the popup -> shown above the sticky footer', async () => {
    const { context, page } = await browser.newPage();
    await page.goto(`${server.baseUrl}/set_restaurant_qr.php?restaurant_id=1001&tid=5003`);
    await page.waitForURL((url) => url.pathname.startsWith('/r/kopitiam-ali'));
    await page.getByRole('button', { name: 'Add Chicken Satay' }).first().click();
    const popup = page.getByRole('dialog', { name: 'Chicken Satay' });
    const extras = popup.getByRole('group', { name: /^Extras \(up to 2\)/ });
    await extras.getByRole('checkbox', { name: /^Rice cakes/ }).check();
    await extras.getByRole('checkbox', { name: /^Extra peanut sauce/ }).check();
    // The third extra at the very bottom of the scrolling body, just above the footer.
    const third = extras.getByRole('checkbox', { name: /^Cucumber and onion/ });
    const scrolled = await third.evaluate((input) => {
      const body = input.closest('.st-dialog__body')!;
      const row = input.closest('label') ?? input;
      body.scrollTop += row.getBoundingClientRect().bottom - body.getBoundingClientRect().bottom;
      return body.scrollTop;
    });
    expect(scrolled).toBeGreaterThan(0);
    await third.click();
    const notice = popup.getByText('You have reached the maximum limit for this section/add-on');
    await expectVisible(notice);
    await page.waitForTimeout(300);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/addon-limit.png` });
    const footer = await box(popup.locator('.st-dialog__footer'));
    const message = await box(notice);
    expect(message.y + message.height).toBeLessThanOrEqual(footer.y);
    expect(await third.isChecked()).toBe(false);
    await context.close();
  });
});
