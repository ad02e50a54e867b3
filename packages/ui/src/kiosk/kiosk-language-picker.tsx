import { LANGUAGE_ENDONYMS, SUPPORTED_LANGUAGES, toIntlLocale } from '@santap/i18n';
import type { SupportedLanguage } from '@santap/i18n';
import { useUiTranslation } from '../i18n/translation';
import './kiosk.css';

/** Props of {@link KioskLanguagePicker}. */
export interface KioskLanguagePickerProps {
  /** The app switches i18next and `<html lang>`; the kiosk goes back to its own language when idle. */
  onSelect: (language: SupportedLanguage) => void;
}

/**
 * The attract screen's language choice: one big button per language, each in its own name and
 * marked with its `lang` (Malay is `ms`), the current one `aria-pressed`. Buttons rather than radios,
 * so a tap switches at once — there is no confirm step on a kiosk.
 */
export function KioskLanguagePicker({ onSelect }: KioskLanguagePickerProps) {
  const { t, language } = useUiTranslation();
  return (
    <div role="group" aria-label={t('kiosk.language.label')} className="st-kiosk-languages">
      {SUPPORTED_LANGUAGES.map((code) => (
        <button
          key={code}
          type="button"
          lang={toIntlLocale(code)}
          className="st-kiosk-pill"
          aria-pressed={code === language}
          onClick={() => onSelect(code)}
        >
          {LANGUAGE_ENDONYMS[code]}
        </button>
      ))}
    </div>
  );
}
