import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectVisible, launchBrowser, startE2eServer } from './harness';
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

describe('ID scheduled delivery paid online (spec §4)', () => {
  it('warung-sari delivery -> scheduled slot -> address -> Soto Betawi -> pay: simulator failure, then success -> status "Scheduled", paid', async () => {
    // A diner in Jakarta: the phone's clock is on WIB, like the restaurant's.
    const { context, page } = await browser.newPage({ timezoneId: 'Asia/Jakarta' });
    await page.goto(`${server.baseUrl}/r/warung-sari`);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Warung Sari' }));

    // Order type and time: delivery, scheduled for the last slot of the first day offered.
    await page.getByRole('button', { name: 'Change order type or time' }).click();
    const when = page.getByRole('dialog', { name: 'Order type and time' });
    await when.getByRole('radio', { name: 'Delivery' }).check();
    await when.getByRole('radio', { name: 'Schedule for later' }).check();
    const slot = when.getByRole('group', { name: 'Time slot' }).getByRole('radio').last();
    const slotName = await slot.evaluate((input) => (input as HTMLInputElement).labels?.[0]?.textContent);
    const slotStart = /(\d{2}:\d{2})/.exec(slotName ?? '')?.[1];
    expect(slotStart).toMatch(/^\d{2}:\d{2}$/);
    await slot.check();
    await when.getByRole('button', { name: 'Confirm' }).click();

    // No address yet: the app asks for one; typed by hand, pin left where it starts.
    const locate = page.getByRole('dialog', { name: 'Use your location?' });
    await locate.getByRole('button', { name: 'Enter address manually' }).click();
    const address = page.getByRole('dialog', { name: 'Delivery address' });
    await address.getByRole('textbox', { name: 'Apartment or house number' }).fill('Jl. Sabang No. 10');
    await address.getByRole('textbox', { name: 'City' }).fill('Jakarta');
    await address.getByRole('button', { name: 'Save address' }).click();
    await page
      .getByRole('dialog', { name: 'Place the pin' })
      .getByRole('button', { name: 'Confirm location' })
      .click();
    await expectVisible(page.getByText(`Jl. Sabang No. 10, Jakarta`, { exact: false }));
    await expectVisible(page.getByText(new RegExp(`${slotStart} - \\d{2}:\\d{2}`)));

    await page.getByRole('button', { name: 'Add Soto Betawi' }).first().click();
    const popup = page.getByRole('dialog', { name: 'Soto Betawi' });
    await popup.getByRole('radio', { name: 'Regular' }).check();
    await popup.getByRole('button', { name: /^Add to cart/ }).click();
    await popup.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: /View cart/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/cart/warung-sari'));
    await expectVisible(page.getByRole('button', { name: 'Place order · Rp 54.000' }));
    await page.getByRole('button', { name: /^Place order/ }).click();

    // Scheduled orders are paid in advance: the payment page, then the simulator's hosted page.
    await page.waitForURL((url) => url.pathname.startsWith('/payments/'));
    await expectVisible(page.getByText('Scheduled orders must be paid in advance'));
    await page.getByRole('button', { name: 'Pay Rp 54.000' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/simulator/pay/'));
    await page.getByRole('radio', { name: 'Failure', exact: true }).check();
    await page.getByRole('button', { name: /^Continue/ }).click();

    await page.waitForURL((url) => url.pathname === '/payment/response');
    await expectVisible(page.getByRole('heading', { name: 'Sorry, Payment Failed' }));
    await page.getByRole('button', { name: 'Try another payment method' }).click();

    await page.waitForURL((url) => url.pathname.startsWith('/payments/'));
    await page.getByRole('button', { name: 'Pay Rp 54.000' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/simulator/pay/'));
    await page.getByRole('radio', { name: 'Success', exact: true }).check();
    await page.getByRole('button', { name: /^Continue/ }).click();

    await page.waitForURL((url) => url.pathname.startsWith('/orderstatus/order_id/'));
    await expectVisible(page.getByRole('status').getByText('Scheduled', { exact: true }));
    await expectVisible(page.getByText('Payment: Paid'));
    await expectVisible(page.getByText(new RegExp(`^Scheduled for .*${slotStart}$`)));
    await context.close();
  });
});
