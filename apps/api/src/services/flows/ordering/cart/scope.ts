/**
 * A cart's scope: the restaurant, or the mall whose outlets share one cart, that a cart belongs to;
 * resolved from the scope's name, and cached briefly for the hot paths.
 */
import { eq } from 'drizzle-orm';
import { MESSAGE } from '@santap/domain';
import type { DbOrTx } from '../../../../db/client';
import { malls, restaurants } from '../../../../db/schema';
import type { AppContext } from '../../../context';
import { fail } from '../../../../lib/errors';
import type { MallRow, RestaurantRow } from '../../restaurants/restaurants';

/** What a cart scope names: one restaurant, or a mall whose outlets share one cart. */
export type ScopeTarget =
  | { kind: 'restaurant'; scope: string; restaurant: RestaurantRow; outlets: RestaurantRow[] }
  | { kind: 'mall'; scope: string; mall: MallRow; outlets: RestaurantRow[] };

export async function resolveScope(db: DbOrTx, scope: string): Promise<ScopeTarget> {
  const [restaurant] = await db.select().from(restaurants).where(eq(restaurants.nameid, scope)).limit(1);
  if (restaurant) return { kind: 'restaurant', scope, restaurant, outlets: [restaurant] };
  const [mall] = await db.select().from(malls).where(eq(malls.slug, scope)).limit(1);
  if (!mall) return fail(MESSAGE.notFound);
  const outlets = await db.select().from(restaurants).where(eq(restaurants.mallId, mall.id));
  return { kind: 'mall', scope, mall, outlets };
}

/** How long a scope's restaurant and mall rows are reused (see {@link cachedScope}). */
export const SCOPE_CACHE_MS = 5_000;
const scopeCaches = new WeakMap<object, Map<string, { target: ScopeTarget; expiresAt: number }>>();

/**
 * `resolveScope` for the hot paths (cart changes, order create): restaurant and mall rows change
 * rarely (seed, back office) and every request reads them, so a scope's rows are reused for
 * {@link SCOPE_CACHE_MS} per database (a change shows within that window). The rows are frozen: they
 * are shared by every request that reads them. An unknown scope is never cached.
 */
export async function cachedScope(
  ctx: Pick<AppContext, 'database'>,
  db: DbOrTx,
  scope: string,
  now = performance.now(),
): Promise<ScopeTarget> {
  let cache = scopeCaches.get(ctx.database);
  if (!cache) scopeCaches.set(ctx.database, (cache = new Map()));
  const hit = cache.get(scope);
  if (hit && hit.expiresAt > now) return hit.target;
  const target = await resolveScope(db, scope);
  for (const outlet of target.outlets) Object.freeze(outlet);
  Object.freeze(target.outlets);
  if (target.kind === 'mall') Object.freeze(target.mall);
  cache.set(scope, { target: Object.freeze(target), expiresAt: now + SCOPE_CACHE_MS });
  return target;
}

/** Drops the cached scopes of a database (a staff change to a restaurant row shows at once here). */
export function forgetCachedScopes(ctx: Pick<AppContext, 'database'>) {
  scopeCaches.delete(ctx.database);
}

export function currencyOf(target: ScopeTarget): 'MYR' | 'IDR' {
  return (target.kind === 'mall' ? target.mall.currency : target.restaurant.currency) as 'MYR' | 'IDR';
}
