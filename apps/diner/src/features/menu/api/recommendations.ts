import { reviews } from '@santap/api-client';
import { api } from '../../../lib/api';
import { storedAuth } from '../../../lib/session';

/**
 * The recommendation calls of spec §7 (best-sellers, repeat-items, frequently-bought-with,
 * complete-your-cart): the server picks the dishes from real orders; each answers dish ids of the menu
 * the page already holds. A failed call is an empty row: recommendations never block the menu.
 */
// The other calls wait in a chunk of their own until asked for (after the first paint).
const calls = () => import('./extra-calls');
const none = (): number[] => [];

/**
 * The restaurant's best sellers (sales of completed orders, else the menu's flag). Every menu visit
 * reads them before its first paint, so this call is in the menu's own chunk (its contract module is
 * zod/mini, about a kilobyte), not one more file to wait for.
 */
export function fetchBestSellers(restaurant: string, signal?: AbortSignal): Promise<number[]> {
  return api
    .call(reviews.bestSellers, { query: { restaurant_id: restaurant } }, signal ? { signal } : undefined)
    .then((reply) => reply.items.map((item) => item.item_id))
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
