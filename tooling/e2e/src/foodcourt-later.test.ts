import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { expectVisible, launchBrowser, startE2eServer } from './harness';
import type { E2eBrowser, E2eServer } from './harness';
import { addFromOutlet, plainDish } from './foodcourt-kit';

/** Navigations through the app, generous: the suite shares 2 cores with everything else. */
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

interface FcOrders {
  data: {
    orders: {
      restaurant_id: number;
      payment_mode: string | null;
      payment_status: string;
      order_time: string;
      scheduled_epoch: number | null;
    }[];
  };
}

/** The outlet orders of a food-court order, read as the diner (their cookies). */
async function outletOrders(context: BrowserContext, fcOrderId: number) {
  const reply = await server.app.inject({
    method: 'GET',
    url: `/api/orders/food-court-orders?fc_order_id=${fcOrderId}`,
    headers: { cookie: (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ') },
  });
  expect(reply.statusCode).toBe(200);
  return (reply.json() as FcOrders).data.orders;
}

describe('food court: pay later and scheduled orders (spec §1, §4)', () => {
  it("mall-demo, two outlets, pickup -> 'Pay later' -> 'Place order' -> the order page, no payment; both outlet orders pay_later, unpaid", async () => {
    const { context, page } = await browser.newPage();
    const nasiLemak = await plainDish(server, 'mall-demo-nasi-lemak');
    const roti = await plainDish(server, 'mall-demo-roti-canai');
    await page.goto(`${server.baseUrl}/fc/mall-demo`);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Mall Demo Food Court' }));
    await addFromOutlet(page, 'Nasi Lemak Mak Jah', nasiLemak.name);
    await addFromOutlet(page, 'Roti Canai Raju', roti.name);
    await page.getByRole('button', { name: /View cart/ }).click();
    await page.waitForURL((url) => url.pathname === '/fc/mall-demo/cart', { timeout: NAVIGATION_MS });

    // Both outlets let pickup be paid later but prefer it prepaid: the choice starts on Pay now.
    expect(await page.getByRole('radio', { name: /Pay now/ }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: /Pay later/ }).check();
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL((url) => /^\/fc\/mall-demo\/order\/\d+$/.test(url.pathname), {
      timeout: NAVIGATION_MS,
    });
    const fcOrderId = Number(new URL(page.url()).pathname.split('/').pop());
    const orders = await outletOrders(context, fcOrderId);
    expect(orders.map((order) => [order.restaurant_id, order.payment_mode, order.payment_status])).toEqual([
      [1011, 'pay_later', 'unpaid'],
      [1013, 'pay_later', 'unpaid'],
    ]);
    await context.close();
  });

  it("mall-demo -> 'Order time: change' -> a slot both outlets offer -> no pay later offered -> paid first; both outlet orders SCHEDULED at that slot", async () => {
    const { context, page } = await browser.newPage();
    const nasiLemak = await plainDish(server, 'mall-demo-nasi-lemak');
    const roti = await plainDish(server, 'mall-demo-roti-canai');
    // The slots the page offers follow the browser's clock: it runs on the server's (which moves to the
    // next weekday's lunch when the demo outlets are closed in real time).
    await context.clock.install({ time: server.clock.now() });
    await page.goto(`${server.baseUrl}/fc/mall-demo`);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Mall Demo Food Court' }));
    await addFromOutlet(page, 'Nasi Lemak Mak Jah', nasiLemak.name);
    await addFromOutlet(page, 'Roti Canai Raju', roti.name);
    await page.getByRole('button', { name: /View cart/ }).click();
    await page.waitForURL((url) => url.pathname === '/fc/mall-demo/cart', { timeout: NAVIGATION_MS });

    await page.getByRole('button', { name: 'Order time: change' }).click();
    const popup = page.getByRole('dialog');
    await popup.getByRole('radio', { name: 'Schedule for later' }).check();
    // The last slot, as delivery-payment.test.ts chooses: on a slow machine near a slot boundary, the
    // first can pass its preparation lead between choosing it and ordering (the server then refuses it).
    const slot = popup.getByRole('group', { name: 'Time slot' }).getByRole('radio').last();
    const slotText = (await slot.evaluate((input) => input.closest('label')?.textContent ?? '')).trim();
    await slot.check();
    await popup.getByRole('button', { name: 'Confirm' }).click();
    await popup.waitFor({ state: 'hidden' });
    await expectVisible(page.getByText(/^Scheduled: /));
    expect(await page.getByText(/^Scheduled: /).textContent()).toContain(slotText);

    // Scheduled orders are paid first (spec §4): no pay-later choice.
    expect(await page.getByRole('radio', { name: /Pay later/ }).count()).toBe(0);
    await page.getByRole('button', { name: /^Order and pay/ }).click();
    await page.waitForURL((url) => /^\/fc\/mall-demo\/pay\/\d+$/.test(url.pathname), {
      timeout: NAVIGATION_MS,
    });
    const fcOrderId = Number(new URL(page.url()).pathname.split('/').pop());
    const orders = await outletOrders(context, fcOrderId);
    expect(orders.map((order) => [order.restaurant_id, order.order_time, order.payment_mode])).toEqual([
      [1011, 'SCHEDULED', 'online'],
      [1013, 'SCHEDULED', 'online'],
    ]);
    expect(orders[0]!.scheduled_epoch).not.toBeNull();
    expect(orders[0]!.scheduled_epoch).toBe(orders[1]!.scheduled_epoch);
    await context.close();
  });
});
