import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { resources } from '../../../packages/i18n/src';
import type { SupportedLanguage, TranslationKey } from '../../../packages/i18n/src';
import { expectVisible, launchBrowser, startE2eServer } from './harness';
import type { E2eBrowser, E2eServer } from './harness';

let server: E2eServer;
let browser: E2eBrowser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const text = (language: SupportedLanguage, key: TranslationKey) => resources[language].translation[key];
const containing = (words: string) => new RegExp(words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** Opens the language popup from the header and picks `to` by its name in the `from` language. */
async function switchLanguage(page: Page, from: SupportedLanguage, to: SupportedLanguage) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: containing(text(from, 'ui.language.title')) })
    .click();
  const popup = page.getByRole('dialog', { name: text(from, 'ui.language.title') });
  await popup.getByRole('button', { name: containing(text(from, `ui.language.${to}`)) }).click();
  await popup.waitFor({ state: 'hidden' });
}

async function expectMenuIn(page: Page, language: SupportedLanguage, htmlLang: string) {
  await expectVisible(page.getByRole('searchbox', { name: text(language, 'menu.search.label') }));
  await expectVisible(page.getByRole('region', { name: text(language, 'menu.bestSellers') }));
  await expectVisible(page.getByRole('button', { name: text(language, 'menu.orderType.changeLabel') }));
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(htmlLang);
}

describe('language switch on the menu (issue 5 §6 journey 3b)', () => {
  it('en -> id -> my through the language popup: the menu words change and <html lang> is id, then ms', async () => {
    const { context, page } = await browser.newPage();
    await page.goto(`${server.baseUrl}/set_restaurant_qr.php?restaurant_id=1001&tid=5003`);
    await page.waitForURL((url) => url.pathname.startsWith('/r/kopitiam-ali'));
    await expectMenuIn(page, 'en', 'en');

    await switchLanguage(page, 'en', 'id');
    await expectMenuIn(page, 'id', 'id');
    expect(await page.getByRole('searchbox', { name: text('en', 'menu.search.label') }).count()).toBe(0);

    await switchLanguage(page, 'id', 'my');
    await expectMenuIn(page, 'my', 'ms');
    expect(await page.getByRole('searchbox', { name: text('id', 'menu.search.label') }).count()).toBe(0);
    await context.close();
  });
});
