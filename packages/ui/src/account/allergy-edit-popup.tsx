import { useState } from 'react';
import type { TranslationKey } from '@santap/i18n';
import { messageText } from '../i18n/message';
import type { UiMessage } from '../i18n/message';
import { useUiTranslation } from '../i18n/translation';
import { allergenLabel } from '../components/badge';
import type { Allergen } from '../components/badge';
import { Banner } from '../components/banner';
import { Button } from '../components/button';
import { RadioGroup } from '../components/choice-group';
import { Dialog } from '../components/dialog';
import { TextArea } from '../components/fields';

/** How strongly a diner avoids an allergen: highlighted dishes, or also a warning before adding one. */
export type AllergySeverityChoice = 'avoid' | 'severe';

/** Props of {@link AllergyEditPopup}. */
export interface AllergyEditPopupProps {
  open: boolean;
  onClose: () => void;
  allergen: Allergen;
  severity: AllergySeverityChoice;
  note?: string | null;
  /** Saves the severity and the note ('' removes the note). */
  onSave: (change: { severity: AllergySeverityChoice; note: string }) => void;
  /** Removes the allergy from the diner's list. */
  onRemove: () => void;
  saving?: boolean;
  removing?: boolean;
  error?: UiMessage;
}

const NOTE_MAX = 300;

const SEVERITY: readonly { value: AllergySeverityChoice; label: TranslationKey; hint: TranslationKey }[] = [
  { value: 'avoid', label: 'account.allergy.avoid', hint: 'account.allergy.avoidHint' },
  { value: 'severe', label: 'account.allergy.severe', hint: 'account.allergy.severeHint' },
];

/**
 * One recorded allergy (spec §7 Profile allergies 'update, delete'): how strongly it is avoided and a note
 * for the restaurant ('even traces'), or removed from the list.
 */
export function AllergyEditPopup({
  open,
  onClose,
  allergen,
  severity,
  note,
  onSave,
  onRemove,
  saving,
  removing,
  error,
}: AllergyEditPopupProps) {
  const { t } = useUiTranslation();
  const [chosen, setChosen] = useState<AllergySeverityChoice>(severity);
  const [text, setText] = useState(note ?? '');
  const name = allergenLabel(t, allergen);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('account.allergy.editTitle', { allergen: name })}
      footer={
        <>
          <Button variant="danger" loading={removing} disabled={saving} onClick={onRemove}>
            {t('account.allergy.remove')}
          </Button>
          <Button
            loading={saving}
            disabled={removing}
            onClick={() => onSave({ severity: chosen, note: text.trim() })}
          >
            {t('ui.common.save')}
          </Button>
        </>
      }
    >
      {error ? <Banner tone="error">{messageText(t, error)}</Banner> : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSave({ severity: chosen, note: text.trim() });
        }}
      >
        <RadioGroup<AllergySeverityChoice>
          legend={t('account.allergy.severityLegend')}
          value={chosen}
          onChange={setChosen}
          options={SEVERITY.map((option) => ({
            value: option.value,
            label: t(option.label),
            description: t(option.hint),
          }))}
        />
        <TextArea
          label={`${t('account.allergy.note')} (${t('ui.common.optional')})`}
          hint={t('account.allergy.noteHint')}
          value={text}
          maxLength={NOTE_MAX}
          showCount
          onChange={(event) => setText(event.target.value)}
        />
      </form>
    </Dialog>
  );
}
