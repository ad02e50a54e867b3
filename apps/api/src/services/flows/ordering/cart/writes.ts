/**
 * Changing a cart: every change runs in one transaction with the cart row locked (refused while the
 * payment lock holds), and a line's add or quantity is checked against the menu and its options.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { DomainError, MESSAGE, validateSelections } from '@santap/domain';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import { writeTogether } from '../../../../db/client';
import type { DbOrTx } from '../../../../db/client';
import { cartItems, carts, menuItems } from '../../../../db/schema';
import type { AppContext } from '../../../context';
import type { Caller } from '../../../../lib/caller';
import { fail } from '../../../../lib/errors';
import { selectionGroups } from '../pricing';
import { cartView } from './reads';
import { cartFor, isLocked } from './row';
import type { CartRow } from '../../../model/carts';
import { cachedScope } from './scope';
import type { ScopeTarget } from '../../../model/carts';

function assertUnlocked(ctx: AppContext, cart: CartRow) {
  if (isLocked(cart, ctx.now())) fail(MESSAGE.cartLocked);
}

/** Runs a cart mutation in one transaction with the cart row locked, and returns the new view. */
export async function mutateCart(
  ctx: AppContext,
  caller: Caller,
  scope: string,
  /**
   * The change. It may hand back its last write unsent, when that write leaves the cart's own row
   * alone: it then goes in one statement with the cart's touch (one round trip fewer; a cart update
   * is the diner's most frequent call).
   */
  mutate: (tx: DbOrTx, cart: CartRow, target: ScopeTarget) => Promise<SQLWrapper | void>,
) {
  return ctx.db.transaction(async (tx) => {
    const target = await cachedScope(ctx, tx, scope);
    const cart = await cartFor(ctx, tx, caller, target, true);
    assertUnlocked(ctx, cart);
    const last = await mutate(tx, cart, target);
    if (last) {
      const now = ctx.now();
      await writeTogether(tx, [last, tx.update(carts).set({ updatedAt: now }).where(eq(carts.id, cart.id))]);
      return cartView(ctx, tx, caller, target, { ...cart, updatedAt: now });
    }
    const [fresh] = await tx
      .update(carts)
      .set({ updatedAt: ctx.now() })
      .where(eq(carts.id, cart.id))
      .returning();
    return cartView(ctx, tx, caller, target, fresh ?? cart);
  });
}

const sameSelections = (a: Record<string, string[]>, b: Record<string, string[]>) => {
  const norm = (s: Record<string, string[]>) =>
    JSON.stringify(
      Object.keys(s)
        .filter((k) => (s[k] ?? []).length > 0)
        .sort()
        .map((k) => [k, [...(s[k] ?? [])].sort()]),
    );
  return norm(a) === norm(b);
};

export interface CartUpdate {
  item_id?: number | undefined;
  cart_item_id?: number | undefined;
  quantity: number;
  selections?: Record<string, string[]> | undefined;
  notes?: string | undefined;
}

/** Adds an item (with option limits enforced) or sets a line's quantity; 0 removes the line. */
export async function updateCartLine(tx: DbOrTx, cart: CartRow, target: ScopeTarget, update: CartUpdate) {
  const write = await cartLineWrite(tx, cart, target, update);
  if (write) await writeTogether(tx, [write]);
}

/**
 * The checks of {@link updateCartLine}, with its write handed back unsent as SQL (a query builder
 * returned from an async function would be awaited, that is sent) (none when there is nothing
 * to write), so the caller can send it in one statement with its own (`mutateCart`: the cart's touch).
 * The menu item and the cart's lines of that item are read in one statement.
 */
export async function cartLineWrite(
  tx: DbOrTx,
  cart: CartRow,
  target: ScopeTarget,
  update: CartUpdate,
): Promise<SQL | undefined> {
  if (update.cart_item_id !== undefined) {
    const [line] = await tx
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.id, update.cart_item_id), eq(cartItems.cartId, cart.id)));
    if (!line) return fail(MESSAGE.notFound);
    if (update.quantity === 0) return tx.delete(cartItems).where(eq(cartItems.id, line.id)).getSQL();
    return tx
      .update(cartItems)
      .set({ quantity: update.quantity, ...(update.notes !== undefined ? { notes: update.notes } : {}) })
      .where(eq(cartItems.id, line.id))
      .getSQL();
  }
  if (update.item_id === undefined) return fail(MESSAGE.invalidInput);
  const outletIds = target.outlets.map((outlet) => outlet.id);
  const rows = await tx
    .select({ item: menuItems, line: cartItems })
    .from(menuItems)
    .leftJoin(cartItems, and(eq(cartItems.cartId, cart.id), eq(cartItems.itemId, menuItems.id)))
    .where(and(eq(menuItems.id, update.item_id), inArray(menuItems.restaurantId, outletIds)));
  const item = rows[0]?.item;
  if (!item) return fail(MESSAGE.notFound);
  if (!item.inStock) return fail(MESSAGE.outOfStock);
  const selections = update.selections ?? {};
  const groups = selectionGroups(item.optionGroups);
  const validation = validateSelections(groups, selections);
  if (!validation.ok) {
    const first = validation.errors[0];
    throw new DomainError(first?.key ?? MESSAGE.invalidInput, first?.values ?? {});
  }
  if (update.quantity === 0) return undefined;
  const unitPrice = item.price + validation.optionsTotal;
  const existing = rows.flatMap((row) => (row.line ? [row.line] : []));
  const same = existing.find(
    (line) => sameSelections(line.selections, selections) && (line.notes ?? '') === (update.notes ?? ''),
  );
  if (same) {
    return tx
      .update(cartItems)
      .set({ quantity: Math.min(same.quantity + update.quantity, 99), seenUnitPrice: unitPrice })
      .where(eq(cartItems.id, same.id))
      .getSQL();
  }
  return tx
    .insert(cartItems)
    .values({
      cartId: cart.id,
      restaurantId: item.restaurantId,
      itemId: item.id,
      quantity: update.quantity,
      selections,
      notes: update.notes ?? null,
      seenUnitPrice: unitPrice,
    })
    .getSQL();
}
