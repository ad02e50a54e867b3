import { account } from '@santap/api-client';
import { api } from '../../../lib/api';

// A chunk of its own (imported by `diner-allergies.ts` for a logged-in diner only): the account
// module's schemas stay out of a guest's menu.

/** The logged-in diner's saved allergies (the account's allergy filter): category and severity. */
export const allergyCategories = (signal?: AbortSignal) =>
  api.call(account.allergiesGet, {}, signal ? { signal } : undefined).then((reply) => reply.allergies);
