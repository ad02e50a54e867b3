import { LANGUAGES, intlLocale } from '@santap/domain';
import type { Language } from '@santap/domain';
import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { SupportedLanguage } from './languages';
import { SUPPORTED_LANGUAGES, isSupportedLanguage, normaliseLanguage, toIntlLocale } from './languages';

describe('toIntlLocale', () => {
  it.each([
    ['en', 'en'],
    ['id', 'id'],
    ['my', 'ms'],
  ] as const)('%s -> %s', (lang, tag) => {
    expect(toIntlLocale(lang)).toBe(tag);
  });

  it("my -> a tag Intl reads as Malay, not Burmese ('ms' has Latin digits)", () => {
    expect(new Intl.NumberFormat(toIntlLocale('my')).format(12)).toBe('12');
  });
});

describe('agreement with @santap/domain', () => {
  it('SUPPORTED_LANGUAGES -> the same codes, in the same order, as LANGUAGES', () => {
    expect([...SUPPORTED_LANGUAGES]).toEqual([...LANGUAGES]);
    expectTypeOf<SupportedLanguage>().toEqualTypeOf<Language>();
  });

  it.each(SUPPORTED_LANGUAGES)('%s -> toIntlLocale agrees with intlLocale', (lang) => {
    expect(toIntlLocale(lang)).toBe(intlLocale(lang));
  });
});

describe('isSupportedLanguage', () => {
  it.each(['en', 'id', 'my'])('%s -> true', (value) => {
    expect(isSupportedLanguage(value)).toBe(true);
  });

  it.each(['ms', 'EN', 'en-US', '', undefined, 1])('%j -> false', (value) => {
    expect(isSupportedLanguage(value)).toBe(false);
  });
});

describe('normaliseLanguage', () => {
  it.each<[string, SupportedLanguage]>([
    ['en', 'en'],
    ['id', 'id'],
    ['my', 'my'],
    ['MY', 'my'],
    [' id ', 'id'],
    ['ms', 'my'],
    ['ms-MY', 'my'],
    ['ms_MY', 'my'],
    ['ms-Latn-MY', 'my'],
    ['zsm', 'my'],
    ['id-ID', 'id'],
    ['in', 'id'],
    ['in-ID', 'id'],
    ['en-US', 'en'],
    ['en-GB', 'en'],
    ['EN-us', 'en'],
  ])('%j -> %s', (input, expected) => {
    // A fallback unlike the expected language, so the answer cannot come from the fallback.
    expect(normaliseLanguage(input, expected === 'en' ? 'id' : 'en')).toBe(expected);
  });

  it.each<[string, SupportedLanguage]>([
    ['id-ID,id;q=0.9,en;q=0.8', 'id'],
    ['en-US,en;q=0.9,ms;q=0.8', 'en'],
    ['ms-MY,ms;q=0.9,en-US;q=0.8,en;q=0.7', 'my'],
    ['fr-FR,fr;q=0.9,id;q=0.8,en;q=0.7', 'id'],
    ['en;q=0.5,id;q=0.9', 'id'],
    ['en;q=0.8, ms;q=0.8', 'en'],
    ['id ; q=0.4 , ms ; Q=0.6', 'my'],
    ['en;q=0,id', 'id'],
    ['ms;q=1.000,en', 'my'],
  ])('Accept-Language %j -> %s (best weight wins, ties keep order)', (header, expected) => {
    expect(normaliseLanguage(header)).toBe(expected);
  });

  it.each([
    ['fr-FR,de;q=0.9'],
    ['my-MM'],
    ['my-MM,my;q=0.9'],
    ['my;q=0.9'],
    ['zh-CN,zh;q=0.9'],
    [''],
    ['   '],
    [','],
    ['id;q=0'],
    ['id;q=abc'],
    ['id;q=1.5'],
    ['*'],
  ])('%j -> the fallback', (input) => {
    expect(normaliseLanguage(input, 'id')).toBe('id');
    expect(normaliseLanguage(input, 'my')).toBe('my');
  });

  it("'fr, *;q=0.5, en;q=0.3' -> the fallback: the wildcard outranks English", () => {
    expect(normaliseLanguage('fr, *;q=0.5, en;q=0.3', 'my')).toBe('my');
  });

  it('undefined or null -> the fallback, English by default', () => {
    expect(normaliseLanguage(undefined)).toBe('en');
    expect(normaliseLanguage(null, 'id')).toBe('id');
  });

  const language = fc.constantFrom(...SUPPORTED_LANGUAGES);

  it('any string and fallback -> a supported language', () => {
    fc.assert(
      fc.property(fc.string(), language, (input, fallback) => {
        expect(SUPPORTED_LANGUAGES).toContain(normaliseLanguage(input, fallback));
      }),
    );
  });

  it('a supported language -> itself, and normalising twice changes nothing', () => {
    fc.assert(
      fc.property(fc.string(), language, language, (input, lang, fallback) => {
        expect(normaliseLanguage(lang, fallback)).toBe(lang);
        const once = normaliseLanguage(input, fallback);
        expect(normaliseLanguage(once, fallback)).toBe(once);
      }),
    );
  });

  it('toIntlLocale(lang) -> back to lang (what the client sends as accept-language)', () => {
    fc.assert(
      fc.property(language, language, (lang, fallback) => {
        expect(normaliseLanguage(toIntlLocale(lang), fallback)).toBe(lang);
      }),
    );
  });

  it('a header of unsupported tags only -> the fallback', () => {
    const unsupported = fc.constantFrom('fr', 'de-DE', 'zh-CN', 'ja', 'my-MM', 'th', 'ta-IN');
    const weight = fc.option(
      fc.integer({ min: 1, max: 1000 }).map((n) => `;q=${(n / 1000).toFixed(3)}`),
      {
        nil: '',
      },
    );
    const entry = fc.tuple(unsupported, weight).map(([tag, q]) => `${tag}${q}`);
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 6 }), language, (entries, fallback) => {
        expect(normaliseLanguage(entries.join(','), fallback)).toBe(fallback);
      }),
    );
  });

  it('a supported tag placed in unsupported ones with the highest weight -> that language', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('fr;q=0.5', 'de;q=0.4', 'my-MM;q=0.9'), { maxLength: 4 }),
        fc.constantFrom<[string, SupportedLanguage]>(['en-US', 'en'], ['id-ID', 'id'], ['ms-MY', 'my']),
        fc.nat(),
        (others, [tag, lang], at) => {
          const entries: string[] = [...others];
          entries.splice(at % (entries.length + 1), 0, `${tag};q=0.95`);
          expect(normaliseLanguage(entries.join(','), lang === 'en' ? 'id' : 'en')).toBe(lang);
        },
      ),
    );
  });
});
