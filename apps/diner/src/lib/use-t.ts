/**
 * The diner's translator: `useUiTranslation` of `@santap/ui` under the names the diner's screens use
 * (one `useTranslation` per tree, `TranslationProvider`).
 */
export { useUiTranslation as useT } from '@santap/ui';
export type { UiTranslate as Translate, UiValues as TValues } from '@santap/ui';
