import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectVisible, launchBrowser, startE2eServer } from './harness';
import { keepServerElement, recordConsole, waitForHydration } from './server-render-kit';
import type { E2eBrowser, E2eServer } from './harness';
import {
  confirmPayAtCounter,
  eventually,
  kioskOrderStatus,
  kioskOrdersOnServer,
  kioskPage,
  oneTapDish,
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

describe('counter kiosk', () => {
  it("cash order at kopitiam-ali -> 'Pay RM x at the counter?' (Back places nothing) -> Confirm -> its order number on screen, one pay-at-counter order for the kitchen", async () => {
    const { context, page } = await kioskPage(browser, server);
    const before = await count();
    await setUpKiosk(page, server);
    await orderTwoNasiLemak(page, { quote: true });
    // Neither way to pay looks chosen; the counter asks first.
    const howToPay = page.getByRole('region', { name: 'How would you like to pay?' });
    expect(await howToPay.locator('.st-kiosk-tile--primary').count()).toBe(0);
    await page.getByRole('button', { name: /^Pay at the counter/ }).click();
    const question = page.getByRole('dialog', { name: /^Pay RM \d+\.\d{2} at the counter\?$/ });
    await expectVisible(question);
    await question.getByRole('button', { name: 'Back' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Your order' }));
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await count()).toBe(before);
    const asked = await confirmPayAtCounter(page);

    const number = page.getByRole('region', { name: 'Your order number' });
    await expectVisible(number);
    const queueNo = Number((await number.locator('.st-kiosk-number__value').textContent())?.trim());
    expect(queueNo).toBeGreaterThan(0);
    await expectVisible(page.getByText(/^Please pay RM \d+\.\d{2} at the counter\.$/));
    // The amount asked is the amount to pay.
    const toPay = (await page.getByText(/^Please pay RM/).textContent())?.match(/RM \d+\.\d{2}/)?.[0];
    expect(asked).toBe(`Pay ${toPay} at the counter?`);

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
    // The ticket the customer was shown is the one the staff see on the order, and the screen says so.
    expect(orders.at(-1)?.kioskTicket).toBe(ticket);
    await expectVisible(page.getByText(`Your ticket ${ticket} is now in the kitchen.`));
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

  it("food-court kiosk, two outlets -> Confirm 'at the food court's cashier' -> one number per outlet with its name, each the outlet's order's queue number", async () => {
    const { context, page } = await kioskPage(browser, server);
    const before = (await kioskOrdersOnServer(server, 'mall')).orders.length;
    const nasiLemak = await oneTapDish(server, 'mall-demo-nasi-lemak');
    const roti = await oneTapDish(server, 'mall-demo-roti-canai');
    await setUpKiosk(page, server, 'mall');
    await page.getByRole('button', { name: /^Take away/ }).click();
    const stalls = page.getByRole('navigation', { name: 'Stalls' });
    const categories = page.getByRole('navigation', { name: 'Categories' });
    for (const [stall, dish] of [
      ['Nasi Lemak Mak Jah', nasiLemak],
      ['Roti Canai Raju', roti],
    ] as const) {
      await stalls.getByRole('button', { name: stall, exact: true }).click();
      await categories.getByRole('button', { name: dish.category, exact: true }).click();
      await page.getByRole('button', { name: `Add ${dish.name}`, exact: true }).click();
    }
    await page.getByRole('button', { name: /^Review order/ }).click();
    // The order grouped by outlet, under each outlet's name.
    await expectVisible(page.getByRole('heading', { name: 'Nasi Lemak Mak Jah' }));
    await expectVisible(page.getByRole('heading', { name: 'Roti Canai Raju' }));
    await expectVisible(page.getByText('Total', { exact: true }));
    await confirmPayAtCounter(page, "the food court's cashier");

    const numbers = page.getByRole('region', { name: 'Your order number' });
    await expectVisible(numbers);
    await expectVisible(page.getByText(/^Please pay RM \d+\.\d{2} at the food court's cashier\.$/));
    const shown = await numbers
      .locator('.st-kiosk-number__item')
      .evaluateAll((items) =>
        items.map((item) => [
          item.querySelector('.st-kiosk-number__name')?.textContent,
          item.querySelector('.st-kiosk-number__value')?.textContent,
        ]),
      );
    const { orders } = await kioskOrdersOnServer(server, 'mall');
    expect(orders).toHaveLength(before + 2);
    const placed = orders.slice(-2);
    const outletName = { 1011: 'Nasi Lemak Mak Jah', 1013: 'Roti Canai Raju' } as Record<number, string>;
    expect(shown).toEqual(placed.map((order) => [outletName[order.restaurantId], `#${order.queueNo}`]));
    expect(placed.every((order) => order.paymentMode === 'cash_kiosk')).toBe(true);
    await context.close();
  });

  it('menu and attract screens opened on a set-up kiosk -> rendered on the server for its device (no-store), hydrated without a mismatch in the console and without asking for the settings or the menu again; taps then work; the offline shell stays the plain app', async () => {
    const { context, page } = await kioskPage(browser, server);
    await setUpKiosk(page, server);
    // The registration is kept for page requests (an HttpOnly cookie for /kiosk) once it is checked.
    await eventually(async () => (await context.cookies()).some((cookie) => cookie.name === 'kiosk_device'));
    const said = recordConsole(page);
    // The page's own language's settings and menu (the other two are cached in the background).
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      const data = url.pathname === '/api/kiosk/settings' || url.pathname === '/api/menu';
      if (data && request.headers()['accept-language'] === 'en') asked.push(url.pathname);
    });
    // The service worker is installed again below while the page cookie exists.
    await page.evaluate(async () => {
      for (const registration of await navigator.serviceWorker.getRegistrations())
        await registration.unregister();
      for (const name of await caches.keys()) await caches.delete(name);
    });
    await keepServerElement(page, '#root .kiosk-menu');
    const reply = await page.goto(`${server.baseUrl}/kiosk/menu?ot=1`);
    expect(reply!.headers()['cache-control']).toBe('private, no-store');
    const html = await reply!.text();
    const rendered = html.split('<div id="root">')[1]!.split('<script')[0]!;
    expect(rendered).toContain('<h1>Kopitiam Ali</h1>');
    expect(rendered).toContain('Nasi Lemak Rendang Daging');
    expect(html).toContain('id="santap-hydration"');

    await waitForHydration(page, '#root .kiosk-menu');
    await page.waitForLoadState('networkidle');
    expect(said).toEqual([]);
    expect(asked).toEqual([]);
    await page.getByRole('button', { name: 'Add Nasi Lemak Rendang Daging', exact: true }).click();
    await expectVisible(page.getByRole('button', { name: /^Review order/ }));
    expect(said).toEqual([]);
    // The worker's offline shell is the app alone, never this device's rendered page.
    await waitForOfflineShell(page);
    const shell = await page.evaluate(async () => {
      const name = (await caches.keys()).find((key) => key.startsWith('santap-kiosk-'));
      return (await (await caches.open(name!)).match('/kiosk/'))?.text();
    });
    expect(shell).toContain('<div id="root"></div>');
    expect(shell).not.toContain('santap-hydration');

    // The attract screen likewise (a new page of the same kiosk).
    const attract = await context.newPage();
    const saidThere = recordConsole(attract);
    await keepServerElement(attract, '#root .kiosk-attract');
    const start = await attract.goto(`${server.baseUrl}/kiosk/`);
    expect(await start!.text()).toContain('Welcome to Kopitiam Ali');
    await waitForHydration(attract, '#root .kiosk-attract');
    await attract.getByRole('button', { name: /^Take away/ }).click();
    await expectVisible(attract.getByRole('button', { name: 'Add Nasi Lemak Rendang Daging', exact: true }));
    expect(new URL(attract.url()).search).toBe('?ot=3');
    expect(saidThere).toEqual([]);
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
