import { describe, expect, it } from 'vitest';
import {
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  LANGUAGES,
  defaultLanguage,
  intlLocale,
  isLanguage,
} from './locale';

describe('LANGUAGES', () => {
  it('-> en, id, my in that order', () => {
    expect(LANGUAGES).toEqual(['en', 'id', 'my']);
  });
});

describe('isLanguage', () => {
  it.each(['en', 'id', 'my'])('%s -> true', (code) => {
    expect(isLanguage(code)).toBe(true);
  });

  it.each(['ms', 'EN', 'en-US', '', 'fr'])('%s -> false', (code) => {
    expect(isLanguage(code)).toBe(false);
  });

  it('non-strings -> false', () => {
    expect(isLanguage(undefined)).toBe(false);
    expect(isLanguage(null)).toBe(false);
    expect(isLanguage(1)).toBe(false);
  });
});

describe('intlLocale', () => {
  it("my (Malay) -> 'ms', never Burmese 'my'", () => {
    expect(intlLocale('my')).toBe('ms');
  });

  it("id -> 'id'", () => {
    expect(intlLocale('id')).toBe('id');
  });

  it("en -> 'en'", () => {
    expect(intlLocale('en')).toBe('en');
  });

  it('every language -> a tag Intl supports', () => {
    for (const language of LANGUAGES) {
      expect(Intl.NumberFormat.supportedLocalesOf([intlLocale(language)])).toEqual([intlLocale(language)]);
    }
  });
});

describe('defaultLanguage', () => {
  it('ID -> id', () => {
    expect(defaultLanguage('ID')).toBe('id');
  });

  it('MY -> en', () => {
    expect(defaultLanguage('MY')).toBe('en');
  });
});

describe('LANGUAGE_COOKIE_MAX_AGE_SECONDS', () => {
  it('-> 10 minutes (spec §9)', () => {
    expect(LANGUAGE_COOKIE_MAX_AGE_SECONDS).toBe(10 * 60);
  });
});
