import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectVisible, launchBrowser, startE2eServer } from './harness';
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

describe('food court: a delivery cart', () => {
  it("dishes of Char Kway Teow Ah Seng (no delivery) and Nasi Lemak Mak Jah -> delivery with an address -> 'Delivery Not Supported', the Char Kway Teow dish leaves the cart, the rest stays", async () => {
    const { context, page } = await browser.newPage();
    const ckt = await plainDish(server, 'mall-demo-char-kway-teow');
    const nasiLemak = await plainDish(server, 'mall-demo-nasi-lemak');

    await page.goto(`${server.baseUrl}/fc/mall-demo`);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Mall Demo Food Court' }));
    await addFromOutlet(page, 'Char Kway Teow Ah Seng', ckt.name);
    await addFromOutlet(page, 'Nasi Lemak Mak Jah', nasiLemak.name);
    await expectVisible(page.getByRole('button', { name: /Items: 2/ }));

    // Delivery: the popup warns before the diner confirms.
    await page.getByRole('button', { name: 'Change how you get your food' }).click();
    const how = page.getByRole('dialog', { name: 'How do you want your food?' });
    await how.getByRole('radio', { name: 'Delivery' }).check();
    await expectVisible(how.getByText('Delivery Not Supported'));
    await expectVisible(how.getByText(/do not deliver.*Char Kway Teow Ah Seng/));
    await how.getByRole('button', { name: 'Confirm' }).click();

    const address = page.getByRole('dialog', { name: 'Delivery address' });
    await address
      .getByRole('textbox', { name: 'Apartment or house number' })
      .fill('Lot 5, Jalan Bukit Bintang');
    await address.getByRole('textbox', { name: 'City' }).fill('Kuala Lumpur');
    await address.getByRole('button', { name: 'Save address' }).click();
    await page
      .getByRole('dialog', { name: 'Place the pin' })
      .getByRole('button', { name: 'Confirm location' })
      .click();

    // The outlet that does not deliver leaves the cart, and the page says so.
    await expectVisible(page.getByText('Delivery · Lot 5, Jalan Bukit Bintang, Kuala Lumpur'));
    await expectVisible(
      page.getByText('Removed from your cart because they do not deliver: Char Kway Teow Ah Seng.'),
    );
    await expectVisible(page.getByRole('button', { name: /Items: 1/ }));
    const cktCard = page.getByRole('listitem').filter({ hasText: 'Char Kway Teow Ah Seng' });
    await expectVisible(cktCard.getByText('Delivery Not Supported'));

    // Its menu takes no dish while the cart is for delivery.
    await page.getByRole('link', { name: 'Char Kway Teow Ah Seng' }).click();
    await expectVisible(page.getByText('This outlet does not deliver.', { exact: false }));
    expect(
      await page
        .getByRole('button', { name: `Add ${ckt.name}`, exact: true })
        .first()
        .isDisabled(),
    ).toBe(true);
    await page.getByRole('button', { name: 'Back' }).click();

    await page.getByRole('button', { name: /View cart/ }).click();
    await page.waitForURL((url) => url.pathname === '/fc/mall-demo/cart', { timeout: NAVIGATION_MS });
    await expectVisible(page.getByRole('region', { name: 'Nasi Lemak Mak Jah' }));
    expect(await page.getByRole('region', { name: 'Char Kway Teow Ah Seng' }).count()).toBe(0);

    // The server cart agrees: only Nasi Lemak's dish, for delivery.
    const reply = await server.app.inject({
      method: 'GET',
      url: '/api/orders/cart/get.php?scope=mall-demo',
      headers: { cookie: (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ') },
    });
    const cart = (
      reply.json() as { data: { items: { restaurant_id: number }[]; context: { orderType?: number } } }
    ).data;
    expect(cart.items.map((line) => line.restaurant_id)).toEqual([1011]);
    expect(cart.context.orderType).toBe(2);
    await context.close();
  });
});
