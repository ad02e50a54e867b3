import type { Decorator } from '@storybook/react';
import { useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { UPDATE_GLOBALS } from 'storybook/internal/core-events';
import { addons } from 'storybook/preview-api';
import { LANGUAGE_ENDONYMS, SUPPORTED_LANGUAGES, isSupportedLanguage } from '@santap/i18n';
import type { SupportedLanguage } from '@santap/i18n';
import { createI18n, htmlLang } from '../i18n/create-i18n';
import { VIEWPORTS } from './viewports';
import { TranslationProvider } from '../i18n/translation';

/** The toolbar's value for 'the three languages side by side'. */
export const SIDE_BY_SIDE = 'all';

function StoryLanguage({ language, children }: { language: SupportedLanguage; children: ReactNode }) {
  const i18n = useMemo(() => createI18n(language), [language]);
  useEffect(() => {
    document.documentElement.lang = htmlLang(language);
  }, [language]);
  return <TranslationProvider i18n={i18n}>{children}</TranslationProvider>;
}

const PHONE = VIEWPORTS.phone.styles;

/**
 * The story three times, in en, id and my, each in its own phone-sized frame: a frame is a whole
 * preview page (`iframe.html` with the language as a global), so every popup opens as it does on a
 * 360 px phone (bottom sheet, own focus trap and scroll lock) and the three never overlap. The
 * viewport switches to 'Three phones side by side' so the row fits.
 */
function SideBySide({ storyId }: { storyId: string }) {
  useEffect(() => {
    addons.getChannel().emit(UPDATE_GLOBALS, {
      globals: { viewport: { value: 'sideBySide', isRotated: false } },
    });
  }, []);
  return (
    <div style={{ display: 'flex', gap: 16, padding: 8, alignItems: 'flex-start', overflowX: 'auto' }}>
      {SUPPORTED_LANGUAGES.map((language) => (
        <figure key={language} style={{ margin: 0, flex: 'none' }}>
          <figcaption lang={htmlLang(language)} style={{ font: '600 14px/1.4 system-ui', margin: '0 0 4px' }}>
            {LANGUAGE_ENDONYMS[language]}
          </figcaption>
          <iframe
            title={LANGUAGE_ENDONYMS[language]}
            src={`iframe.html?id=${encodeURIComponent(storyId)}&viewMode=story&globals=language:${language}`}
            style={{
              width: PHONE.width,
              height: PHONE.height,
              boxSizing: 'content-box',
              border: '1px solid #c9c9c9',
              borderRadius: 8,
            }}
          />
        </figure>
      ))}
    </div>
  );
}

/**
 * Storybook decorator: renders every story in one language (en, id, my) and sets `<html lang>`
 * (`ms` for my), or, with the toolbar's 'Side by side', in all three at once. A story may pin a
 * language with `parameters.language`; otherwise the toolbar's `globals.language` decides.
 */
export const withLanguage: Decorator = (Story, context) => {
  const requested = String(context.parameters.language ?? context.globals.language ?? 'en');
  if (requested === SIDE_BY_SIDE && context.viewMode !== 'docs') return <SideBySide storyId={context.id} />;
  const language = isSupportedLanguage(requested) ? requested : 'en';
  return (
    <StoryLanguage language={language}>
      <Story />
    </StoryLanguage>
  );
};
