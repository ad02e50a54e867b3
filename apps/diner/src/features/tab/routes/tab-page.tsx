import { Link, useLoaderData, useNavigate, useSearchParams } from 'react-router';
import { PAYMENT_RESULT, parsePaymentResult } from '@santap/domain';
import { Banner, Page } from '@santap/ui';
import { paths } from '../../../config/paths';
import { tabPaths } from '../../../config/tab-paths';
import { useT } from '../../../lib/use-t';
import { loadTab } from '../api/load-tab';
import type { TabPageData } from '../api/load-tab';
import type { TabView } from '../api/tab-types';
import { JoinCode, TabTotals } from '../components/tab-summary';
import { TabDishes } from '../components/tab-dishes';
import { TabPeople } from '../components/tab-people';
import { TabProblem } from '../components/tab-problem';
import { TabShares } from '../components/tab-shares';
import { useLiveTab } from '../hooks/use-live-tab';
import '../components/tab.css';

export const loader = loadTab;

/**
 * `/tab/:tabId` and `/tab/order/:order_id` (apps/api docs/tabs.md): a table's tab as its members see
 * it, live — who is at the table, every dish by round with who ordered it and what is paid, left or
 * being paid by whom, the totals, the payments, the join code; 'Pay my share' leads to the choices.
 */
export function Component() {
  const data = useLoaderData() as TabPageData;
  if (data.kind !== 'ready') return <TabProblem data={data} />;
  return <TabScreen key={data.tab.tab_id} initial={data.tab} />;
}

function TabScreen({ initial }: { initial: TabView }) {
  const { t } = useT();
  const navigate = useNavigate();
  const { tab, connected, setTab } = useLiveTab(initial);
  const [search] = useSearchParams();
  const own = tab.orders.find((order) => order.member_id !== null && order.member_id === tab.me);
  const payable = tab.status === 'open' && tab.left > 0;
  const allPaid = tab.status === 'open' && tab.total > 0 && tab.left === 0 && tab.pending === 0;
  return (
    <Page
      className="tab-screen"
      title={tab.table_label ? `${t('tab.title')} · ${tab.table_label}` : t('tab.title')}
      onBack={() => (own ? navigate(paths.orderStatus(own.order_id)) : navigate(-1))}
      actions={
        payable ? (
          <Link className="st-button st-button--primary st-button--full" to={tabPaths.pay(tab.tab_id)}>
            {t('tab.pay.open')}
          </Link>
        ) : undefined
      }
    >
      <div className="dn-stack">
        <ReturnedFromPayment status={search.get('payment')} tab={tab} allPaid={allPaid} />
        {tab.status === 'closed' ? (
          <Banner tone="info">{t('tab.closed')}</Banner>
        ) : allPaid ? (
          <Banner tone="success">{t('tab.allPaid')}</Banner>
        ) : null}
        <TabTotals tab={tab} />
        <p className="tab-live" role="status">
          {connected ? t('tab.live') : t('tab.reconnecting')}
        </p>
        <JoinCode tab={tab} />
        <TabPeople tab={tab} onChanged={setTab} />
        <TabDishes tab={tab} />
        <TabShares tab={tab} onChanged={setTab} />
      </div>
    </Page>
  );
}

/**
 * Back from the gateway (the payment return page hands a share's return over with `?payment=`, its
 * `status`): paid, failed with another try, or checked until the caller's share is no longer under
 * way — the tab is live, so the share's end shows as soon as the server knows it. Paid when the
 * tab is all paid: the page's 'everything is paid' alone says it (one banner, not two thanks).
 */
function ReturnedFromPayment({
  status,
  tab,
  allPaid,
}: {
  status: string | null;
  tab: TabView;
  allPaid: boolean;
}) {
  const { t } = useT();
  if (status === null) return null;
  const result = parsePaymentResult(status);
  const mineUnderway = tab.shares.some((share) => share.member_id === tab.me && share.state === 'pending');
  if (result === PAYMENT_RESULT.SUCCESS) {
    return allPaid ? null : <Banner tone="success">{t('tab.return.paid')}</Banner>;
  }
  if (result === PAYMENT_RESULT.FAILURE) {
    return (
      <Banner
        tone="error"
        action={
          tab.status === 'open' && tab.left > 0 ? (
            <Link className="st-button st-button--secondary" to={tabPaths.pay(tab.tab_id)}>
              {t('ui.common.tryAgain')}
            </Link>
          ) : undefined
        }
      >
        {t('tab.return.failed')}
      </Banner>
    );
  }
  return mineUnderway ? <Banner tone="info">{t('tab.return.checking')}</Banner> : null;
}
