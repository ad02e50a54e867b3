import i18next from 'i18next';
import type { i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { i18nOptions, toIntlLocale } from '@santap/i18n';
import type { SupportedLanguage } from '@santap/i18n';

/** An i18next instance for React with the shared options (synchronous: catalogues are bundled). */
export function createI18n(language: SupportedLanguage): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({ ...i18nOptions, lng: language });
  return instance;
}

/** `<html lang>` for a product language (`my` is Malay: `ms`, never Burmese). */
export const htmlLang = (language: SupportedLanguage) => toIntlLocale(language);
