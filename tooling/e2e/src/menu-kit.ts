import { resources } from '../../../packages/i18n/src';
import type { SupportedLanguage, TranslationKey } from '../../../packages/i18n/src';

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
