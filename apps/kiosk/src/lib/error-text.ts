import { ApiError, NoInternet, RequestTimeout } from '@santap/api-client';

// What to say about a failed call is the same in every app (spec §8).
export { errorText } from '@santap/web';

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
