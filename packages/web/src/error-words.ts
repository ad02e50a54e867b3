import { ApiError, NoInternet, RequestTimeout, ServerMessage } from '@santap/api-client';
import { DomainError } from '@santap/domain';
import { hasKey, resources } from '@santap/i18n';
import type { TranslationKey } from '@santap/i18n';
import { appWords } from './app-i18n';

/** A key-typed translator (`useT` of an app, `useUiTranslation` of `@santap/ui`). */
export type Translate = (key: TranslationKey, values?: Readonly<Record<string, string | number>>) => string;

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

/**
 * The words to show for a failure (spec §8), the same in every app: a rule the page checked itself
 * (`DomainError`) in its words; no connection -> 'No Internet Connection'; a time-out -> the
 * catalogue's time-out sentence; a server message as sent (already in the diner's language); a
 * catalogue code the server named -> its words; anything else -> 'something went wrong'.
 */
export function errorText(error: unknown, t: Translate): string {
  if (error instanceof DomainError) return t(error.key, error.values);
  if (error instanceof NoInternet) return t('errors.noInternet');
  if (error instanceof RequestTimeout) return t('errors.timeout');
  if (error instanceof ServerMessage && error.message.trim() !== '') return error.message;
  if (error instanceof ApiError && error.code && hasKey(error.code)) return t(error.code);
  return t('errors.somethingWentWrong');
}

/** The catalogue code the server named for a failure (`errors.priceWarning`), if any. */
export function errorCodeOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.code : undefined;
}
