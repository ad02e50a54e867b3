import { useId, useRef } from 'react';
import type { ClipboardEvent, KeyboardEvent } from 'react';
import { OTP_LENGTH } from '@santap/domain';
import { useUiTranslation } from '../i18n/translation';
import { FieldMessages } from './fields';

/** Props of {@link OtpField}. */
export interface OtpFieldProps {
  /** The digits typed so far ('' to 6 digits). */
  value: string;
  onChange: (value: string) => void;
  /** Called once all boxes hold a digit (typed or pasted). */
  onComplete?: (value: string) => void;
  label?: string;
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  length?: number;
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * A one-time code in 6 boxes. Typing moves to the next box, Backspace on an empty box goes back,
 * pasting (or the SMS autofill of `autocomplete="one-time-code"` on the first box) fills every box.
 * Each box is named 'Digit n of 6'; the group is named by the label.
 */
export function OtpField({
  value,
  onChange,
  onComplete,
  label,
  error,
  disabled,
  autoFocus,
  length = OTP_LENGTH,
}: OtpFieldProps) {
  const { t } = useUiTranslation();
  const baseId = useId();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const digits = digitsOf(value).slice(0, length);

  const update = (next: string, focusIndex: number) => {
    const clean = digitsOf(next).slice(0, length);
    onChange(clean);
    boxes.current[Math.min(focusIndex, length - 1)]?.focus();
    if (clean.length === length) onComplete?.(clean);
  };

  const typeAt = (index: number, typed: string) => {
    const incoming = digitsOf(typed);
    if (incoming.length === 0) return;
    if (incoming.length === 1) {
      // One key: replace this box's digit and keep the ones after it.
      const before = digits.slice(0, index);
      const next = before + incoming + digits.slice(index + 1);
      update(next, before.length + 1);
      return;
    }
    // Several digits at once is an autofill or a paste into one box: fill from this box on.
    const next = (digits.slice(0, index) + incoming).slice(0, length);
    update(next, next.length);
  };

  /** The digit a keystroke added to a box that may already hold one (the old digit is dropped). */
  const typedInto = (index: number, raw: string) => {
    const old = digits[index];
    if (old === undefined || raw.length !== 2) return raw;
    return raw.startsWith(old) ? raw.slice(1) : raw.slice(0, 1);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      if (digits[index] !== undefined) update(digits.slice(0, index) + digits.slice(index + 1), index);
      else if (index > 0) update(digits.slice(0, index - 1) + digits.slice(index), index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      boxes.current[index - 1]?.focus();
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      boxes.current[index + 1]?.focus();
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    typeAt(index, event.clipboardData.getData('text'));
  };

  const errorId = error ? `${baseId}-error` : undefined;
  return (
    <div className="st-field">
      <div role="group" aria-labelledby={`${baseId}-label`} aria-describedby={errorId} className="st-otp">
        <span id={`${baseId}-label`} className="st-field__label">
          {label ?? t('ui.otp.label')}
        </span>
        <div className="st-otp__boxes">
          {Array.from({ length }, (_, index) => (
            <input
              key={index}
              ref={(element) => {
                boxes.current[index] = element;
              }}
              className="st-otp__box"
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete={index === 0 ? 'one-time-code' : 'off'}
              aria-label={t('ui.otp.digit', { index: String(index + 1), count: String(length) })}
              aria-invalid={error ? true : undefined}
              value={digits[index] ?? ''}
              disabled={disabled}
              autoFocus={autoFocus && index === 0}
              onFocus={(event) => event.currentTarget.select()}
              onChange={(event) => typeAt(index, typedInto(index, event.target.value))}
              onKeyDown={(event) => onKeyDown(index, event)}
              onPaste={(event) => onPaste(index, event)}
            />
          ))}
        </div>
      </div>
      <FieldMessages error={error} errorId={errorId} />
    </div>
  );
}
