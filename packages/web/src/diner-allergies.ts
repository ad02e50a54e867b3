import { useSyncExternalStore } from 'react';
import { isAllergen } from '@santap/domain';
import type { Allergen } from '@santap/domain';
import { storedAuth } from './browser-session';

/** One saved allergy as the account's allergy read gives it: its category and how strongly it is avoided. */
export interface SavedAllergy {
  category: string;
  severity?: string | null;
}

/**
 * How an app reads the logged-in diner's saved allergies: its own API client's call (this package
 * never imports the client), or a lazy import of that call so its schemas load only for a logged-in
 * diner. Each allergy is a category, or a category with its severity (`'severe'` ones are also
 * warned about before a dish holding them is added).
 */
export type AllergyCategoriesCall = (signal?: AbortSignal) => Promise<readonly (string | SavedAllergy)[]>;

export interface DinerAllergies {
  /**
   * Reads the categories afresh (with each menu load, so a change on the account page shows at once)
   * and publishes them. A guest makes no call and has none; a failed read has none too:
   * highlighting helps the diner, it never blocks the menu.
   */
  load(signal?: AbortSignal): Promise<readonly Allergen[]>;
  /** The allergies the last load published, for dish cards and popups. */
  useAllergies(): readonly Allergen[];
  /** Those of them the diner marked severe: adding a dish that holds one asks first. */
  useSevereAllergies(): readonly Allergen[];
}

const NONE: readonly Allergen[] = [];

interface Published {
  all: readonly Allergen[];
  severe: readonly Allergen[];
}

const NOTHING: Published = { all: NONE, severe: NONE };

function published(saved: readonly (string | SavedAllergy)[]): Published {
  const read = saved.map((allergy) => (typeof allergy === 'string' ? { category: allergy } : allergy));
  const all = read.map((allergy) => allergy.category).filter(isAllergen);
  const severe = read
    .filter((allergy) => allergy.severity === 'severe')
    .map((allergy) => allergy.category)
    .filter(isAllergen);
  return { all, severe: severe.length > 0 ? severe : NONE };
}

/**
 * The logged-in diner's saved allergy categories (spec §3, the account's allergy filter) in a tiny
 * store of their own, for the diner's and the food court's menus.
 *
 * @example
 * const allergies = createDinerAllergies((signal) =>
 *   api.call(account.allergiesGet, {}, { signal }).then((reply) => reply.allergies),
 * );
 * await allergies.load(request.signal); // in the route loader
 */
export function createDinerAllergies(readCategories: AllergyCategoriesCall): DinerAllergies {
  let current = NOTHING;
  const listeners = new Set<() => void>();
  const publish = (next: Published) => {
    current = next;
    for (const listener of listeners) listener();
    return next.all;
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const allSnapshot = () => current.all;
  const severeSnapshot = () => current.severe;

  return {
    async load(signal) {
      if (storedAuth()?.status !== 'ACTIVE') return publish(NOTHING);
      try {
        return publish(published(await readCategories(signal)));
      } catch {
        return publish(NOTHING);
      }
    },
    useAllergies: () => useSyncExternalStore(subscribe, allSnapshot, allSnapshot),
    useSevereAllergies: () => useSyncExternalStore(subscribe, severeSnapshot, severeSnapshot),
  };
}
