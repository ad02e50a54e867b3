import type { Currency } from '@santap/domain';
import { useUiTranslation } from '../i18n/translation';
import { MoneyText } from '../components/money-text';
import { LoadingStack, Skeleton } from '../components/spinner';

/** What a diner earned and saved in one currency, in minor units. */
export interface SavingsTotal {
  currency: Currency;
  earnedCashback: number;
  savedCoupons: number;
  savedReferral: number;
  savedCashback: number;
  /** Everything earned and saved. */
  total: number;
}

/** Props of {@link SavingsSummary}. */
export interface SavingsSummaryProps {
  /** One entry per currency the diner ordered in; `undefined` while loading. */
  totals: readonly SavingsTotal[] | undefined;
}

/**
 * 'Earning and saving total' (spec §7 Profile): cashback earned, and what coupons, referral discounts
 * and spent cashback saved, per currency (a diner may order in Malaysia and Indonesia), with the sum.
 */
export function SavingsSummary({ totals }: SavingsSummaryProps) {
  const { t } = useUiTranslation();
  if (totals === undefined) {
    return (
      <LoadingStack>
        <Skeleton height="44px" />
        <Skeleton height="44px" />
      </LoadingStack>
    );
  }
  if (totals.length === 0) return <p className="st-muted">{t('account.savings.empty')}</p>;
  const rows = [
    ['account.savings.earnedCashback', 'earnedCashback'],
    ['account.savings.savedCoupons', 'savedCoupons'],
    ['account.savings.savedReferral', 'savedReferral'],
    ['account.savings.savedCashback', 'savedCashback'],
  ] as const;
  return (
    <div className="st-stack">
      {totals.map((total) => (
        <dl key={total.currency} className="st-lines">
          <div className="st-balance">
            <dt>{t('account.savings.total')}</dt>
            <dd>
              <MoneyText className="st-balance__amount" amount={total.total} currency={total.currency} />
            </dd>
          </div>
          {rows.map(([label, field]) => (
            <div key={field} className="st-lines__row">
              <dt>{t(label)}</dt>
              <dd>
                <MoneyText amount={total[field]} currency={total.currency} />
              </dd>
            </div>
          ))}
        </dl>
      ))}
    </div>
  );
}
