import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../messages';
import { allocateInProportion, equalParts } from './allocate';

describe('allocateInProportion', () => {
  it('2 sen over three 5-sen dishes -> [1, 1, 0] (a tie goes to the earlier dish)', () => {
    expect(allocateInProportion(2, [5, 5, 5])).toEqual([1, 1, 0]);
  });
  it('1000 over [1166, 2332] -> [333, 667] (the larger remainder gets the unit)', () => {
    expect(allocateInProportion(1000, [1166, 2332])).toEqual([333, 667]);
  });
  it('-1000 over [1166, 2332] -> [-333, -667] (a discount, same proportions)', () => {
    expect(allocateInProportion(-1000, [1166, 2332])).toEqual([-333, -667]);
  });
  it('333 over what is left of a dish [1000, 100, 66] -> [286, 28, 19]', () => {
    expect(allocateInProportion(333, [1000, 100, 66])).toEqual([286, 28, 19]);
  });
  it('mixed signs: 500 over [1000, -500] -> [1000, -500]; 250 -> [500, -250]', () => {
    expect(allocateInProportion(500, [1000, -500])).toEqual([1000, -500]);
    expect(allocateInProportion(250, [1000, -500])).toEqual([500, -250]);
  });
  it('0 over weights summing to 0 -> zeros; 1 over them -> invalidInput', () => {
    expect(allocateInProportion(0, [1000, -1000])).toEqual([0, 0]);
    expect(() => allocateInProportion(1, [1000, -1000])).toThrow(DomainError);
    expect(() => allocateInProportion(1, [])).toThrow(DomainError);
    expect(() => allocateInProportion(1.5, [1])).toThrow(DomainError);
  });
  it('amounts past 2^32 -> exact (BigInt inside)', () => {
    expect(allocateInProportion(9_000_000_000_001, [1, 1])).toEqual([4_500_000_000_001, 4_500_000_000_000]);
  });

  it('property: parts add up exactly and each lies between 0 and its weight, with its sign', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -100_000, max: 1_000_000 }), { minLength: 1, maxLength: 30 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, fraction) => {
          const total = weights.reduce((sum, weight) => sum + weight, 0);
          fc.pre(total > 0);
          const amount = Math.floor(total * fraction);
          const parts = allocateInProportion(amount, weights);
          expect(parts.reduce((sum, part) => sum + part, 0)).toBe(amount);
          parts.forEach((part, index) => {
            const weight = weights[index]!;
            expect(part).toBeGreaterThanOrEqual(Math.min(0, weight));
            expect(part).toBeLessThanOrEqual(Math.max(0, weight));
            // Within one unit of the exact share.
            expect(Math.abs(part - (weight * amount) / total)).toBeLessThan(1);
          });
        },
      ),
    );
  });
});

describe('equalParts', () => {
  it('3498 sen in 4 -> [875, 875, 874, 874]; Rp 115.500 in 4 -> 28875 each', () => {
    expect(equalParts(3498, 4)).toEqual([875, 875, 874, 874]);
    expect(equalParts(115_500, 4)).toEqual([28_875, 28_875, 28_875, 28_875]);
  });
  it('1166 in 3 -> [389, 389, 388]; 2 in 3 -> [1, 1, 0]', () => {
    expect(equalParts(1166, 3)).toEqual([389, 389, 388]);
    expect(equalParts(2, 3)).toEqual([1, 1, 0]);
  });
  it('a negative amount or 0 parts -> invalidInput', () => {
    expect(() => equalParts(-1, 2)).toThrow(DomainError);
    expect(() => equalParts(10, 0)).toThrow(DomainError);
  });
  it('property: parts add up exactly and differ by at most one unit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 1, max: 20 }),
        (amount, count) => {
          const parts = equalParts(amount, count);
          expect(parts).toHaveLength(count);
          expect(parts.reduce((sum, part) => sum + part, 0)).toBe(amount);
          expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});
