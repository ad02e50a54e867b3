import type { i18n as I18n } from 'i18next';
import { toIntlLocale } from '@santap/i18n';
import type { SupportedLanguage } from '@santap/i18n';
import { createCatalogueI18n, deviceLanguage } from '@santap/web';
import type { AppCatalogues } from '@santap/web';
import { setApiLanguage } from '../lib/api';
import { LANGUAGE_KEY } from '../lib/language';

export { switchLanguage } from '../lib/language';

const CATALOGUES: AppCatalogues = {
  translation: {
    en: () => import('virtual:santap-catalogue/en'),
    id: () => import('virtual:santap-catalogue/id'),
    my: () => import('virtual:santap-catalogue/my'),
  },
};

/** The language the console starts in: the one last picked on this device, else English. */
export function startLanguage(): SupportedLanguage {
  return deviceLanguage(LANGUAGE_KEY);
}

export async function startI18n(language: SupportedLanguage): Promise<I18n> {
  const instance = await createCatalogueI18n(language, CATALOGUES);
  document.documentElement.lang = toIntlLocale(language);
  setApiLanguage(language);
  return instance;
}
