import { useRevalidator } from 'react-router';
import { Banner, Button } from '@santap/ui';
import { errorText } from '@santap/web';
import { useT } from '../lib/use-t';

/**
 * A page's data that could not be read, in words ('No Internet Connection', the server's message,
 * 'something went wrong'), with a button that runs the route's loader again.
 */
export function RetryBanner({ error, retryLabel }: { error: unknown; retryLabel: string }) {
  const { t } = useT();
  const revalidator = useRevalidator();
  return (
    <Banner
      tone="error"
      action={
        <Button
          variant="secondary"
          loading={revalidator.state === 'loading'}
          onClick={() => void revalidator.revalidate()}
        >
          {retryLabel}
        </Button>
      }
    >
      {errorText(error, t)}
    </Banner>
  );
}
