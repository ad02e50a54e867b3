import { useId } from 'react';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './cx';

/** Props shared by labelled fields: a visible label, an optional hint and an error message. */
export interface FieldChrome {
  label: string;
  hint?: string;
  /** Shown under the field and announced; also sets `aria-invalid`. */
  error?: string;
  /** Hide the label visually (it still names the field for assistive technology). */
  hideLabel?: boolean;
}

/** Ids and ARIA wiring between a label, its control, the hint and the error. */
export function useFieldIds(id: string | undefined, hint?: string, error?: string): FieldIds {
  const auto = useId();
  const controlId = id ?? `f${auto}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { controlId, hintId, errorId, describedBy };
}

/** The ids {@link useFieldIds} gives: the control's, its hint's and error's, and its `aria-describedby`. */
export interface FieldIds {
  controlId: string;
  hintId: string | undefined;
  errorId: string | undefined;
  describedBy: string | undefined;
}

/**
 * A labelled field's frame (text, text area, phone, select): its visible label tied to the control
 * (`children`), and the hint and error under it.
 */
export function FieldFrame({
  ids,
  label,
  hint,
  error,
  hideLabel,
  className,
  children,
}: FieldChrome & { ids: FieldIds; className?: string | undefined; children: ReactNode }) {
  return (
    <div className={cx('st-field', className)}>
      <label htmlFor={ids.controlId} className={cx('st-field__label', hideLabel && 'st-visually-hidden')}>
        {label}
      </label>
      {children}
      <FieldMessages hint={hint} error={error} hintId={ids.hintId} errorId={ids.errorId} />
    </div>
  );
}

/** The hint and error lines under a field. */
export function FieldMessages({
  hint,
  error,
  hintId,
  errorId,
}: {
  hint?: string;
  error?: string;
  hintId?: string;
  errorId?: string;
}) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="st-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="st-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** Props of {@link TextField}: a native input (or textarea with `multiline`) with label, hint and error. */
export type TextFieldProps = FieldChrome &
  Omit<ComponentPropsWithRef<'input'>, 'children' | 'prefix'> & {
    multiline?: false;
    /** Text or a node shown before the input inside its box (a currency, a country code). */
    prefix?: ReactNode;
  };

/** Props of {@link TextArea}. */
export type TextAreaProps = FieldChrome &
  Omit<ComponentPropsWithRef<'textarea'>, 'children'> & { showCount?: boolean };

/** A labelled text input, 44 px tall, with its hint and error tied to it by `aria-describedby`. */
export function TextField({ label, hint, error, hideLabel, id, className, prefix, ...rest }: TextFieldProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} hideLabel={hideLabel} className={className}>
      <div className={cx('st-field__box', error && 'st-field__box--invalid')}>
        {prefix ? <span className="st-field__prefix">{prefix}</span> : null}
        <input
          id={ids.controlId}
          className="st-field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          {...rest}
        />
      </div>
    </FieldFrame>
  );
}

/** A labelled multi-line text box; with `showCount` and `maxLength` it shows 'used / max'. */
export function TextArea({
  label,
  hint,
  error,
  hideLabel,
  id,
  className,
  showCount,
  ...rest
}: TextAreaProps) {
  const ids = useFieldIds(id, hint, error);
  const length = typeof rest.value === 'string' ? rest.value.length : undefined;
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} hideLabel={hideLabel} className={className}>
      <textarea
        id={ids.controlId}
        className={cx('st-field__textarea', error && 'st-field__box--invalid')}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        rows={3}
        {...rest}
      />
      {showCount && rest.maxLength !== undefined && length !== undefined ? (
        <p className="st-field__count" aria-hidden="true">
          {length} / {rest.maxLength}
        </p>
      ) : null}
    </FieldFrame>
  );
}
