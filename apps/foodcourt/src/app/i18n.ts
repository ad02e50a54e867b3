import type { i18n as I18n } from 'i18next';
import { createCatalogueI18n } from '@santap/web';
import type { SupportedLanguage } from '@santap/i18n';

/**
 * The app's i18n instance (`createCatalogueI18n` of `@santap/ui`), started with one language's
 * catalogue chunk (the build splits them: `catalogueSplit` of `@santap/vite-config`); the others are
 * fetched on a language change. The food court has no legal pages of its own (they are the diner's).
 */
export function createAppI18n(language: SupportedLanguage): Promise<I18n> {
  return createCatalogueI18n(language, {
    translation: {
      en: () => import('virtual:santap-catalogue/en'),
      id: () => import('virtual:santap-catalogue/id'),
      my: () => import('virtual:santap-catalogue/my'),
    },
  });
}
