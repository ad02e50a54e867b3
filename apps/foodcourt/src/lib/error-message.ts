import { ApiError, NoInternet, RequestTimeout, ServerMessage } from '@santap/api-client';
import { hasKey } from '@santap/i18n';
import type { TranslationKey } from '@santap/i18n';
import type { UiTranslate } from '@santap/ui';

/** The catalogue key for a failure the server did not word (spec §8); popups take keys. */
export function uiMessageOf(error: unknown): TranslationKey {
  if (error instanceof NoInternet) return 'errors.noInternet';
  if (error instanceof RequestTimeout) return 'errors.timeout';
  if (error instanceof ApiError && error.code && hasKey(error.code)) return error.code;
  return 'errors.somethingWentWrong';
}

/**
 * What to say about a failed call: the server's message (already in the diner's language), or the
 * catalogue's words for no connection, a time-out, a known code, or 'something went wrong'.
 */
export function errorText(error: unknown, t: UiTranslate): string {
  if (error instanceof ServerMessage && error.message.trim() !== '') return error.message;
  return t(uiMessageOf(error));
}

/** The catalogue code the server named for a failure (`errors.priceWarning`), if any. */
export const errorCodeOf = (error: unknown): string | undefined =>
  error instanceof ApiError ? error.code : undefined;
