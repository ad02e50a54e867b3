import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { resources } from '@santap/i18n';
import type { SupportedLanguage, TranslationKey } from '@santap/i18n';
import {
  DEMO_MALL,
  DEMO_RESTAURANTS,
  DEMO_TABLES,
  DISHES,
  ID_GROUPS,
  menus,
  MY_GROUPS,
} from '@santap/api/testing';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DINER_DIST, expectVisible, launchBrowser, startE2eServer } from './harness';
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
const escape = (words: string) => words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const containing = (words: string) => new RegExp(escape(words));
const catalogue = (language: SupportedLanguage) =>
  resources[language].translation as Record<TranslationKey, string>;

/**
 * A catalogue value as a whole-text pattern: `{{count}}` and the like stand for any words, so an
 * interpolated string on screen ('Table 3') is recognised as its key ('Table {{table}}').
 */
function patternOf(value: string): RegExp {
  const parts = value.split(/\{\{\s*[\w.,\s]+\}\}/);
  return new RegExp(`^${parts.map((part) => escape(part.trim().replace(/\s+/g, ' '))).join('.+?')}$`, 'u');
}

/** A key with the words it has in each language (interpolated values as patterns). */
interface Entry {
  key: TranslationKey;
  value: Record<SupportedLanguage, string>;
  pattern: Record<SupportedLanguage, RegExp>;
  interpolated: boolean;
}

const LANGUAGES = ['en', 'id', 'my'] as const;
/**
 * The key groups the diner's build leaves out of its catalogue (the staff console's, the kiosk's, …,
 * as the build recorded them): their words never reach a diner's page, so an English word on screen
 * ('Total') is never one of theirs.
 */
const LEFT_OUT: readonly string[] =
  (
    JSON.parse(readFileSync(resolve(DINER_DIST, '.vite/santap-catalogue.json'), 'utf8')) as {
      leaveOut?: string[];
    }
  ).leaveOut ?? [];
const ENTRIES: Entry[] = (Object.keys(catalogue('en')) as TranslationKey[]).flatMap((key) => {
  if (LEFT_OUT.some((prefix) => key.startsWith(prefix))) return [];
  const value = Object.fromEntries(LANGUAGES.map((l) => [l, catalogue(l)[key]])) as Entry['value'];
  const interpolated = value.en.includes('{{');
  // '{{value}} g' or '{{date}} at {{time}}' would match any data: an interpolated string is
  // recognised only by at least four letters of its own.
  const ownLetters = value.en.replace(/\{\{[^}]*\}\}/g, '').match(/\p{L}/gu)?.length ?? 0;
  if (interpolated && ownLetters < 4) return [];
  return [
    {
      key,
      value,
      pattern: Object.fromEntries(LANGUAGES.map((l) => [l, patternOf(value[l])])) as Entry['pattern'],
      interpolated,
    },
  ];
});

/** Every string of the seeded demo data (names of restaurants, tables, categories, dishes, options). */
function seedStrings(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') into.add(value.replace(/\s+/g, ' ').trim());
  else if (Array.isArray(value)) for (const item of value) seedStrings(item, into);
  else if (value && typeof value === 'object')
    for (const item of Object.values(value)) seedStrings(item, into);
  return into;
}
/**
 * Restaurant data on screen ('Table 3', 'Desserts' as a menu category): may equal a catalogue
 * string by chance, but follows the data's own language, not the catalogue: left out.
 */
const DATA = seedStrings([DISHES, menus, ID_GROUPS, MY_GROUPS, DEMO_MALL, DEMO_RESTAURANTS, DEMO_TABLES]);
/** Every value of a language's catalogue: an en text that is also one of these may stay on screen. */
const VALUES = Object.fromEntries(
  LANGUAGES.map((l) => [l, new Set(ENTRIES.map((entry) => entry.value[l].trim()))]),
) as Record<SupportedLanguage, Set<string>>;

