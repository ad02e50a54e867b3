import type { InitOptions } from 'i18next';
import type { SupportedLanguage } from './languages';
import { SUPPORTED_LANGUAGES } from './languages';
import { en } from './locales/en';
import { id } from './locales/id';
import { my } from './locales/my';
import { sections } from './sections';

type Sections = typeof sections;
// Distributes over the sections: `keyof` of a union of sections would keep only their shared keys.
type KeysOfSection<S> = S extends { en: infer E } ? keyof E & string : never;
type SectionKey = KeysOfSection<Sections[number]>;

/** A key of the catalogues; English defines the set (the other languages are typed against it). */
export type TranslationKey = keyof typeof en | SectionKey;

/** A catalogue: every {@link TranslationKey} with its words in one language. */
export type Catalogue = Readonly<Record<TranslationKey, string>>;

/**
 * The catalogues as i18next resources, one `translation` namespace per language (spec §1, §9).
 *
 * @example
 * ```ts
 * resources.my.translation['errors.invalidQr']; // 'Kod QR tidak sah.'
 * ```
 */
function merged(lang: SupportedLanguage, base: Readonly<Record<string, string>>): Catalogue {
  const catalogue: Record<string, string> = { ...base };
  for (const section of sections as readonly {
    en: Record<string, string>;
    id: Record<string, string>;
    my: Record<string, string>;
  }[]) {
    for (const [key, words] of Object.entries(section[lang])) {
      if (Object.hasOwn(catalogue, key) && lang === 'en') throw new Error(`duplicate catalogue key ${key}`);
      catalogue[key] = words;
    }
  }
  return catalogue as Catalogue;
}

export const resources: Readonly<Record<SupportedLanguage, { readonly translation: Catalogue }>> = {
  en: { translation: merged('en', en) },
  id: { translation: merged('id', id) },
  my: { translation: merged('my', my) },
};

/** Every catalogue key, in the English catalogue's order (for completeness and unused-key checks). */
export const TRANSLATION_KEYS: readonly TranslationKey[] = Object.keys(
  resources.en.translation,
) as TranslationKey[];

/**
 * Is `key` a catalogue key? Use it before translating a key that came from outside the type system
 * (a server reply, a stored value), so an unknown key can be shown by a generic message instead.
 *
 * @example
 * ```ts
 * hasKey('errors.qrExpired'); // true
 * hasKey('errors.qrExpired.extra'); // false
 * ```
 */
export function hasKey(key: string): key is TranslationKey {
  return Object.hasOwn(resources.en.translation, key);
}

/**
 * The i18next init options every consumer shares: the server through {@link createTranslator}, the
 * React apps with react-i18next later (`i18n.use(initReactI18next).init({ ...i18nOptions, lng })`).
 *
 * - Flat keys: `keySeparator: false` and `nsSeparator: false`, so `'errors.qrExpired'` is one key,
 *   exactly the `MESSAGE` value of `@santap/domain`, and a `:` in a key is never a namespace.
 * - `fallbackLng: 'en'`: English is the complete source catalogue.
 * - `escapeValue: false`: React escapes what it renders, and the server answers JSON, not HTML.
 * - `initAsync: false`: the resources are bundled, so init is synchronous (no backend, no network).
 * - `returnEmptyString: false`: an empty value falls back to English instead of showing nothing.
 */
export const i18nOptions: Readonly<InitOptions> = {
  resources,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: 'en',
  defaultNS: 'translation',
  ns: ['translation'],
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
  returnEmptyString: false,
};
