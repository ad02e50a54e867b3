import { LANGUAGE_ENDONYMS, SUPPORTED_LANGUAGES, toIntlLocale } from '@santap/i18n';
import type { SupportedLanguage, TranslationKey } from '@santap/i18n';
import { useUiTranslation } from '../i18n/translation';
import { Dialog } from '../components/dialog';
import { Icon } from '../components/icons';

/** Props of {@link LanguagePopup}. */
export interface LanguagePopupProps {
  open: boolean;
  onClose: () => void;
  /** The app switches i18next, sets `<html lang>` and the 10-minute language cookie. */
  onSelect: (language: SupportedLanguage) => void;
}

const NAME_KEY: Record<SupportedLanguage, TranslationKey> = {
  en: 'ui.language.en',
  id: 'ui.language.id',
  my: 'ui.language.my',
};

/**
 * The language change popup: each language in its own name ('Bahasa Indonesia', marked with its
 * `lang` so screen readers pronounce it) and in the current language. Buttons, not radios, so moving
 * through the list never switches the language by accident; the current one is `aria-pressed`.
 */
export function LanguagePopup({ open, onClose, onSelect }: LanguagePopupProps) {
  const { t, language } = useUiTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('ui.language.title')}>
      <ul className="st-menu">
        {SUPPORTED_LANGUAGES.map((code) => {
          const self = LANGUAGE_ENDONYMS[code];
          return (
            <li key={code}>
              <button
                type="button"
                className="st-menu__item"
                aria-pressed={code === language}
                onClick={() => onSelect(code)}
              >
                <span className="st-menu__text">
                  <span lang={toIntlLocale(code)} className="st-strong">
                    {self}
                  </span>
                  {code !== language ? <span className="st-muted">{t(NAME_KEY[code])}</span> : null}
                </span>
                {code === language ? <Icon name="check" /> : null}
              </button>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
