/**
 * What a browser did before its diner logged in follows the diner into the account (spec §6: a guest
 * can be registered or replaced by a real user). Two ways a browser names its guest past:
 * - a guest session (`register/guest`'s token): everything of that guest user moves, and its tokens stop;
 * - the cart token cookie (spec §3), which every guest has: the rows of **no user** made with that
 *   token move (carts, orders, food-court orders, payments, places on a table's tab).
 * A row that already belongs to a user never moves: a token alone cannot take another account's rows.
 */
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client';
import {
  authTokens,
  carts,
  couponRedemptions,
  foodCourtOrders,
  idempotencyKeys,
  orders,
  payments,
  reservations,
  tabMembers,
  users,
} from '../../../db/schema';
import { MESSAGE } from '@santap/domain';
import type { AppContext } from '../../context';
import { fail } from '../../../lib/errors';
import { hashToken } from './tokens';

export interface GuestPast {
  /** A guest session's auth token (`register/guest`), when the browser had one. */
  guestToken?: string | undefined;
  /** The browser's cart token (header or cookie), when it presented a well-formed one. */
  cartToken?: string | undefined;
}

export interface MovedGuestRows {
  moved_orders: number;
  moved_carts: number;
  moved_food_court_orders: number;
  moved_payments: number;
  moved_reservations: number;
  moved_coupon_uses: number;
}

/** The live guest user a guest token names (locked for the move), or null. */
async function liveGuest(ctx: AppContext, tx: DbOrTx, guestToken: string) {
  const [guest] = await tx
    .select({ id: users.id })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(guestToken)),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, ctx.now()),
        eq(users.status, 'GUEST'),
      ),
    )
    .limit(1)
    .for('update', { of: users });
  return guest ?? null;
}

/**
 * Rows of the guest user, or of no user and one of `keys` (the browser's cart tokens, the moved
 * orders' ids). Never undefined: an update without a condition would take every row.
 */
function guestRows(owner: PgColumn, guestId: number | null, key?: PgColumn, keys: unknown[] = []): SQL {
  return (
    or(
      guestId !== null ? eq(owner, guestId) : undefined,
      key && keys.length > 0 ? and(isNull(owner), inArray(key, keys)) : undefined,
    ) ?? sql`false`
  );
}

/**
 * Moves the browser's guest past to `userId`, inside the caller's transaction (the login's). Returns
 * what moved; null when nothing named a guest past (no live guest token of another user, no cart token).
 *
 * @example
 * // verify_otp, in its transaction, once the user is known:
 * await bringGuestPastAlong(ctx, tx, user.id, { guestToken: body.guest_token, cartToken });
 */
export async function bringGuestPastAlong(
  ctx: AppContext,
  tx: DbOrTx,
  userId: number,
  past: GuestPast,
): Promise<MovedGuestRows | null> {
  const now = ctx.now();
  const guest = past.guestToken ? await liveGuest(ctx, tx, past.guestToken) : null;
  const guestId = guest && guest.id !== userId ? guest.id : null;
  if (guestId === null && !past.cartToken) return null;

  // updated_at = now: a carried cart is the one the user's next cart read picks for its scope.
  const movedCarts = await tx
    .update(carts)
    .set({ userId, updatedAt: now })
    .where(guestRows(carts.userId, guestId, carts.token, past.cartToken ? [past.cartToken] : []))
    .returning({ token: carts.token });
  // A guest's orders placed before it had a guest token carry one of its carts' tokens and no user.
  const tokens = [
    ...new Set([...(past.cartToken ? [past.cartToken] : []), ...movedCarts.map((c) => c.token)]),
  ];
  const movedOrders = await tx
    .update(orders)
    .set({ userId })
    .where(guestRows(orders.userId, guestId, orders.cartToken, tokens))
    .returning({ id: orders.id });
  const movedFoodCourtOrders = await tx
    .update(foodCourtOrders)
    .set({ userId })
    .where(guestRows(foodCourtOrders.userId, guestId, foodCourtOrders.cartToken, tokens))
    .returning({ id: foodCourtOrders.id });
  const movedPayments = await tx
    .update(payments)
    .set({ userId })
    .where(guestRows(payments.userId, guestId, payments.cartToken, tokens))
    .returning({ id: payments.id });
  // Their place on a table's tab goes with their orders and payments (docs/tabs.md: a member is owned as
  // an order is), so the diner who logs in mid-meal still reads the tab and their shares.
  await tx
    .update(tabMembers)
    .set({ userId })
    .where(guestRows(tabMembers.userId, guestId, tabMembers.cartToken, tokens));
  // Bookings always have a user: only a guest user's move. A coupon use goes with its order.
  const movedReservations = await tx
    .update(reservations)
    .set({ userId })
    .where(guestRows(reservations.userId, guestId))
    .returning({ id: reservations.id });
  const movedCouponUses = await tx
    .update(couponRedemptions)
    .set({ userId })
    .where(
      or(
        guestRows(
          couponRedemptions.userId,
          guestId,
          couponRedemptions.orderId,
          movedOrders.map((o) => o.id),
        ),
        guestRows(
          couponRedemptions.userId,
          null,
          couponRedemptions.fcOrderId,
          movedFoodCourtOrders.map((o) => o.id),
        ),
      ),
    )
    .returning({ id: couponRedemptions.id });
  if (guestId !== null) {
    await tx
      .update(authTokens)
      .set({ revokedAt: now })
      .where(and(eq(authTokens.userId, guestId), isNull(authTokens.revokedAt)));
  }
  return {
    moved_orders: movedOrders.length,
    moved_carts: movedCarts.length,
    moved_food_court_orders: movedFoodCourtOrders.length,
    moved_payments: movedPayments.length,
    moved_reservations: movedReservations.length,
    moved_coupon_uses: movedCouponUses.length,
  };
}

/**
 * The guest rows of a cart handed over by the login redirect (http/route.ts, lib/cart-handover.ts) move
 * into `userId`'s account, and the handed-over cart token is bound to that diner: the first diner who
 * adopts it keeps it, the same diner may adopt it again (a later handover of that browser), and any other
 * diner is refused with `errors.cartHandoverTaken` — so a handover that leaked (a forwarded login link)
 * cannot pull a guest's cart and orders into a stranger's account after its diner has, and a stranger who
 * came first shows up as a refusal to the real diner rather than a silent loss.
 */
export async function adoptHandedOverCart(ctx: AppContext, tx: DbOrTx, userId: number, cartToken: string) {
  const scope = 'cart-handover';
  const key = hashToken(cartToken);
  const adopter = String(userId);
  await tx
    .insert(idempotencyKeys)
    .values({ scope, key, requestHash: adopter, state: 'done' })
    .onConflictDoNothing();
  const [bound] = await tx
    .select({ adopter: idempotencyKeys.requestHash })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
    .for('update');
  if (bound?.adopter !== adopter) return fail(MESSAGE.cartHandoverTaken);
  return bringGuestPastAlong(ctx, tx, userId, { cartToken });
}
