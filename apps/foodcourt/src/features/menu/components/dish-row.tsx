import { useId } from 'react';
import { conflictingAllergens } from '@santap/domain';
import type { Currency } from '@santap/domain';
import { ALLERGENS, Badge, Button, DishRating, MoneyText, ThumbPhoto, useUiTranslation } from '@santap/ui';
import type { Allergen, BadgeFlag } from '@santap/ui';
import { env } from '../../../config/env';
import type { MenuItemData } from '../../../lib/api-types';

const isAllergen = (value: string): value is Allergen => (ALLERGENS as readonly string[]).includes(value);

/** A dish's dietary and allergen flags, in the order the badges show them. */
export function dishFlags(item: MenuItemData): BadgeFlag[] {
  const flags: BadgeFlag[] = [];
  if (item.halal) flags.push({ kind: 'halal' });
  else if (item.no_pork) flags.push({ kind: 'noPork' });
  if (item.contains_alcohol) flags.push({ kind: 'alcohol' });
  for (const allergen of item.allergens.filter(isAllergen)) flags.push({ kind: 'allergen', allergen });
  return flags;
}

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
  const { t } = useUiTranslation();
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
        <div className="st-badges">
          {dishFlags(item).map((flag) => (
            <Badge
              key={flag.kind === 'allergen' ? flag.allergen : flag.kind}
              {...flag}
              highlighted={flag.kind === 'allergen' && conflicts.includes(flag.allergen)}
            />
          ))}
        </div>
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
        {item.in_stock ? (
          <Button
            variant="secondary"
            icon="plus"
            disabled={blocked}
            aria-label={t('menu.addItem', { name: item.name })}
            onClick={() => onAdd(item)}
          >
            {t('menu.add')}
          </Button>
        ) : (
          <Button variant="secondary" disabled aria-label={t('menu.soldOutItem', { name: item.name })}>
            {t('errors.outOfStock')}
          </Button>
        )}
      </div>
    </li>
  );
}
