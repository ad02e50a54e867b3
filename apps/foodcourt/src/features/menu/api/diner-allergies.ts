import { account } from '@santap/api-client';
import { isAllergen } from '@santap/domain';
import type { Allergen } from '@santap/domain';
import { storedAuth } from '@santap/ui';
import { api } from '../../../lib/api';

const NONE: readonly Allergen[] = [];

/**
 * The logged-in diner's saved allergy categories (issue 7 §1, the account's allergy filter), read with
 * each outlet menu so a change on the account page shows at once, as on the diner app's menu. A guest
 * makes no call and has none; a failed read has none too: highlighting helps, it never blocks the menu.
 */
export async function loadDinerAllergies(signal?: AbortSignal): Promise<readonly Allergen[]> {
  if (storedAuth()?.status !== 'ACTIVE') return NONE;
  try {
    const reply = await api.call(account.allergiesGet, {}, signal ? { signal } : undefined);
    return reply.allergies.map((allergy) => allergy.category).filter(isAllergen);
  } catch {
    return NONE;
  }
}
