import { useRef } from 'react';
import { conflictingAllergens } from '@santap/domain';
import { toIntlLocale } from '@santap/i18n';
import { useUiTranslation } from '../i18n/translation';
import { allergenLabel } from '../components/badge';
import type { Allergen } from '../components/badge';
import { Button } from '../components/button';
import { Dialog } from '../components/dialog';

/**
 * The allergens of a dish that the diner marked as a severe allergy (account, allergy 'Severe'), in
 * catalogue order; empty when adding the dish needs no warning.
 *
 * @example
 * severeAllergyConflicts(['nuts', 'gluten'], ['nuts']); // ['nuts']
 */
export function severeAllergyConflicts(
  dishAllergens: readonly string[],
  severeAllergies: readonly string[],
): Allergen[] {
  return conflictingAllergens(dishAllergens, severeAllergies);
}

/** Props of {@link SevereAllergyConfirm}. */
export interface SevereAllergyConfirmProps {
  open: boolean;
  /** The dish's allergens the diner marked severe (at least one). */
  allergens: readonly Allergen[];
  /** Don't add (also Escape, the close button, a tap outside). */
  onCancel: () => void;
  /** Add the dish anyway. */
  onConfirm: () => void;
}

/**
 * 'Contains nuts, which you marked as a severe allergy. Add anyway?' before a dish holding a severe
 * allergy goes into the cart. An `alertdialog`; Cancel is the safe default, focused first, and every
 * way of closing it means Cancel: only 'Add anyway' adds.
 */
export function SevereAllergyConfirm({ open, allergens, onCancel, onConfirm }: SevereAllergyConfirmProps) {
  const { t, language } = useUiTranslation();
  const cancel = useRef<HTMLButtonElement>(null);
  const locale = toIntlLocale(language);
  const names = allergens.map((allergen) => allergenLabel(t, allergen).toLocaleLowerCase(locale));
  const text =
    names.length === 1
      ? t('ui.severeAllergy.one', { allergen: names[0] ?? '' })
      : t('ui.severeAllergy.many', {
          allergens: new Intl.ListFormat(locale, { type: 'conjunction' }).format(names),
        });
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      role="alertdialog"
      variant="center"
      initialFocus={cancel}
      title={t('ui.severeAllergy.title')}
      description={<p>{text}</p>}
      footer={
        <>
          <Button variant="secondary" onClick={onConfirm}>
            {t('ui.severeAllergy.add')}
          </Button>
          <Button ref={cancel} onClick={onCancel}>
            {t('ui.common.cancel')}
          </Button>
        </>
      }
    />
  );
}
