export {
  LANGUAGE_ENDONYMS,
  SUPPORTED_LANGUAGES,
  isSupportedLanguage,
  normaliseLanguage,
  toIntlLocale,
} from './languages';
export type { IntlLocaleTag, SupportedLanguage } from './languages';
export { TRANSLATION_KEYS, hasKey, i18nOptions, resources } from './resources';
export type { Catalogue, TranslationKey } from './resources';
export { createTranslator } from './translator';
export type { TranslationValues, Translator } from './translator';
export { KEY_OWNERSHIP, keyOwner } from './key-ownership';
export type { KeyOwner } from './key-ownership';
export { defineSection } from './sections/define';
