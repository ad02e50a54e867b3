import { formatMoney, formatRate, intlLocale } from '@santap/domain';
import type { Currency } from '@santap/domain';
import type { TranslationKey } from '@santap/i18n';
import { useUiTranslation } from '../i18n/translation';
import { Icon } from '../components/icons';
import { MoneyText } from '../components/money-text';

/** One movement of a cashback balance: signed minor units (credits positive, spending negative). */
export interface CashbackEntry {
  /** earn | spend | reverse | referral; anything else is shown as an adjustment. */
  kind: string;
  amount: number;
  orderId: number | null;
  /** Unix seconds. */
  createdEpoch: number;
}

/** Props of {@link CashbackAccountCard}. */
export interface CashbackAccountCardProps {
  /** The restaurant's or food court's name (restaurant data). */
  name: string;
  kind: 'restaurant' | 'mall';
  currency: Currency;
  balance: number;
  earned: number;
  spent: number;
  /** The place's earning rule: a percentage of orders from a minimum value; null when it gives none now. */
  rule?: { minOrder: number; percentBps: number } | null;
  /** Newest first. */
  history: readonly CashbackEntry[];
  /** The zone dates are shown in (defaults to the device's). */
  timeZone?: string;
}

const ENTRY_KEY: Readonly<Record<string, TranslationKey>> = {
  earn: 'account.loyalty.entryEarn',
  spend: 'account.loyalty.entrySpend',
  reverse: 'account.loyalty.entryReverse',
  referral: 'account.loyalty.entryReferral',
};

/**
 * The diner's cashback at one restaurant or food court (spec §3 loyalty cashback): the
 * balance, what was earned and spent, the earning rule, and the history of earning and spending in a
 * disclosure (a signed amount, in words and sign, never colour alone).
 */
export function CashbackAccountCard({
  name,
  kind,
  currency,
  balance,
  earned,
  spent,
  rule,
  history,
  timeZone,
}: CashbackAccountCardProps) {
  const { t, language } = useUiTranslation();
  const date = new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    ...(timeZone ? { timeZone } : {}),
  });
  const signed = (amount: number) =>
    `${amount > 0 ? '+' : amount < 0 ? '−' : ''}${formatMoney(Math.abs(amount), currency, language)}`;
  return (
    <article className="st-card st-cashback">
      <Icon name={kind === 'mall' ? 'tag' : 'gift'} size={28} />
      <div className="st-card__body">
        <h3 className="st-subheading st-cashback__name">{name}</h3>
        <p className="st-muted">
          {t(kind === 'mall' ? 'account.loyalty.kindMall' : 'account.loyalty.kindRestaurant')}
        </p>
        <div className="st-balance">
          <span>{t('account.loyalty.balance')}</span>
          <MoneyText className="st-balance__amount" amount={balance} currency={currency} />
        </div>
        <dl className="st-lines">
          <div className="st-lines__row">
            <dt>{t('account.loyalty.earned')}</dt>
            <dd>
              <MoneyText amount={earned} currency={currency} />
            </dd>
          </div>
          <div className="st-lines__row">
            <dt>{t('account.loyalty.spent')}</dt>
            <dd>
              <MoneyText amount={spent} currency={currency} />
            </dd>
          </div>
        </dl>
        <p className="st-muted">
          {rule
            ? t('account.loyalty.rule', {
                percent: formatRate(rule.percentBps),
                min: formatMoney(rule.minOrder, currency, language),
              })
            : t('account.loyalty.noRule')}
        </p>
        <details className="st-cashback__history" aria-label={t('account.loyalty.history')}>
          <summary>{t('account.loyalty.history')}</summary>
          {history.length === 0 ? (
            <p className="st-muted">{t('account.loyalty.historyEmpty')}</p>
          ) : (
            <ul className="st-list">
              {history.map((entry, index) => (
                <li key={`${entry.createdEpoch}-${index}`} className="st-list__row">
                  <span className="st-list__text">
                    <span className="st-strong">
                      {t(ENTRY_KEY[entry.kind] ?? 'account.loyalty.entryOther')}
                    </span>
                    <span className="st-muted">
                      {date.format(new Date(entry.createdEpoch * 1000))}
                      {entry.orderId !== null
                        ? ` · ${t('account.orderNumber', { id: String(entry.orderId) })}`
                        : null}
                    </span>
                  </span>
                  <span className="st-money">{signed(entry.amount)}</span>
                </li>
              ))}
            </ul>
          )}
        </details>
      </div>
    </article>
  );
}
