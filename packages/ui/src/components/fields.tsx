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

/**
 * A field's props parted: the frame's (label, hint, error, their ids), the control's wiring (its id,
 * `aria-invalid`, `aria-describedby`) and the rest, the control's own.
 */
export function useField<P extends FieldChrome & { id?: string | undefined; className?: string | undefined }>(
  props: P,
) {
  const { label, hint, error, hideLabel, id, className, ...rest } = props;
  const ids = useFieldIds(id, hint, error);
  return {
    frame: { ids, label, hint, error, hideLabel, className },
    control: {
      id: ids.controlId,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': ids.describedBy,
    },
    rest,
  };
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
export function TextField(props: TextFieldProps) {
  const {
    frame,
    control,
    rest: { prefix, ...rest },
  } = useField(props);
  return (
    <FieldFrame {...frame}>
      <div className={cx('st-field__box', frame.error && 'st-field__box--invalid')}>
        {prefix ? <span className="st-field__prefix">{prefix}</span> : null}
        <input className="st-field__input" {...control} {...rest} />
      </div>
    </FieldFrame>
  );
}

/** A labelled multi-line text box; with `showCount` and `maxLength` it shows 'used / max'. */
export function TextArea(props: TextAreaProps) {
  const {
    frame,
    control,
    rest: { showCount, ...rest },
  } = useField(props);
  const length = typeof rest.value === 'string' ? rest.value.length : undefined;
  return (
    <FieldFrame {...frame}>
      <textarea
        className={cx('st-field__textarea', frame.error && 'st-field__box--invalid')}
        {...control}
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
