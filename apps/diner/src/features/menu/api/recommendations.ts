import { storedAuth } from '../../../lib/session';

/**
 * The recommendation calls of spec §7 (best-sellers, repeat-items, frequently-bought-with,
 * complete-your-cart): the server picks the dishes from real orders; each answers dish ids of the menu
 * the page already holds. A failed call is an empty row: recommendations never block the menu.
 */
// Every menu visit reads the best sellers before its first paint: the calls' chunk starts loading
// with the menu's code instead of when the loader asks (a round trip less before the menu shows).
const extraCalls = import('./extra-calls');
extraCalls.catch(() => undefined);
const calls = () => extraCalls;
const none = (): number[] => [];

/** The restaurant's best sellers (sales of completed orders, else the menu's flag). */
export function fetchBestSellers(restaurant: string, signal?: AbortSignal): Promise<number[]> {
  return calls()
    .then((call) => call.bestSellerIds(restaurant, signal))
    .catch(none);
}

/** What a logged-in diner ordered here before; nothing for a guest (spec: repeat items need a user). */
export function fetchRepeatItems(restaurant: string, signal?: AbortSignal): Promise<number[]> {
  if (storedAuth()?.status !== 'ACTIVE') return Promise.resolve([]);
  return calls()
    .then((call) => call.repeatItemIds(restaurant, signal))
    .catch(none);
}

/** Dishes often in the same order as `itemId`. */
export function fetchBoughtWith(restaurantId: number, itemId: number): Promise<number[]> {
  return calls()
    .then((call) => call.boughtWithIds(restaurantId, itemId))
    .catch(none);
}

/** Dishes from the categories the caller's cart (of `scope`) lacks. */
export function fetchCompleteYourCart(scope: string): Promise<number[]> {
  return calls()
    .then((call) => call.completeYourCartIds(scope))
    .catch(none);
}
