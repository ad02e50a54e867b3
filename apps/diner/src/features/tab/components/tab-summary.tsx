import { useId } from 'react';
import { useT } from '../../../lib/use-t';
import type { TabView } from '../api/tab-types';
import { useMoney } from '../lib/money';

/** Total, paid and left of the whole tab, and what is being paid right now. */
export function TabTotals({ tab }: { tab: TabView }) {
  const { t } = useT();
  const money = useMoney(tab.currency);
  return (
    <section className="tab-section" aria-label={t('tab.title')}>
      <dl className="tab-totals">
        <div>
          <dt>{t('bill.total')}</dt>
          <dd>{money(tab.total)}</dd>
        </div>
        <div>
          <dt>{t('tab.paid')}</dt>
          <dd>{money(tab.paid)}</dd>
        </div>
        <div className="tab-totals__left">
          <dt>{t('tab.left')}</dt>
          <dd>{money(tab.left)}</dd>
        </div>
      </dl>
      {tab.pending > 0 ? (
        <p className="tab-live">{t('tab.pending', { amount: money(tab.pending) })}</p>
      ) : null}
    </section>
  );
}

/**
 * How friends join (apps/api docs/tabs.md, Joining): the join code in large letters at a static-QR
 * restaurant, or 'scan the table's QR' where a scan joins. Nothing once the tab is closed.
 */
export function JoinCode({ tab }: { tab: TabView }) {
  const { t } = useT();
  const titleId = useId();
  if (tab.status !== 'open') return null;
  if (tab.joins_by_scan) return <p className="tab-code">{t('tab.code.scan')}</p>;
  if (!tab.join_code) return null;
  return (
    <section className="tab-code" aria-labelledby={titleId}>
      <p id={titleId}>{t('tab.code.title')}</p>
      {/* Read out letter by letter: a screen reader would say the code as a word. */}
      <p className="tab-code__value" aria-hidden="true">
        {tab.join_code}
      </p>
      <p className="st-visually-hidden">
        {t('tab.code.spoken', { code: tab.join_code.split('').join(' ') })}
      </p>
    </section>
  );
}
