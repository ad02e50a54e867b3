import { useSyncExternalStore } from 'react';
import { isAllergen } from '@santap/domain';
import type { Allergen } from '@santap/domain';
import { storedAuth } from '../../../lib/session';

const NONE: readonly Allergen[] = [];
let current: readonly Allergen[] = NONE;
const listeners = new Set<() => void>();

function publish(next: readonly Allergen[]) {
  current = next;
  for (const listener of listeners) listener();
}

/**
 * The logged-in diner's saved allergy categories (spec §3, the account's allergy filter), read
 * afresh on every menu load so a change on the account page shows at once. A guest, or a failed read,
 * has none: highlighting helps the diner, it never blocks the menu.
 */
export async function loadDinerAllergies(signal?: AbortSignal): Promise<readonly Allergen[]> {
  const auth = storedAuth();
  if (!auth || auth.status !== 'ACTIVE') {
    publish(NONE);
    return NONE;
  }
  try {
    const calls = await import('./allergy-call');
    const categories = (await calls.allergyCategories(signal)).filter(isAllergen);
    publish(categories);
    return categories;
  } catch {
    publish(NONE);
    return NONE;
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => current;

/** The allergies the last menu load read, for the dish cards and the dish popup. */
export function useDinerAllergies(): readonly Allergen[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
