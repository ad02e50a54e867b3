import { useId } from 'react';
import { conflictingAllergens } from '@santap/domain';
import type { Allergen, Currency } from '@santap/domain';
import { DishAddButton, DishBadges, DishRating, MoneyText, ThumbPhoto } from '@santap/ui';
import { env } from '../../../config/env';
import type { MenuItemData } from '../../../lib/api-types';

export interface DishRowProps {
  item: MenuItemData;
  currency: Currency;
  /** The outlet takes no order of this kind now ('Delivery Not Supported'): the dish cannot be added. */
  blocked: boolean;
  /** The logged-in diner's saved allergies (none for a guest). */
  allergies: readonly Allergen[];
  onAdd: (item: MenuItemData) => void;
  /** Among the first dishes on screen: its photo loads at once (else lazily). */
  priority?: boolean;
}

/**
 * A dish of an outlet: its photo (a drawn plate without one), name, its rating from verified orders when it has one (`DishRating` of
 * `@santap/ui`, as on the diner app's menu: '★ 4.5 (12)'), description, price, its flags (halal, no pork, alcohol, allergens, in
 * words), and Add; a sold-out dish says 'Out of stock' and cannot be added. A dish holding one of the
 * diner's saved allergies is outlined and its allergen badge says 'Your allergy' (text, not colour
 * only), as on the diner app's menu.
 */
export function DishRow({ item, currency, blocked, allergies, onAdd, priority = false }: DishRowProps) {
  const titleId = useId();
  const conflicts = conflictingAllergens(item.allergens, allergies);
  return (
    <li className={conflicts.length > 0 ? 'fc-dish st-allergy-dish' : 'fc-dish'} aria-labelledby={titleId}>
      <div className="fc-dish__text">
        <h3 id={titleId} className="fc-dish__name">
          {item.name}
        </h3>
        {item.rating ? (
          <p className="fc-dish__rating">
            <DishRating average={item.rating.average} count={item.rating.count} />
          </p>
        ) : null}
        {item.description ? <p className="fc-muted">{item.description}</p> : null}
        <p className="fc-dish__price">
          <MoneyText amount={item.price} currency={currency} />
        </p>
        <DishBadges dish={item} conflicts={conflicts} />
      </div>
      <div className="fc-dish__side">
        <ThumbPhoto
          className="fc-dish__photo"
          photo={item.photo}
          name={item.name}
          size={88}
          eager={priority}
          baseUrl={env.VITE_API_BASE}
        />
        <DishAddButton
          name={item.name}
          inStock={item.in_stock}
          disabled={blocked}
          onAdd={() => onAdd(item)}
        />
      </div>
    </li>
  );
}
