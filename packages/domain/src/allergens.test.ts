import { describe, expect, it } from 'vitest';
import { ALLERGENS, conflictingAllergens, isAllergen } from './allergens';

describe('allergens', () => {
  it('the categories -> gluten, fish, nuts, seafood, shellfish (spec §3)', () => {
    expect(ALLERGENS).toEqual(['gluten', 'fish', 'nuts', 'seafood', 'shellfish']);
  });

  it('isAllergen -> true for a category, false for other words, case and types', () => {
    expect(isAllergen('shellfish')).toBe(true);
    expect(isAllergen('Shellfish')).toBe(false);
    expect(isAllergen('spicy')).toBe(false);
    expect(isAllergen(1)).toBe(false);
  });

  it('conflictingAllergens -> shared categories in catalogue order, other tags ignored', () => {
    expect(conflictingAllergens(['shellfish', 'nuts', 'spicy'], ['nuts', 'shellfish', 'fish'])).toEqual([
      'nuts',
      'shellfish',
    ]);
    expect(conflictingAllergens(['spicy'], ['spicy'])).toEqual([]);
    expect(conflictingAllergens([], ['nuts'])).toEqual([]);
  });
});
