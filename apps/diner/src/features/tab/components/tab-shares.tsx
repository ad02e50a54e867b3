import { useId, useState } from 'react';
import { Link } from 'react-router';
import { tabs } from '@santap/api-client';
import { Banner, Button } from '@santap/ui';
import { errorText } from '@santap/web';
import { tabPaths } from '../../../config/tab-paths';
import { api } from '../../../lib/api';
import { useT } from '../../../lib/use-t';
import type { TabShare, TabView } from '../api/tab-types';
import { useMoney } from '../lib/money';
import { nameOf } from '../lib/people';
import { shareWhat } from '../lib/share-words';

/**
 * The payments made on the tab (paid, and under way), newest first, each with what it covered. The
 * caller's own: a share under way can be let go (its dishes are free again), a paid one opens its receipt.
 */
export function TabShares({ tab, onChanged }: { tab: TabView; onChanged: (tab: TabView) => void }) {
  const { t } = useT();
  const money = useMoney(tab.currency);
  const titleId = useId();
  const [cancelling, setCancelling] = useState<number>();
  const [error, setError] = useState<string>();
  const shares = tab.shares
    .filter((share) => share.state !== 'void')
    .sort((a, b) => b.created_epoch - a.created_epoch);
  if (shares.length === 0) return null;

  const cancel = async (share: TabShare) => {
    setCancelling(share.share_id);
    setError(undefined);
    try {
      const reply = await api.call(tabs.tabCancelShare, {
        params: { tabId: tab.tab_id, shareId: share.share_id },
      });
      onChanged(reply.tab);
    } catch (failure) {
      setError(errorText(failure, t));
    } finally {
      setCancelling(undefined);
    }
  };

  return (
    <section className="tab-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('tab.shares.title')}</h2>
      {error ? <Banner tone="error">{error}</Banner> : null}
      <ul className="tab-lines">
        {shares.map((share) => {
          const mine = tab.me !== null && share.member_id === tab.me;
          const values = { name: nameOf(tab, share.member_id, t), amount: money(share.settles) };
          return (
            <li key={share.share_id} className="tab-share">
              <p className="tab-share__text">
                <span>
                  {share.state === 'paid' ? t('tab.shares.paid', values) : t('tab.shares.paying', values)}
                </span>
                <span className="tab-line__sub">{shareWhat(tab, share, t)}</span>
              </p>
              {mine && share.state === 'pending' ? (
                <Button
                  variant="secondary"
                  loading={cancelling === share.share_id}
                  onClick={() => void cancel(share)}
                >
                  {t('tab.shares.cancel')}
                </Button>
              ) : null}
              {mine && share.state === 'paid' ? (
                <Link
                  className="st-button st-button--ghost"
                  to={tabPaths.receipt(tab.tab_id, share.share_id)}
                >
                  {t('tab.shares.receipt')}
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
