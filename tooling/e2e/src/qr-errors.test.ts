import { afterAll, beforeAll, describe, it } from 'vitest';
import { demoQrSecret, dynamicQrText } from '@santap/api/testing';
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

describe('QR errors (spec §8)', () => {
  it('a table id the restaurant does not have -> /qrError with "Invalid QR code."', async () => {
    const { context, page } = await browser.newPage();
    await page.goto(`${server.baseUrl}/set_restaurant_qr.php?restaurant_id=1001&tid=9999`);
    await page.waitForURL((url) => url.pathname === '/qrError');
    await expectVisible(page.getByRole('alert').getByText('Invalid QR code.'));
    await context.close();
  });

  it('a dynamic QR of warung-sari valid until an hour ago -> /qrError with "QR Code Expired!" and the staff message', async () => {
    const validUntil = Math.floor(server.clock.now().getTime() / 1000) - 3600;
    const path = dynamicQrText(
      '',
      demoQrSecret(1002),
      { kind: 'table', restaurantId: '1002', tableId: '5101' },
      validUntil,
    );
    const { context, page } = await browser.newPage();
    await page.goto(`${server.baseUrl}${path}`);
    await page.waitForURL((url) => url.pathname === '/qrError');
    const dialog = page.getByRole('alertdialog', { name: 'QR Code Expired!' });
    await expectVisible(dialog);
    await expectVisible(
      dialog.getByText('Please ask the restaurant staff to generate a new QR code for you'),
    );
    await context.close();
  });
});
