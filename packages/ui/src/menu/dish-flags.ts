import { isAllergen } from '@santap/domain';
import type { BadgeFlag } from '../components/badge';

/** What a dish's badges tell, as the menu reply (`menuItemSchema` of the contract) names it. */
export interface DishFacts {
  halal: boolean;
  no_pork: boolean;
  contains_alcohol: boolean;
  /** The dish's allergen tags; a tag that is not an allergy category (`isAllergen`) is left out. */
  allergens: readonly string[];
}

/**
 * A dish's dietary and allergen flags, in the order its badges show them: halal (or else no pork:
 * halal says more), alcohol, then its allergens.
 *
 * @example
 * ```ts
 * dishFlags({ halal: true, no_pork: true, contains_alcohol: false, allergens: ['fish', 'celery'] });
 * // [{ kind: 'halal' }, { kind: 'allergen', allergen: 'fish' }]
 * ```
 */
export function dishFlags(dish: DishFacts): BadgeFlag[] {
  const flags: BadgeFlag[] = [];
  if (dish.halal) flags.push({ kind: 'halal' });
  else if (dish.no_pork) flags.push({ kind: 'noPork' });
  if (dish.contains_alcohol) flags.push({ kind: 'alcohol' });
  for (const allergen of dish.allergens) if (isAllergen(allergen)) flags.push({ kind: 'allergen', allergen });
  return flags;
}
