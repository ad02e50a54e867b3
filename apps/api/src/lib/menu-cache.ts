import type { Database } from '../db/client';
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

/** Drops a restaurant's cached menus (every language; asked by id or by nameid). */
export function forgetMenu(ctx: { readonly database: Database }, restaurant: { id: number; nameid: string }) {
  const cache = menuReplyCache(ctx);
  cache.invalidate(`${restaurant.id}:`);
  cache.invalidate(`${restaurant.nameid}:`);
}
