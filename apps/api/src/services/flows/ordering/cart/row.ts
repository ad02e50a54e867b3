/**
 * The caller's cart row: which carts a caller may use, finding or making one (locked for a change),
 * and the payment lock that freezes it.
 */
import { and, desc, eq, isNotNull, isNull, ne, or } from 'drizzle-orm';
import { MESSAGE, createCartToken, paymentLock } from '@santap/domain';
import type { DbOrTx } from '../../../../db/client';
import { carts } from '../../../../db/schema';
import type { AppContext } from '../../../context';
import type { Caller } from '../../../../lib/caller';
import { fail } from '../../../../lib/errors';
import type { ScopeTarget } from '../../../model/carts';
import type { CartRow } from '../../../model/carts';

/**
 * The carts a caller may use: a cart that belongs to a user only by that user; the browser's cart
 * token only a cart of no user (a guest's), which a logged-in caller then takes over (login hand-over).
 * So after a sign-out neither a guest nor another diner in that browser reaches the user's cart.
 */
const ownerCondition = (caller: Caller) => {
  const guestCart = and(isNull(carts.userId), eq(carts.token, caller.cartToken ?? ''));
  return caller.user ? or(eq(carts.userId, caller.user.id), guestCart) : guestCart;
};

/**
 * The caller's cart for a scope as it stands, or undefined when it has none yet: a read makes no cart.
 * A logged-in caller's cart of this browser becomes theirs. `lock` takes a row lock for a mutation.
 */
export async function existingCart(
  db: DbOrTx,
  caller: Caller,
  target: ScopeTarget,
  lock = false,
): Promise<CartRow | undefined> {
  const query = db
    .select()
    .from(carts)
    .where(and(eq(carts.scope, target.scope), ownerCondition(caller)))
    .orderBy(desc(carts.updatedAt))
    .limit(1);
  const [existing] = lock ? await query.for('update') : await query;
  if (existing && caller.user && existing.userId === null) {
    await db.update(carts).set({ userId: caller.user.id }).where(eq(carts.id, existing.id));
    existing.userId = caller.user.id;
  }
  return existing;
}

/**
 * The caller's cart for a scope, created on first use; `lock` takes a row lock for a mutation. A new
 * cart is stamped with the server's clock (`ctx.now()`), like every change after it, not the
 * database's: the newest of a browser's cart and a diner's own is picked by `updated_at`, so both
 * must be on one clock (tests and the e2e server move the server's).
 */
export async function cartFor(
  ctx: Pick<AppContext, 'now'>,
  db: DbOrTx,
  caller: Caller,
  target: ScopeTarget,
  lock = false,
): Promise<CartRow> {
  const existing = await existingCart(db, caller, target, lock);
  if (existing) return existing;
  // This browser's token may still name another user's cart here (that user signed out in this
  // browser): a user's cart is theirs by user id, so the token is only where it came from. It gets a
  // fresh one, freeing this token and scope for the caller's cart.
  if (caller.cartToken) {
    await db
      .update(carts)
      .set({ token: createCartToken() })
      .where(
        and(
          eq(carts.token, caller.cartToken),
          eq(carts.scope, target.scope),
          isNotNull(carts.userId),
          caller.user ? ne(carts.userId, caller.user.id) : undefined,
        ),
      );
  }
  await db
    .insert(carts)
    .values({
      token: caller.cartToken ?? fail(MESSAGE.invalidToken),
      scope: target.scope,
      userId: caller.user?.id ?? null,
      restaurantId: target.kind === 'restaurant' ? target.restaurant.id : null,
      mallId: target.kind === 'mall' ? target.mall.id : null,
      updatedAt: ctx.now(),
    })
    .onConflictDoNothing();
  return (await existingCart(db, caller, target, lock)) ?? fail(MESSAGE.somethingWentWrong);
}

export function isLocked(cart: CartRow, now: Date): boolean {
  return cart.lockedAt !== null && paymentLock(cart.lockedAt, now).locked;
}
