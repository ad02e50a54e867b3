import { Button, useUiTranslation } from '@santap/ui';

/** A screen that failed to load (a lost chunk, a bug): say so and offer a reload. */
export function RouteError() {
  const { t } = useUiTranslation();
  return (
    <main className="staff-center">
      <h1>{t('app.error.title')}</h1>
      <Button onClick={() => window.location.reload()}>{t('staff.retry')}</Button>
    </main>
  );
}
