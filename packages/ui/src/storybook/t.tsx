import type { TranslationKey } from '@santap/i18n';
import { useUiTranslation } from '../i18n/translation';
import type { UiValues } from '../i18n/translation';

/** Stories only: catalogue text as a node, so story args stay in the story's language. */
export function T({ k, values }: { k: TranslationKey; values?: UiValues }) {
  const { t } = useUiTranslation();
  return <>{t(k, values)}</>;
}
