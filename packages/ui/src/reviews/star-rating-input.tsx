import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useUiTranslation } from '../i18n/translation';
import { cx } from '../components/cx';
import { FieldMessages } from '../components/fields';
import { StarShape } from './star-shape';
import './reviews.css';

/** The stars a diner can give a dish (spec §7 reviews: 1–5). */
export const STAR_VALUES = [1, 2, 3, 4, 5] as const;

/** Props of {@link StarRatingInput}. */
export interface StarRatingInputProps {
  /** What is rated (the dish's name): the group's `<legend>`. */
  legend: string;
  /** A line under the legend (the quantity ordered). */
  hint?: ReactNode;
  /** The stars chosen, 1–5; `undefined` while none. */
  value: number | undefined;
  onChange: (value: number) => void;
  name?: string;
  /** Shown under the stars and announced when it appears. */
  error?: string;
  disabled?: boolean;
}

/**
 * A 1–5 star rating: five native radio buttons in a fieldset, each a 44 px star whose name says
 * '3 of 5 stars', so arrow keys move the rating, Tab leaves the group, and a screen reader hears the
 * value. Stars up to the chosen one (or the hovered one) are filled; the focused star is outlined.
 */
export function StarRatingInput({
  legend,
  hint,
  value,
  onChange,
  name,
  error,
  disabled = false,
}: StarRatingInputProps) {
  const { t } = useUiTranslation();
  const id = useId();
  const [hovered, setHovered] = useState<number | undefined>();
  const shown = hovered ?? value ?? 0;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <fieldset
      className={cx('st-stars', error && 'st-stars--invalid')}
      aria-describedby={describedBy || undefined}
      disabled={disabled}
    >
      <legend className="st-stars__legend">{legend}</legend>
      {hint ? (
        <div id={`${id}-hint`} className="st-stars__hint">
          {hint}
        </div>
      ) : null}
      <div className="st-stars__row" onMouseLeave={() => setHovered(undefined)}>
        {STAR_VALUES.map((star) => (
          <label
            key={star}
            className={cx('st-star', star <= shown && 'st-star--on')}
            onMouseEnter={() => setHovered(disabled ? undefined : star)}
          >
            <input
              type="radio"
              className="st-star__control"
              name={name ?? id}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
            />
            <StarShape filled={star <= shown} />
            <span className="st-visually-hidden">{t('review.starsOf', { value: star })}</span>
          </label>
        ))}
      </div>
      <FieldMessages error={error} errorId={`${id}-error`} />
    </fieldset>
  );
}
