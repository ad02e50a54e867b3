import { useState, useSyncExternalStore } from 'react';
import { Banner } from '../components/banner';
import { Button } from '../components/button';
import { useUiTranslation } from '../i18n/translation';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it is online; follows the `online` / `offline` events. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

export interface OfflineBannerProps {
  /** An API call has been waiting over 8 s (`useSlowConnection` of `@santap/web`). */
  slow?: boolean;
  /** Tries again (an app reloads its route's data); the banner stays while it runs. */
  onRetry: () => Promise<unknown>;
}

/**
 * The network status at the top of every page (spec §8): 'No Internet Connection' while the browser is
 * offline, sticky, with a retry of the page's data; online, the slow-connection notice while an API call
 * has been waiting over 8 s (`slow`: `useSlowConnection` of `@santap/web`, fed by the app's API client). Otherwise nothing.
 */
export function OfflineBanner({ onRetry, slow = false }: OfflineBannerProps) {
  const { t } = useUiTranslation();
  const online = useOnline();
  const [checking, setChecking] = useState(false);
  if (online && !checking) {
    if (!slow) return null;
    return (
      <div className="st-offline">
        <Banner tone="warning">{t('errors.slowConnection')}</Banner>
      </div>
    );
  }
  return (
    <div className="st-offline">
      <Banner
        tone="error"
        title={t('errors.noInternet')}
        action={
          <Button
            variant="secondary"
            loading={checking}
            onClick={() => {
              setChecking(true);
              void onRetry().finally(() => setChecking(false));
            }}
          >
            {t('app.retry')}
          </Button>
        }
      >
        {t('app.offline.body')}
      </Banner>
    </div>
  );
}
