/**
 * Reading a cart: its lines priced against the menu as it is now, and the cart as the contract
 * describes it, with its warnings. A read makes no cart.
 */
import { eq } from 'drizzle-orm';
import { MESSAGE, maskOf } from '@santap/domain';
import type { Language, OrderTypeCode } from '@santap/domain';
import type { DbOrTx } from '../../../../db/client';
import { cartItems, carts, menuItems } from '../../../../db/schema';
import type { AppContext } from '../../../context';
import type { Caller } from '../../../../lib/caller';
import { priceLine } from '../pricing';
import type { PricedLine } from '../pricing';
import type { CartBillState } from '../../../model/carts';
import { existingCart, isLocked } from './row';
import type { CartRow } from '../../../model/carts';
import { currencyOf } from './scope';
import type { ScopeTarget } from '../../../model/carts';

/**
 * The bill state of the cart the caller's first change will make, for a read of a token with no cart
 * yet (see {@link existingCart}): the read answers as for that empty cart and saves none.
 */
function unsavedCart(caller: Caller): CartBillState {
  return { userId: caller.user?.id ?? null, context: {}, discountCode: null, details: {} };
}

/**
 * The caller's cart as a read sees it, making none (see {@link existingCart}): its bill state and its
 * priced lines; a token without a cart reads the empty cart its first change will make.
 */
export async function cartToRead(db: DbOrTx, caller: Caller, target: ScopeTarget) {
  const saved = await existingCart(db, caller, target);
  return {
    cart: saved ?? unsavedCart(caller),
    lines: saved ? await pricedLines(db, saved.id, caller.lang) : [],
  };
}

/** What pricing reads of a menu item (not its description, image or nutrition). */
const pricedItemColumns = {
  id: menuItems.id,
  restaurantId: menuItems.restaurantId,
  name: menuItems.name,
  price: menuItems.price,
  packagingCharge: menuItems.packagingCharge,
  inStock: menuItems.inStock,
  isVoucher: menuItems.isVoucher,
  optionGroups: menuItems.optionGroups,
  orderTypeMask: menuItems.orderTypeMask,
};

/**
 * The cart's lines priced against the menu as it is now. A dish the restaurant no longer offers for
 * the order type the diner chose (the cart's `context.orderType`; a manager's edit, `order_type_mask`)
 * is unavailable like a sold-out one: the cart warns, 'remove unavailable items' removes it, order
 * create refuses it ('Items not available').
 */
export async function pricedLines(db: DbOrTx, cartId: number, lang: Language): Promise<PricedLine[]> {
  const rows = await db
    .select({ line: cartItems, item: pricedItemColumns, context: carts.context })
    .from(cartItems)
    .innerJoin(menuItems, eq(menuItems.id, cartItems.itemId))
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(cartItems.id);
  return rows.map(({ line, item, context }) => {
    const priced = priceLine(
      {
        cartItemId: line.id,
        quantity: line.quantity,
        selections: line.selections,
        notes: line.notes,
        seenUnitPrice: line.seenUnitPrice,
        item,
      },
      lang,
    );
    const chosen = Number((context as { orderType?: unknown }).orderType);
    if (chosen >= 1 && chosen <= 3 && (priced.orderTypeMask & maskOf([chosen as OrderTypeCode])) === 0) {
      priced.available = false;
    }
    return priced;
  });
}

/**
 * The cart as the contract describes it, with its warnings; for `undefined` (no cart yet, see
 * {@link existingCart}) the empty cart the caller's first change will make.
 */
export async function cartView(
  ctx: AppContext,
  db: DbOrTx,
  caller: Caller,
  target: ScopeTarget,
  cart: CartRow | undefined,
) {
  const lines = cart ? await pricedLines(db, cart.id, caller.lang) : [];
  const warnings: string[] = [];
  if (lines.some((line) => line.priceChanged)) warnings.push(MESSAGE.priceWarning);
  if (lines.some((line) => !line.available)) warnings.push(MESSAGE.itemsNotAvailable);
  return {
    scope: target.scope,
    currency: currencyOf(target),
    context: cart?.context ?? {},
    special_note: cart?.specialNote ?? null,
    discount_code: cart?.discountCode ?? null,
    items: lines.map((line) => ({
      cart_item_id: line.cartItemId,
      item_id: line.itemId,
      restaurant_id: line.restaurantId,
      name: line.name,
      quantity: line.quantity,
      selections: line.selections,
      options: line.options.map((o) => ({
        group_id: o.groupId,
        option_id: o.optionId,
        name: o.name,
        price: o.price,
      })),
      notes: line.notes,
      unit_price: line.unitPrice,
      seen_unit_price: line.seenUnitPrice,
      line_total: line.unitPrice * line.quantity,
      available: line.available,
      price_changed: line.priceChanged,
      is_voucher: line.isVoucher,
    })),
    item_count: lines.reduce((sum, line) => sum + line.quantity, 0),
    warnings,
    locked: cart ? isLocked(cart, ctx.now()) : false,
  };
}
