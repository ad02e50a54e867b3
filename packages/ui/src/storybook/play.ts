import { resources } from '@santap/i18n';
import type { SupportedLanguage, TranslationKey } from '@santap/i18n';
import { isSupportedLanguage } from '@santap/i18n';
import { within } from 'storybook/test';

/** What a play function gets that these helpers read. */
interface PlayContext {
  canvasElement: HTMLElement;
  globals?: Record<string, unknown>;
  parameters?: Record<string, unknown>;
}

/** The language a story renders in (its pinned `parameters.language`, else the toolbar's). */
export function playLanguage(context: PlayContext): SupportedLanguage {
  const requested = String(context.parameters?.language ?? context.globals?.language ?? 'en');
  return isSupportedLanguage(requested) ? requested : 'en';
}

/** A catalogue text in the story's language, up to its first `{{value}}` (for a name that starts so). */
export function wordsOf(context: PlayContext, key: TranslationKey): string {
  const text = (resources[playLanguage(context)].translation as Record<string, string>)[key] ?? key;
  return text.split('{{')[0]!.replace(/[\s·:]+$/, '');
}

/** A name that starts with `text` (case as written). */
export const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** Queries over the whole document: popups are portalled to `<body>`, outside the story's root. */
export const screenOf = (context: PlayContext) => within(context.canvasElement.ownerDocument.body);
