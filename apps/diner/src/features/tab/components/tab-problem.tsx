import { Link, useNavigate } from 'react-router';
import { Banner, Page } from '@santap/ui';
import { paths } from '../../../config/paths';
import { RetryBanner } from '../../../components/retry-banner';
import { useT } from '../../../lib/use-t';
import type { Unread } from '../api/load-tab';

/**
 * A tab page that has no tab to show: not the caller's or no such tab (the server says 404 to
 * anyone not on it), an order on no tab, or a failure with a retry.
 */
export function TabProblem({ data }: { data: Unread | { kind: 'none'; orderId: number } }) {
  const { t } = useT();
  const navigate = useNavigate();
  return (
    <Page className="tab-screen" title={t('tab.title')} onBack={() => navigate(-1)}>
      {data.kind === 'error' ? (
        <RetryBanner error={data.error} retryLabel={t('ui.common.tryAgain')} />
      ) : data.kind === 'none' ? (
        <Banner
          tone="info"
          action={
            <Link className="st-button st-button--secondary" to={paths.orderStatus(data.orderId)}>
              {t('tab.backToOrder')}
            </Link>
          }
        >
          {t('tab.noTab')}
        </Banner>
      ) : (
        <Banner tone="error">{t('tab.notFound')}</Banner>
      )}
    </Page>
  );
}
