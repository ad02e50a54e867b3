import type { TranslationKey } from '@santap/i18n';
import type { UiTranslate, UiValues } from './translation';

/**
 * A message for a component to show: a catalogue key, or a key with values. Components take these
 * rather than sentences so the words follow the language; map a server's unknown message to
 * `errors.somethingWentWrong` before passing it (spec §8).
 */
export type UiMessage = TranslationKey | { key: TranslationKey; values?: UiValues };

/** The text of a {@link UiMessage} in the current language. */
export function messageText(t: UiTranslate, message: UiMessage): string {
  return typeof message === 'string' ? t(message) : t(message.key, message.values);
}
