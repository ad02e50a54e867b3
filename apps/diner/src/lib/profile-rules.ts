import { emailSchema, nameSchema } from '@santap/domain';
import type { TranslationKey } from '@santap/i18n';
import { firstIssueKey } from './failure';

/** The catalogue key of each profile field's first problem (none: the field is fine). */
export type ProfileProblems = Partial<Record<'name' | 'email', TranslationKey>>;

/**
 * The profile form's rules (spec §5): the name at least 3 characters, the email (optional) with the
 * spec's three messages. The catalogue key of each field's first problem.
 */
export function profileErrors(name: string, email: string): ProfileProblems {
  const nameKey = firstIssueKey(nameSchema.safeParse(name));
  const emailKey = email.trim() === '' ? undefined : firstIssueKey(emailSchema.safeParse(email));
  return { ...(nameKey ? { name: nameKey } : {}), ...(emailKey ? { email: emailKey } : {}) };
}
