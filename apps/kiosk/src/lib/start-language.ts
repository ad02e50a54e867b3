import type { SupportedLanguage } from '@santap/i18n';
import { deviceLanguage, rememberDeviceLanguage } from '@santap/web';

const STORAGE_KEY = 'santap-kiosk-home-language';
const COUNTRY_KEY = 'santap-kiosk-country';

/** The language the kiosk starts in: its own (learnt from its settings on a previous start), else English. */
export function startLanguage(): SupportedLanguage {
  return deviceLanguage(STORAGE_KEY);
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
  rememberDeviceLanguage(STORAGE_KEY, language);
  try {
    localStorage.setItem(COUNTRY_KEY, country);
  } catch {
    // A kiosk with storage switched off starts in Malaysia.
  }
}
