import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, DEMO_KIOSK } from '@santap/api/testing';
import { LANGUAGE_ENDONYMS, toIntlLocale } from '@santap/i18n';
import type { SupportedLanguage } from '@santap/i18n';
import { expectVisible, launchBrowser, startE2eServer } from './harness';
import { escaped, keepServerElement, recordConsole, waitForHydration } from './server-render-kit';
import type { E2eBrowser, E2eServer } from './harness';
import type { KioskMenuReply } from './kiosk-kit';
import { text, words } from './menu-kit';
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
  // A render slower than the wait is left to the browser (the fallback): a shared CI machine must not
  // turn the server-render journeys below into browser renders.
  [server, browser] = await Promise.all([
    startE2eServer({ web: { serverRenderWaitMs: 10_000 } }),
    launchBrowser(),
  ]);
  // A kiosk in Indonesia (its own language is Indonesian): Warung Sari's, with the demo kiosk's secret.
  await server.db.database.db.execute(
    `insert into kiosk_devices (id, restaurant_id, name, secret_hash, settings)
     select '${WARUNG_KIOSK.id}', ${DEMO.warungSari}, 'Warung Sari counter kiosk', secret_hash, settings
     from kiosk_devices where id = '${DEMO_KIOSK.kopitiamAli.id}'`,
  );
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const count = async () => (await kioskOrdersOnServer(server)).orders.length;

/** A kiosk the server-render journeys set up: its device, its place's name and its outlet's nameid. */
interface RenderKiosk {
  id: string;
  secret: string;
  place: string;
  nameid: string;
}

const KOPITIAM_KIOSK: RenderKiosk = {
  ...DEMO_KIOSK.kopitiamAli,
  place: 'Kopitiam Ali',
  nameid: 'kopitiam-ali',
};
const WARUNG_KIOSK: RenderKiosk = {
  id: 'warung-sari-k1',
  secret: DEMO_KIOSK.kopitiamAli.secret,
  place: 'Warung Sari',
  nameid: 'warung-sari',
};

/**
 * The kiosk's first screens in each language (apps/kiosk README "Server rendering"). A kiosk starts,
 * and the server renders it, in its own language, its country's: English in Malaysia, Indonesian in
 * Indonesia (a Warung Sari kiosk; it takes no dine-in there, spec §4). Malay is a guest's choice on
 * the attract screen, never a kiosk's start: the page loaded after a guest picked it is the kiosk's
 * own render, and the hydrated page then switches to Malay.
 */
const SERVER_RENDERED: [
  string,
  { kiosk: RenderKiosk; own: SupportedLanguage; guest: SupportedLanguage; orderType: 1 | 3 },
][] = [
  ['en', { kiosk: KOPITIAM_KIOSK, own: 'en', guest: 'en', orderType: 1 }],
  ['id', { kiosk: WARUNG_KIOSK, own: 'id', guest: 'id', orderType: 3 }],
  ['my', { kiosk: KOPITIAM_KIOSK, own: 'en', guest: 'my', orderType: 1 }],
];

const welcome = (language: SupportedLanguage, place: string) =>
  words(language, 'kiosk.attract.welcome', { place });
const addNamed = (language: SupportedLanguage, name: string) =>
  words(language, 'kiosk.menu.addNamed', { name });

/** The calls for the settings or a menu in `language` the page sends (the kiosk's data in that language). */
function recordDataCalls(page: Page, language: SupportedLanguage): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    const data = url.pathname === '/api/kiosk/settings' || url.pathname === '/api/menu';
    if (data && request.headers()['accept-language'] === language) asked.push(url.pathname);
  });
  return asked;
}

/**
 * A dish the menu screen shows first (its first category with a dish sold at the counter) that one tap
 * adds (in stock, no options), by its name in `language`.
 */
