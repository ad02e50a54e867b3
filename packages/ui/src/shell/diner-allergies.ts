import { useSyncExternalStore } from 'react';
import { isAllergen } from '@santap/domain';
import type { Allergen } from '@santap/domain';
import { storedAuth } from './browser-session';

/**
 * How an app reads the logged-in diner's saved allergy categories: its own API client's call (this
 * package never imports the client), or a lazy import of that call so its schemas load only for a
 * logged-in diner.
 */
export type AllergyCategoriesCall = (signal?: AbortSignal) => Promise<readonly string[]>;

export interface DinerAllergies {
  /**
   * Reads the categories afresh (with each menu load, so a change on the account page shows at once)
   * and publishes them. A guest makes no call and has none; a failed read has none too:
   * highlighting helps the diner, it never blocks the menu.
   */
  load(signal?: AbortSignal): Promise<readonly Allergen[]>;
  /** The allergies the last load published, for dish cards and popups. */
  useAllergies(): readonly Allergen[];
}

const NONE: readonly Allergen[] = [];

/**
 * The logged-in diner's saved allergy categories (spec §3, the account's allergy filter) in a tiny
 * store of their own, for the diner's and the food court's menus.
 *
 * @example
 * const allergies = createDinerAllergies((signal) =>
 *   api.call(account.allergiesGet, {}, { signal }).then((reply) => reply.allergies.map((a) => a.category)),
 * );
 * await allergies.load(request.signal); // in the route loader
 */
export function createDinerAllergies(readCategories: AllergyCategoriesCall): DinerAllergies {
  let current = NONE;
  const listeners = new Set<() => void>();
  const publish = (next: readonly Allergen[]) => {
    current = next;
    for (const listener of listeners) listener();
    return next;
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const snapshot = () => current;

  return {
    async load(signal) {
      if (storedAuth()?.status !== 'ACTIVE') return publish(NONE);
      try {
        return publish((await readCategories(signal)).filter(isAllergen));
      } catch {
        return publish(NONE);
      }
    },
    useAllergies: () => useSyncExternalStore(subscribe, snapshot, snapshot),
  };
}
