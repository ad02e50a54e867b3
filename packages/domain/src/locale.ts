import type { Country } from './country';

/** The product's UI languages (spec §1, §9): English, Indonesian, Malay. */
export const LANGUAGES = ['en', 'id', 'my'] as const;

/**
 * A product language code. Note `my` is the product's code for Malay; to `Intl`, `<html lang>` and
 * Accept-Language it means Burmese, so convert with {@link intlLocale} before it reaches them.
 */
export type Language = (typeof LANGUAGES)[number];

/** A BCP 47 language tag `Intl` understands for a {@link Language}. */
export type IntlLocale = 'en' | 'id' | 'ms';

/** The language cookie lives 10 minutes (spec §9). */
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 600;

const INTL_LOCALE: Readonly<Record<Language, IntlLocale>> = { en: 'en', id: 'id', my: 'ms' };

/** Is `value` one of the product's {@link LANGUAGES}? Case-sensitive: the codes are lower case. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The `Intl` / `<html lang>` / Accept-Language tag for a product language (spec §9).
 *
 * @example
 * ```ts
 * intlLocale('my'); // 'ms' — Malay; 'my' would be Burmese
 * intlLocale('id'); // 'id'
 * ```
 */
export function intlLocale(language: Language): IntlLocale {
  return INTL_LOCALE[language];
}

/**
 * The language a first visit gets in a country (spec §1, §9): Indonesian in Indonesia, English in
 * Malaysia. Why English and not Malay: Malaysian restaurant menus, receipts and staff default to
 * English, which every Malaysian diner (Malay, Chinese and Indian communities) and visitor reads; Malay
 * stays one tap away. Indonesian diners expect Bahasa Indonesia, the language of menus there.
 *
 * @example
 * ```ts
 * defaultLanguage('ID'); // 'id'
 * defaultLanguage('MY'); // 'en'
 * ```
 */
export function defaultLanguage(country: Country): Language {
  return country === 'ID' ? 'id' : 'en';
}
