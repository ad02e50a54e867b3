import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { SupportedLanguage } from '@santap/i18n';
import { createI18n } from '../i18n/create-i18n';

/** Tests only: renders `ui` inside an i18next provider for `language`. */
export function renderIn(ui: ReactElement, language: SupportedLanguage = 'en') {
  const i18n = createI18n(language);
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
}
