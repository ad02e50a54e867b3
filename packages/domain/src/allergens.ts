/**
 * Allergy categories (spec §3 'allergy item'): the words a diner's allergy list and a dish's allergen
 * tags share, so a menu can highlight the dishes that conflict with the diner's allergies.
 */

/** The allergy categories, in display order (spec §3: gluten, fish, nuts, seafood, shellfish). */
export const ALLERGENS = ['gluten', 'fish', 'nuts', 'seafood', 'shellfish'] as const;

/** One of {@link ALLERGENS}. */
export type Allergen = (typeof ALLERGENS)[number];

/** How strongly a diner avoids an allergen: `avoid` (highlight) or `severe` (highlight and warn). */
export const ALLERGY_SEVERITIES = ['avoid', 'severe'] as const;

/** One of {@link ALLERGY_SEVERITIES}. */
export type AllergySeverity = (typeof ALLERGY_SEVERITIES)[number];

/**
 * Is `value` one of the {@link ALLERGENS}?
 *
 * @example
 * ```ts
 * isAllergen('nuts'); // true
 * isAllergen('Nuts'); // false (categories are lower-case words)
 * ```
 */
export function isAllergen(value: unknown): value is Allergen {
  return typeof value === 'string' && (ALLERGENS as readonly string[]).includes(value);
}

/**
 * The allergens of a dish that conflict with a diner's allergies, in {@link ALLERGENS} order. Tags that
 * are not allergy categories are ignored.
 *
 * @example
 * ```ts
 * conflictingAllergens(['nuts', 'gluten', 'spicy'], ['gluten', 'fish']); // ['gluten']
 * ```
 */
export function conflictingAllergens(
  dishAllergens: readonly string[],
  dinerAllergies: readonly string[],
): Allergen[] {
  return ALLERGENS.filter(
    (allergen) => dishAllergens.includes(allergen) && dinerAllergies.includes(allergen),
  );
}
