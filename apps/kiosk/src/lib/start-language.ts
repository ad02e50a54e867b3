import { isSupportedLanguage } from '@santap/i18n';
import type { SupportedLanguage } from '@santap/i18n';

const STORAGE_KEY = 'santap-kiosk-home-language';

/** The language the kiosk starts in: its own (learnt from its settings on a previous start), else English. */
export function startLanguage(): SupportedLanguage {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return stored && isSupportedLanguage(stored) ? stored : 'en';
  } catch {
    return 'en';
  }
}

export function rememberStartLanguage(language: SupportedLanguage) {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // A kiosk with storage switched off starts in English.
  }
}
