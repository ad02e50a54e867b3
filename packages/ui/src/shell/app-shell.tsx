import { createContext, useContext } from 'react';
import { useUiTranslation } from '../i18n/translation';

/** What an app's root layout offers every screen. */
export interface AppShell {
  /** Opens the language change popup. */
  openLanguage: () => void;
}

/** Provided by an app's root layout (which renders the `LanguagePopup`). */
export const AppShellContext = createContext<AppShell>({ openLanguage: () => undefined });

/** The root layout's services (the language popup); a no-op outside it (isolated component tests). */
export function useAppShell(): AppShell {
  return useContext(AppShellContext);
}

const SHORT = { en: 'EN', id: 'ID', my: 'BM' } as const;

/**
 * The language change trigger for a page header: shows the current language's short code and opens
 * the language popup of the root layout. `BM` (Bahasa Melayu) is how Malaysians label Malay.
 */
export function LanguageButton() {
  const { t, language } = useUiTranslation();
  const { openLanguage } = useAppShell();
  return (
    <button type="button" className="st-language-button" onClick={openLanguage}>
      {/* The name starts with the code on screen (WCAG 2.5.3 Label in Name): 'EN Language: English…'. */}
      {SHORT[language]}
      <span className="st-visually-hidden">
        {' '}
        {t('app.language.change', { language: t(`app.language.${language}`) })}
      </span>
    </button>
  );
}
