import { useState } from 'react';
import { messageText } from '../i18n/message';
import type { UiMessage } from '../i18n/message';
import { useUiTranslation } from '../i18n/translation';
import { ALLERGENS, allergenLabel } from '../components/badge';
import type { Allergen } from '../components/badge';
import { Banner } from '../components/banner';
import { Button } from '../components/button';
import { CheckboxGroup } from '../components/choice-group';
import { Dialog } from '../components/dialog';
import { Skeleton } from '../components/spinner';
import { Illustrated } from '../components/illustrated';

/** Props of {@link AllergiesPopup}. */
export interface AllergiesPopupProps {
  open: boolean;
  onClose: () => void;
  /** The saved allergies; `undefined` while loading. */
  value: readonly Allergen[] | undefined;
  onSave: (allergies: Allergen[]) => void;
  saving?: boolean;
  error?: UiMessage;
}

/**
 * The diner's allergies (spec §3: gluten, fish, nuts, seafood, shellfish). The menu highlights dishes
 * that contain them (`Badge highlighted`).
 */
export function AllergiesPopup({ open, onClose, value, onSave, saving, error }: AllergiesPopupProps) {
  const { t } = useUiTranslation();
  const [chosen, setChosen] = useState<Allergen[] | undefined>(undefined);
  const current = chosen ?? (value ? [...value] : []);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('ui.allergies.title')}
      busy={value === undefined}
      description={<Illustrated icon="warning">{t('ui.allergies.body')}</Illustrated>}
      footer={
        <Button
          fullWidth
          loading={saving}
          disabled={value === undefined}
          onClick={() => onSave(ALLERGENS.filter((item) => current.includes(item)))}
        >
          {t('ui.common.save')}
        </Button>
      }
    >
      {error ? <Banner tone="error">{messageText(t, error)}</Banner> : null}
      {value === undefined ? (
        <div className="st-stack" aria-hidden="true">
          {ALLERGENS.map((allergen) => (
            <Skeleton key={allergen} height="44px" />
          ))}
        </div>
      ) : (
        <CheckboxGroup
          legend={t('ui.allergies.legend')}
          values={current}
          onToggle={(allergen, checked) =>
            setChosen(checked ? [...current, allergen] : current.filter((item) => item !== allergen))
          }
          options={ALLERGENS.map((allergen) => ({ value: allergen, label: allergenLabel(t, allergen) }))}
        />
      )}
    </Dialog>
  );
}
