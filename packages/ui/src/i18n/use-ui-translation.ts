import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isSupportedLanguage } from '@santap/i18n';
import type { SupportedLanguage, TranslationKey } from '@santap/i18n';

/** Interpolation values; format numbers and money before passing them (`my` is Burmese to Intl). */
export type UiValues = Readonly<Record<string, string | number>>;

/** A translator typed against the catalogue keys, so a typo is a compile error. */
export type UiTranslate = (key: TranslationKey, values?: UiValues) => string;

/**
 * The current product language and a key-typed translator. Values go to i18next as `replace`, as
 * `createTranslator` of `@santap/i18n` does, so a value named `lng` cannot change the lookup.
 */
export function useUiTranslation(): { t: UiTranslate; language: SupportedLanguage } {
  const { t: raw, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  const language: SupportedLanguage = isSupportedLanguage(current) ? current : 'en';
  const t = useCallback<UiTranslate>(
    (key, values) => (values ? raw(key, { replace: values }) : raw(key)) as string,
    [raw],
  );
  return { t, language };
}
