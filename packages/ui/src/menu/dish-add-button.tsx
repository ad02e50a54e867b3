import { useUiTranslation } from '../i18n/translation';
import { Button } from '../components/button';

/** Props of {@link DishAddButton}. */
export interface DishAddButtonProps {
  /** The dish's name: the button says whose it is ('Add Nasi Lemak'). */
  name: string;
  inStock: boolean;
  /** Opens the dish (its variants and add-ons) to add it. */
  onAdd: () => void;
  /** Add is shown but cannot be tapped (the food court's outlet that does not deliver, while ordering delivery). */
  disabled?: boolean;
  /**
   * The order type the restaurant does not offer this dish for, in words ('Delivery'): 'Not
   * available' takes Add's place. Leave it out when the dish is offered.
   */
  notOfferedFor?: string;
}

/**
 * The Add button of a dish on a menu (the diner's and the food court's). A sold-out dish says 'Out of
 * stock', a dish not offered for the order type says 'Not available', and neither can be tapped; each
 * button's name says which dish it is about.
 */
export function DishAddButton({ name, inStock, onAdd, disabled = false, notOfferedFor }: DishAddButtonProps) {
  const { t } = useUiTranslation();
  if (!inStock) {
    return (
      <Button variant="secondary" disabled aria-label={t('menu.soldOutItem', { name })}>
        {t('errors.outOfStock')}
      </Button>
    );
  }
  if (notOfferedFor !== undefined) {
    return (
      <Button
        variant="secondary"
        disabled
        aria-label={t('menu.notOfferedItem', { name, type: notOfferedFor })}
      >
        {t('menu.notOffered')}
      </Button>
    );
  }
  return (
    <Button
      variant="secondary"
      icon="plus"
      disabled={disabled}
      aria-label={t('menu.addItem', { name })}
      onClick={onAdd}
    >
      {t('menu.add')}
    </Button>
  );
}
