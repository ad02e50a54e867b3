import type { Currency } from '@santap/domain';
import { DishPopup } from '@santap/ui';
import type { VariantsChoice } from '@santap/ui';
import { uiMessageOf } from '@santap/web';
import { env } from '../../../config/env';
import type { MenuItemData } from '../../../lib/api-types';
import { useDinerAllergies, useSevereDinerAllergies } from '../api/diner-allergies';

export interface ItemPopupProps {
  /** The dish to configure; `undefined` closes the popup. */
  item: MenuItemData | undefined;
  currency: Currency;
  onClose: () => void;
  /** Adds to the server cart (`addDish` of the cart); a refusal is shown in the popup. */
  onAdd: (item: MenuItemData, choice: VariantsChoice) => Promise<void>;
}

/**
 * A dish's variants and add-ons popup (`DishPopup` of `@santap/ui`: the limit message comes from its
 * `canAddOption` check as the diner taps), wired to the server cart and the logged-in diner's
 * allergies: their badges are highlighted, and a dish holding one marked severe asks 'Add anyway?'
 * (Cancel first) before it is added. The server's refusal (out of stock, variant gone, cart locked)
 * is shown in the popup.
 */
export function ItemPopup({ item, currency, onClose, onAdd }: ItemPopupProps) {
  const allergies = useDinerAllergies();
  const severeAllergies = useSevereDinerAllergies();
  return (
    <DishPopup
      dish={item}
      currency={currency}
      photoBaseUrl={env.VITE_API_BASE}
      allergies={allergies}
      severeAllergies={severeAllergies}
      onClose={onClose}
      onAdd={onAdd}
      failureMessage={uiMessageOf}
    />
  );
}
