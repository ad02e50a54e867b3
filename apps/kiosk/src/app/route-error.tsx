import { useRouteError } from 'react-router';
import { Button, ReloadPrompt, isChunkLoadError, useUiTranslation } from '@santap/ui';

/**
 * A screen that failed to load: a code or CSS chunk that did not arrive gets the reload prompt
 * (spec §8); anything else (a bug) says so and offers a reload. The service worker answers a reload
 * from its cache when the network is down.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useUiTranslation();
  if (isChunkLoadError(error)) return <ReloadPrompt />;
  return (
    <main className="kiosk-screen kiosk-screen--center">
      <h1>{t('app.error.title')}</h1>
      <Button onClick={() => window.location.reload()}>{t('kiosk.retry')}</Button>
    </main>
  );
}
