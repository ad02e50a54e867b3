/**
 * The product's UI languages (spec §1, §9): English, Indonesian and Malay. The same codes as
 * `LANGUAGES` in `@santap/domain`; `my` is the product's code for Malay.
 */
export const SUPPORTED_LANGUAGES = ['en', 'id', 'my'] as const;

/**
 * Each language's name in itself, for the language picker: always shown in its own language, whichever
 * language the page is in, so it needs no catalogue (the diner's browser has loaded only one).
 */
export const LANGUAGE_ENDONYMS = { en: 'English', id: 'Bahasa Indonesia', my: 'Bahasa Melayu' } as const;

/** A product language code (see {@link SUPPORTED_LANGUAGES}). */
export type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number];

/** A BCP 47 tag that `Intl`, `<html lang>` and Accept-Language understand for a product language. */
export type IntlLocaleTag = 'en' | 'id' | 'ms';

const INTL_LOCALE: Readonly<Record<SupportedLanguage, IntlLocaleTag>> = { en: 'en', id: 'id', my: 'ms' };

/**
 * The tag to hand to `Intl`, `<html lang>` and Accept-Language for a product language (spec §9,
 * FACTS "Locales"). The product says `my` for Malay, but in BCP 47 `my` is Burmese: left as is,
 * `Intl.NumberFormat('my')` prints Myanmar digits and screen readers speak Burmese.
 *
 * @example
 * ```ts
 * toIntlLocale('my'); // 'ms'
 * toIntlLocale('id'); // 'id'
 * ```
 */
export function toIntlLocale(lang: SupportedLanguage): IntlLocaleTag {
  return INTL_LOCALE[lang];
}

/** Is `value` exactly one of the product's language codes? */
export function isSupportedLanguage(value: unknown): value is SupportedLanguage {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The product language a BCP 47 tag names, read by its primary subtag: `en-*` English; `id-*` and
 * the legacy `in-*` (older Java and Android) Indonesian; `ms-*` and `zsm` Malay. `my-*` is Burmese
 * here, which we do not offer.
 */
function languageOfTag(tag: string): SupportedLanguage | undefined {
  const primary = tag.toLowerCase().replaceAll('_', '-').split('-')[0];
  switch (primary) {
    case 'en':
      return 'en';
    case 'id':
    case 'in':
      return 'id';
    case 'ms':
    case 'zsm':
      return 'my';
    default:
      return undefined;
  }
}

interface WeightedTag {
  tag: string;
  quality: number;
}

/** Accept-Language entries (`tag;q=0.8`), without those of weight 0 or with an unreadable weight. */
function weightedTags(header: string): WeightedTag[] {
  const entries: WeightedTag[] = [];
  for (const entry of header.split(',')) {
    const [rawTag = '', ...parameters] = entry.split(';');
    const tag = rawTag.trim();
    if (tag === '') continue;
    let quality = 1;
    for (const parameter of parameters) {
      const [name = '', value = ''] = parameter.split('=').map((part) => part.trim());
      if (name.toLowerCase() === 'q') quality = /^\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
    }
    // q=0 means "not acceptable" (RFC 9110 §12.4.2); an unreadable weight is ignored, not guessed.
    if (quality > 0 && quality <= 1) entries.push({ tag, quality });
  }
  // Array sort is stable, so equal weights keep the header's order of preference.
  return entries.sort((a, b) => b.quality - a.quality);
}

/**
 * The product language for whatever a caller holds: a product code (`'my'` from the language cookie
 * or `?language=`), a BCP 47 tag (`'ms-MY'`, `'id-ID'`, `'in'`, `'en-US'`) or a whole Accept-Language
 * header with weights (spec §7: the client sends accept-language). The best-weighted supported
 * language wins; `*` stands for `fallback`; nothing usable gives `fallback`.
 *
 * Why `my` counts only on its own: a bare `'my'` is the product's own code (cookie, query, stored
 * setting), but inside an Accept-Language list or with a region (`my-MM`) it is Burmese, which a
 * Burmese browser sends and which must not silently become Malay.
 *
 * @example
 * ```ts
 * normaliseLanguage('ms-MY'); // 'my'
 * normaliseLanguage('id-ID,id;q=0.9,en;q=0.8'); // 'id'
 * normaliseLanguage('fr-FR,en;q=0.5'); // 'en'
 * normaliseLanguage('my-MM,my;q=0.9'); // 'en' (Burmese: not offered)
 * normaliseLanguage(undefined, 'id'); // 'id'
 * ```
 */
export function normaliseLanguage(
  input: string | null | undefined,
  fallback: SupportedLanguage = 'en',
): SupportedLanguage {
  if (input == null) return fallback;
  const trimmed = input.trim().toLowerCase();
  if (isSupportedLanguage(trimmed)) return trimmed;
  for (const { tag } of weightedTags(trimmed)) {
    if (tag === '*') return fallback;
    const language = languageOfTag(tag);
    if (language !== undefined) return language;
  }
  return fallback;
}
