import type { ComponentPropsWithRef } from 'react';
import { FieldFrame, useField } from '../components/fields';
import type { FieldChrome } from '../components/fields';
import { cx } from '../components/cx';

/** One choice of a {@link SelectField}. */
export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
}

/** Props of {@link SelectField}: a native select with a visible label, hint and error. */
export type SelectFieldProps<V extends string> = FieldChrome &
  Omit<ComponentPropsWithRef<'select'>, 'children' | 'value' | 'onChange'> & {
    options: readonly SelectOption<V>[];
    value: V;
    onChange: (value: V) => void;
  };

/**
 * A choice among many (a state of Malaysia) as the platform's own select, which phones show as their
 * native picker; labelled, with the hint and error wired like the text fields.
 */
export function SelectField<V extends string>(props: SelectFieldProps<V>) {
  const {
    frame,
    control,
    rest: { options, value, onChange, ...rest },
  } = useField(props);
  return (
    <FieldFrame {...frame}>
      <div className={cx('st-field__box', frame.error && 'st-field__box--invalid')}>
        <select
          {...rest}
          {...control}
          className="st-field__input"
          value={value}
          onChange={(event) => onChange(event.target.value as V)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </FieldFrame>
  );
}
