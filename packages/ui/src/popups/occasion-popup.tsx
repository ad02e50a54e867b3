import { useState } from 'react';
import { useUiTranslation } from '../i18n/translation';
import { Button } from '../components/button';
import { RadioGroup } from '../components/choice-group';
import { Dialog } from '../components/dialog';
import { TextField } from '../components/fields';

/** The occasions of a booking (spec §3: Birthday, Anniversary, Couple Date, Other). */
export const OCCASIONS = ['birthday', 'anniversary', 'coupleDate', 'other'] as const;

/** One of {@link OCCASIONS}. */
export type Occasion = (typeof OCCASIONS)[number];

/** Props of {@link OccasionPopup}. */
export interface OccasionPopupProps {
  open: boolean;
  onClose: () => void;
  value?: Occasion;
  /** The diner's words when the occasion is `other`. */
  otherText?: string;
  /** `otherText` is the trimmed words for `other`, '' otherwise. */
  onSave: (occasion: Occasion, otherText: string) => void;
  saving?: boolean;
}

/** Picks the occasion of a booking; 'Other' asks for a few words. */
export function OccasionPopup({ open, onClose, value, otherText = '', onSave, saving }: OccasionPopupProps) {
  const { t } = useUiTranslation();
  const [occasion, setOccasion] = useState<Occasion | undefined>(value);
  const [other, setOther] = useState(otherText);
  const [missing, setMissing] = useState(false);
  const labels: Record<Occasion, string> = {
    birthday: t('ui.occasion.birthday'),
    anniversary: t('ui.occasion.anniversary'),
    coupleDate: t('ui.occasion.coupleDate'),
    other: t('ui.occasion.other'),
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('ui.occasion.title')}
      footer={
        <Button
          fullWidth
          loading={saving}
          onClick={() => {
            setMissing(occasion === undefined);
            if (occasion) onSave(occasion, occasion === 'other' ? other.trim() : '');
          }}
        >
          {t('ui.common.save')}
        </Button>
      }
    >
      <RadioGroup
        legend={t('ui.occasion.legend')}
        options={OCCASIONS.map((item) => ({ value: item, label: labels[item] }))}
        value={occasion}
        onChange={(next) => {
          setOccasion(next);
          setMissing(false);
        }}
        error={missing ? t('validation.selectAnyOneOption') : undefined}
      />
      {occasion === 'other' ? (
        <TextField
          label={t('ui.occasion.otherLabel')}
          value={other}
          maxLength={60}
          onChange={(event) => setOther(event.target.value)}
        />
      ) : null}
    </Dialog>
  );
}
