import { NoInternet, RequestTimeout, ServerMessage } from '@santap/api-client';
import type { UiTranslate } from '@santap/ui';

/** What to say about a failed call (spec §8): the server's own words (in the console's language), else ours. */
export function errorText(error: unknown, t: UiTranslate): string {
  if (error instanceof NoInternet) return t('errors.noInternet');
  if (error instanceof RequestTimeout) return t('errors.timeout');
  if (error instanceof ServerMessage && error.message.trim()) return error.message;
  return t('errors.somethingWentWrong');
}
