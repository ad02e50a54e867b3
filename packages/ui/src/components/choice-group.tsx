import { useEffect, useId, useRef } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { cx } from './cx';
import { FieldMessages } from './fields';

/** One choice of a {@link RadioGroup} or {@link CheckboxGroup}. */
export interface ChoiceOption<V extends string = string> {
  value: V;
  label: string;
  /** A second line under the label (an explanation, 'Out of stock'). */
  description?: string;
  /** Shown at the end of the row, e.g. a price (`<MoneyText>`). */
  aside?: ReactNode;
  disabled?: boolean;
}

interface GroupChrome {
  /** The group's name (its `<legend>`). */
  legend: string;
  /** A line under the legend: 'Choose 1', 'Required'. */
  hint?: ReactNode;
  /** Shown under the options and announced when it appears. */
  error?: string;
  /** A message shown after a refused tap (polite live region), such as the limit message. */
  notice?: string;
  hideLegend?: boolean;
  className?: string;
}

/** Props of {@link RadioGroup}: pick one value. */
export interface RadioGroupProps<V extends string> extends GroupChrome {
  name?: string;
  options: readonly ChoiceOption<V>[];
  value: V | undefined;
  onChange: (value: V) => void;
  required?: boolean;
}

/** Props of {@link CheckboxGroup}: each option on or off; the parent decides whether a tap is allowed. */
export interface CheckboxGroupProps<V extends string> extends GroupChrome {
  options: readonly ChoiceOption<V>[];
  values: readonly V[];
  onToggle: (value: V, checked: boolean) => void;
}

/** What sets a radio or checkbox of one option apart (its type, state and handler). */
type ChoiceInput = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'name' | 'checked' | 'required' | 'onChange'
>;

/**
 * A group's fieldset (legend, hint, notice, error) around one row per option, each with its native
 * input (`input` of the option: radio or checkbox, checked or not), off when the option is.
 */
function GroupFrame<V extends string>({
  legend,
  hint,
  error,
  notice,
  hideLegend,
  className,
  options,
  input,
}: GroupChrome & { options: readonly ChoiceOption<V>[]; input: (option: ChoiceOption<V>) => ChoiceInput }) {
  const id = useId();
  const noticeText = useRef<HTMLParagraphElement>(null);
  // A limit message appears under the options, which may be below the visible part of a scrolling
  // popup body (under its sticky footer): bring it into view, the least scroll that shows it.
  useEffect(() => {
    if (notice) noticeText.current?.scrollIntoView?.({ block: 'nearest' });
  }, [notice]);
  const describedBy =
    [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset
      className={cx('st-choices', error && 'st-choices--invalid', className)}
      aria-describedby={describedBy}
    >
      <legend className={cx('st-choices__legend', hideLegend && 'st-visually-hidden')}>{legend}</legend>
      {hint ? (
        <div id={`${id}-hint`} className="st-choices__hint">
          {hint}
        </div>
      ) : null}
      <div className="st-choices__list">
        {options.map((option) => (
          <Row
            key={option.value}
            option={option}
            control={
              <input
                className="st-choice__control"
                value={option.value}
                disabled={option.disabled}
                {...input(option)}
              />
            }
          />
        ))}
      </div>
      <div aria-live="polite" className="st-choices__notice">
        {notice ? (
          <p ref={noticeText} className="st-choices__notice-text">
            {notice}
          </p>
        ) : null}
      </div>
      <FieldMessages error={error} errorId={`${id}-error`} />
    </fieldset>
  );
}

function Row<V extends string>({ option, control }: { option: ChoiceOption<V>; control: ReactNode }) {
  return (
    <label className={cx('st-choice', option.disabled && 'st-choice--disabled')}>
      {control}
      <span className="st-choice__text">
        <span className="st-choice__label">{option.label}</span>
        {option.description ? <span className="st-choice__description">{option.description}</span> : null}
      </span>
      {option.aside ? <span className="st-choice__aside">{option.aside}</span> : null}
    </label>
  );
}

/** A group of radio buttons with a legend; native inputs, so arrow keys move between options. */
export function RadioGroup<V extends string>({
  name,
  options,
  value,
  onChange,
  required,
  ...chrome
}: RadioGroupProps<V>) {
  const autoName = useId();
  return (
    <GroupFrame
      {...chrome}
      options={options}
      input={(option) => ({
        type: 'radio',
        name: name ?? autoName,
        checked: value === option.value,
        required,
        onChange: () => onChange(option.value),
      })}
    />
  );
}

/** A group of checkboxes with a legend; `onToggle` reports each tap, the parent owns the values. */
export function CheckboxGroup<V extends string>({
  options,
  values,
  onToggle,
  ...chrome
}: CheckboxGroupProps<V>) {
  return (
    <GroupFrame
      {...chrome}
      options={options}
      input={(option) => ({
        type: 'checkbox',
        checked: values.includes(option.value),
        onChange: (event) => onToggle(option.value, event.target.checked),
      })}
    />
  );
}
