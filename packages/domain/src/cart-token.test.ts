import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CART_TOKEN_LENGTH, createCartToken, isCartToken } from './cart-token';

const fixed =
  (...values: number[]) =>
  (n: number) =>
    Uint8Array.from({ length: n }, (_, i) => values[i % values.length] ?? 0);

describe('createCartToken', () => {
  it('CART_TOKEN_LENGTH -> 15 (spec §9)', () => {
    expect(CART_TOKEN_LENGTH).toBe(15);
  });

  it("default CSPRNG -> 15 characters starting with 'user'", () => {
    const token = createCartToken();
    expect(token).toHaveLength(15);
    expect(token.startsWith('user')).toBe(true);
    expect(isCartToken(token)).toBe(true);
  });

  it('default CSPRNG, 1000 tokens -> all different', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => createCartToken()));
    expect(tokens.size).toBe(1000);
  });

  it("bytes all 0 -> 'userAAAAAAAAAAA'", () => {
    expect(createCartToken(fixed(0))).toBe('userAAAAAAAAAAA');
  });

  it("bytes all 255 -> 'user___________'", () => {
    expect(createCartToken(fixed(255))).toBe('user___________');
  });

  it("bytes 26, 52, 62, 63 -> 'a', '0', '-', '_'", () => {
    expect(createCartToken(fixed(26, 52, 62, 63))).toBe('usera0-_a0-_a0-');
  });

  it('asks the random source for exactly 11 bytes', () => {
    const asked: number[] = [];
    createCartToken((n) => {
      asked.push(n);
      return new Uint8Array(n);
    });
    expect(asked).toEqual([11]);
  });

  it('every byte value 0..255 -> each of the 64 characters exactly 4 times (no modulo bias)', () => {
    const counts = new Map<string, number>();
    for (let byte = 0; byte < 256; byte++) {
      const char = createCartToken(fixed(byte)).charAt(4);
      counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    expect(counts.size).toBe(64);
    expect([...counts.values()].every((count) => count === 4)).toBe(true);
  });

  it('random source returning too few bytes -> RangeError', () => {
    expect(() => createCartToken(() => new Uint8Array(3))).toThrow(RangeError);
  });

  it('property: any random bytes -> a valid 15-character cart token', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 11, maxLength: 11 }), (bytes) => {
        const token = createCartToken(() => bytes);
        expect(token).toHaveLength(CART_TOKEN_LENGTH);
        expect(token).toMatch(/^user[A-Za-z0-9_-]{11}$/);
        expect(isCartToken(token)).toBe(true);
      }),
    );
  });
});

describe('isCartToken', () => {
  it("'userAbc123-_xyz0' (16 chars) -> false", () => {
    expect(isCartToken('userAbc123-_xyz0')).toBe(false);
  });

  it("'userAbc123-_xyz' -> true", () => {
    expect(isCartToken('userAbc123-_xyz')).toBe(true);
  });

  it("'guesAbc123-_xyz' (wrong prefix) -> false", () => {
    expect(isCartToken('guesAbc123-_xyz')).toBe(false);
  });

  it("'USERAbc123-_xyz' (upper-case prefix) -> false", () => {
    expect(isCartToken('USERAbc123-_xyz')).toBe(false);
  });

  it("'userAbc123+/xyz' (not URL-safe) -> false", () => {
    expect(isCartToken('userAbc123+/xyz')).toBe(false);
  });

  it("'userAbc123 _xyz' (space) and '' -> false", () => {
    expect(isCartToken('userAbc123 _xyz')).toBe(false);
    expect(isCartToken('')).toBe(false);
  });

  it('non-strings -> false', () => {
    expect(isCartToken(undefined)).toBe(false);
    expect(isCartToken(123456789012345)).toBe(false);
  });
});
