import { ApiError, NoInternet, RequestTimeout, ServerMessage } from '@santap/api-client';
import type { UiTranslate } from '@santap/ui';

/**
 * What to say about a failed call (spec §8): the server's own words (already in the kiosk's
 * language), 'No Internet Connection', the time-out sentence, else 'something went wrong'.
 */
export function errorText(error: unknown, t: UiTranslate): string {
  if (error instanceof NoInternet) return t('errors.noInternet');
  if (error instanceof RequestTimeout) return t('errors.timeout');
  if (error instanceof ServerMessage && error.message.trim()) return error.message;
  return t('errors.somethingWentWrong');
}

/**
 * True when a failed order may succeed later as it is: no network, a time-out, the server busy or
 * failing (5xx, 409 'still processing', 429), or the device refused (401 / 403: staff can fix the
 * registration; the orders are real and must not be dropped). Anything else is final for that order.
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof NoInternet || error instanceof RequestTimeout) return true;
  if (!(error instanceof ApiError)) return true;
  const status = error.statusCode ?? 0;
  return status === 0 || status >= 500 || [401, 403, 409, 429].includes(status);
}
