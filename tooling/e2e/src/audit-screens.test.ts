/**
 * The manager's audit trail (apps/staff `/audit`, apps/api docs/audit.md) on a 10-inch tablet in
 * landscape (1280×800) in en, id and my, after a few audited actions done through the real API as
 * the demo manager (a price change, a declined order, cash taken at the counter). Saved under
 * `tooling/e2e/artefacts/staff/` for review; on each: the day's exceptions and the records show,
 * no page wider than the screen, no button's words cut, every target 48×48 px, axe's WCAG AA checks.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_PASSWORD, apiCall, launchBrowser, staffSetStatus, startE2eServer } from './harness';
import type { E2eBrowser, E2eServer } from './harness';
import {
  DEVICES,
  axeFindings,
  kitchenSettings,
  layoutFindings,
  newCartToken,
  placeOrder,
} from './staff-screens-kit';

let server: E2eServer;
let browser: E2eBrowser;
const ARTEFACTS = resolve(dirname(fileURLToPath(import.meta.url)), '../artefacts/staff');
const LANGUAGES = ['en', 'id', 'my'] as const;
const TARGET = 48;
const MANAGER = 'kopitiam-ali-manager';

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
  mkdirSync(ARTEFACTS, { recursive: true });
  await kitchenSettings(server);
  const { token } = await apiCall<{ token: string }>(server, 'POST', '/api/staff/login', {
    payload: { username: MANAGER, password: DEMO_STAFF_PASSWORD },
  });
  // A price change: Teh Tarik up by RM 0.50.
  const menu = await apiCall<{ items: { id: number; name: string; price: number }[] }>(
    server,
    'GET',
    '/api/menu?restaurant_id=kopitiam-ali',
    { cartToken: newCartToken() },
  );
  const tea = menu.items.find((item) => item.name === 'Teh Tarik')!;
  await apiCall(server, 'POST', `/api/staff/menu/items/${tea.id}`, {
    token,
    payload: { price: tea.price + 50 },
  });
  // A declined order (a void) and a counter payment (money before -> after).
  const declined = await placeOrder(server, { dishes: [{ name: 'Curry Laksa', quantity: 1 }] });
  await staffSetStatus(server, MANAGER, declined, 5);
  const paid = await placeOrder(server, { dishes: [{ name: 'Roti Canai', quantity: 2 }], pickup: true });
  await apiCall(server, 'POST', '/api/orders/billing/direct_payment.php', {
    token,
    payload: { order_id: paid, method: 'Cash' },
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the audit trail at a tablet’s size', () => {
  it('landscape: the manager’s /audit in en, id and my', async () => {
    const { context, page } = await browser.newPage({ bypassCSP: true });
    // The tablet's clock at the server's: the page's default days are the server's.
    await context.clock.install({ time: server.clock.now().getTime() });
    await page.setViewportSize(DEVICES.landscape);
    for (const language of LANGUAGES) {
      await page.goto(`${server.baseUrl}/staff/login`);
      await page.evaluate((lang) => {
        localStorage.removeItem('santap-staff-token');
        localStorage.setItem('santap-staff-language', lang);
      }, language);
      await page.reload();
      await page.locator('input[autocomplete="username"]').fill(MANAGER);
      await page.locator('input[type="password"]').fill(DEMO_STAFF_PASSWORD);
      await page.locator('button[type="submit"]').click();
      await page.locator('.staff-bar__nav a[href="/staff/audit"]').click();
      await page.locator('.audit-list[aria-busy=false] .audit-entry').first().waitFor();
      const shot = `landscape-${language}-audit`;

      // The trail holds what was done above: the price, the decline and the cash, newest first.
      const actions = await page
        .locator('.audit-list[aria-busy] .audit-entry')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-action')));
      expect(actions.slice(0, 3), shot).toEqual(['payment.counter', 'order.decline', 'menu.price']);
      // The day's exceptions hold the decline (a void).
      await page.locator('.audit-kind--void').first().waitFor();
      const price = page.locator('.audit-entry[data-action="menu.price"]').last();
      expect(await price.locator('.audit-change__after').textContent(), shot).toMatch(/RM\s?\d+\.\d0/);

      await page.screenshot({ path: join(ARTEFACTS, `${shot}.png`), fullPage: true, animations: 'disabled' });
      const found = await layoutFindings(page, 'body', TARGET);
      expect(found.sideways, `${shot}: sideways`).toEqual([]);
      expect(found.clipped, `${shot}: words cut`).toEqual([]);
      expect(found.small, `${shot}: targets under ${TARGET} px`).toEqual([]);
      expect(await axeFindings(page, '.audit-page'), `${shot}: axe`).toEqual([]);
    }
    await context.close();
  });
});
