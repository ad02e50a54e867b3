/**
 * The smaller cart edits and reads behind the cart calls of spec §7 (lines, notes, clearing, accepting
 * prices, the bill); each edit runs inside `mutateCart`, in one transaction with the cart row locked.
 */
import { and, eq } from 'drizzle-orm';
import { MESSAGE } from '@santap/domain';
import type { DbOrTx } from '../db/client';
import { cartItems, carts } from '../db/schema';
import type { AppContext, Caller } from '../lib/context';
import { fail } from '../lib/errors';
import { cartBills, cartToRead, currencyOf, pricedLines, resolveScope, sumBills } from './cart';
import type { CartRow } from './cart';
import { labelledBill } from './pricing';

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
 * The cart's bill (and each outlet's), with labels in the caller's language. A read makes no cart: a
 * token without one gets the bill of the empty cart its first change will make.
 */
export async function cartBillView(ctx: AppContext, caller: Caller, scope: string) {
  const target = await resolveScope(ctx.db, scope);
  const { cart, lines } = await cartToRead(ctx.db, caller, target);
  const bills = await cartBills(ctx.db, cart, target, lines, { now: ctx.now() });
  return {
    bill: labelledBill(sumBills(bills, currencyOf(target)), caller.t),
    by_restaurant: bills.map(({ restaurant, bill }) => ({
      restaurant_id: restaurant.id,
      bill: labelledBill(bill, caller.t),
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
