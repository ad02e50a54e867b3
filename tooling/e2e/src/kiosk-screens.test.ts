/**
 * The counter kiosk at its real sizes (apps/kiosk/README.md, "Kiosk layout"): a
 * 1080×1920 portrait screen (and 1920×1080 landscape), the whole counter journey and the offline
 * journey with the ticket found by the staff at their counter. Every kiosk screen is saved as a PNG
 * under `tooling/e2e/artefacts/kiosk/` (gitignored) for review.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '@santap/i18n';
import type { SupportedLanguage, TranslationKey } from '@santap/i18n';
import { DEMO_STAFF_PASSWORD, expectVisible, launchBrowser, startE2eServer } from './harness';
import type { E2eBrowser, E2eServer } from './harness';
import {
  confirmPayAtCounter,
  eventually,
  kioskOrdersOnServer,
  kioskPage,
  payAtCounterOffline,
  setUpKiosk,
} from './kiosk-kit';

const ARTEFACTS = resolve(dirname(fileURLToPath(import.meta.url)), '../artefacts/kiosk');
const PORTRAIT = { width: 1080, height: 1920 };
const LANDSCAPE = { width: 1920, height: 1080 };

let server: E2eServer;
let browser: E2eBrowser;

beforeAll(async () => {
  mkdirSync(ARTEFACTS, { recursive: true });
  [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const text = (language: SupportedLanguage, key: TranslationKey) => resources[language].translation[key];

/** Saves the screen as it is (no animation half-way) under the artefacts folder. */
async function shot(page: Page, name: string) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(ARTEFACTS, `${name}.png`), animations: 'disabled' });
}

/** The menu replies without pictures: the cards show their placeholders (a dish with no photo). */
async function withoutPictures(page: Page) {
  await page.route('**/api/menu?*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { items: { image: string | null }[] } };
    for (const item of body.data.items) item.image = null;
    await route.fulfill({ response, json: body });
  });
}

/** The box of `name`'s button relative to the screen: every target of the journey sits in the lower two thirds. */
async function expectReachable(page: Page, name: RegExp | string) {
  const box = await page.getByRole('button', { name }).first().boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  expect(box, String(name)).not.toBeNull();
  expect(box!.y, `${String(name)} starts in the lower two thirds`).toBeGreaterThanOrEqual(height / 3 - 1);
}

