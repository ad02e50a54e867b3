import { useState } from 'react';
import type { Currency } from '@santap/domain';
import { ALLERGENS, PopupPhoto, VariantsPopup } from '@santap/ui';
import { env } from '../../../config/env';
import type { Allergen, BadgeFlag, VariantsChoice } from '@santap/ui';
import type { MenuItemData } from '../../../lib/api-types';
import type { TranslationKey } from '@santap/i18n';
import { useDinerAllergies, useSevereDinerAllergies } from '../api/diner-allergies';
import { uiMessageOf } from '@santap/web';

const isAllergen = (value: string): value is Allergen => (ALLERGENS as readonly string[]).includes(value);

/** The dish's dietary and allergen flags, as the popup's badges show them. */
export function flagsOf(item: MenuItemData): BadgeFlag[] {
  const flags: BadgeFlag[] = [];
  if (item.halal) flags.push({ kind: 'halal' });
  else if (item.no_pork) flags.push({ kind: 'noPork' });
  if (item.contains_alcohol) flags.push({ kind: 'alcohol' });
  for (const allergen of item.allergens) if (isAllergen(allergen)) flags.push({ kind: 'allergen', allergen });
  return flags;
}

export interface AddInput {
  quantity: number;
  selections: Record<string, string[]>;
  notes: string;
}

export interface ItemPopupProps {
  /** The dish to configure; `undefined` closes the popup. */
  item: MenuItemData | undefined;
  currency: Currency;
  onClose: () => void;
  /** Adds to the server cart (`cart.cartUpdate`); a refusal is shown in the popup. */
  onAdd: (item: MenuItemData, input: AddInput) => Promise<void>;
}

/**
 * A dish's variants and add-ons popup of `@santap/ui` (the limit message comes from its
 * `canAddOption` check as the diner taps), wired to the server cart: while the add runs the button
 * is busy; the server's refusal (out of stock, variant gone, cart locked) is shown in the popup.
 */
export function ItemPopup(props: ItemPopupProps) {
  return props.item ? <ItemPopupFor key={props.item.id} {...props} item={props.item} /> : null;
}

function ItemPopupFor({ item, currency, onClose, onAdd }: ItemPopupProps & { item: MenuItemData }) {
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<TranslationKey | undefined>();
  // Dishes holding the logged-in diner's allergies have those badges highlighted here too.
  const allergies = useDinerAllergies();
  // Those marked severe are asked about before the dish is added ('Add anyway?', Cancel first).
  const severeAllergies = useSevereDinerAllergies();

  const add = async (choice: VariantsChoice) => {
    setAdding(true);
    setError(undefined);
    try {
      const selections = Object.fromEntries(
        Object.entries(choice.selections).map(([groupId, ids]) => [groupId, [...ids]]),
      );
      await onAdd(item, { quantity: choice.quantity, selections, notes: choice.notes });
    } catch (failure) {
      setError(uiMessageOf(failure));
    } finally {
      setAdding(false);
    }
  };

  return (
    <VariantsPopup
      open
      onClose={onClose}
      dish={{
        name: item.name,
        ...(item.description ? { description: item.description } : {}),
        price: item.price,
        currency,
        flags: flagsOf(item),
      }}
      groups={item.option_groups}
      {...(item.photo
        ? {
            media: (
              <PopupPhoto
                className="dn-popup-photo"
                photo={item.photo}
                name={item.name}
                baseUrl={env.VITE_API_BASE}
              />
            ),
          }
        : {})}
      allergies={allergies}
      severeAllergies={severeAllergies}
      onAdd={(choice) => void add(choice)}
      adding={adding}
      {...(error ? { error } : {})}
    />
  );
}
