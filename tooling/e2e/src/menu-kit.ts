import { expect } from 'vitest';
import { resources } from '@santap/i18n';
import type { SupportedLanguage, TranslationKey } from '@santap/i18n';
import { launchBrowser, startE2eServer } from './harness';
import type { E2eBrowser, E2eServer } from './harness';

/** The e2e menu of the seeded kopitiam-ali (apps/api seed), shared by the early-replies and server-render files. */
export const KOPITIAM = 'kopitiam-ali';
/** Table QR link of kopitiam-ali's table T1 ('Table 1'): the first screen of a scan. */
export const MENU_LINK = `/r/${KOPITIAM}/1?source=qr&tableId=5001`;
/**
 * The calls the menu page's loader makes first (apps/diner `loadMenu`), whose replies the page carries
 * (early-replies.ts): a page that has them, or is hydrated, asks for none of them.
 */
export const FIRST_CALLS = [
  '/api/restaurant/details',
  '/api/menu',
  '/api/orders/cart/get.php',
  '/api/recommendations/best-sellers',
  '/api/discounts/get.php',
  // The table check of the QR link (after the details, on the server).
  '/api/restaurant/new/1001/tables/5001',
];

/** Seeded names in each language (apps/api seed: dish `mee-rebus`, category 'Sides & Snacks'). */
export const MEE_REBUS: Record<SupportedLanguage, string> = {
  en: 'Mee Rebus',
  id: 'Mi Rebus',
  my: 'Mi Rebus',
};
export const SIDES: Record<SupportedLanguage, string> = {
  en: 'Sides & Snacks',
  id: 'Lauk & Camilan',
  my: 'Lauk & Snek',
};

/** A catalogue string of `language` (@santap/i18n). */
export const text = (language: SupportedLanguage, key: TranslationKey) =>
  resources[language].translation[key];

/** A catalogue sentence of `language` with its `{{placeholder}}`s filled. */
export const words = (language: SupportedLanguage, key: TranslationKey, values: Record<string, string>) =>
  Object.entries(values).reduce(
    (sentence, [name, value]) => sentence.replace(`{{${name}}}`, value),
    text(language, key),
  );

/**
 * The server and the browser of a menu file, the server warmed by one menu page: a page leaves out a
 * reply slower than 400 ms, and a new server's first ones are its slowest (cold caches, a CI machine
 * shared with other suites).
 */
export async function startWarmMenuServer(): Promise<[E2eServer, E2eBrowser]> {
  const started = await Promise.all([startE2eServer(), launchBrowser()]);
  const warm = await started[0].app.inject({ url: MENU_LINK, headers: { accept: 'text/html' } });
  expect(warm.statusCode).toBe(200);
  return started;
}
