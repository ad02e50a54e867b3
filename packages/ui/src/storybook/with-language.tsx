import type { Decorator } from '@storybook/react';
import { useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { isSupportedLanguage } from '@santap/i18n';
import type { SupportedLanguage } from '@santap/i18n';
import { createI18n, htmlLang } from '../i18n/create-i18n';

function StoryLanguage({ language, children }: { language: SupportedLanguage; children: ReactNode }) {
  const i18n = useMemo(() => createI18n(language), [language]);
  useEffect(() => {
    document.documentElement.lang = htmlLang(language);
  }, [language]);
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

/**
 * Storybook decorator: renders every story in one language (en, id, my) and sets `<html lang>`
 * (`ms` for my). A story may pin a language with `parameters.language`; otherwise the toolbar's
 * `globals.language` decides.
 */
export const withLanguage: Decorator = (Story, context) => {
  const requested = String(context.parameters.language ?? context.globals.language ?? 'en');
  const language = isSupportedLanguage(requested) ? requested : 'en';
  return (
    <StoryLanguage language={language}>
      <Story />
    </StoryLanguage>
  );
};
