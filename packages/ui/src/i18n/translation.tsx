import { createContext, useContext, useMemo } from 'react';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { isSupportedLanguage } from '@santap/i18n';
import type { SupportedLanguage, TranslationKey } from '@santap/i18n';

/** Interpolation values; format numbers and money before passing them (`my` is Burmese to Intl). */
export type UiValues = Readonly<Record<string, string | number>>;

/** A translator typed against the catalogue keys, so a typo is a compile error. */
export type UiTranslate = (key: TranslationKey, values?: UiValues) => string;

export interface UiTranslation {
  t: UiTranslate;
  /** The current product language. */
  language: SupportedLanguage;
  /** The tree's i18n instance (to change the language, load a catalogue group). */
  i18n: I18n;
}

const TranslationContext = createContext<UiTranslation | null>(null);

/** The one `useTranslation` of a tree: it alone follows the language, every screen reads its result. */
function SharedTranslation({ children }: { children: ReactNode }) {
  const { t: raw, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  const language: SupportedLanguage = isSupportedLanguage(current) ? current : 'en';
  const value = useMemo<UiTranslation>(
    () => ({
      // Values go to i18next as `replace`, as `createTranslator` of `@santap/i18n` does, so a value
      // named `lng` cannot change the lookup.
      t: (key, values) => (values ? raw(key, { replace: values }) : raw(key)) as string,
      language,
      i18n,
    }),
    [raw, language, i18n],
  );
  return <TranslationContext.Provider value={value}>{children}</TranslationContext.Provider>;
}

/**
 * The i18n instance of a tree (apps, the server's render, tests, Storybook). One `useTranslation`
 * follows the language for the whole tree and every component reads it from context: react-i18next's
 * hook per component costs a copy of the i18n instance and a listener each, which on a 200-dish menu
 * was ~90 ms of a cheap phone's hydration (apps/diner README "Server rendering").
 */
export function TranslationProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <SharedTranslation>{children}</SharedTranslation>
    </I18nextProvider>
  );
}

/** The key-typed translator, the current language and the i18n instance of the tree. */
export function useUiTranslation(): UiTranslation {
  const value = useContext(TranslationContext);
  if (!value) throw new Error('useUiTranslation: the tree has no <TranslationProvider> (@santap/ui)');
  return value;
}
