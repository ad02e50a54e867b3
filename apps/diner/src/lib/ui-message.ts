import { ApiError, NoInternet, RequestTimeout } from '@santap/api-client';
import { hasKey, resources } from '@santap/i18n';
import type { TranslationKey } from '@santap/i18n';
import { appWords } from '@santap/ui';

/**
 * A failed call as a catalogue key for a `@santap/ui` popup (which takes keys, not sentences, so the
 * words follow the language): the server's code when the catalogue has it and it needs no values
 * (the server does not send them back separately), 'No Internet Connection', the time-out sentence,
 * else 'something went wrong' (spec §8).
 */
export function uiMessageOf(error: unknown): TranslationKey {
  if (error instanceof NoInternet) return 'errors.noInternet';
  if (error instanceof RequestTimeout) return 'errors.timeout';
  if (error instanceof ApiError && error.code && hasKey(error.code)) {
    // The app's loaded catalogue (the build bundles no `resources`); the whole catalogue in tests.
    const words = appWords(error.code) ?? resources.en.translation[error.code];
    if (!words.includes('{{')) return error.code;
  }
  return 'errors.somethingWentWrong';
}
