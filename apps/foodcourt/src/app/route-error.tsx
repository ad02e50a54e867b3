import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router';
import { Banner, Button, Page, ReloadPrompt, isChunkLoadError, useUiTranslation } from '@santap/ui';
import { errorText } from '@santap/web';

/**
 * What a route shows when its code, its data or its render fails (spec §8): a code or CSS chunk that
 * did not load gets the reload prompt; an unknown food court its words; anything else the server's
 * message (or 'something went wrong') with a retry that runs the route's loaders again.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useUiTranslation();
  const revalidator = useRevalidator();
  if (isChunkLoadError(error)) return <ReloadPrompt />;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Page title={notFound ? t('fc.title') : t('app.error.title')}>
      <Banner
        tone="error"
        action={
          notFound ? undefined : (
            <Button loading={revalidator.state === 'loading'} onClick={() => void revalidator.revalidate()}>
              {t('app.retry')}
            </Button>
          )
        }
      >
        {notFound ? t('fc.notFound') : errorText(error, t)}
      </Banner>
    </Page>
  );
}
