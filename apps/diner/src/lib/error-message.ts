import { ApiError, NoInternet, RequestTimeout, ServerMessage } from '@santap/api-client';
import { hasKey } from '@santap/i18n';
import type { Translate } from './use-t';

/**
 * The words to show for a failed call (spec §8): a server message is already in the diner's language;
 * no connection -> 'No Internet Connection'; a time-out -> the catalogue's time-out sentence; a known
 * catalogue code -> its words; anything else -> 'something went wrong'.
 */
export function errorMessage(error: unknown, t: Translate): string {
  if (error instanceof NoInternet) return t('errors.noInternet');
  if (error instanceof RequestTimeout) return t('errors.timeout');
  if (error instanceof ServerMessage && error.message.trim() !== '') return error.message;
  if (error instanceof ApiError && error.code && hasKey(error.code)) return t(error.code);
  return t('errors.somethingWentWrong');
}

/** The catalogue code of a failed call, when the server named one (`errors.priceWarning`). */
export function errorCode(error: unknown): string | undefined {
  return error instanceof ApiError ? error.code : undefined;
}
