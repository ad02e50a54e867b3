import { useState } from 'react';
import { dateOfBirthSchema, intlLocale } from '@santap/domain';
import { hasKey } from '@santap/i18n';
import { messageText } from '../i18n/message';
import type { UiMessage } from '../i18n/message';
import { useUiTranslation } from '../i18n/translation';
import { Banner } from '../components/banner';
import { Button } from '../components/button';
import { Dialog } from '../components/dialog';
import { TextField } from '../components/fields';

/** Props of {@link DateOfBirthPopup}. */
export interface DateOfBirthPopupProps {
  open: boolean;
  onClose: () => void;
  /** Today, for the 18+ check (injected: components never read the clock for rules). */
  now: Date;
  /** The restaurant's or diner's zone: which calendar day `now` is. */
  timeZone?: string;
  /** Called with 'YYYY-MM-DD' after the diner confirmed it (it cannot be changed later). */
  onSave: (dateOfBirth: string) => void;
  saving?: boolean;
  error?: UiMessage;
  /** Start from a typed date (and, with `initialStep="confirm"`, at the confirmation). */
  initialValue?: string;
  initialStep?: 'enter' | 'confirm';
}

/**
 * Date of birth with the 18+ rule (spec §1, §5, §9): the date is checked with `dateOfBirthSchema`
 * ('Required', invalid date, 'You must be at least 18 years old'), then a confirmation step shows it
 * in words with 'Date of birth can only be saved once and cannot be changed' before `onSave`.
 */
export function DateOfBirthPopup({
  open,
  onClose,
  now,
  timeZone = 'UTC',
  onSave,
  saving,
  error,
  initialValue = '',
  initialStep = 'enter',
}: DateOfBirthPopupProps) {
  const { t, language } = useUiTranslation();
  const [value, setValue] = useState(initialValue);
  const [step, setStep] = useState(initialStep);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);

  const check = () => {
    const parsed = dateOfBirthSchema(now, timeZone).safeParse(value);
    if (!parsed.success) {
      const key = parsed.error.issues[0]?.message ?? 'validation.dateOfBirthInvalid';
      setFieldError(hasKey(key) ? t(key) : t('validation.dateOfBirthInvalid'));
      return;
    }
    setFieldError(undefined);
    setStep('confirm');
  };

  const birth = new Date(`${value}T00:00:00Z`);
  const spoken = Number.isNaN(birth.getTime())
    ? ''
    : new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'long', timeZone: 'UTC' }).format(birth);
  const confirming = step === 'confirm' && spoken !== '';

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={confirming ? t('ui.dob.confirmTitle') : t('ui.dob.title')}
      description={<p>{confirming ? t('validation.dateOfBirthLocked') : t('ui.dob.body')}</p>}
      footer={
        confirming ? (
          <>
            <Button variant="secondary" onClick={() => setStep('enter')}>
              {t('ui.common.edit')}
            </Button>
            <Button loading={saving} onClick={() => onSave(value)}>
              {t('ui.dob.save')}
            </Button>
          </>
        ) : (
          <Button fullWidth onClick={check}>
            {t('ui.common.continue')}
          </Button>
        )
      }
    >
      {error ? <Banner tone="error">{messageText(t, error)}</Banner> : null}
      {confirming ? (
        <p className="st-emphasis">{t('ui.dob.confirmBody', { date: spoken })}</p>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            check();
          }}
        >
          <TextField
            label={t('ui.dob.label')}
            type="date"
            autoComplete="bday"
            max={today}
            min="1900-01-01"
            required
            value={value}
            error={fieldError}
            onChange={(event) => setValue(event.target.value)}
          />
        </form>
      )}
    </Dialog>
  );
}
