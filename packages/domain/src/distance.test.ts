import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceMetres } from './distance';

const point = fc.tuple(
  fc.double({ min: -180, max: 180, noNaN: true }),
  fc.double({ min: -85, max: 85, noNaN: true }),
);

describe('distanceMetres', () => {
  it('one degree of latitude -> 111,195 m', () => {
    expect(distanceMetres([101.7, 3.1], [101.7, 4.1])).toBeCloseTo(111_194.93, 1);
  });

  it('the same point -> 0', () => {
    expect(distanceMetres([101.71, 3.15], [101.71, 3.15])).toBe(0);
  });

  it('antipodes -> half the circumference (20,015 km)', () => {
    expect(distanceMetres([0, 0], [180, 0])).toBeCloseTo(Math.PI * 6_371_000, 0);
  });

  it('any two points -> the same both ways, never negative, at most half the circumference', () => {
    fc.assert(
      fc.property(point, point, (a, b) => {
        const there = distanceMetres(a, b);
        expect(there).toBeCloseTo(distanceMetres(b, a), 6);
        expect(there).toBeGreaterThanOrEqual(0);
        expect(there).toBeLessThanOrEqual(Math.PI * 6_371_000 + 1e-6);
      }),
    );
  });
});
