import { useState } from 'react';
import { useUiTranslation } from '../i18n/translation';
import { Button } from '../components/button';
import { TextField } from '../components/fields';

/** Props of {@link CouponCodeForm}. */
export interface CouponCodeFormProps {
  /** The code as typed, trimmed and in capitals; never empty (an empty one says 'Required'). */
  onApply: (code: string) => void;
  /** The code being applied: its button is busy while it is the code in the field. */
  applyingCode?: string | undefined;
  /** Any request is running: the button is busy whatever the code. */
  busy?: boolean;
  /** The server's refusal of the code, in words, under the field. */
  error?: string | undefined;
}

/** A coupon code typed in (the coupons popup, the food court's cart): the field and Apply. */
export function CouponCodeForm({ onApply, applyingCode, busy = false, error }: CouponCodeFormProps) {
  const { t } = useUiTranslation();
  const [code, setCode] = useState('');
  const [empty, setEmpty] = useState(false);
  const typed = code.trim().toUpperCase();
  return (
    <form
      className="st-inline-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setEmpty(typed === '');
        if (typed) onApply(typed);
      }}
    >
      <TextField
        label={t('ui.coupons.codeLabel')}
        value={code}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        error={empty ? t('validation.required') : error}
        onChange={(event) => setCode(event.target.value)}
      />
      <Button
        type="submit"
        variant="secondary"
        loading={busy || (applyingCode !== undefined && applyingCode === typed)}
      >
        {t('ui.common.apply')}
      </Button>
    </form>
  );
}
