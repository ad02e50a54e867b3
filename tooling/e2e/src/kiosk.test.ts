import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectVisible, launchBrowser, startE2eServer } from './harness';
import type { E2eBrowser, E2eServer } from './harness';
import {
  eventually,
  kioskOrderStatus,
  kioskOrdersOnServer,
  kioskPage,
  orderTwoNasiLemak,
  payAtCounterOffline,
  ticketOnScreen,
  setUpKiosk,
  waitForOfflineShell,
} from './kiosk-kit';

let server: E2eServer;
let browser: E2eBrowser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const count = async () => (await kioskOrdersOnServer(server)).orders.length;

describe('counter kiosk (issue 6 §3)', () => {
  it('cash order at kopitiam-ali -> its order number on screen, one pay-at-counter order for the kitchen', async () => {
    const { context, page } = await kioskPage(browser, server);
    const before = await count();
    await setUpKiosk(page, server);
    await orderTwoNasiLemak(page, { quote: true });
    await page.getByRole('button', { name: /^Pay at the counter/ }).click();

    const number = page.getByRole('region', { name: 'Your order number' });
    await expectVisible(number);
    const queueNo = Number((await number.locator('.st-kiosk-number__value').textContent())?.trim());
    expect(queueNo).toBeGreaterThan(0);
    await expectVisible(page.getByText(/^Please pay RM \d+\.\d{2} at the counter\.$/));

    const { orders } = await kioskOrdersOnServer(server);
    expect(orders).toHaveLength(before + 1);
    const order = orders.at(-1)!;
    expect(order).toMatchObject({ queueNo, paymentMode: 'cash_kiosk', prepay: false, tableId: null });
    // In the kitchen's flow, to be paid at the counter.
    expect(await kioskOrderStatus(server, order.id)).toMatchObject({
      status_key: 'status.waitingConfirmation',
      payment_status: 'unpaid',
      payment: 'cash_kiosk',
    });
    await context.close();
  });

  it('order taken while offline -> kept and shown as queued; after reconnecting -> sent once, its number on screen', async () => {
    const { context, page } = await kioskPage(browser, server);
    const before = await count();
    await setUpKiosk(page, server);
    await orderTwoNasiLemak(page, { quote: true });

    await context.setOffline(true);
    const ticket = await payAtCounterOffline(page);
    const queue = page.getByRole('region', { name: 'Orders on this kiosk' });
    await expectVisible(queue.getByText('Offline', { exact: true }));
    await expectVisible(queue.getByText('Orders waiting to be sent: 1'));
    expect(await count()).toBe(before);

    await context.setOffline(false);
    const number = page.getByRole('region', { name: 'Your order number' });
    await expectVisible(number);
    await expectVisible(queue.getByText(`Ticket ${ticket}`));
    await eventually(async () => (await count()) === before + 1);
    // A retry round later (the kiosk retries every 10 s) the server still has the order once.
    await page.waitForTimeout(11_000);
    const { orders, keys } = await kioskOrdersOnServer(server);
    expect(orders).toHaveLength(before + 1);
    expect(keys).toHaveLength(before + 1);
    const queueNo = Number((await number.locator('.st-kiosk-number__value').textContent())?.trim());
    expect(orders.at(-1)?.queueNo).toBe(queueNo);
    await context.close();
  });

  it('order taken offline, page reloaded while still offline -> the kiosk starts from its cache with the order queued; online -> sent once', async () => {
    const { context, page } = await kioskPage(browser, server);
    const before = await count();
    await setUpKiosk(page, server);
    // The service worker has the app shell before the network goes.
    await waitForOfflineShell(page);
    await orderTwoNasiLemak(page, { quote: true });

    await context.setOffline(true);
    const ticket = await payAtCounterOffline(page);

    // Nothing may reach the server while the kiosk is offline: the reload is served by the worker.
    const reachedServer: string[] = [];
    const onRequest = (request: { url?: string }) => reachedServer.push(request.url ?? '');
    server.app.server.on('request', onRequest);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    // The same screen again, from IndexedDB: the ticket of the queued order.
    await expectVisible(page.getByRole('heading', { name: 'Your order is saved' }));
    expect(await ticketOnScreen(page)).toBe(ticket);
    const queue = page.getByRole('region', { name: 'Orders on this kiosk' });
    await expectVisible(queue.getByText('Offline', { exact: true }));
    await expectVisible(queue.getByText('Orders waiting to be sent: 1'));
    await expectVisible(queue.getByText(`Ticket ${ticket}`));
    // The next customer: the attract screen from the cached settings, still offline.
    await page.getByRole('button', { name: 'Done' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Welcome to Kopitiam Ali' }));
    await expectVisible(queue.getByText('Orders waiting to be sent: 1'));
    expect(await count()).toBe(before);
    server.app.server.off('request', onRequest);
    expect(reachedServer).toEqual([]);

    await context.setOffline(false);
    await expectVisible(queue.getByText(/^sent, order number \d+$/));
    await eventually(async () => (await count()) === before + 1);
    await page.waitForTimeout(11_000);
    const { orders, keys } = await kioskOrdersOnServer(server);
    expect(orders).toHaveLength(before + 1);
    expect(keys).toHaveLength(before + 1);
    await context.close();
  });

  it('idle on the menu in Malay -> "Anda masih di situ?" after 60 s -> cleared 15 s later: attract screen in English, order empty', async () => {
    const { context, page } = await kioskPage(browser, server);
    await setUpKiosk(page, server);
    await page.getByRole('button', { name: 'Bahasa Melayu' }).click();
    await page.getByRole('button', { name: /^Makan di sini/ }).click();
    await page.getByRole('button', { name: 'Tambah Nasi Lemak Rendang Daging', exact: true }).click();
    await expectVisible(page.getByRole('button', { name: /^Semak pesanan/ }));

    await page.clock.fastForward(61_000);
    const warning = page.getByRole('alertdialog', { name: 'Anda masih di situ?' });
    await expectVisible(warning);
    await page.clock.fastForward(16_000);
    await expectVisible(page.getByRole('heading', { name: 'Welcome to Kopitiam Ali' }));
    expect(await warning.isVisible()).toBe(false);
    await page.getByRole('button', { name: /^Eat here/ }).click();
    await expectVisible(page.getByRole('button', { name: 'Add Nasi Lemak Rendang Daging', exact: true }));
    expect(await page.getByRole('button', { name: /^Review order/ }).count()).toBe(0);
    await context.close();
  });
});
