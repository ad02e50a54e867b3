import type { Database, Db } from '../db/client';
import { ReplyCache } from './reply-cache';

/** How long a diner's menu reply is reused on one instance (a change on another shows within it). */
export const MENU_CACHE_MS = 5_000;

const menuCaches = new WeakMap<object, ReplyCache>();

/**
 * The menu reply cache of one server (keyed by its database, like the scope cache of services/flows/ordering/cart/scope.ts),
 * so a staff change to a menu drops that restaurant's entries on this instance at once
 * ({@link forgetMenu}); other instances rebuild within {@link MENU_CACHE_MS}.
 */
export function menuReplyCache(ctx: { readonly database: Database }): ReplyCache {
  let cache = menuCaches.get(ctx.database);
  if (!cache) menuCaches.set(ctx.database, (cache = new ReplyCache(MENU_CACHE_MS)));
  return cache;
}

/** The name a restaurant's public catalogue is pinned under on the read routing (by id or by nameid). */
export const restaurantTopic = (ref: number | string) => `restaurant:${ref}`;

/**
 * The database a read of the public catalogue goes to (db/read-routing.ts): the read replica while it
 * is fresh enough and this instance changed nothing of `restaurant` it has not replayed yet, else the
 * primary. Carts, orders, payments and a staff member's own screens read `ctx.db` (the primary).
 */
export function catalogueOf(ctx: { readonly database: Database }, restaurant?: number | string): Db {
  return ctx.database.reader(restaurant === undefined ? undefined : restaurantTopic(restaurant));
}

/**
 * Drops a restaurant's cached menus (every language; asked by id or by nameid), and reads this
 * instance's next menus of it from the primary until the replica has replayed the change: the staff
 * who made it see it at once. Call it after the change has committed.
 */
export function forgetMenu(ctx: { readonly database: Database }, restaurant: { id: number; nameid: string }) {
  const cache = menuReplyCache(ctx);
  for (const ref of [restaurant.id, restaurant.nameid]) {
    ctx.database.wrote(restaurantTopic(ref));
    cache.invalidate(`${ref}:`);
  }
}
