import { useCallback, useEffect, useRef } from 'react';
import type { i18n as I18n } from 'i18next';
import type { Country } from '@santap/domain';
import { isSupportedLanguage, toIntlLocale } from '@santap/i18n';
import type { SupportedLanguage } from '@santap/i18n';
import { initialLanguage, rememberLanguage } from './browser-session';

/**
 * The start-up language of an app: `?language=` (login redirects and shared links carry it; it is
 * remembered) wins over the language cookie and the browser's languages (`initialLanguage`).
 */
export function startLanguage(country: Country, search: string = window.location.search): SupportedLanguage {
  const fromQuery = new URLSearchParams(search).get('language');
  if (fromQuery && isSupportedLanguage(fromQuery)) {
    rememberLanguage(fromQuery);
    return fromQuery;
  }
  return initialLanguage(country);
}

/**
 * A device's own language, kept in its storage under `key` (the kiosk's home language, the staff
 * console's last pick): English when none is kept, the kept word is not a product language, or the
 * storage is off.
 */
export function deviceLanguage(key: string): SupportedLanguage {
  try {
    const stored = localStorage.getItem(key);
    return stored && isSupportedLanguage(stored) ? stored : 'en';
  } catch {
    return 'en';
  }
}

/** Keeps a device's own language under `key` for its next start (nothing, with the storage off). */
export function rememberDeviceLanguage(key: string, language: SupportedLanguage): void {
  try {
    localStorage.setItem(key, language);
  } catch {
    // Storage off: the next start is in English.
  }
}

/** `<html lang>` for a product language (`my` -> `ms`: Malay, never Burmese). */
export function applyHtmlLang(language: SupportedLanguage) {
  document.documentElement.lang = toIntlLocale(language);
}

/**
 * Follows language changes of the app's i18n instance: `<html lang>`, the language cookie (10
 * minutes), then `onChange` (the app points its API client at the language and reloads its data).
 */
export function useLanguageFollow(i18n: I18n, onChange: (language: SupportedLanguage) => void) {
  useEffect(() => {
    const onLanguageChanged = (next: string) => {
      if (!isSupportedLanguage(next)) return;
      applyHtmlLang(next);
      rememberLanguage(next);
      onChange(next);
    };
    i18n.on('languageChanged', onLanguageChanged);
    return () => i18n.off('languageChanged', onLanguageChanged);
  }, [i18n, onChange]);
}

/**
 * An app's language switch reloads its page: `useLanguageFollow`, then `before` (the app points its
 * API client at the language and forgets what it cached in the old one) and the router's loaders run
 * again, as names and words come in the diner's language.
 */
export function useLanguageReload(
  i18n: I18n,
  router: { revalidate(): Promise<void> },
  before: (language: SupportedLanguage) => void,
) {
  const latest = useRef(before);
  latest.current = before;
  const onChange = useCallback(
    (language: SupportedLanguage) => {
      latest.current(language);
      void router.revalidate();
    },
    [router],
  );
  useLanguageFollow(i18n, onChange);
}
