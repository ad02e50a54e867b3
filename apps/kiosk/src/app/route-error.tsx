import { Button } from '@santap/ui';
import { useUiTranslation } from '@santap/ui';

/**
 * A screen that failed to load (a lost chunk, a bug): say so and offer a reload, which the service
 * worker answers from its cache when the network is down.
 */
export function RouteError() {
  const { t } = useUiTranslation();
  return (
    <main className="kiosk-screen kiosk-screen--center">
      <h1>{t('app.error.title')}</h1>
      <Button onClick={() => window.location.reload()}>{t('kiosk.retry')}</Button>
    </main>
  );
}
