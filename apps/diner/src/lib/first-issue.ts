import { hasKey } from '@santap/i18n';
import type { TranslationKey } from '@santap/i18n';

/** The catalogue key of the first issue of a failed zod check (`@santap/domain` schemas use keys). */
export function firstIssueKey(result: {
  success: boolean;
  error?: { issues: readonly { message: string }[] };
}): TranslationKey | undefined {
  if (result.success) return undefined;
  const key = result.error?.issues[0]?.message ?? '';
  return hasKey(key) ? key : 'validation.invalidInput';
}
