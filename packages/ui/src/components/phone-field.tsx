import type { ChangeEvent } from 'react';
import { useUiTranslation } from '../i18n/translation';
import { FieldFrame, useFieldIds } from './fields';
import type { FieldChrome } from './fields';
import { cx } from './cx';

/** Countries whose phone numbers the product accepts, with their calling codes (FACTS "Phones"). */
export const PHONE_PREFIXES = { MY: '+60', ID: '+62' } as const;

/** A country of {@link PHONE_PREFIXES}. */
export type PhoneCountry = keyof typeof PHONE_PREFIXES;

/** Props of {@link PhoneField}. */
export interface PhoneFieldProps extends Partial<FieldChrome> {
  id?: string;
  country: PhoneCountry;
  /** The national number as typed (without the prefix); the app normalises it with `normalisePhone`. */
  value: string;
  onChange: (value: string) => void;
  /** When given, the diner may switch the country code; otherwise the prefix is shown as text. */
  onCountryChange?: (country: PhoneCountry) => void;
  disabled?: boolean;
  required?: boolean;
  autoFocus?: boolean;
}

/**
 * A mobile number field showing the country prefix (+60 Malaysia, +62 Indonesia) before the national
 * number. The label defaults to 'Mobile number'; `autocomplete="tel-national"` lets the browser fill it.
 */
export function PhoneField({
  id,
  label,
  hint,
  error,
  hideLabel,
  country,
  value,
  onChange,
  onCountryChange,
  disabled,
  required,
  autoFocus,
}: PhoneFieldProps) {
  const { t } = useUiTranslation();
  const ids = useFieldIds(id, hint, error);
  const { controlId, describedBy } = ids;
  return (
    <FieldFrame
      ids={ids}
      label={label ?? t('ui.phone.label')}
      hint={hint}
      error={error}
      hideLabel={hideLabel}
    >
      <div className={cx('st-field__box', error && 'st-field__box--invalid')}>
        {onCountryChange ? (
          <select
            className="st-field__select"
            aria-label={t('ui.phone.countryCode')}
            value={country}
            disabled={disabled}
            onChange={(event: ChangeEvent<HTMLSelectElement>) =>
              onCountryChange(event.target.value as PhoneCountry)
            }
          >
            {(Object.keys(PHONE_PREFIXES) as PhoneCountry[]).map((code) => (
              <option key={code} value={code}>
                {PHONE_PREFIXES[code]}
              </option>
            ))}
          </select>
        ) : (
          <span id={`${controlId}-prefix`} className="st-field__prefix">
            {PHONE_PREFIXES[country]}
          </span>
        )}
        <input
          id={controlId}
          className="st-field__input"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={value}
          disabled={disabled}
          required={required}
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={onCountryChange ? describedBy : cx(`${controlId}-prefix`, describedBy)}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </FieldFrame>
  );
}
