import { DomainError, MESSAGE } from '../messages';

/** `a / b` rounded towards minus infinity (BigInt division truncates towards zero); `b > 0`. */
function floorDivide(a: bigint, b: bigint): bigint {
  const quotient = a / b;
  return a % b !== 0n && a < 0n ? quotient - 1n : quotient;
}

function toSafeNumber(value: bigint): number {
  const asNumber = Number(value);
  if (!Number.isSafeInteger(asNumber)) throw new DomainError(MESSAGE.invalidInput);
  return asNumber;
}

/**
 * Splits the integer `amount` in proportion to `weights` so the parts add up to `amount` exactly
 * (largest remainder): each part is first rounded down, then the units still missing go one each to
 * the parts whose exact value lost most in rounding, the earlier part first on a tie. Only parts
 * whose exact value is not already whole get a unit, so every part lies between its exact value
 * rounded down and rounded up.
 *
 * Weights may be negative (what is left of a dish: food and charges positive, discounts negative), as
 * long as they do not sum to 0 unless `amount` is 0 too. When `amount` lies between 0 and the sum of
 * the weights, every part lies between 0 and its weight, with its weight's sign: a share never takes
 * more of a charge than is left of it, nor a discount with the wrong sign.
 *
 * @throws DomainError with `MESSAGE.invalidInput` for non-integer input, no weights, or weights
 *   summing to 0 with a non-zero `amount`.
 * @example
 * ```ts
 * allocateInProportion(2, [5, 5, 5]); // [1, 1, 0]: 2 sen of service charge over three 5-sen dishes
 * allocateInProportion(1000, [1166, 2332]); // [333, 667]
 * allocateInProportion(-100, [300, 100]); // [-75, -25]
 * ```
 */
export function allocateInProportion(amount: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(amount) || weights.some((weight) => !Number.isSafeInteger(weight))) {
    throw new DomainError(MESSAGE.invalidInput);
  }
  const total = weights.reduce((sum, weight) => sum + BigInt(weight), 0n);
  if (total === 0n) {
    if (amount === 0 && weights.length > 0) return weights.map(() => 0);
    throw new DomainError(MESSAGE.invalidInput);
  }
  // Work with a positive denominator: a negative total flips the signs of every exact share alike.
  const sign = total < 0n ? -1n : 1n;
  const denominator = total * sign;
  const numerators = weights.map((weight) => BigInt(weight) * BigInt(amount) * sign);
  const parts = numerators.map((numerator) => floorDivide(numerator, denominator));
  let missing = BigInt(amount) - parts.reduce((sum, part) => sum + part, 0n);
  const byRemainder = numerators
    .map((numerator, index) => ({ index, remainder: numerator - parts[index]! * denominator }))
    .filter((entry) => entry.remainder > 0n)
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const entry of byRemainder) {
    if (missing === 0n) break;
    parts[entry.index]! += 1n;
    missing -= 1n;
  }
  return parts.map(toSafeNumber);
}

/**
 * `amount` in `count` parts as equal as whole minor units allow (sen, rupiah): the first
 * `amount mod count` parts carry one unit more, so parts differ by at most one unit and add up to
 * `amount` exactly.
 *
 * @throws DomainError with `MESSAGE.invalidInput` unless `amount` is a non-negative safe integer and
 *   `count` a positive one.
 * @example
 * ```ts
 * equalParts(3498, 4); // [875, 875, 874, 874]
 * equalParts(115_500, 4); // [28875, 28875, 28875, 28875]
 * ```
 */
export function equalParts(amount: number, count: number): number[] {
  if (!Number.isSafeInteger(amount) || amount < 0 || !Number.isSafeInteger(count) || count < 1) {
    throw new DomainError(MESSAGE.invalidInput);
  }
  const base = Math.floor(amount / count);
  const extra = amount % count;
  return Array.from({ length: count }, (_, index) => base + (index < extra ? 1 : 0));
}
