/**
 * The smaller cart edits and reads behind the cart calls of spec §7 (lines, notes, clearing, accepting
 * prices, the bill); each edit runs inside `mutateCart`, in one transaction with the cart row locked.
 */
import { and, eq } from 'drizzle-orm';
import { MESSAGE } from '@santap/domain';
import type { DbOrTx } from '../../../../db/client';
import { cartItems, carts } from '../../../../db/schema';
import type { AppContext } from '../../../context';
import type { Caller } from '../../../../lib/caller';
import { fail } from '../../../../lib/errors';
import { labelledBill } from '../pricing';
import type { PricedLine } from '../pricing';
import type { PromotionOptions } from '../../promotions/bills';
import { depositForOrder } from '../../reservations/deposit';
import { cartBills, cartOrderType, labelledCartBill } from './bills';
import type { CartBillState } from '../../../model/carts';
import { cartToRead, pricedLines } from './reads';
import type { CartRow } from '../../../model/carts';
import { currencyOf } from './scope';
import { resolveScope } from '../../../model/carts';
import type { ScopeTarget } from '../../../model/carts';

export async function setSpecialNote(tx: DbOrTx, cart: CartRow, note: string) {
  await tx
    .update(carts)
    .set({ specialNote: note.trim() || null })
    .where(eq(carts.id, cart.id));
}

export async function setLineNotes(tx: DbOrTx, cart: CartRow, cartItemId: number, notes: string) {
  const updated = await tx
    .update(cartItems)
    .set({ notes: notes.trim() || null })
    .where(and(eq(cartItems.id, cartItemId), eq(cartItems.cartId, cart.id)))
    .returning({ id: cartItems.id });
  if (updated.length === 0) fail(MESSAGE.notFound);
}

export async function clearCart(tx: DbOrTx, cart: CartRow) {
  await tx.delete(cartItems).where(eq(cartItems.cartId, cart.id));
  await tx.update(carts).set({ discountCode: null, specialNote: null }).where(eq(carts.id, cart.id));
}

/** Removes unavailable lines and accepts today's prices (required before payment, spec §5). */
export async function removeUnavailableAndAcceptPrices(tx: DbOrTx, cart: CartRow, caller: Caller) {
  for (const line of await pricedLines(tx, cart.id, caller.lang)) {
    if (!line.available) await tx.delete(cartItems).where(eq(cartItems.id, line.cartItemId));
    else if (line.priceChanged) {
      await tx
        .update(cartItems)
        .set({ seenUnitPrice: line.unitPrice })
        .where(eq(cartItems.id, line.cartItemId));
    }
  }
}

/**
 * The bills a cart would be placed with now, for the cart's reads: its coupon, referral and cashback
 * (`promotions`, else the cart's own switch) and the paid booking deposit order create would take off
 * (the same `depositForOrder` rule, read without locking the booking), so the cart's total is the
 * order's. Only the payment mode is not known yet (cash rounding comes at order create).
 */
export async function previewBills(
  ctx: AppContext,
  db: DbOrTx,
  caller: Caller,
  read: { cart: CartBillState; target: ScopeTarget; lines: PricedLine[] },
  promotions?: PromotionOptions,
) {
  const { cart, target, lines } = read;
  const now = ctx.now();
  const deposit =
    'orderType' in cart.context
      ? await depositForOrder(db, {
          userId: caller.user?.id ?? null,
          target,
          orderType: cartOrderType(cart, target).orderType,
          now,
          lock: false,
        })
      : null;
  return cartBills(db, cart, target, lines, { now, deposit, ...(promotions ? { promotions } : {}) });
}

/**
 * The cart's bill (and each outlet's), with labels in the caller's language. A read makes no cart: a
 * token without one gets the bill of the empty cart its first change will make.
 */
export async function cartBillView(ctx: AppContext, caller: Caller, scope: string) {
  const target = await resolveScope(ctx.db, scope);
  const { cart, lines } = await cartToRead(ctx.db, caller, target);
  const bills = await previewBills(ctx, ctx.db, caller, { cart, target, lines });
  return {
    bill: labelledCartBill(bills, currencyOf(target), caller.t),
    by_restaurant: bills.map(({ restaurant, bill, cashRounding }) => ({
      restaurant_id: restaurant.id,
      bill: labelledBill(bill, caller.t, cashRounding),
    })),
  };
}

/** Lines that can no longer be ordered, across the outlets of a (food-court) cart; a read makes no cart. */
export async function unavailableLines(ctx: AppContext, caller: Caller, scope: string) {
  const target = await resolveScope(ctx.db, scope);
  const { lines } = await cartToRead(ctx.db, caller, target);
  return {
    items: lines
      .filter((line) => !line.available)
      .map((line) => ({
        cart_item_id: line.cartItemId,
        item_id: line.itemId,
        restaurant_id: line.restaurantId,
        name: line.name,
      })),
  };
}
