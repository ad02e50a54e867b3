import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import type { SupportedLanguage } from '@santap/i18n';
import { createI18n } from '../i18n/create-i18n';
import { TranslationProvider } from '../i18n/translation';

/** Tests only: renders `ui` inside the translation provider for `language` (kept on `rerender`). */
export function renderIn(ui: ReactElement, language: SupportedLanguage = 'en') {
  const i18n = createI18n(language);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TranslationProvider i18n={i18n}>{children}</TranslationProvider>
  );
  return render(ui, { wrapper });
}
