import type { i18n as I18n } from 'i18next';
import { toIntlLocale } from '@santap/i18n';
import type { SupportedLanguage } from '@santap/i18n';
import { rememberDeviceLanguage } from '@santap/web';
import { setApiLanguage } from './api';

/** Where this device keeps its console language (`deviceLanguage` reads it at start). */
export const LANGUAGE_KEY = 'santap-staff-language';

/**
 * The console in `language` from now on, on this device: the words, `<html lang>`, the language the
 * server answers in, and the next start.
 */
export async function switchLanguage(i18n: I18n, language: SupportedLanguage): Promise<void> {
  await i18n.changeLanguage(language);
  document.documentElement.lang = toIntlLocale(language);
  setApiLanguage(language);
  rememberDeviceLanguage(LANGUAGE_KEY, language);
}
