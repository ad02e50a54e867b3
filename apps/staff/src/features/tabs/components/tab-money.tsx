import type { Currency } from '@santap/domain';
import { MoneyText, useUiTranslation } from '@santap/ui';
import type { TabView } from '../lib/types';

/**
 * What a tab is worth and where its money stands: paid, being paid (shares under way) and left, with
 * a bar of the paid part (the figures say it in words; the bar is for the eye across the room).
 */
export function TabMoney({ tab }: { tab: TabView }) {
  const { t } = useUiTranslation();
  const currency = tab.currency as Currency;
  const settled = tab.left <= 0 && tab.pending <= 0;
  const part = (amount: number) => (tab.total > 0 ? `${Math.min(100, (amount / tab.total) * 100)}%` : '0%');
  return (
    <div className="staff-tab-money">
      <dl className="staff-tab-money__figures">
        <div>
          <dt>{t('staff.tabs.total')}</dt>
          <dd>
            <MoneyText amount={tab.total} currency={currency} />
          </dd>
        </div>
        <div>
          <dt>{t('staff.tabs.paid')}</dt>
          <dd>
            <MoneyText amount={tab.paid} currency={currency} />
          </dd>
        </div>
        {tab.pending > 0 ? (
          <div className="staff-tab-money__pending">
            <dt>{t('staff.tabs.paying')}</dt>
            <dd>
              <MoneyText amount={tab.pending} currency={currency} />
            </dd>
          </div>
        ) : null}
        <div
          className={
            tab.left > 0 ? 'staff-tab-money__left' : 'staff-tab-money__left staff-tab-money__left--done'
          }
        >
          <dt>{t('staff.tabs.left')}</dt>
          <dd>{settled ? t('staff.tabs.allPaid') : <MoneyText amount={tab.left} currency={currency} />}</dd>
        </div>
      </dl>
      <div className="staff-tab-money__bar" aria-hidden="true">
        <span className="staff-tab-money__paid" style={{ width: part(tab.paid) }} />
        <span className="staff-tab-money__paying" style={{ width: part(tab.pending) }} />
      </div>
    </div>
  );
}
