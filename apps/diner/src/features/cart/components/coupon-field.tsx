import { useState } from 'react';
import { Button, TextField } from '@santap/ui';
import { useT } from '../../../lib/use-t';
import { errorText } from '@santap/web';

export interface CouponFieldProps {
  /** The applied code, if any. */
  code: string | null;
  /** Applies (or with `null` removes) a code on the server; a refusal is shown under the field. */
  onApply: (code: string | null) => Promise<unknown>;
}

/** The coupon code field (`cart.cartDiscount`): apply, the server's refusal, or the applied code. */
export function CouponField({ code, onApply }: CouponFieldProps) {
  const { t } = useT();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const run = async (next: string | null) => {
    setBusy(true);
    setError(undefined);
    try {
      await onApply(next);
      setValue('');
    } catch (failure) {
      setError(errorText(failure, t));
    } finally {
      setBusy(false);
    }
  };

  if (code) {
    return (
      <div className="dn-coupon dn-coupon--applied" role="status">
        <p>{t('cart.coupon.applied', { code })}</p>
        <Button variant="ghost" loading={busy} onClick={() => void run(null)}>
          {t('cart.coupon.remove')}
        </Button>
        {error ? <p className="st-field__error">{error}</p> : null}
      </div>
    );
  }
  return (
    <form
      className="dn-coupon"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = value.trim();
        if (trimmed) void run(trimmed);
      }}
    >
      <TextField
        label={t('cart.coupon.label')}
        value={value}
        onChange={(event) => setValue(event.target.value.toUpperCase())}
        autoCapitalize="characters"
        autoComplete="off"
        maxLength={40}
        {...(error ? { error } : {})}
      />
      <Button type="submit" variant="secondary" loading={busy} disabled={value.trim() === ''}>
        {t('cart.coupon.apply')}
      </Button>
    </form>
  );
}
