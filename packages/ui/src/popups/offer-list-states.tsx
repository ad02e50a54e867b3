import { messageText } from '../i18n/message';
import type { UiMessage } from '../i18n/message';
import { useUiTranslation } from '../i18n/translation';
import { Banner } from '../components/banner';
import { Button } from '../components/button';
import { Skeleton } from '../components/spinner';

/** The list of offers while it loads. */
export function LoadingList() {
  return (
    <div className="st-stack" aria-hidden="true">
      <Skeleton height="64px" />
      <Skeleton height="64px" />
    </div>
  );
}

/** The list of offers could not be read: what went wrong, and try again where the app can. */
export function LoadError({ error, onRetry }: { error: UiMessage; onRetry?: () => void }) {
  const { t } = useUiTranslation();
  return (
    <Banner
      tone="error"
      action={
        onRetry ? (
          <Button variant="secondary" onClick={onRetry}>
            {t('ui.common.tryAgain')}
          </Button>
        ) : undefined
      }
    >
      {messageText(t, error)}
    </Banner>
  );
}
