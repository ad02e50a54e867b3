import { emailSchema, nameSchema } from '@santap/domain';
import type { TranslationKey } from '@santap/i18n';
import { firstIssueKey } from './first-issue';

/** The catalogue key of each profile field's first problem (none: the field is fine). */
export type ProfileProblems = Partial<Record<'name' | 'email', TranslationKey>>;

/**
 * The rules of a diner's name and email (spec §5), for the account's profile form and the sign-up's
 * profile step: the name at least 3 characters, the email (optional) with the
 * spec's three messages. The catalogue key of each field's first problem.
 */
export function profileErrors(name: string, email: string): ProfileProblems {
  const nameKey = firstIssueKey(nameSchema.safeParse(name));
  const emailKey = email.trim() === '' ? undefined : firstIssueKey(emailSchema.safeParse(email));
  return { ...(nameKey ? { name: nameKey } : {}), ...(emailKey ? { email: emailKey } : {}) };
}
