import { createContext, memo, useContext, useId } from 'react';
import { DishAddButton, DishBadges, DishRating, MoneyText, ThumbPhoto } from '@santap/ui';
import { conflictingAllergens } from '@santap/domain';
import type { Currency } from '@santap/domain';
import { env } from '../../../config/env';
import type { MenuItemData } from '../../../lib/api-types';
import { useT } from '../../../lib/use-t';
import { useDinerAllergies } from '../api/diner-allergies';

/**
 * The order type the diner is ordering for (and its words): a dish the restaurant does not offer for it
 * (the menu's `order_types`, a manager's choice) cannot be added. None given: every dish can.
 */
export const MenuOrderTypeContext = createContext<{ orderType: number; label: string } | undefined>(
  undefined,
);

export interface ItemCardProps {
  item: MenuItemData;
  currency: Currency;
  /** Opens the dish: details, variants and add-ons, quantity and notes. */
  onOpen: (item: MenuItemData) => void;
  /** The first dishes on screen load their images at once (they are the page's largest paint). */
  eager?: boolean;
}

/**
 * One dish on the menu: name, its rating from verified orders (when it has one), description, price,
 * dietary and allergen badges, its photo (`Photo` of @santap/ui: a fixed box, lazy below the first
 * screen, a drawn plate when it has none), and 'Add'. A sold-out dish says 'Out of stock' and cannot
 * be added, nor can a dish not offered for the order type. A dish holding one of the logged-in
 * diner's saved allergies is outlined and its allergen badge says 'Your allergy' (text, not colour
 * only). Memoised: the sections render the rest of the menu as a deferred value after the first
 * dishes (`menu-sections.tsx`), and the dishes already there stay as they are.
 */
export const ItemCard = memo(function ItemCard({ item, currency, onOpen, eager = false }: ItemCardProps) {
  const { t } = useT();
  const titleId = useId();
  const conflicts = conflictingAllergens(item.allergens, useDinerAllergies());
  const ordering = useContext(MenuOrderTypeContext);
  const offered = !ordering || !item.order_types || item.order_types.includes(ordering.orderType);
  const className = [
    'dn-item',
    item.in_stock && offered ? '' : 'dn-item--sold-out',
    conflicts.length > 0 ? 'st-allergy-dish' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li className={className}>
      <article className="dn-item__body" aria-labelledby={titleId}>
        <div className="dn-item__text">
          <h3 id={titleId} className="dn-item__name">
            {item.name}
          </h3>
          {item.best_seller ? <span className="dn-item__best">{t('menu.bestSeller')}</span> : null}
          {item.rating ? (
            <p className="dn-item__rating">
              <DishRating average={item.rating.average} count={item.rating.count} />
            </p>
          ) : null}
          {item.description ? <p className="dn-item__description">{item.description}</p> : null}
          <p className="dn-item__price">
            <MoneyText amount={item.price} currency={currency} />
          </p>
          <DishBadges className="dn-item__badges" dish={item} conflicts={conflicts} />
        </div>
        <div className="dn-item__side">
          <ThumbPhoto
            className="dn-item__image"
            photo={item.photo}
            name={item.name}
            size={96}
            eager={eager}
            baseUrl={env.VITE_API_BASE}
          />
          <DishAddButton
            name={item.name}
            inStock={item.in_stock}
            onAdd={() => onOpen(item)}
            notOfferedFor={offered ? undefined : (ordering?.label ?? '')}
          />
        </div>
      </article>
    </li>
  );
});