/**
 * Every text a person sees or hears on the page: visible text nodes (visually-hidden screen-reader
 * text included), and the placeholder and aria-label of visible elements; whitespace collapsed.
 */
async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const clean = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();
    const visible = (element: Element) =>
      element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const value = clean(node.textContent);
      if (value && node.parentElement && visible(node.parentElement)) texts.push(value);
    }
    for (const element of Array.from(document.body.querySelectorAll('[placeholder], [aria-label]'))) {
      if (!visible(element)) continue;
      for (const attribute of ['placeholder', 'aria-label']) {
        const value = clean(element.getAttribute(attribute));
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

/** The en catalogue strings among `texts`, each with the keys whose en words it is. */
function catalogueStrings(texts: readonly string[]): Map<string, Entry[]> {
  const found = new Map<string, Entry[]>();
  for (const shown of new Set(texts)) {
    if (DATA.has(shown)) continue;
    const entries = ENTRIES.filter((entry) =>
      entry.interpolated ? entry.pattern.en.test(shown) : entry.value.en.trim() === shown,
    );
    if (entries.length > 0) found.set(shown, entries);
  }
  return found;
}

/**
 * After a switch to `language`: none of the en strings shown before is still on screen (unless the
 * same words are also a value of `language`'s catalogue, like 'Email'), and for each one, one of its
 * keys now shows its `language` words. Returns what is wrong, to compare with [].
 */
function untranslated(
  before: Map<string, Entry[]>,
  after: readonly string[],
  language: SupportedLanguage,
): string[] {
  const problems: string[] = [];
  const shown = new Set(after);
  for (const [english, entries] of before) {
    const translatable = entries.filter((entry) => entry.value[language] !== entry.value.en);
    if (translatable.length === 0) continue;
    if (shown.has(english) && !VALUES[language].has(english)) {
      problems.push(`still in English: "${english}"`);
    }
    const translated = translatable.some((entry) =>
      entry.interpolated
        ? after.some((value) => entry.pattern[language].test(value))
        : shown.has(entry.value[language].trim()),
    );
    if (!translated) {
      problems.push(
        `"${english}" (${translatable.map((entry) => entry.key).join(' | ')}) not shown in ${language}`,
      );
    }
  }
  return problems;
}

/** Opens the language popup from the header and picks `to` by its name in the `from` language. */
async function switchLanguage(page: Page, from: SupportedLanguage, to: SupportedLanguage) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: containing(text(from, 'ui.language.title')) })
    .click();
  const popup = page.getByRole('dialog', { name: text(from, 'ui.language.title') });
  await popup.getByRole('button', { name: containing(text(from, `ui.language.${to}`)) }).click();
  await popup.waitFor({ state: 'hidden' });
  await page.waitForFunction((lang) => document.documentElement.lang === lang, to === 'my' ? 'ms' : to);
}

/** The seeded dishes whose name differs between en and another language. */
const RENAMED_DISHES = Object.values(DISHES).filter(
  (dish) => dish.name.en !== dish.name.id || dish.name.en !== dish.name.my,
);

async function expectMenuIn(page: Page, language: SupportedLanguage) {
  await expectVisible(page.getByRole('searchbox', { name: text(language, 'menu.search.label') }));
  await expectVisible(page.getByRole('region', { name: text(language, 'menu.bestSellers') }));
}

/**
 * On the page as it is in en: every en catalogue string shown, then en -> id -> my through the
 * language popup, each time none of them left in English and each shown in the new language.
 * `settle(language)` waits for the page's own words in that language.
 */
async function expectEveryStringTranslated(
  page: Page,
  settle: (language: SupportedLanguage) => Promise<void>,
): Promise<Map<string, Entry[]>> {
  const english = catalogueStrings(await visibleTexts(page));
  // A page of a handful of words could pass without proving much.
  expect(english.size).toBeGreaterThanOrEqual(15);
  let from: SupportedLanguage = 'en';
  for (const language of ['id', 'my'] as const) {
    await switchLanguage(page, from, language);
    await settle(language);
    expect({ language, problems: untranslated(english, await visibleTexts(page), language) }).toEqual({
      language,
      problems: [],
    });
    from = language;
  }
  return english;
}

