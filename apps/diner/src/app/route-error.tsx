import { isRouteErrorResponse, useNavigate, useRevalidator, useRouteError } from 'react-router';
import { Banner, Button, Page, ReloadPrompt, isChunkLoadError } from '@santap/ui';
import { paths } from '../config/paths';
import { useT } from '../lib/use-t';
import { errorText } from '@santap/web';

/**
 * What a route shows when its code, its data or its render fails (spec §8): a code or CSS chunk that
 * did not load gets the reload prompt; a 404 the not-found words; anything else the server's message
 * (or 'something went wrong') with a retry that runs the route's loaders again.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useT();
  const navigate = useNavigate();
  const revalidator = useRevalidator();

  if (isChunkLoadError(error)) return <ReloadPrompt />;

  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const message = notFound ? t('errors.notFound') : errorText(error, t);
  return (
    <Page title={t('app.error.title')}>
      <Banner
        tone="error"
        action={
          <div className="dn-actions">
            {!notFound ? (
              <Button
                loading={revalidator.state === 'loading'}
                onClick={() => {
                  void revalidator.revalidate();
                }}
              >
                {t('app.retry')}
              </Button>
            ) : null}
            <Button variant="secondary" onClick={() => navigate(paths.home())}>
              {t('app.goHome')}
            </Button>
          </div>
        }
      >
        {message}
      </Banner>
    </Page>
  );
}
