/**
 * Carts as rows (the model floor, README "Floors"): the row type, what a bill reads of it, and the scope a
 * cart belongs to (one restaurant, or a mall whose outlets share one cart) read by its name.
 */
import { eq } from 'drizzle-orm';
import { MESSAGE } from '@santap/domain';
import type { DbOrTx } from '../../db/client';
import { malls, restaurants } from '../../db/schema';
import type { carts } from '../../db/schema';
import { fail } from '../../lib/errors';
import type { MallRow, RestaurantRow } from './restaurants';

export type CartRow = typeof carts.$inferSelect;

/** What a cart's bill reads of its row (flows/ordering/cart/bills.ts). */
export type CartBillState = Pick<CartRow, 'userId' | 'context' | 'discountCode' | 'details'>;

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
