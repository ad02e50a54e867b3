import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentConfigFromEnv } from '@santap/api/testing';
import { expectVisible, launchBrowser, startE2eServer } from './harness';
import type { E2eBrowser, E2eServer } from './harness';
import { RAZER_E2E_KEYS, startRazerFake } from './razer-fake';
import type { RazerFake } from './razer-fake';

let razer: RazerFake;
let server: E2eServer;
let browser: E2eBrowser;

beforeAll(async () => {
  razer = await startRazerFake();
  [server, browser] = await Promise.all([
    startE2eServer({
      payments: paymentConfigFromEnv({
        NODE_ENV: 'test',
        SIMULATOR: 'on',
        RAZER_MERCHANT_ID: RAZER_E2E_KEYS.merchantId,
        RAZER_VERIFY_KEY: RAZER_E2E_KEYS.verifyKey,
        RAZER_SECRET_KEY: RAZER_E2E_KEYS.secretKey,
        RAZER_BASE_URL: razer.baseUrl,
      }),
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await razer?.close();
});

describe('MY dine-in paid through Razer (loopback fake of its payment page, signed notification, form return)', () => {
  it.each([
    ['Online banking (FPX)', 5003, 'fpx'],
    ["Touch 'n Go eWallet", 5004, 'TNG-EWALLET'],
  ])(
    "%s (table %i): order -> pay now -> Razer's page -> its notification taken -> the form-POST return -> the order page, paid",
    async (rail, tableId, razerChannel) => {
      const { context, page } = await browser.newPage();
      await page.goto(`${server.baseUrl}/set_restaurant_qr.php?restaurant_id=1001&tid=${tableId}`);
      await page.waitForURL((url) => url.pathname.startsWith('/r/kopitiam-ali'));
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Kopitiam Ali' }));

      await page.getByRole('button', { name: 'Add Roti Canai' }).first().click();
      // A dish without choices may still open its popup: add from there when it does.
      const popup = page.getByRole('dialog', { name: 'Roti Canai' });
      if (
        await popup.waitFor({ state: 'visible', timeout: 3000 }).then(
          () => true,
          () => false,
        )
      ) {
        await popup.getByRole('button', { name: /^Add to cart/ }).click();
        await popup.waitFor({ state: 'hidden' });
      }
      await page.getByRole('button', { name: /View cart/ }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/cart/kopitiam-ali'));
      await page.getByRole('radio', { name: /^Pay now/ }).check();
      await page.getByRole('button', { name: /^Place order/ }).click();

      await page.waitForURL((url) => url.pathname.startsWith('/payments/'));
      const orderId = Number(new URL(page.url()).pathname.split('/')[2]);
      await page.getByRole('radio', { name: rail, exact: true }).check();
      await page.getByRole('button', { name: /^Pay RM/ }).click();

      // Razer's page (the fake) approves, notifies, and posts the payer back to our return URL.
      await page.waitForURL((url) => url.pathname.startsWith('/orderstatus/order_id/'), { timeout: 30_000 });
      expect(new URL(page.url()).pathname).toBe(`/orderstatus/order_id/${orderId}`);
      await expectVisible(page.getByText('Payment: Paid'));

      const notification = razer.deliveries.at(-1)!;
      expect(notification).toMatchObject({
        endpoint: 'notification',
        fields: { channel: razerChannel, nbcb: '2', status: '00' },
        answer: { status: 200 },
      });
      expect(notification.orderid).toMatch(/^SNTP-/);
      // The guest's email and phone on Razer's page are the restaurant's (mandatory there).
      expect(razer.payments.get(notification.orderid)?.bill).toMatchObject({
        email: 'hello@kopitiam-ali.example',
      });
      expect(razer.violations).toEqual([]);
      await context.close();
    },
    90_000,
  );
});
