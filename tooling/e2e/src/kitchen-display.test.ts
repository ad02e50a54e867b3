/**
 * The staff board as a kitchen display (apps/staff README 'Kitchen display') in Chromium: two tablets
 * of one kitchen at 1024×768, a dish struck off on one shows struck on the other, rush pins a ticket,
 * stations by menu category, bump and recall, and the customer-facing ready screen. Screenshots in en,
 * ms and id go to $SCREENSHOT_DIR (default: <tmp>/santap-screenshots).
 */
import { mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ORDER_STATUS } from '@santap/domain';
import { menuItems, restaurants } from '@santap/api/testing';
import {
  DEMO_STAFF_PASSWORD,
  apiCall,
  expectVisible,
  launchBrowser,
  scanTableTicket,
  staffSetStatus,
  startE2eServer,
} from './harness';
import type { E2eBrowser, E2eServer } from './harness';

let server: E2eServer;
let browser: E2eBrowser;
/** Where the screenshots go (outside the repository): $SCREENSHOT_DIR, else the system's temp dir. */
const SHOTS = process.env.SCREENSHOT_DIR ?? resolve(tmpdir(), 'santap-screenshots');

type MenuItem = {
  id: number;
  name: string;
  option_groups: { id: string; required: boolean; options: { id: string }[] }[];
};

/** Category ids of kopitiam-ali's dishes by English dish name. */
let categoryOf: Map<string, number>;

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
  mkdirSync(SHOTS, { recursive: true });
  const db = server.db.database.db;
  const dishes = (await db.select().from(menuItems)).filter((item) => item.restaurantId === 1001);
  categoryOf = new Map(dishes.map((item) => [item.name.en ?? '', item.categoryId]));
  // Two stations: the wok (Nasi Goreng's category) and the drinks bar (Teh Tarik's).
  const row = (await db.select().from(restaurants)).find((r) => r.id === 1001);
  const settings = {
    ...row!.settings,
    // Pickups paid at the counter too (the ready screen's orders here).
    payLaterMask: 7,
    kitchen: {
      amberMinutes: 10,
      redMinutes: 20,
      stations: [
        { name: 'Wok', categoryIds: [categoryOf.get('Nasi Goreng Kampung')!] },
        { name: 'Drinks', categoryIds: [categoryOf.get('Teh Tarik')!] },
      ],
    },
  };
  await db.execute(
    `update restaurants set settings = '${JSON.stringify(settings).replace(/'/g, "''")}'::jsonb where id = 1001`,
  );
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A pay-later dine-in order at kopitiam-ali T3 through the real API: `dishes` by English name. */
async function orderDishes(dishes: Record<string, number>, pickup = false) {
  const as = {
    cartToken: `user${randomBytes(9).toString('base64url').slice(0, 11)}`,
    ...(pickup ? {} : { tableTicket: await scanTableTicket(server, 1001, 5003) }),
  };
  const menu = await apiCall<{ items: MenuItem[] }>(
    server,
    'GET',
    '/api/menu?restaurant_id=kopitiam-ali',
    as,
  );
  for (const [name, quantity] of Object.entries(dishes)) {
    const dish = menu.items.find((item) => item.name === name);
    if (!dish) throw new Error(`no ${name} on the demo menu`);
    await apiCall(server, 'POST', '/api/orders/cart/update.php', {
      ...as,
      payload: {
        scope: 'kopitiam-ali',
        item_id: dish.id,
        quantity,
        // A required choice (spice level): its first option.
        selections: Object.fromEntries(
          dish.option_groups.filter((g) => g.required).map((g) => [g.id, [g.options[0]!.id]]),
        ),
      },
    });
  }
  await apiCall(server, 'POST', '/api/orders/cart/update_cart_details.php', {
    ...as,
    payload: { scope: 'kopitiam-ali', context: pickup ? { orderType: 3 } : { orderType: 1, tableId: 5003 } },
  });
  return apiCall<{ order_id: number }>(server, 'POST', '/api/orders/create.php', {
    ...as,
    payload: { scope: 'kopitiam-ali', payment_mode: 'pay_later' },
  });
}

