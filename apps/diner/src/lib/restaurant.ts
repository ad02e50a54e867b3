import { restaurants } from '@santap/api-client';
import type { RestaurantDetails } from '@santap/api-client';
import { api } from './api';

const TTL_MS = 30_000;
const cache = new Map<string, { at: number; details: Promise<RestaurantDetails> }>();

/**
 * A restaurant's details by nameid (or id), shared by the menu and cart loaders for 30 s so going
 * from the menu to the cart and back costs no extra call. Open-now and accepting-orders flags are
 * re-read after that; a failed call is not kept.
 */
export function fetchRestaurant(name: string): Promise<RestaurantDetails> {
  // The server renders many callers in several languages: nothing is kept there.
  if (import.meta.env.SSR) return api.call(restaurants.restaurantDetails, { body: { restaurant_id: name } });
  const hit = cache.get(name);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.details;
  const details = api.call(restaurants.restaurantDetails, { body: { restaurant_id: name } });
  cache.set(name, { at: Date.now(), details });
  details.catch(() => {
    if (cache.get(name)?.details === details) cache.delete(name);
  });
  return details;
}

/** Drops the cached details: names and descriptions come in the caller's language. */
export function forgetRestaurants() {
  cache.clear();
}
