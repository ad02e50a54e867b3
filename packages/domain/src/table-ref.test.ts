import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTableToken, readTableRef } from './table-ref';

const TOKEN = '3f9c0a6e1b2d4c5e8f7a9b0c1d2e3f40';

describe('isTableToken', () => {
  it('32 lowercase hex -> true', () => {
    expect(isTableToken(TOKEN)).toBe(true);
  });

  it('uppercase, 31 or 33 characters, a dash, an id -> false', () => {
    for (const value of [
      TOKEN.toUpperCase(),
      TOKEN.slice(1),
      `${TOKEN}0`,
      `${TOKEN.slice(1)}-`,
      '5003',
      '',
    ]) {
      expect(isTableToken(value), value).toBe(false);
    }
  });
});

describe('readTableRef', () => {
  it("'5003' -> the id 5003 (a number)", () => {
    expect(readTableRef('5003')).toBe(5003);
  });

  it('a token -> the token (a string)', () => {
    expect(readTableRef(TOKEN)).toBe(TOKEN);
  });

  it('32 digits -> a token, not an id', () => {
    expect(readTableRef('12345678901234567890123456789012')).toBe('12345678901234567890123456789012');
  });

  it("'0', '05003', '-1', '1e3', ' 5003', 'T3', 16 digits, empty, null, undefined -> undefined", () => {
    for (const value of ['0', '05003', '-1', '1e3', ' 5003', 'T3', '1234567890123456', '', null, undefined]) {
      expect(readTableRef(value), String(value)).toBeUndefined();
    }
  });

  it('any positive safe integer written out -> itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999_999_999 }), (id) => {
        expect(readTableRef(String(id))).toBe(id);
      }),
    );
  });

  it('any 32-character hex string -> itself; any other string -> undefined or a number', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const ref = readTableRef(text);
        if (typeof ref === 'string') expect(ref).toMatch(/^[0-9a-f]{32}$/);
        if (typeof ref === 'number') expect(String(ref)).toBe(text);
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-f]{32}$/), (token) => {
        expect(readTableRef(token)).toBe(token);
      }),
    );
  });
});
