/**
 * Kiosk helpers for the end-to-end journeys: a kiosk-sized browser context whose clock
 * is the server's, the setup of the demo kiosk, and what reached the server (read from its database).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_KIOSK, idempotencyKeys, orders } from '@santap/api/testing';
import { expectVisible } from './harness';
import type { E2eBrowser, E2eServer } from './harness';

export { DEMO_KIOSK };

/**
 * A portrait counter-kiosk screen (768×1024 unless `viewport` says otherwise). The browser's clock is set to the server's (which runs ahead to a
 * weekday lunchtime when the demo restaurants are closed in real time), because an order's taken-at
 * time comes from the kiosk.
 */
export async function kioskPage(
  browser: E2eBrowser,
  server: E2eServer,
  viewport: { width: number; height: number } = { width: 768, height: 1024 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.browser.newContext({
    viewport,
    locale: 'en-US',
    timezoneId: 'Asia/Kuala_Lumpur',
    hasTouch: true,
  });
  context.setDefaultTimeout(15_000);
  await context.clock.install({ time: server.clock.now() });
  const page = await context.newPage();
  return { context, page };
}

const WELCOME = { kopitiamAli: 'Welcome to Kopitiam Ali', mall: 'Welcome to Mall Demo Food Court' };

/** A kiosk device the setup screen registers, and the English welcome its attract screen then shows. */
export interface KioskDevice {
  id: string;
  secret: string;
  welcome: string;
}

/**
 * Staff set the kiosk up (in English: the kiosk knows no country yet) with a demo kiosk's device code
 * and secret (kopitiam-ali by default, or the mall-demo food court's) or another device's; the attract
 * screen follows.
 */
export async function setUpKiosk(
  page: Page,
  server: E2eServer,
  kiosk: keyof typeof DEMO_KIOSK | KioskDevice = 'kopitiamAli',
) {
  const device = typeof kiosk === 'string' ? { ...DEMO_KIOSK[kiosk], welcome: WELCOME[kiosk] } : kiosk;
  await page.goto(`${server.baseUrl}/kiosk/setup`);
  await page.getByLabel('Device code').fill(device.id);
  await page.getByLabel('Device secret').fill(device.secret);
  await page.getByRole('button', { name: 'Save and start' }).click();
  await expectVisible(page.getByRole('heading', { name: device.welcome }));
}

/** The menu reply as far as the journeys read it. */
export interface KioskMenuReply {
  data: {
    categories: { id: number; name: string; item_ids: number[] }[];
    items: { id: number; name: string; in_stock: boolean; is_voucher: boolean; option_groups: unknown[] }[];
  };
}

/**
 * An outlet's first dish the kiosk adds with one tap (no options), with its category (real API), in
 * `language` (the menu's names as the kiosk shows them in it; English by default).
 */
export async function oneTapDish(
  server: E2eServer,
  nameid: string,
  language: 'en' | 'id' | 'my' = 'en',
): Promise<{ name: string; category: string }> {
  const reply = await server.app.inject({
    method: 'GET',
    url: `/api/menu?restaurant_id=${nameid}`,
    headers: { 'accept-language': language },
  });
  expect(reply.statusCode).toBe(200);
  const { categories, items } = (reply.json() as KioskMenuReply).data;
  for (const category of categories) {
    const item = items.find(
      (candidate) =>
        category.item_ids.includes(candidate.id) &&
        candidate.in_stock &&
        !candidate.is_voucher &&
        candidate.option_groups.length === 0,
    );
    if (item) return { name: item.name, category: category.name };
  }
  throw new Error(`no one-tap dish at ${nameid}`);
}

/**
 * 'Pay at the counter' (a food court's: 'Pay at the food court's cashier'), then the question it asks ('Pay RM 15.90 at the counter?', or at the food
 * court's cashier): nothing is placed before 'Confirm'. Returns the question's title.
 */
export async function confirmPayAtCounter(page: Page, where = 'the counter'): Promise<string> {
  await page.getByRole('button', { name: new RegExp(`^Pay at ${where}`) }).click();
  const confirm = page.getByRole('dialog', { name: new RegExp(`^Pay \\S+ [\\d.,]+ at ${where}\\?$`) });
  await expectVisible(confirm);
  const title = (await confirm.getByRole('heading').first().textContent()) ?? '';
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  return title;
}

/** Waits until the kiosk's service worker controls the page (it has the app shell for offline starts). */
export async function waitForOfflineShell(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

/** Eat here -> two nasi lemak rendang (no options) -> the order with its bill (the server's quote while online). */
export async function orderTwoNasiLemak(page: Page, options: { quote: boolean }) {
  await page.getByRole('button', { name: /^Eat here/ }).click();
  const add = page.getByRole('button', { name: 'Add Nasi Lemak Rendang Daging', exact: true });
  await add.click();
  await add.click();
  await page.getByRole('button', { name: /^Review order/ }).click();
  await expectVisible(page.getByRole('heading', { name: 'Your order' }));
  if (options.quote) await expectVisible(page.getByText('Total', { exact: true }));
}

/** The ticket code on the 'Your order is saved' screen. */
export async function ticketOnScreen(page: Page): Promise<string | undefined> {
  const value = page.getByRole('region', { name: 'Your ticket' }).locator('.st-kiosk-number__value');
  return (await value.textContent())?.trim();
}

/** 'Pay at the counter' with the network off: the order is saved on the kiosk; returns its ticket. */
export async function payAtCounterOffline(page: Page): Promise<string> {
  await confirmPayAtCounter(page);
  await expectVisible(page.getByRole('heading', { name: 'Your order is saved' }));
  const ticket = await ticketOnScreen(page);
  expect(ticket).toMatch(/^[0-9A-F]{4}$/);
  return ticket ?? '';
}

/** A demo kiosk's orders (kopitiam-ali's by default) in the server's database, with their idempotency keys. */
export async function kioskOrdersOnServer(server: E2eServer, kiosk: keyof typeof DEMO_KIOSK = 'kopitiamAli') {
  const db = server.db.database.db;
  const device = DEMO_KIOSK[kiosk].id;
  const rows = (await db.select().from(orders)).filter((row) => row.kioskDeviceId === device);
  const keys = (await db.select().from(idempotencyKeys)).filter((row) => row.scope === `kiosk:${device}`);
  return { orders: rows.sort((a, b) => a.id - b.id), keys };
}

/** A kiosk order as the kiosk's status call shows it (real route, in-process). */
export async function kioskOrderStatus(server: E2eServer, orderId: number) {
  const reply = await server.app.inject({
    method: 'GET',
    url: `/api/kiosk/orders/${orderId}`,
    headers: { 'kiosk-device': DEMO_KIOSK.kopitiamAli.id, 'kiosk-secret': DEMO_KIOSK.kopitiamAli.secret },
  });
  return (reply.json() as { data: { status_key: string; payment_status: string; payment: string } }).data;
}

/** Waits until `check` holds (the server side of a sync that runs in the browser). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
