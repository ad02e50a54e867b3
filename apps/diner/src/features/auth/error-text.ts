import { DomainError } from '@santap/domain';
import { errorMessage } from '../../lib/error-message';
import type { Translate } from '../../lib/use-t';

/** The words for a failed check or call: a client-side rule (`DomainError`) or the app's API error words. */
export function errorText(error: unknown, t: Translate): string {
  if (error instanceof DomainError) return t(error.key, error.values);
  return errorMessage(error, t);
}
