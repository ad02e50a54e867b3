import type { i18n as I18n } from 'i18next';
import { toIntlLocale } from '@santap/i18n';
import type { SupportedLanguage } from '@santap/i18n';
import { createCatalogueI18n, deviceLanguage, rememberDeviceLanguage } from '@santap/web';
import type { AppCatalogues } from '@santap/web';
import { setApiLanguage } from '../lib/api';

const CATALOGUES: AppCatalogues = {
  translation: {
    en: () => import('virtual:santap-catalogue/en'),
    id: () => import('virtual:santap-catalogue/id'),
    my: () => import('virtual:santap-catalogue/my'),
  },
};

const STORAGE_KEY = 'santap-staff-language';

/** The language the console starts in: the one last picked on this device, else English. */
export function startLanguage(): SupportedLanguage {
  return deviceLanguage(STORAGE_KEY);
}

export async function startI18n(language: SupportedLanguage): Promise<I18n> {
  const instance = await createCatalogueI18n(language, CATALOGUES);
  document.documentElement.lang = toIntlLocale(language);
  setApiLanguage(language);
  return instance;
}

export async function switchLanguage(i18n: I18n, language: SupportedLanguage): Promise<void> {
  await i18n.changeLanguage(language);
  document.documentElement.lang = toIntlLocale(language);
  setApiLanguage(language);
  rememberDeviceLanguage(STORAGE_KEY, language);
}
