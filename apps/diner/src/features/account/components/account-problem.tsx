import { useNavigate } from 'react-router';
import { Page } from '@santap/ui';
import { RetryBanner } from '../../../components/retry-banner';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/use-t';

/**
 * An account page whose data could not be read: the failure in words ('No Internet Connection', the
 * server's message, 'something went wrong') with a retry of the route's loader.
 */
export function AccountProblem({ error, title }: { error: unknown; title: string }) {
  const { t } = useT();
  const navigate = useNavigate();
  return (
    <Page title={title} onBack={() => navigate(paths.profileHome())}>
      <RetryBanner error={error} retryLabel={t('account.retry')} />
    </Page>
  );
}
