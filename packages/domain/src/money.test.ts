import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './locale';
import { CURRENCY_SYMBOL, formatMoney, minorUnitsFor } from './money';

describe('minorUnitsFor', () => {
  it('MYR -> 2', () => {
    expect(minorUnitsFor('MYR')).toBe(2);
  });

  it('IDR -> 0', () => {
    expect(minorUnitsFor('IDR')).toBe(0);
  });
});

describe('CURRENCY_SYMBOL', () => {
  it('-> RM and Rp', () => {
    expect(CURRENCY_SYMBOL).toEqual({ MYR: 'RM', IDR: 'Rp' });
  });
});

describe('formatMoney MYR', () => {
  it("1250 sen, en -> 'RM 12.50'", () => {
    expect(formatMoney(1250, 'MYR', 'en')).toBe('RM 12.50');
  });

  it("1250 sen, my -> 'RM 12.50'", () => {
    expect(formatMoney(1250, 'MYR', 'my')).toBe('RM 12.50');
  });

  it("1250 sen, id -> 'RM 12.50' (ringgit keeps Malaysian separators)", () => {
    expect(formatMoney(1250, 'MYR', 'id')).toBe('RM 12.50');
  });

  it("0, en -> 'RM 0.00'", () => {
    expect(formatMoney(0, 'MYR', 'en')).toBe('RM 0.00');
  });

  it("-0 -> 'RM 0.00' (no sign on zero)", () => {
    expect(formatMoney(-0, 'MYR', 'en')).toBe('RM 0.00');
  });

  it("-1250, en -> '-RM 12.50'", () => {
    expect(formatMoney(-1250, 'MYR', 'en')).toBe('-RM 12.50');
  });

  it("-5, my -> '-RM 0.05'", () => {
    expect(formatMoney(-5, 'MYR', 'my')).toBe('-RM 0.05');
  });

  it("1 sen -> 'RM 0.01'", () => {
    expect(formatMoney(1, 'MYR', 'en')).toBe('RM 0.01');
  });

  it("100000 sen, en -> 'RM 1,000.00'", () => {
    expect(formatMoney(100000, 'MYR', 'en')).toBe('RM 1,000.00');
  });

  it("123456789 sen, id -> 'RM 1,234,567.89'", () => {
    expect(formatMoney(123456789, 'MYR', 'id')).toBe('RM 1,234,567.89');
  });

  it("largest safe integer -> exact digits 'RM 90,071,992,547,409.91'", () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'MYR', 'en')).toBe('RM 90,071,992,547,409.91');
  });
});

describe('formatMoney IDR', () => {
  it("15000, id -> 'Rp 15.000'", () => {
    expect(formatMoney(15000, 'IDR', 'id')).toBe('Rp 15.000');
  });

  it("15000, en -> 'Rp 15.000' (rupiah keeps Indonesian separators)", () => {
    expect(formatMoney(15000, 'IDR', 'en')).toBe('Rp 15.000');
  });

  it("15000, my -> 'Rp 15.000'", () => {
    expect(formatMoney(15000, 'IDR', 'my')).toBe('Rp 15.000');
  });

  it("0, id -> 'Rp 0'", () => {
    expect(formatMoney(0, 'IDR', 'id')).toBe('Rp 0');
  });

  it("-15000, id -> '-Rp 15.000'", () => {
    expect(formatMoney(-15000, 'IDR', 'id')).toBe('-Rp 15.000');
  });

  it("1000, en -> 'Rp 1.000' (groups from four digits)", () => {
    expect(formatMoney(1000, 'IDR', 'en')).toBe('Rp 1.000');
  });

  it("999 -> 'Rp 999'", () => {
    expect(formatMoney(999, 'IDR', 'id')).toBe('Rp 999');
  });

  it("1250000, id -> 'Rp 1.250.000'", () => {
    expect(formatMoney(1250000, 'IDR', 'id')).toBe('Rp 1.250.000');
  });
});

describe('formatMoney input checks', () => {
  it('12.5 (fractional minor units) -> RangeError', () => {
    expect(() => formatMoney(12.5, 'MYR', 'en')).toThrow(RangeError);
  });

  it('NaN and Infinity -> RangeError', () => {
    expect(() => formatMoney(Number.NaN, 'IDR', 'id')).toThrow(RangeError);
    expect(() => formatMoney(Number.POSITIVE_INFINITY, 'IDR', 'id')).toThrow(RangeError);
  });

  it('beyond the safe integers -> RangeError', () => {
    expect(() => formatMoney(2 ** 53, 'IDR', 'id')).toThrow(RangeError);
  });
});

describe('formatMoney properties', () => {
  const language = fc.constantFrom(...LANGUAGES);

  it('any MYR amount -> "[-]RM d,ddd.dd" and its digits read back as the input', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), language, (minor, lang) => {
        const text = formatMoney(minor, 'MYR', lang);
        expect(text).toMatch(/^-?RM \d{1,3}(,\d{3})*\.\d{2}$/);
        const digits = Number(text.replace(/[^\d]/g, ''));
        expect(text.startsWith('-') ? -digits : digits).toBe(minor === 0 ? 0 : minor);
      }),
    );
  });

  it('any IDR amount -> "[-]Rp d.ddd" and its digits read back as the input', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), language, (minor, lang) => {
        const text = formatMoney(minor, 'IDR', lang);
        expect(text).toMatch(/^-?Rp \d{1,3}(\.\d{3})*$/);
        const digits = Number(text.replace(/[^\d]/g, ''));
        expect(text.startsWith('-') ? -digits : digits).toBe(minor === 0 ? 0 : minor);
      }),
    );
  });

  it('any amount -> the same text in every language', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), fc.constantFrom('MYR' as const, 'IDR' as const), (minor, currency) => {
        const texts = LANGUAGES.map((lang) => formatMoney(minor, currency, lang));
        expect(new Set(texts).size).toBe(1);
      }),
    );
  });
});
