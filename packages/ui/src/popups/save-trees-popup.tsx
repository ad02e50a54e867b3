import { useState } from 'react';
import { messageText } from '../i18n/message';
import type { UiMessage } from '../i18n/message';
import { useUiTranslation } from '../i18n/translation';
import { Banner } from '../components/banner';
import { Button } from '../components/button';
import { CheckboxGroup } from '../components/choice-group';
import { Dialog } from '../components/dialog';
import { Illustrated } from '../components/illustrated';

/** What the diner leaves out of the order. */
export interface SaveTreesChoice {
  noCutlery: boolean;
  noPaper: boolean;
}

/** Props of {@link SaveTreesPopup}. */
export interface SaveTreesPopupProps {
  open: boolean;
  onClose: () => void;
  value: SaveTreesChoice;
  onSave: (choice: SaveTreesChoice) => void;
  saving?: boolean;
  /** Why the last save failed ('No Internet Connection'); shown above the choices, announced at once. */
  error?: UiMessage;
}

/**
 * 'Save trees': opt out of cutlery and of tissues or paper bags for this order. A failed save keeps
 * the popup open with `error` and the diner's choice, so they can try again.
 */
export function SaveTreesPopup({ open, onClose, value, onSave, saving, error }: SaveTreesPopupProps) {
  const { t } = useUiTranslation();
  const [choice, setChoice] = useState(value);
  const values = (Object.keys(choice) as (keyof SaveTreesChoice)[]).filter((key) => choice[key]);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('ui.saveTrees.title')}
      description={<Illustrated icon="leaf">{t('ui.saveTrees.body')}</Illustrated>}
      footer={
        <Button fullWidth loading={saving} onClick={() => onSave(choice)}>
          {t('ui.common.save')}
        </Button>
      }
    >
      {error ? <Banner tone="error">{messageText(t, error)}</Banner> : null}
      <CheckboxGroup
        legend={t('ui.saveTrees.legend')}
        values={values}
        onToggle={(key, checked) => setChoice((current) => ({ ...current, [key]: checked }))}
        options={[
          {
            value: 'noCutlery',
            label: t('ui.saveTrees.cutlery'),
            description: t('ui.saveTrees.cutleryHint'),
          },
          { value: 'noPaper', label: t('ui.saveTrees.paper') },
        ]}
      />
    </Dialog>
  );
}