describe('counter kiosk at 1080×1920', () => {
  it('the counter journey: attract -> menu -> options sheet -> order -> pay at the counter (asked) -> its number; the order on the server', async () => {
    const { context, page } = await kioskPage(browser, server, PORTRAIT);
    const before = (await kioskOrdersOnServer(server)).orders.length;
    await setUpKiosk(page, server);
    await shot(page, 'portrait-en-1-attract');
    await expectReachable(page, /^Eat here/);
    await expectReachable(page, 'Bahasa Melayu');

    await page.getByRole('button', { name: /^Eat here/ }).click();
    const add = page.getByRole('button', { name: 'Add Nasi Lemak Rendang Daging', exact: true });
    await expectVisible(add);
    // The order summary is on screen before anything is in it.
    const summary = page.getByRole('region', { name: 'Your order' });
    await expectVisible(summary);
    await shot(page, 'portrait-en-2-menu');
    await add.click();
    await add.click();
    await expectVisible(summary.getByText('Items: 2'));
    await expectReachable(page, /^Review order/);
    await expectReachable(page, 'Start over');

    // A dish with options: the full-height sheet, its rows at least 64 px.
    await page
      .getByRole('button', { name: /^Choose options for / })
      .first()
      .click();
    const sheet = page.getByRole('dialog');
    await expectVisible(sheet);
    const sheetBox = await sheet.boundingBox();
    expect(sheetBox!.height).toBeGreaterThan(PORTRAIT.height * 0.85);
    const rows = await sheet
      .locator('.st-choice')
      .evaluateAll((choices) => choices.map((choice) => choice.getBoundingClientRect().height));
    expect(rows.length).toBeGreaterThan(0);
    expect(Math.min(...rows)).toBeGreaterThanOrEqual(64);
    await shot(page, 'portrait-en-3-options');
    await page.keyboard.press('Escape');
    await expectVisible(add);

    await page.getByRole('button', { name: /^Review order/ }).click();
    await expectVisible(page.getByRole('heading', { name: 'Your order' }));
    await expectVisible(page.getByText('Total', { exact: true }));
    await shot(page, 'portrait-en-4-order');
    await page.getByRole('button', { name: /^Pay at the counter/ }).click();
    await expectVisible(page.getByRole('dialog', { name: /^Pay RM [\d.]+ at the counter\?$/ }));
    await shot(page, 'portrait-en-5-confirm');
    await page.getByRole('dialog').getByRole('button', { name: 'Back' }).click();
    await confirmPayAtCounter(page);

    const number = page.getByRole('region', { name: 'Your order number' });
    await expectVisible(number);
    await shot(page, 'portrait-en-6-number');
    const queueNo = Number((await number.locator('.st-kiosk-number__value').textContent())?.trim());
    const { orders } = await kioskOrdersOnServer(server);
    expect(orders).toHaveLength(before + 1);
    expect(orders.at(-1)).toMatchObject({ queueNo, paymentMode: 'cash_kiosk' });
    await context.close();
  });

  it('the offline journey: pay at the counter offline -> its ticket -> online: its number; the staff find the ticket at their counter', async () => {
    const { context, page } = await kioskPage(browser, server, PORTRAIT);
    await setUpKiosk(page, server);
    await page.getByRole('button', { name: /^Eat here/ }).click();
    await page.getByRole('button', { name: 'Add Nasi Lemak Rendang Daging', exact: true }).click();
    await page.getByRole('button', { name: /^Review order/ }).click();
    await expectVisible(page.getByText('Total', { exact: true }));

    await context.setOffline(true);
    await expectVisible(page.getByRole('region', { name: 'Orders on this kiosk' }).getByText('Offline'));
    await shot(page, 'portrait-en-7-order-offline');
    const ticket = await payAtCounterOffline(page);
    await shot(page, 'portrait-en-8-saved-offline');

    await context.setOffline(false);
    await expectVisible(page.getByRole('region', { name: 'Your order number' }));
    await expectVisible(page.getByText(`Your ticket ${ticket} is now in the kitchen.`));
    await shot(page, 'portrait-en-9-sent');
    await eventually(async () =>
      (await kioskOrdersOnServer(server)).orders.some((order) => order.kioskTicket === ticket),
    );

    // The customer shows the ticket at the counter: the cashier's screen lists the order under it.
    const staff = await browser.newPage();
    await staff.page.setViewportSize({ width: 1024, height: 768 });
    await staff.page.goto(`${server.baseUrl}/staff/counter`);
    await staff.page.waitForURL((url) => url.pathname === '/staff/login');
    await staff.page.getByLabel('Username').fill('kopitiam-ali-manager');
    await staff.page.getByLabel('Password').fill(DEMO_STAFF_PASSWORD);
    await staff.page.getByRole('button', { name: 'Log in' }).click();
    await staff.page.waitForURL((url) => url.pathname !== '/staff/login');
    await staff.page.goto(`${server.baseUrl}/staff/counter`);
    await expectVisible(staff.page.getByText(`Ticket ${ticket}`, { exact: true }));
    await staff.page.screenshot({ path: join(ARTEFACTS, 'staff-counter-ticket.png') });
    await staff.context.close();
    await context.close();
  });

  for (const [orientation, viewport] of [
    ['portrait', PORTRAIT],
    ['landscape', LANDSCAPE],
  ] as const) {
    it(`${orientation}: every screen in English, Indonesian and Malay (screenshots; Malay "Mula semula" on one line)`, async () => {
      const { context, page } = await kioskPage(browser, server, viewport);
      await setUpKiosk(page, server);
      for (const language of ['en', 'id', 'my'] as const) {
        const name = (screen: string) => `${orientation}-${language}-${screen}`;
        await page
          .getByRole('button', {
            name: { en: 'English', id: 'Bahasa Indonesia', my: 'Bahasa Melayu' }[language],
          })
          .click();
        const eatHere = page.getByRole('button', {
          name: new RegExp(`^${text(language, 'kiosk.attract.eatHere')}`),
        });
        await expectVisible(eatHere);
        await shot(page, name('attract'));
        await eatHere.click();
        const addLabel = text(language, 'kiosk.menu.addNamed').replace('{{name}}', '');
        await page
          .getByRole('button', { name: new RegExp(`^${addLabel}`) })
          .first()
          .click();
        const startOver = page.getByRole('button', { name: text(language, 'kiosk.startOver') });
        const box = await startOver.boundingBox();
        const lineHeight = await startOver.evaluate((node) => parseFloat(getComputedStyle(node).lineHeight));
        // One line of words (the button's padding is 14 px above and below).
        expect(box!.height).toBeLessThanOrEqual(Math.max(64, 28 + lineHeight * 1.5));
        await shot(page, name('menu'));
        const chooseLabel = text(language, 'kiosk.menu.chooseNamed').replace('{{name}}', '');
        await page
          .getByRole('button', { name: new RegExp(`^${chooseLabel}`) })
          .first()
          .click();
        await expectVisible(page.getByRole('dialog'));
        await shot(page, name('options'));
        await page.keyboard.press('Escape');
        await page
          .getByRole('button', { name: new RegExp(`^${text(language, 'kiosk.menu.review')}`) })
          .click();
        await expectVisible(page.getByRole('heading', { name: text(language, 'kiosk.cart.title') }));
        await shot(page, name('order'));
        await page
          .getByRole('button', { name: new RegExp(`^${text(language, 'kiosk.cart.addMore')}`) })
          .click();
        await startOver.click();
      }
      await context.close();
    });
  }

  it('food-court kiosk, dishes without pictures -> each card shows its tinted placeholder (screenshots)', async () => {
    const { context, page } = await kioskPage(browser, server, PORTRAIT);
    await withoutPictures(page);
    await setUpKiosk(page, server, 'mall');
    await shot(page, 'portrait-en-foodcourt-attract');
    await page.getByRole('button', { name: /^Take away/ }).click();
    await page.getByRole('button', { name: /^Add / }).first().click();
    await expectVisible(page.locator('.kiosk-dish-picture--none').first());
    await shot(page, 'portrait-en-foodcourt-menu-no-pictures');
    await context.close();
  });
});
