import { useNavigate, useRevalidator } from 'react-router';
import { Banner, Button, Page } from '@santap/ui';
import { paths } from '../config/paths';
import { useT } from '../lib/use-t';
import { errorText } from '@santap/web';

/** A page's data that could not be read: not found, or the error of the failed call. */
export type PageProblem = { kind: 'missing' } | { kind: 'error'; error: unknown };

/** A page (an order's, a booking's) whose data could not be read: not found, or the error with a retry. */
export function OrderProblem({ data, title }: { data: PageProblem; title: string }) {
  const { t } = useT();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  return (
    <Page title={title} onBack={() => navigate(paths.home())}>
      {data.kind === 'missing' ? (
        <Banner tone="error">{t('errors.notFound')}</Banner>
      ) : (
        <Banner
          tone="error"
          action={
            <Button
              variant="secondary"
              loading={revalidator.state === 'loading'}
              onClick={() => void revalidator.revalidate()}
            >
              {t('order.retry')}
            </Button>
          }
        >
          {errorText(data.error, t)}
        </Banner>
      )}
    </Page>
  );
}
