import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  apiCall,
  expectVisible,
  launchBrowser,
  registeredDiner,
  scanTableTicket,
  signInBrowser,
  staffSetStatus,
  startE2eServer,
} from './harness';
import type { E2eBrowser, E2eServer } from './harness';

let server: E2eServer;
let browser: E2eBrowser;
/** A registered diner, logged in by OTP through the real calls. */
let diner: { token: string; userId: number };

const KOPITIAM = 'kopitiam-ali';

/** A call through the real API (in-process), as the diner when a token is given; answers `data`. */
const call = <T>(method: 'GET' | 'POST', url: string, options?: Parameters<typeof apiCall>[3]) =>
  apiCall<T>(server, method, url, options);

/** A browser page where the diner is logged in (the server's HttpOnly session cookie). */
async function loggedInPage() {
  const { context, page } = await browser.newPage();
  await signInBrowser(context, server.baseUrl, diner.token);
  return { context, page };
}

/** The menu card of a dish (its `<li>`, named by the dish's heading). */
const card = (page: Page, dish: string) =>
  page
    .locator('li.dn-item')
    .filter({ has: page.getByRole('heading', { level: 3, name: dish, exact: true }) });

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
  diner = await registeredDiner(server, '+60195000001');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('dish reviews and allergy highlights', () => {
  it('a completed order -> "Rate your dishes" on its status page -> 4 stars for Mee Rebus -> the menu shows its rating', async () => {
    // The diner's dine-in pay-later order of Mee Rebus at table T3, completed by the restaurant.
    const menu = await call<{ items: { id: number; name: string }[] }>(
      'GET',
      `/api/menu?restaurant_id=${KOPITIAM}`,
    );
    const meeRebus = menu.items.find((item) => item.name === 'Mee Rebus')!;
    const as = {
      token: diner.token,
      cartToken: `user${randomBytes(9).toString('base64url').slice(0, 11)}`,
      tableTicket: await scanTableTicket(server, 1001, 5003),
    };
    await call('POST', '/api/orders/cart/update.php', {
      ...as,
      payload: { scope: KOPITIAM, item_id: meeRebus.id, quantity: 1 },
    });
    await call('POST', '/api/orders/cart/update_cart_details.php', {
      ...as,
      payload: { scope: KOPITIAM, context: { orderType: 1, tableId: 5003 } },
    });
    const { order_id: orderId } = await call<{ order_id: number }>('POST', '/api/orders/create.php', {
      ...as,
      payload: { scope: KOPITIAM, payment_mode: 'pay_later' },
    });
    // Confirmed, preparing, ready, served, completed.
    for (const status of [1, 2, 3, 10, 4]) {
      await staffSetStatus(server, 'kopitiam-ali-manager', orderId, status);
    }

    const { context, page } = await loggedInPage();
    await page.goto(`${server.baseUrl}/orderstatus/order_id/${orderId}`);
    await expectVisible(page.getByText('How was your meal? Tell us what you thought of each dish.'));
    await page.getByRole('link', { name: 'Rate your dishes' }).click();
    await page.waitForURL(`${server.baseUrl}/review/order_id/${orderId}`);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Rate your dishes' }));

    const dish = page.getByRole('group', { name: 'Mee Rebus' });
    await dish.getByRole('radio', { name: '4 of 5 stars' }).check();
    await page.getByRole('textbox', { name: 'Comment on Mee Rebus (optional)' }).fill('Kuah pekat, sedap');
    await page.getByRole('button', { name: 'Send my ratings' }).click();
    await expectVisible(page.getByText('Thank you! Your ratings are saved.'));

    // Back to the menu: the rating shows once the menu's 5 s cache entry is rebuilt.
    await page.getByRole('link', { name: 'Kopitiam Ali' }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`/r/${KOPITIAM}`));
    const rating = card(page, 'Mee Rebus')
      .first()
      .getByRole('img', { name: 'Rating 4.0 out of 5, reviews: 1' });
    const started = Date.now();
    while (!(await rating.isVisible()) && Date.now() - started < 15_000) {
      await page.waitForTimeout(1_000);
      await page.reload();
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Kopitiam Ali' }));
    }
    await expectVisible(rating);
    expect(await rating.textContent()).toBe('4.0(1)');
    await context.close();
  });

  it('an allergy to nuts added on the account screen -> dishes with nuts highlighted on the menu and in the dish popup', async () => {
    const { context, page } = await loggedInPage();
    await page.goto(`${server.baseUrl}/user`);
    await page.getByRole('button', { name: 'Add or remove allergies' }).click();
    const popup = page.getByRole('dialog', { name: 'Your allergies' });
    await popup.getByRole('checkbox', { name: 'Nuts' }).check();
    await popup.getByRole('button', { name: 'Save' }).click();
    await expectVisible(page.getByText('Your allergies are updated'));

    await page.goto(`${server.baseUrl}/r/${KOPITIAM}/3`);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Kopitiam Ali' }));
    const nasiLemak = card(page, 'Nasi Lemak').first();
    await expectVisible(nasiLemak.getByText('(Your allergy)'));
    expect(await nasiLemak.getByText('Contains: Nuts').locator('..').textContent()).toBe(
      'Contains: Nuts(Your allergy)',
    );
    // A dish without nuts is not highlighted.
    expect(await card(page, 'Teh Tarik').first().getByText('(Your allergy)').count()).toBe(0);

    await nasiLemak.getByRole('button', { name: 'Add Nasi Lemak' }).click();
    const dishPopup = page.getByRole('dialog', { name: 'Nasi Lemak' });
    await expectVisible(dishPopup.getByText('(Your allergy)'));
    await context.close();
  });
});