/**
 * A kitchen tablet (1024×768) logged in, in `language`, its board open. `aheadMinutes`: the tablet's
 * clock that far past the server's test clock (the age clocks show minutes, not 0:00).
 */
async function tablet(username: string, language: 'en' | 'id' | 'my' = 'en', aheadMinutes = 0) {
  const { context, page } = await browser.newPage();
  await context.clock.install({ time: server.clock.now().getTime() + aheadMinutes * 60_000 });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(`${server.baseUrl}/staff/login`);
  await page.evaluate((lang) => localStorage.setItem('santap-staff-language', lang), language);
  await page.reload();
  await page.locator('input[autocomplete="username"], input[name="username"]').first().fill(username);
  await page.locator('input[type="password"]').fill(DEMO_STAFF_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.locator('.staff-board__columns').waitFor({ state: 'visible' });
  return { context, page };
}

const shot = (page: Page, name: string) => page.screenshot({ path: resolve(SHOTS, `${name}.png`) });

describe('kitchen display (staff board) in Chromium', () => {
  it('two tablets: a dish struck on one is struck on the other; rush pins it on both; stations by category; bump and recall', async () => {
    const first = await orderDishes({ 'Nasi Goreng Kampung': 2, 'Teh Tarik': 1 });
    const second = await orderDishes({ 'Teh Tarik': 2 });
    const kitchen = await tablet('kopitiam-ali-kitchen');
    const manager = await tablet('kopitiam-ali-manager');
    const cardOn = (page: Page, id: number) => page.locator(`[data-order-id="${id}"]`);
    await expectVisible(cardOn(kitchen.page, first.order_id));

    // Kitchen strikes the Nasi Goreng off: the manager's tablet shows it struck (live event).
    await cardOn(kitchen.page, first.order_id)
      .getByRole('button', { name: /× Nasi Goreng Kampung$/ })
      .click();
    await expectVisible(
      cardOn(manager.page, first.order_id).getByRole('button', {
        name: /× Nasi Goreng Kampung$/,
        pressed: true,
      }),
    );
    // Rush on the newer order: first in its column on both tablets.
    await cardOn(kitchen.page, second.order_id).getByRole('button', { name: 'Rush' }).click();
    for (const page of [kitchen.page, manager.page]) {
      await expect
        .poll(() =>
          page
            .getByRole('region', { name: 'Waiting' })
            .locator('article')
            .first()
            .getAttribute('data-order-id'),
        )
        .toBe(String(second.order_id));
    }
    await shot(kitchen.page, 'kds-board-en-1024');

    // The drinks bar sees the drinks only; the wok nothing of the drinks-only order.
    await kitchen.page.getByLabel('Station').selectOption('Drinks');
    // 'All day' (closed by default at 1024 px: the columns need the room).
    await kitchen.page.getByRole('button', { name: 'All day' }).click();
    await expectVisible(cardOn(kitchen.page, second.order_id));
    expect(
      await cardOn(kitchen.page, first.order_id)
        .getByText(/Nasi Goreng/)
        .count(),
    ).toBe(0);
    await expectVisible(kitchen.page.getByRole('complementary', { name: 'All day' }).getByText('Teh Tarik'));
    await shot(kitchen.page, 'kds-drinks-station-en-1024');
    await kitchen.page.getByLabel('Station').selectOption('Wok');
    await cardOn(kitchen.page, second.order_id).waitFor({ state: 'detached' });
    // Kept on the device.
    await kitchen.page.reload();
    await expectVisible(cardOn(kitchen.page, first.order_id));
    expect(await kitchen.page.getByLabel('Station').inputValue()).toBe('Wok');
    await kitchen.page.getByLabel('Station').selectOption('');

    // Bump: confirm moves it along; 'Recently bumped' offers a recall (local: no move back in the rules).
    await cardOn(kitchen.page, first.order_id).getByRole('button', { name: 'Confirm' }).click();
    await expectVisible(
      kitchen.page
        .getByRole('region', { name: 'Confirmed / preparing' })
        .locator(`[data-order-id="${first.order_id}"]`),
    );
    await kitchen.page.getByRole('button', { name: `Recall order #${first.order_id}` }).click();
    await expectVisible(
      kitchen.page
        .getByRole('region', { name: 'Waiting' })
        .locator(`[data-order-id="${first.order_id}"]`)
        .getByText('Recalled'),
    );
    await kitchen.context.close();
    await manager.context.close();
  });

  it('screenshots in ms and id at 1024×768; the ready screen shows numbers only', async () => {
    const placed = await orderDishes({ 'Nasi Goreng Kampung': 1, 'Teh Tarik': 1 });
    // Two pickups for the ready screen: one ready, one being prepared.
    const ready = await orderDishes({ 'Teh Tarik': 1 }, true);
    const cooking = await orderDishes({ 'Teh Tarik': 1 }, true);
    for (const status of [1, 2, 3])
      await staffSetStatus(server, 'kopitiam-ali-manager', ready.order_id, status);
    await staffSetStatus(server, 'kopitiam-ali-manager', cooking.order_id, 1);
    for (const language of ['en', 'my', 'id'] as const) {
      const { context, page } = await tablet('kopitiam-ali-kitchen', language, 12);
      await expectVisible(page.locator(`[data-order-id="${placed.order_id}"]`));
      await shot(page, `kds-board-${language}-1024-aged`);
      if (language === 'en') {
        // A manager's phone: the columns stack.
        await page.setViewportSize({ width: 360, height: 640 });
        await shot(page, 'kds-board-en-360');
      }
      await context.close();
    }
    const { context, page } = await tablet('kopitiam-ali-manager');
    await page.goto(`${server.baseUrl}/staff/ready`);
    await expectVisible(page.getByRole('region', { name: 'Ready to collect' }));
    await expectVisible(
      page
        .getByRole('region', { name: 'Ready to collect' })
        .getByText(String(ready.order_id), { exact: true }),
    );
    await expectVisible(
      page.getByRole('region', { name: 'Preparing' }).getByText(String(cooking.order_id), { exact: true }),
    );
    const text = await page.locator('.staff-ready').innerText();
    expect(text).not.toMatch(/Nasi|Table|Teh/);
    await shot(page, 'kds-ready-en-1024');
    await context.close();
  });

  it('an accepted, paid scheduled order -> not on the board until 15 minutes before its slot (spec §4), then in Confirmed / preparing', async () => {
    const placed = await orderDishes({ 'Teh Tarik': 1 }, true);
    // Scheduled 40 minutes from the server's now, accepted and paid (as a paid-first order would be).
    const slot = new Date(server.clock.now().getTime() + 40 * 60_000);
    await server.db.database.db.execute(
      `update orders set order_time = 'SCHEDULED', scheduled_at = '${slot.toISOString()}',
       status = ${ORDER_STATUS.SCHEDULED_ACCEPTED}, payment_status = 'paid' where id = ${placed.order_id}`,
    );
    const { context, page } = await tablet('kopitiam-ali-kitchen');
    const card = page.locator(`[data-order-id="${placed.order_id}"]`);
    // The board has loaded (the earlier journeys' orders are on it) and this one is not on it.
    await expectVisible(page.locator('[data-order-id]').first());
    expect(await card.count()).toBe(0);
    // 24 minutes on: 16 minutes before the slot, still held back.
    await context.clock.fastForward(24 * 60_000);
    await page.waitForTimeout(300);
    expect(await card.count()).toBe(0);
    // 2 minutes more: 14 minutes before the slot, released to the kitchen.
    await context.clock.fastForward(2 * 60_000);
    await expectVisible(
      page
        .getByRole('region', { name: 'Confirmed / preparing' })
        .locator(`[data-order-id="${placed.order_id}"]`),
    );
    await context.close();
  });
});