async function firstScreenDish(nameid: string, language: SupportedLanguage): Promise<string> {
  const reply = await server.app.inject({
    url: `/api/menu?restaurant_id=${nameid}`,
    headers: { 'accept-language': language },
  });
  const { categories, items } = (reply.json() as KioskMenuReply).data;
  const sellable = (id: number) => items.find((item) => item.id === id && !item.is_voucher);
  const first = categories.find((category) => category.item_ids.some(sellable));
  const dish = first?.item_ids
    .map(sellable)
    .find((item) => item !== undefined && item.in_stock && item.option_groups.length === 0);
  if (!dish) throw new Error(`no one-tap dish on the first screen of ${nameid}`);
  return dish.name;
}

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

  it.each(SERVER_RENDERED)(
    "%s: menu and attract screens opened on a set-up kiosk -> rendered on the server for its device (no-store) in its own language, hydrated without a mismatch in the console and without asking for the settings or the menu again; taps then work in the guest's language; the offline shell stays the plain app",
    async (_case, { kiosk, own, guest, orderType }) => {
      const { context, page: setup } = await kioskPage(browser, server);
      await setUpKiosk(setup, server, { ...kiosk, welcome: welcome('en', kiosk.place) });
      // The registration is kept for page requests (an HttpOnly cookie for /kiosk) once it is checked,
      // and the kiosk's own language for its next start (apps/kiosk lib/start-language.ts).
      await eventually(async () =>
        (await context.cookies()).some((cookie) => cookie.name === 'kiosk_device'),
      );
      await setup.waitForFunction((own) => localStorage.getItem('santap-kiosk-home-language') === own, own);
      if (guest !== own) {
        // A guest's language is theirs alone: the kiosk starts again in its own.
        await setup.getByRole('button', { name: LANGUAGE_ENDONYMS[guest] }).click();
        await expectVisible(setup.getByRole('heading', { name: welcome(guest, kiosk.place) }));
      }
      // The service worker is installed again below while the page cookie exists.
      await setup.evaluate(async () => {
        for (const registration of await navigator.serviceWorker.getRegistrations())
          await registration.unregister();
        for (const name of await caches.keys()) await caches.delete(name);
      });
      // The set-up page goes (with the other languages it is caching): the kiosk starts again.
      await setup.close();
      const dish = await firstScreenDish(kiosk.nameid, own);

      const page = await context.newPage();
      const said = recordConsole(page);
      const asked = recordDataCalls(page, own);
      await keepServerElement(page, '#root .kiosk-menu');
      const reply = await page.goto(`${server.baseUrl}/kiosk/menu?ot=${orderType}`);
      expect(reply!.headers()['cache-control']).toBe('private, no-store');
      const html = await reply!.text();
      expect(html).toContain(`<html lang="${toIntlLocale(own)}"`);
      const rendered = html.split('<div id="root">')[1]!.split('<script')[0]!;
      expect(rendered).toContain(`<h1>${escaped(kiosk.place)}</h1>`);
      expect(rendered).toContain(escaped(dish));
      expect(html).toContain('id="santap-hydration"');

      await waitForHydration(page, '#root .kiosk-menu');
      await page.waitForLoadState('networkidle');
      expect(said).toEqual([]);
      expect(asked).toEqual([]);
      await page.getByRole('button', { name: addNamed(own, dish), exact: true }).click();
      await expectVisible(
        page.getByRole('button', { name: new RegExp(`^${text(own, 'kiosk.menu.review')}`) }),
      );
      expect(said).toEqual([]);
      // The worker's offline shell is the app alone, never this device's rendered page.
      await waitForOfflineShell(page);
      const shell = await page.evaluate(async () => {
        const name = (await caches.keys()).find((key) => key.startsWith('santap-kiosk-'));
        return (await (await caches.open(name!)).match('/kiosk/'))?.text();
      });
      expect(shell).toContain('<div id="root"></div>');
      expect(shell).not.toContain('santap-hydration');

      // The attract screen likewise (a new page of the same kiosk), then the guest's language.
      const attract = await context.newPage();
      const saidThere = recordConsole(attract);
      const askedThere = recordDataCalls(attract, own);
      await keepServerElement(attract, '#root .kiosk-attract');
      const start = await attract.goto(`${server.baseUrl}/kiosk/`);
      expect(start!.headers()['cache-control']).toBe('private, no-store');
      expect(await start!.text()).toContain(escaped(welcome(own, kiosk.place)));
      await waitForHydration(attract, '#root .kiosk-attract');
      await attract.waitForLoadState('networkidle');
      expect(saidThere).toEqual([]);
      expect(askedThere).toEqual([]);
      if (guest !== own) {
        await attract.getByRole('button', { name: LANGUAGE_ENDONYMS[guest] }).click();
        await expectVisible(attract.getByRole('heading', { name: welcome(guest, kiosk.place) }));
      }
      await attract
        .getByRole('button', { name: new RegExp(`^${text(guest, 'kiosk.attract.takeAway')}`) })
        .click();
      const guestDish = await firstScreenDish(kiosk.nameid, guest);
      await expectVisible(attract.getByRole('button', { name: addNamed(guest, guestDish), exact: true }));
      expect(new URL(attract.url()).search).toBe('?ot=3');
      expect(saidThere).toEqual([]);
      await context.close();
    },
  );

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
