/**
 * A cart's scope: the restaurant, or the mall whose outlets share one cart, that a cart belongs to;
 * resolved from the scope's name, and cached briefly for the hot paths.
 */
import type { DbOrTx } from '../../../../db/client';
import type { AppContext } from '../../../context';
import { resolveScope } from '../../../model/carts';
import type { ScopeTarget } from '../../../model/carts';

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
