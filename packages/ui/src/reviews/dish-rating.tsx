import { toIntlLocale } from '@santap/i18n';
import { useUiTranslation } from '../i18n/translation';
import { StarShape } from './star-shape';
import './reviews.css';

/** Props of {@link DishRating}. */
export interface DishRatingProps {
  /** The average of the dish's reviews, 1–5. */
  average: number;
  /** How many reviews the average is made of. */
  count: number;
}

/** One pair of number formats per locale: a 200-dish menu renders this 200 times. */
const formats = new Map<string, { average: Intl.NumberFormat; count: Intl.NumberFormat }>();
function formatsFor(locale: string) {
  let pair = formats.get(locale);
  if (!pair) {
    pair = {
      average: new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
      count: new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }),
    };
    formats.set(locale, pair);
  }
  return pair;
}

/**
 * A dish's rating on a menu: a star, the average with one decimal and the count ('★ 4.5 (12)'),
 * formatted in the diner's language ('4,5' in Indonesian). Read aloud as one sentence ('Rating 4.5
 * out of 5, reviews: 12'), not as loose numbers.
 */
export function DishRating({ average, count }: DishRatingProps) {
  const { t, language } = useUiTranslation();
  const format = formatsFor(toIntlLocale(language));
  const averageText = format.average.format(average);
  const countText = format.count.format(count);
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
