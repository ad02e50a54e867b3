import type { Allergen } from '@santap/domain';
import { Badge } from '../components/badge';
import { dishFlags } from './dish-flags';
import type { DishFacts } from './dish-flags';

/** Props of {@link DishBadges}. */
export interface DishBadgesProps {
  dish: DishFacts;
  /** The dish's allergens among the diner's saved allergies: their badges say 'Your allergy'. */
  conflicts: readonly Allergen[];
  /** The row's class (default `st-badges`, a wrapping row). */
  className?: string;
}

/** A dish's badges on a menu row ({@link dishFlags}: halal or no pork, alcohol, allergens), in words. */
export function DishBadges({ dish, conflicts, className = 'st-badges' }: DishBadgesProps) {
  return (
    <div className={className}>
      {dishFlags(dish).map((flag) => (
        <Badge
          key={flag.kind === 'allergen' ? flag.allergen : flag.kind}
          {...flag}
          highlighted={flag.kind === 'allergen' && conflicts.includes(flag.allergen)}
        />
      ))}
    </div>
  );
}
