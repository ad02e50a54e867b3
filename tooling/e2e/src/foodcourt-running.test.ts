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

describe('spec §5 in a food court: its outlets are one place for the one-running-order rule', () => {
  it('dine-in at F3 from Teh Tarik Bar, paid -> a second dine-in from Roti Canai Raju at the same table is placed, not refused', async () => {
    const { context, page } = await browser.newPage();
    const teh = await plainDish(server, 'mall-demo-teh-tarik-bar');
    const roti = await plainDish(server, 'mall-demo-roti-canai');
    const mallHost = server.baseUrl.replace('127.0.0.1', 'mall-demo.localhost');

    const orderAndPay = async () => {
      await page.getByRole('button', { name: /View cart/ }).click();
      await page.waitForURL((url) => url.pathname === '/cart', { timeout: NAVIGATION_MS });
      await page.getByRole('button', { name: /^Order and pay/ }).click();
      await page.waitForURL((url) => /^\/pay\/\d+$/.test(url.pathname), { timeout: NAVIGATION_MS });
      await page.getByRole('button', { name: /^Pay RM/ }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/simulator/pay/'), { timeout: NAVIGATION_MS });
      await page.getByRole('radio', { name: 'Success', exact: true }).check();
      await page.getByRole('button', { name: /^Continue/ }).click();
      await page.waitForURL((url) => /\/order\/\d+$/.test(url.pathname), { timeout: NAVIGATION_MS });
      await expectVisible(page.getByText('Payment: Paid'));
      return Number(new URL(page.url()).pathname.split('/').pop());
    };

    await page.goto(`${mallHost}/?tid=6003`);
    await expectVisible(page.getByText('Table F3'));
    await addFromOutlet(page, 'Teh Tarik Bar', teh.name);
    const first = await orderAndPay();

    await page.goto(`${mallHost}/?tid=6003`);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Mall Demo Food Court' }));
    await addFromOutlet(page, 'Roti Canai Raju', roti.name);
    const second = await orderAndPay();
    expect(second).not.toBe(first);
    await expectVisible(page.getByRole('article').filter({ hasText: 'Roti Canai Raju' }));
    expect(await page.getByText('Already running dinein order in different restaurant').count()).toBe(0);
    await context.close();
  });
});
