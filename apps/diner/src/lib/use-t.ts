import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isSupportedLanguage } from '@santap/i18n';
import type { SupportedLanguage, TranslationKey } from '@santap/i18n';

/** Interpolation values; format numbers and money before passing them (`my` is Burmese to Intl). */
export type TValues = Readonly<Record<string, string | number>>;

/** A translator typed against the catalogue keys, so a misspelt key is a compile error. */
export type Translate = (key: TranslationKey, values?: TValues) => string;

/**
 * The current product language and a key-typed translator for the app's screens. Values go to
 * i18next as `replace` (as `createTranslator` of `@santap/i18n` does), so a value named `lng` cannot
 * change the lookup. Catalogue keys have no plural forms: counts go in wording that needs none.
 */
export function useT(): { t: Translate; language: SupportedLanguage } {
  const { t: raw, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  const language: SupportedLanguage = isSupportedLanguage(current) ? current : 'en';
  const t = useCallback<Translate>(
    (key, values) => (values ? raw(key, { replace: values }) : raw(key)) as string,
    [raw],
  );
  return { t, language };
}
