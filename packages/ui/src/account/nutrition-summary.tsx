import { intlLocale } from '@santap/domain';
import { useUiTranslation } from '../i18n/translation';
import { LoadingStack, Skeleton } from '../components/spinner';

/** What one day's orders added up to (grams for protein, carbs and fat). */
export interface NutritionDay {
  /** 'YYYY-MM-DD'. */
  date: string;
  kcal: number;
  protein: number;
  carbs: number;
  fat: number;
  /** Portions counted. */
  items: number;
}

/** Props of {@link NutritionSummary}. */
export interface NutritionSummaryProps {
  /** Oldest first, the last one being `today`; `undefined` while loading. */
  days: readonly NutritionDay[] | undefined;
  /** The diner's calendar date ('YYYY-MM-DD'), named 'Today'. */
  today: string;
  /** Portions ordered whose dish has no nutrition data (not in the sums). */
  itemsWithoutNutrition?: number;
}

/**
 * Nutrition per day (spec §7 Profile 'nutrition daily'): today's energy and macronutrients from the
 * server's per-dish figures, and the days before as a short list. Dates are calendar dates, formatted
 * in UTC so no time zone shifts them.
 */
export function NutritionSummary({ days, today, itemsWithoutNutrition = 0 }: NutritionSummaryProps) {
  const { t, language } = useUiTranslation();
  if (days === undefined) {
    return (
      <LoadingStack>
        <Skeleton height="72px" />
        <Skeleton height="44px" />
      </LoadingStack>
    );
  }
  const number = new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 0 });
  const dayName = new Intl.DateTimeFormat(intlLocale(language), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  const current = days.find((day) => day.date === today);
  const earlier = days.filter((day) => day.date !== today).reverse();
  const kcal = (value: number) => t('account.nutrition.kcal', { value: number.format(value) });
  const grams = (value: number) => t('account.nutrition.grams', { value: number.format(value) });
  return (
    <div className="st-stack">
      <div className="st-balance">
        <span className="st-strong">{t('account.nutrition.today')}</span>
        <span className="st-balance__amount">{kcal(current?.kcal ?? 0)}</span>
      </div>
      {current && current.items > 0 ? (
        <dl className="st-lines">
          {(
            [
              ['account.nutrition.protein', current.protein],
              ['account.nutrition.carbs', current.carbs],
              ['account.nutrition.fat', current.fat],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="st-lines__row">
              <dt>{t(label)}</dt>
              <dd>{grams(value)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="st-muted">{t('account.nutrition.noneToday')}</p>
      )}
      {earlier.length > 0 ? (
        <>
          <h3 className="st-subheading">{t('account.nutrition.earlier')}</h3>
          <dl className="st-lines">
            {earlier.map((day) => (
              <div key={day.date} className="st-lines__row">
                <dt>{dayName.format(new Date(`${day.date}T00:00:00Z`))}</dt>
                <dd>{day.items > 0 ? kcal(day.kcal) : t('account.nutrition.noOrders')}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
      {itemsWithoutNutrition > 0 ? (
        <p className="st-muted">
          {t('account.nutrition.missing', { count: number.format(itemsWithoutNutrition) })}
        </p>
      ) : null}
      <p className="st-muted">{t('account.nutrition.source')}</p>
    </div>
  );
}
