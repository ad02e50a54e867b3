import { useState } from 'react';
import type { Allergen, Currency } from '@santap/domain';
import type { UiMessage } from '../i18n/message';
import { PopupPhoto } from '../components/photo';
import type { PhotoData } from '../components/photo';
import { VariantsPopup } from '../popups/variants-popup';
import type { VariantGroup, VariantsChoice } from '../popups/variants-popup';
import { dishFlags } from './dish-flags';
import type { DishFacts } from './dish-flags';
import './menu.css';

/** A dish of a menu as the popup reads it (the fields of the contract's menu item it needs). */
export interface MenuDish extends DishFacts {
  id: number;
  name: string;
  description: string;
  /** The base price per unit, in minor units. */
  price: number;
  photo?: PhotoData | null | undefined;
  option_groups: readonly VariantGroup[];
}

/** Props of {@link DishPopup}. */
export interface DishPopupProps<D extends MenuDish> {
  /** The dish to configure; `undefined` closes the popup. */
  dish: D | undefined;
  currency: Currency;
  /** The API origin the photo's relative paths start from. */
  photoBaseUrl?: string | undefined;
  /** The diner's saved allergies: matching badges are highlighted. */
  allergies?: readonly Allergen[];
  /** Those marked severe: adding a dish holding one asks 'Add anyway?' first. */
  severeAllergies?: readonly Allergen[];
  onClose: () => void;
  /** Adds the dish as chosen (to the server cart); a rejection is shown in the popup. */
  onAdd: (dish: D, choice: VariantsChoice) => Promise<void>;
  /** A rejection of `onAdd` as the popup's message (`uiMessageOf` of `@santap/web`). */
  failureMessage: (failure: unknown) => UiMessage;
}

/**
 * A menu dish's variants and add-ons popup (the diner's menu and a food-court outlet's): the
 * dish's photo, description, price and badges above {@link VariantsPopup}, which checks the option
 * limits as the diner taps. While `onAdd` runs the button is busy; its refusal (out of stock, variant
 * gone, cart locked) is shown in the popup, which stays open.
 */
export function DishPopup<D extends MenuDish>(props: DishPopupProps<D>) {
  return props.dish ? <DishPopupFor key={props.dish.id} {...props} dish={props.dish} /> : null;
}

function DishPopupFor<D extends MenuDish>({
  dish,
  currency,
  photoBaseUrl,
  allergies,
  severeAllergies,
  onClose,
  onAdd,
  failureMessage,
}: DishPopupProps<D> & { dish: D }) {
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<UiMessage | undefined>();

  const add = async (choice: VariantsChoice) => {
    setAdding(true);
    setError(undefined);
    try {
      await onAdd(dish, choice);
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setAdding(false);
    }
  };

  return (
    <VariantsPopup
      open
      onClose={onClose}
      dish={{
        name: dish.name,
        ...(dish.description ? { description: dish.description } : {}),
        price: dish.price,
        currency,
        flags: dishFlags(dish),
      }}
      groups={dish.option_groups}
      {...(dish.photo
        ? {
            media: (
              <PopupPhoto
                className="st-dish-popup-photo"
                photo={dish.photo}
                name={dish.name}
                baseUrl={photoBaseUrl}
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
