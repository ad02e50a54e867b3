import { Banner, Button, useUiTranslation } from '@santap/ui';

/** 'Offline' above a console page while the device is (its actions are refused until it is back). */
export function OfflineNotice({ online }: { online: boolean }) {
  const { t } = useUiTranslation();
  return online ? null : (
    <Banner tone="warning" className="staff-offline">
      {t('staff.offline')}
    </Banner>
  );
}

/** A console page's data that did not load: why, in words, and Retry. */
export function LoadFailure({ error, onRetry }: { error: string | null | undefined; onRetry: () => void }) {
  const { t } = useUiTranslation();
  return error ? (
    <Banner tone="error" action={<Button onClick={onRetry}>{t('staff.retry')}</Button>}>
      {error}
    </Banner>
  ) : null;
}
