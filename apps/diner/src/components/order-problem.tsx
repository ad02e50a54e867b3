import { useNavigate } from 'react-router';
import { Banner, Page } from '@santap/ui';
import { paths } from '../config/paths';
import { useT } from '../lib/use-t';
import { RetryBanner } from './retry-banner';

/** A page's data that could not be read: not found, or the error of the failed call. */
export type PageProblem = { kind: 'missing' } | { kind: 'error'; error: unknown };

/** A page (an order's, a booking's) whose data could not be read: not found, or the error with a retry. */
export function OrderProblem({ data, title }: { data: PageProblem; title: string }) {
  const { t } = useT();
  const navigate = useNavigate();
  return (
    <Page title={title} onBack={() => navigate(paths.home())}>
      {data.kind === 'missing' ? (
        <Banner tone="error">{t('errors.notFound')}</Banner>
      ) : (
        <RetryBanner error={data.error} retryLabel={t('order.retry')} />
      )}
    </Page>
  );
}
