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
export function useFieldIds(id: string | undefined, hint?: string, error?: string) {
  const auto = useId();
  const controlId = id ?? `f${auto}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { controlId, hintId, errorId, describedBy };
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
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  return (
    <div className={cx('st-field', className)}>
      <label htmlFor={controlId} className={cx('st-field__label', hideLabel && 'st-visually-hidden')}>
        {label}
      </label>
      <div className={cx('st-field__box', error && 'st-field__box--invalid')}>
        {prefix ? <span className="st-field__prefix">{prefix}</span> : null}
        <input
          id={controlId}
          className="st-field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...rest}
        />
      </div>
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
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
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  const length = typeof rest.value === 'string' ? rest.value.length : undefined;
  return (
    <div className={cx('st-field', className)}>
      <label htmlFor={controlId} className={cx('st-field__label', hideLabel && 'st-visually-hidden')}>
        {label}
      </label>
      <textarea
        id={controlId}
        className={cx('st-field__textarea', error && 'st-field__box--invalid')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        rows={3}
        {...rest}
      />
      {showCount && rest.maxLength !== undefined && length !== undefined ? (
        <p className="st-field__count" aria-hidden="true">
          {length} / {rest.maxLength}
        </p>
      ) : null}
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}
