import { toIntlLocale } from '@santap/i18n';
import { useUiTranslation } from '../i18n/use-ui-translation';
import { StarShape } from './star-shape';
import './reviews.css';

/** Props of {@link DishRating}. */
export interface DishRatingProps {
  /** The average of the dish's reviews, 1–5. */
  average: number;
  /** How many reviews the average is made of. */
  count: number;
}

/**
 * A dish's rating on a menu: a star, the average with one decimal and the count ('★ 4.5 (12)'),
 * formatted in the diner's language ('4,5' in Indonesian). Read aloud as one sentence ('Rating 4.5
 * out of 5, reviews: 12'), not as loose numbers.
 */
export function DishRating({ average, count }: DishRatingProps) {
  const { t, language } = useUiTranslation();
  const locale = toIntlLocale(language);
  const averageText = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(average);
  const countText = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(count);
  return (
    <span
      className="st-rating"
      role="img"
      aria-label={t('review.summary', { average: averageText, count: countText })}
    >
      <StarShape filled size={16} />
      <span aria-hidden="true" className="st-rating__average">
        {averageText}
      </span>
      <span aria-hidden="true" className="st-rating__count">
        ({countText})
      </span>
    </span>
  );
}
