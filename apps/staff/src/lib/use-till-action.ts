import { useState } from 'react';
import { useUiTranslation } from '@santap/ui';
import { errorText } from '@santap/web';

/**
 * The action of a till panel (take an order's payment, refund one): refused without a call while
 * `guard` says no (offline, with its toast), `busy` while it runs (a second tap does nothing), and a
 * failure both handed to the page (`onFailed`) and kept as `error`, in the console's words.
 */
export function useTillAction(guard: () => boolean, onFailed: (error: unknown) => void) {
  const { t } = useUiTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    if (busy || !guard()) return;
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      onFailed(failure);
      setError(errorText(failure, t));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}
