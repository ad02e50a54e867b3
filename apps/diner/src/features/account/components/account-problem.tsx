import { useNavigate, useRevalidator } from 'react-router';
import { Banner, Button, Page } from '@santap/ui';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/use-t';
import { errorText } from '@santap/web';

/**
 * An account page whose data could not be read: the failure in words ('No Internet Connection', the
 * server's message, 'something went wrong') with a retry of the route's loader.
 */
export function AccountProblem({ error, title }: { error: unknown; title: string }) {
  const { t } = useT();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  return (
    <Page title={title} onBack={() => navigate(paths.profileHome())}>
      <Banner
        tone="error"
        action={
          <Button
            variant="secondary"
            loading={revalidator.state === 'loading'}
            onClick={() => void revalidator.revalidate()}
          >
            {t('account.retry')}
          </Button>
        }
      >
        {errorText(error, t)}
      </Banner>
    </Page>
  );
}
