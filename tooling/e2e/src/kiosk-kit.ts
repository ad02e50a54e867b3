/**
 * Kiosk helpers for the end-to-end journeys (issue 6 §3): a kiosk-sized browser context whose clock
 * is the server's, the setup of the demo kiosk, and what reached the server (read from its database).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { idempotencyKeys, orders } from '../../../apps/api/src/db/schema';
import { DEMO_KIOSK } from '../../../apps/api/src/seed/kiosks';
import { expectVisible } from './harness';
import type { E2eBrowser, E2eServer } from './harness';

export { DEMO_KIOSK };

/**
 * A portrait counter-kiosk screen. The browser's clock is set to the server's (which runs ahead to a
 * weekday lunchtime when the demo restaurants are closed in real time), because an order's taken-at
 * time comes from the kiosk.
 */
export async function kioskPage(
  browser: E2eBrowser,
  server: E2eServer,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.browser.newContext({
    viewport: { width: 768, height: 1024 },
    locale: 'en-US',
    timezoneId: 'Asia/Kuala_Lumpur',
    hasTouch: true,
  });
  context.setDefaultTimeout(15_000);
  await context.clock.install({ time: server.clock.now() });
  const page = await context.newPage();
  return { context, page };
}

/** Staff set the kiosk up (device code and secret of the demo kopitiam-ali kiosk); the attract screen follows. */
export async function setUpKiosk(page: Page, server: E2eServer) {
  await page.goto(`${server.baseUrl}/kiosk/setup`);
  await page.getByLabel('Device code').fill(DEMO_KIOSK.kopitiamAli.id);
  await page.getByLabel('Device secret').fill(DEMO_KIOSK.kopitiamAli.secret);
  await page.getByRole('button', { name: 'Save and start' }).click();
  await expectVisible(page.getByRole('heading', { name: 'Welcome to Kopitiam Ali' }));
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
  await page.getByRole('button', { name: /^Pay at the counter/ }).click();
  await expectVisible(page.getByRole('heading', { name: 'Your order is saved' }));
  const ticket = await ticketOnScreen(page);
  expect(ticket).toMatch(/^[0-9A-F]{4}$/);
  return ticket ?? '';
}

/** The kopitiam-ali kiosk's orders in the server's database, with their idempotency keys. */
export async function kioskOrdersOnServer(server: E2eServer) {
  const db = server.db.database.db;
  const device = DEMO_KIOSK.kopitiamAli.id;
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
