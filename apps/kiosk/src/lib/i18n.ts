import type { i18n as I18n } from 'i18next';
import { toIntlLocale } from '@santap/i18n';
import type { SupportedLanguage } from '@santap/i18n';
import { createCatalogueI18n } from '@santap/web';
import type { AppCatalogues } from '@santap/web';

/** One chunk per language (`catalogueSplit()` of @santap/vite-config); the others load on a switch. */
const CATALOGUES: AppCatalogues = {
  translation: {
    en: () => import('virtual:santap-catalogue/en'),
    id: () => import('virtual:santap-catalogue/id'),
    my: () => import('virtual:santap-catalogue/my'),
  },
};

/** The kiosk's i18n instance with one language's words (the server render's, per request). */
export const createAppI18n = (language: SupportedLanguage): Promise<I18n> =>
  createCatalogueI18n(language, CATALOGUES);

/** The kiosk's i18n instance, started with one language's words; `<html lang>` follows it. */
export async function startI18n(language: SupportedLanguage): Promise<I18n> {
  const instance = await createAppI18n(language);
  document.documentElement.lang = toIntlLocale(language);
  return instance;
}

/**
 * Switches the kiosk to `language`; i18next fetches its words first (a chunk the service worker
 * keeps, so this works offline too).
 */
export async function switchLanguage(i18n: I18n, language: SupportedLanguage): Promise<void> {
  await i18n.changeLanguage(language);
  document.documentElement.lang = toIntlLocale(language);
}
