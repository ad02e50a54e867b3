import type { i18n as I18n } from 'i18next';
import { createCatalogueI18n } from '@santap/web';
import type { SupportedLanguage } from '@santap/i18n';

/**
 * The app's i18n instance (`createCatalogueI18n` of `@santap/ui`), started with one language's
 * catalogue chunk; the others, the words no first screen shows (namespace `later`: account and
 * sign-in, vite.config.ts; namespace `tab`: the table tab's), and the legal pages' text (namespace
 * `legal`) are fetched when needed.
 * The build splits the chunks (vite.config.ts: `catalogueSplit`).
 */
export function createAppI18n(language: SupportedLanguage): Promise<I18n> {
  return createCatalogueI18n(language, {
    translation: {
      en: () => import('virtual:santap-catalogue/en'),
      id: () => import('virtual:santap-catalogue/id'),
      my: () => import('virtual:santap-catalogue/my'),
    },
    later: {
      en: () => import('virtual:santap-catalogue/en/later'),
      id: () => import('virtual:santap-catalogue/id/later'),
      my: () => import('virtual:santap-catalogue/my/later'),
    },
    legal: {
      en: () => import('virtual:santap-catalogue/en/legal'),
      id: () => import('virtual:santap-catalogue/id/legal'),
      my: () => import('virtual:santap-catalogue/my/legal'),
    },
    tab: {
      en: () => import('virtual:santap-catalogue/en/tab'),
      id: () => import('virtual:santap-catalogue/id/tab'),
      my: () => import('virtual:santap-catalogue/my/tab'),
    },
  });
}
