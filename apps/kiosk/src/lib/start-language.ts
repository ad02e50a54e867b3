import { isSupportedLanguage } from '@santap/i18n';
import type { SupportedLanguage } from '@santap/i18n';

const STORAGE_KEY = 'santap-kiosk-home-language';
const COUNTRY_KEY = 'santap-kiosk-country';

/** The language the kiosk starts in: its own (learnt from its settings on a previous start), else English. */
export function startLanguage(): SupportedLanguage {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return stored && isSupportedLanguage(stored) ? stored : 'en';
  } catch {
    return 'en';
  }
}

/**
 * The country of the kiosk's place (from its settings on a previous start), else Malaysia: its calls'
 * `country-code` before the settings arrive, and what a server-rendered page is checked against.
 */
export function startCountry(): 'MY' | 'ID' {
  try {
    return localStorage.getItem(COUNTRY_KEY) === 'ID' ? 'ID' : 'MY';
  } catch {
    return 'MY';
  }
}

/** Keeps the kiosk's own language and country for its next start. */
export function rememberStart(language: SupportedLanguage, country: 'MY' | 'ID') {
  try {
    localStorage.setItem(STORAGE_KEY, language);
    localStorage.setItem(COUNTRY_KEY, country);
  } catch {
    // A kiosk with storage switched off starts in English.
  }
}
