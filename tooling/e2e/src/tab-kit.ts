/**
 * Helpers of the table tab journeys (`src/table-tab.test.ts`, apps/api docs/tabs.md): phones at one
 * table, a dine-in round placed through the app, the simulator's hosted page, the tab as the server
 * tells a phone, its rows in the database, and the screenshots for review.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { demoQrSecret, dynamicQrText } from '@santap/api/testing';
import { expectVisible } from './harness';
import type { E2eBrowser, E2eServer } from './harness';

/** A phone in the hand (CSS px). */
export const PHONE = { width: 360, height: 740 } as const;

export interface Phone {
  name: string;
  context: BrowserContext;
  page: Page;
}

export async function openPhone(browser: E2eBrowser, name: string): Promise<Phone> {
  const { context, page } = await browser.newPage();
  await page.setViewportSize(PHONE);
  return { name, context, page };
}

/** The link of a restaurant table's dynamic QR, valid for an hour of the server's clock. */
export function dynamicTableLink(server: E2eServer, restaurantId: number, tableId: number): string {
  const validUntil = Math.floor(server.clock.now().getTime() / 1000) + 3600;
  const path = dynamicQrText(
    '',
    demoQrSecret(restaurantId),
    { kind: 'table', restaurantId: String(restaurantId), tableId: String(tableId) },
    validUntil,
  );
  return `${server.baseUrl}${path}`;
}

/** Adds each dish from the menu (through its popup when it opens one). */
export async function addDishes(page: Page, dishes: readonly string[]) {
  for (const dish of dishes) {
    await page
      .getByRole('button', { name: `Add ${dish}`, exact: true })
      .first()
      .click();
    const popup = page.getByRole('dialog', { name: dish });
    const opened = await popup.waitFor({ state: 'visible', timeout: 2000 }).then(
      () => true,
      () => false,
    );
    if (opened) {
      await popup.getByRole('button', { name: /^Add to cart/ }).click();
      await popup.waitFor({ state: 'hidden' });
    }
  }
}

/** From the menu: the dishes, the cart, pay later, place -> the order's status page; its id. */
export async function orderPayLater(page: Page, scope: string, dishes: readonly string[]): Promise<number> {
  await addDishes(page, dishes);
  await page.getByRole('button', { name: /View cart/ }).click();
  await page.waitForURL((url) => url.pathname.startsWith(`/cart/${scope}`));
  await page.getByRole('radio', { name: /^Pay later/ }).check();
  await page.getByRole('button', { name: /^Place order/ }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/orderstatus/order_id/'));
  const orderId = Number(new URL(page.url()).pathname.split('/').pop());
  expect(orderId).toBeGreaterThan(0);
  return orderId;
}

/** On the simulator's hosted page (the gateway the demo pays through): 'Success', continue. */
export async function approveOnSimulator(page: Page) {
  await page.waitForURL((url) => url.pathname.startsWith('/simulator/pay/'));
  await page.getByRole('radio', { name: 'Success', exact: true }).check();
  await page.getByRole('button', { name: /^Continue/ }).click();
}

/** What the journeys read of a tab (contract `tabSchema`). */
export interface TabSeen {
  tab_id: number;
  status: 'open' | 'closed';
  join_code: string | null;
  joins_by_scan: boolean;
  me: number | null;
  members: { member_id: number; name: string; me: boolean }[];
  orders: { order_id: number; member_id: number | null; total: number }[];
  lines: {
    line_id: string;
    order_id: number;
    member_id: number | null;
    name: string;
    amount: number;
    left: number;
  }[];
  shares: {
    share_id: number;
    member_id: number | null;
    kind: string;
    state: string;
    settles: number;
    amount: number;
    payment_id: number | null;
  }[];
  total: number;
  paid: number;
  pending: number;
  left: number;
}

/** The tab as the server tells this phone (its own cookies: its cart and table ticket). */
export async function tabSeenBy(phone: Phone, server: E2eServer, tabId: number): Promise<TabSeen> {
  const reply = await phone.context.request.get(`${server.baseUrl}/api/tabs/${tabId}`);
  expect(reply.status(), await reply.text()).toBe(200);
  return ((await reply.json()) as { data: { tab: TabSeen } }).data.tab;
}

/** The tab of one of the phone's dine-in orders (`tabs.ofOrder`). */
export async function tabOfOrder(phone: Phone, server: E2eServer, orderId: number): Promise<TabSeen | null> {
  const reply = await phone.context.request.get(`${server.baseUrl}/api/tabs/of-order?order_id=${orderId}`);
  expect(reply.status(), await reply.text()).toBe(200);
  return ((await reply.json()) as { data: { tab: TabSeen | null } }).data.tab;
}

/** Rows of the server's database (plain SQL of values made here). */
export async function rows<T>(server: E2eServer, statement: string): Promise<T[]> {
  const result = (await server.db.database.db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

/** Waits until `check` answers true (what the server settles after a notification). */
export async function until(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Screenshots for review (README): `tooling/e2e/artefacts/tab/journey-<name>.png`, gitignored (the tab
 * screens' own test writes beside them without the prefix).
 */
export const TAB_ARTEFACTS = resolve(dirname(fileURLToPath(import.meta.url)), '../artefacts/tab');

export async function shoot(page: Page, name: string, options: { full?: boolean } = {}) {
  mkdirSync(TAB_ARTEFACTS, { recursive: true });
  // Open dialogs and banners drawn where they end up, not half-way through their animation.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 1000)),
    ]),
  );
  await page.screenshot({ path: join(TAB_ARTEFACTS, `journey-${name}.png`) });
  if (options.full) {
    // The whole page on a screen as tall as it: its sticky action bar at the end, not over the middle.
    const viewport = page.viewportSize()!;
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
    await page.screenshot({ path: join(TAB_ARTEFACTS, `journey-${name}-full.png`) });
    await page.setViewportSize(viewport);
  }
}

/** Waits for the tab page of `tabId` to have loaded (its live line shown). */
export async function onTabPage(page: Page, tabId: number) {
  await page.waitForURL((url) => url.pathname === `/tab/${tabId}`);
  await expectVisible(page.getByText('Updates live'));
}