describe('language switch (every visible string changes)', () => {
  it('the checks themselves: an en string left on screen, or its id words missing -> reported', () => {
    const before = catalogueStrings(['Language', 'Table 3', 'Kopitiam Ali', 'Desserts', 'Nasi Lemak']);
    // Data (a table label, a restaurant, a menu category, a dish) is not a catalogue string here.
    expect([...before.keys()]).toEqual(['Language']);
    expect(untranslated(before, ['Language', 'Kopitiam Ali'], 'id')).toContain(
      'still in English: "Language"',
    );
    expect(untranslated(before, ['Bahasa'], 'id').some((p) => p.startsWith('"Language"'))).toBe(false);
  });

  it('menu: en -> id -> my, every catalogue string on screen and a dish name change; <html lang> id, then ms', async () => {
    const { context, page } = await browser.newPage();
    await page.goto(`${server.baseUrl}/set_restaurant_qr.php?restaurant_id=1001&tid=5003`);
    await page.waitForURL((url) => url.pathname.startsWith('/r/kopitiam-ali'));
    await expectMenuIn(page, 'en');

    const texts = await visibleTexts(page);
    const dish = RENAMED_DISHES.find((candidate) => texts.includes(candidate.name.en));
    expect(dish, 'a dish whose name differs in id or my on the menu').toBeDefined();

    await expectEveryStringTranslated(page, async (language) => {
      await expectMenuIn(page, language);
      // The menu is asked for again in the new language: the dish name follows.
      await expectVisible(page.getByText(dish!.name[language], { exact: true }).first());
    });
    const englishName = dish!.name.en;
    if (englishName !== dish!.name.my) {
      expect(await page.getByText(englishName, { exact: true }).count()).toBe(0);
    }
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ms');
    await context.close();
  });

  it('cart with a dish: en -> id -> my, every catalogue string on screen changes', async () => {
    const { context, page } = await browser.newPage();
    await page.goto(`${server.baseUrl}/set_restaurant_qr.php?restaurant_id=1001&tid=5003`);
    await page.waitForURL((url) => url.pathname.startsWith('/r/kopitiam-ali'));
    await page.getByRole('button', { name: 'Add Nasi Goreng Kampung' }).first().click();
    const popup = page.getByRole('dialog', { name: 'Nasi Goreng Kampung' });
    await popup.getByRole('radio', { name: 'Medium' }).check();
    await popup.getByRole('button', { name: /^Add to cart/ }).click();
    await popup.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: /View cart/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/cart/kopitiam-ali'));
    await expectVisible(page.getByRole('group', { name: 'Nasi Goreng Kampung' }));
    await expectVisible(page.getByRole('button', { name: new RegExp(`^${placeOrder('en')}`) }));

    const english = await expectEveryStringTranslated(page, async (language) => {
      await expectVisible(page.getByRole('group', { name: dishName('nasi-goreng-kampung', language) }));
      await expectVisible(page.getByRole('button', { name: new RegExp(`^${escape(placeOrder(language))}`) }));
      // The bill's labels come from the server in the page's language: they change once the cart is
      // read again, after the words of the page itself.
      await expectVisible(page.getByText(patternOf(text(language, 'bill.serviceCharge'))).first());
      await expectVisible(page.getByText(text(language, 'bill.subtotal'), { exact: true }).first());
    });
    const keys = [...english.values()].flat().map((entry) => entry.key);
    expect(keys).toEqual(expect.arrayContaining(['cart.placeOrder']));
    await context.close();
  });
});

/** 'Place order' without its total. */
function placeOrder(language: SupportedLanguage): string {
  return text(language, 'cart.placeOrder')
    .split('{{')[0]!
    .replace(/[\s·]+$/, '');
}

function dishName(slug: keyof typeof DISHES, language: SupportedLanguage): string {
  return DISHES[slug].name[language];
}
