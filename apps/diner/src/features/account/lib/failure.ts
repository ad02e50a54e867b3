import { ApiError } from '@santap/api-client';
import { DomainError } from '@santap/domain';
import { hasKey } from '@santap/i18n';
import type { TranslationKey } from '@santap/i18n';
import type { Translate } from '../../../lib/use-t';
import { errorText } from '@santap/web';

/** The catalogue key of the first issue of a failed zod check (`@santap/domain` schemas use keys). */
export function firstIssueKey(result: {
  success: boolean;
  error?: { issues: readonly { message: string }[] };
}): TranslationKey | undefined {
  if (result.success) return undefined;
  const key = result.error?.issues[0]?.message ?? '';
  return hasKey(key) ? key : 'validation.invalidInput';
}

/** The catalogue key a failed call was refused with, when the server named one. */
export function failureKey(error: unknown): string | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

/** The words for a failed check or call: a client-side rule, or the API error in the diner's language. */
export function failureText(error: unknown, t: Translate): string {
  if (error instanceof DomainError) return t(error.key, error.values);
  return errorText(error, t);
}
