import { useId } from 'react';
import { SUPPORTED_LANGUAGES, isSupportedLanguage } from '@santap/i18n';
import { Icon, useUiTranslation } from '@santap/ui';
import { switchLanguage } from '../lib/language';
import { THEME_CHOICES, setThemeChoice, useThemeChoice } from '../lib/theme';
import type { ThemeChoice } from '../lib/theme';

const THEME_LABEL = {
  system: 'staff.device.themeSystem',
  light: 'staff.device.themeLight',
  dark: 'staff.device.themeDark',
} as const satisfies Record<ThemeChoice, string>;

/** This device's language and theme (each kept on the device): two labelled selects. */
function DeviceFields() {
  const { t, language, i18n } = useUiTranslation();
  const theme = useThemeChoice();
  const id = useId();
  return (
    <>
      <label className="staff-device__field" htmlFor={`${id}-language`}>
        {t('ui.language.title')}
        <select
          id={`${id}-language`}
          value={language}
          onChange={(event) => {
            if (isSupportedLanguage(event.target.value)) void switchLanguage(i18n, event.target.value);
          }}
        >
          {SUPPORTED_LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {t(`ui.language.${code}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="staff-device__field" htmlFor={`${id}-theme`}>
        {t('staff.device.theme')}
        <select
          id={`${id}-theme`}
          value={theme}
          onChange={(event) => setThemeChoice(event.target.value as ThemeChoice)}
        >
          {THEME_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {t(THEME_LABEL[choice])}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

/**
 * The device's language and theme (dark for a kitchen; 'Same as this device' follows
 * `prefers-color-scheme`). In the top bar: a 48 px globe that opens them under the bar; `inline`
 * (the login page): the two selects as they are.
 */
export function DeviceSettings({ inline = false }: { inline?: boolean }) {
  const { t, language } = useUiTranslation();
  if (inline)
    return (
      <div className="staff-device staff-device--inline" role="group" aria-label={t('staff.device.title')}>
        <DeviceFields />
      </div>
    );
  return (
    <details className="staff-device">
      <summary
        className="staff-device__toggle"
        aria-label={t('staff.device.title')}
        title={t('staff.device.title')}
      >
        <Icon name="globe" size={22} />
        <span aria-hidden="true">{language === 'my' ? 'MS' : language.toUpperCase()}</span>
      </summary>
      <div className="staff-device__panel">
        <DeviceFields />
      </div>
    </details>
  );
}
