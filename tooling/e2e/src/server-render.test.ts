import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { SupportedLanguage } from '@santap/i18n';
import { expectVisible } from './harness';
import { keepServerElement, recordCalls, recordConsole, waitForHydration } from './server-render-kit';
import type { E2eBrowser, E2eServer } from './harness';
import { FIRST_CALLS, MEE_REBUS, MENU_LINK, SIDES, startWarmMenuServer, text } from './menu-kit';

let server: E2eServer;
let browser: E2eBrowser;

/** The menu of `language` is on screen: its words (@santap/i18n) and the menu's own names. */
async function expectMenuIn(page: Page, language: SupportedLanguage) {
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Kopitiam Ali' }));
  await expectVisible(page.getByRole('searchbox', { name: text(language, 'menu.search.label') }));
  await expectVisible(page.getByRole('heading', { level: 2, name: SIDES[language], exact: true }));
  await expectVisible(
    page.getByRole('heading', { level: 3, name: MEE_REBUS[language], exact: true }).first(),
  );
}

/** The menu loader's calls the page sends (exact paths: dish images live under `/api/menu/image/`). */
const recordMenuCalls = (page: Page) => recordCalls(page, server.baseUrl, FIRST_CALLS);

beforeAll(async () => {
  [server, browser] = await startWarmMenuServer();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('server-rendered menu (apps/diner entry-server.tsx): hydrated in the browser', () => {
  it.each<SupportedLanguage>(['en', 'id', 'my'])(
    '%s -> the menu is in the HTML, hydrated without a mismatch in the console and without asking for the menu again; a dish then goes into the cart',
    async (language) => {
      const { context, page } = await browser.newPage();
      const said = recordConsole(page);
      const sent = recordMenuCalls(page);
      await keepServerElement(page);
      const reply = await page.goto(`${server.baseUrl}${MENU_LINK}&language=${language}`);
      // The menu is in the page the server sent (its categories, in the app's root), before any script.
      const html = await reply!.text();
      const rendered = html.split('<div id="root">')[1]!.split('<script')[0]!;
      expect(rendered).toContain(SIDES[language].replace('&', '&amp;'));
      expect(html).toContain('id="santap-hydration"');

      await waitForHydration(page);
      await expectMenuIn(page, language);
      await page.waitForLoadState('networkidle');
      expect(said.filter((line) => /hydrat|did not match|mismatch|server/i.test(line))).toEqual([]);
      expect(said).toEqual([]);
      expect(sent).toEqual([]);

      // Hydrated, not just painted: a tap works (the dish popup, then the cart bar).
      const addDish = text(language, 'menu.addItem').replace('{{name}}', MEE_REBUS[language]);
      await page.getByRole('button', { name: addDish, exact: true }).first().click();
      const popup = page.getByRole('dialog', { name: MEE_REBUS[language] });
      const addToCart = text(language, 'ui.variants.add').split(' ·')[0]!;
      await popup.getByRole('button', { name: new RegExp(`^${addToCart}`) }).click();
      await popup.waitFor({ state: 'hidden' });
      const count = text(language, 'menu.cart.count').replace('{{count}}', '1');
      await expectVisible(page.getByRole('button', { name: new RegExp(count) }));
      expect(said).toEqual([]);
      await context.close();
    },
  );

  it("the 200-dish menu with offers -> nothing moves once the server's page has painted (no layout shift: styles, offers, hydration)", async () => {
    const { context, page } = await browser.newPage();
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await keepServerElement(page);
    await page.goto(`${server.baseUrl}/r/menu-besar`);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.02);
    await context.close();
  });

  it('JavaScript switched off -> the menu is readable: the restaurant, its categories and every dish with its price', async () => {
    const { context, page } = await browser.newPage({ javaScriptEnabled: false });
    await page.goto(`${server.baseUrl}${MENU_LINK}`);
    // The server's render: the page, its categories and first dishes (the rest render in the browser).
    const app = page.locator('#root');
    await expectVisible(app.getByRole('heading', { level: 1, name: 'Kopitiam Ali' }));
    await expectVisible(app.getByRole('heading', { level: 2, name: SIDES.en, exact: true }));
    // Every dish: the <noscript> menu (apps/api page-meta.ts) a browser without JavaScript shows.
    await expectVisible(
      page
        .locator('li')
        .filter({ hasText: new RegExp(`^${MEE_REBUS.en} — RM \\d+\\.\\d\\d`) })
        .first(),
    );
    await context.close();
  });
});
