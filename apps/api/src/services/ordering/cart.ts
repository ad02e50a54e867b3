import { and, desc, eq, inArray, isNotNull, isNull, ne, or } from 'drizzle-orm';
import {
  placedContext,
  DomainError,
  MESSAGE,
  ORDER_TYPE,
  canAddOption,
  createCartToken,
  paymentLock,
  maskOf,
  resolveOrderType,
  orderBillInput,
  validateSelections,
} from '@santap/domain';
import type { Language, OrderTypeCode } from '@santap/domain';
import { isValidSlot } from '@santap/schedule';
import type { RestTimings } from '@santap/schedule';
import type { OrderContextInput } from '@santap/contract';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import { writeTogether } from '../../db/client';
import type { DbOrTx } from '../../db/client';
import { cartItems, carts, diningTables, malls, menuItems, restaurants } from '../../db/schema';
import { requireTableTicket } from '../tables/tickets';
import type { Caller } from '../../lib/context';
import type { AppContext } from '../../lib/context';
import { fail } from '../../lib/errors';
import { billLinesOf, chargesOf, computeBill, priceLine } from './pricing';
import type { PricedLine } from './pricing';
import { cartPromotions, cashbackSpend, outletPromotion, promotionDiscounts } from '../promotions/bills';
import type { PromotionOptions } from '../promotions/bills';
import { loadRestaurant, offeredOrderTypes, settingsOf } from '../restaurants/restaurants';
import type { MallRow, RestaurantRow } from '../restaurants/restaurants';

export type CartRow = typeof carts.$inferSelect;

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

/** What a cart's bill reads of its row (see {@link cartBills}). */
export type CartBillState = Pick<CartRow, 'userId' | 'context' | 'discountCode' | 'details'>;

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

export function isLocked(cart: CartRow, now: Date): boolean {
  return cart.lockedAt !== null && paymentLock(cart.lockedAt, now).locked;
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
 * The order type of a cart: its stored context resolved against the country, mall mode and outlets.
 * A type the diner chose at a restaurant is kept even if the restaurant has since stopped offering
 * it, so order create refuses it ('order type not enabled') rather than placing a type never chosen.
 */
export function cartOrderType(
  cart: Pick<CartRow, 'context'>,
  target: ScopeTarget,
): { orderType: OrderTypeCode; pickupType?: 'takeaway' | 'pickup' } {
  const context = cart.context as Partial<OrderContextInput>;
  const first = target.outlets[0];
  const country = (target.kind === 'mall' ? target.mall.country : target.restaurant.country) as 'MY' | 'ID';
  const mask =
    target.kind === 'mall'
      ? target.mall.orderTypeMask
      : context.orderType != null
        ? undefined
        : (first?.orderTypeMask ?? 7);
  return resolveOrderType(
    { orderType: context.orderType ?? null, pickupType: context.pickupType ?? null },
    { country, mallMode: target.kind === 'mall', restaurantMask: mask },
  );
}

/** The bill of each restaurant in the cart and their sum, computed by @santap/domain computeBill. */
export async function cartBills(
  db: DbOrTx,
  cart: CartBillState,
  target: ScopeTarget,
  lines: PricedLine[],
  options: {
    now: Date;
    cash?: boolean;
    promotions?: PromotionOptions;
    /** A paid booking token to take off one restaurant's bill (services/reservations/deposit.ts). */
    deposit?: { restaurantId: number; amount: number } | null;
  },
) {
  // The type the order would be placed with: a delivery of vouchers only is priced as takeaway (spec §4).
  const { orderType } = placedContext(
    cartOrderType(cart, target),
    lines.map((line) => ({ isVoucher: line.isVoucher })),
  );
  const groups = target.outlets
    .map((outlet) => ({ restaurant: outlet, lines: lines.filter((line) => line.restaurantId === outlet.id) }))
    .filter((group) => group.lines.length > 0 || target.kind !== 'mall')
    .map((group) => ({
      ...group,
      subtotal: group.lines.filter((l) => l.available).reduce((sum, l) => sum + l.unitPrice * l.quantity, 0),
    }));
  // Coupon, referral and cashback amounts per outlet (services/promotions/bills.ts), then each bill.
  const promotions = await cartPromotions(db, {
    cart,
    target,
    orderType: 'orderType' in cart.context ? orderType : null,
    now: options.now,
    groups,
    options: options.promotions,
  });
  const billOf = (group: (typeof groups)[number], cashback: number) => {
    const deposit =
      options.deposit?.restaurantId === group.restaurant.id
        ? [{ kind: 'deposit' as const, amount: options.deposit.amount }]
        : [];
    return computeBill(
      orderBillInput(billLinesOf(group.lines), chargesOf(group.restaurant, settingsOf(group.restaurant)), {
        orderType,
        cash: options.cash ?? false,
        discounts: [...promotionDiscounts(promotions, group.restaurant.id, cashback), ...deposit],
      }),
    );
  };
  // Cashback last, like store credit: spent on what each bill comes to after everything else.
  const before = groups.map((group) => billOf(group, 0));
  const spend = cashbackSpend(
    promotions,
    groups.map((group, index) => ({ restaurantId: group.restaurant.id, total: before[index]!.total })),
  );
  return groups.map((group, index) => {
    const bill = spend.size > 0 ? billOf(group, spend.get(group.restaurant.id) ?? 0) : before[index]!;
    return {
      restaurant: group.restaurant,
      lines: group.lines,
      bill,
      promotion: outletPromotion(promotions, group.restaurant.id, bill),
    };
  });
}

export function sumBills(bills: { bill: ReturnType<typeof computeBill> }[], currency: 'MYR' | 'IDR') {
  const lines = new Map<string, { key: string; amount: number; rate?: number; included?: true }>();
  for (const { bill } of bills) {
    for (const line of bill.lines) {
      const id = `${line.key}|${line.rate ?? ''}|${line.included ?? ''}`;
      const existing = lines.get(id);
      if (existing) existing.amount += line.amount;
      else lines.set(id, { ...line });
    }
  }
  return {
    currency,
    lineTotals: [],
    subtotal: bills.reduce((sum, { bill }) => sum + bill.subtotal, 0),
    total: bills.reduce((sum, { bill }) => sum + bill.total, 0),
    lines: [...lines.values()],
  };
}

export function currencyOf(target: ScopeTarget): 'MYR' | 'IDR' {
  return (target.kind === 'mall' ? target.mall.currency : target.restaurant.currency) as 'MYR' | 'IDR';
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
    cart_token: cart?.token ?? caller.cartToken ?? fail(MESSAGE.invalidToken),
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
  const groups = item.optionGroups.map((group) => ({
    id: group.id,
    kind: group.kind,
    required: group.required,
    ...(group.max !== undefined ? { max: group.max } : {}),
    options: group.options.map((option) => ({
      id: option.id,
      price: option.price,
      available: option.available,
    })),
  }));
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

export { canAddOption };

/**
 * Stores the order context of a cart after checking it against the restaurant (spec §4, §5): the order
 * type is resolved for country and mall mode; a dine-in table must belong to the restaurant (or the
 * mall); a scheduled slot must be one of the slots the schedule offers.
 */
export async function setCartContext(
  ctx: AppContext,
  tx: DbOrTx,
  cart: CartRow,
  target: ScopeTarget,
  context: OrderContextInput,
  address: Record<string, unknown> | undefined,
  /** The caller's table ticket (table-tickets.ts): a dine-in table needs the ticket of its scan. */
  tableTicket: string | undefined,
) {
  const country = (target.kind === 'mall' ? target.mall.country : target.restaurant.country) as 'MY' | 'ID';
  const mask = target.kind === 'mall' ? target.mall.orderTypeMask : target.restaurant.orderTypeMask;
  const resolved = resolveOrderType(
    { orderType: context.orderType, pickupType: context.pickupType ?? null },
    { country, mallMode: target.kind === 'mall', restaurantMask: mask },
  );
  if (target.kind === 'restaurant' && !offeredOrderTypes(target.restaurant).includes(resolved.orderType)) {
    fail(MESSAGE.orderTypeNotEnabled);
  }
  const stored: Record<string, unknown> = {
    orderType: resolved.orderType,
    orderTime: context.orderTime,
    ...(resolved.pickupType ? { pickupType: resolved.pickupType } : {}),
  };
  if (resolved.orderType === ORDER_TYPE.DINE_IN) {
    if (context.tableId === undefined) return fail(MESSAGE.wrongTable);
    const [table] = await tx.select().from(diningTables).where(eq(diningTables.id, context.tableId));
    const belongs =
      table &&
      table.active &&
      (target.kind === 'mall'
        ? table.mallId === target.mall.id
        : table.restaurantId === target.restaurant.id);
    if (!belongs) return fail(MESSAGE.wrongTable);
    requireTableTicket(
      ctx,
      tableTicket,
      target.kind === 'mall'
        ? { mallId: target.mall.id, tableId: table.id }
        : { restaurantId: target.restaurant.id, tableId: table.id },
    );
    Object.assign(stored, { tableId: table.id, tableNo: table.tableNo, table: table.displayName });
  } else {
    Object.assign(stored, {
      tableNo: resolved.orderType === ORDER_TYPE.DELIVERY ? 'dl' : 'pickup',
      table: resolved.pickupType === 'takeaway' ? 'Takeaway' : '',
    });
  }
  if (context.orderTime === 'SCHEDULED') {
    const epoch = context.epoch;
    if (epoch === undefined) return fail(MESSAGE.invalidSlot);
    const offers = (outlet: RestaurantRow) =>
      isValidSlot({
        timings: outlet.restTimings as RestTimings,
        orderType: resolved.orderType,
        now: ctx.now(),
        timeZone: outlet.timeZone,
        epoch,
      });
    // A food-court slot must suit the outlets the cart orders from (each is checked again when the
    // order is placed), not every outlet of the mall: one closed on Mondays must not refuse the rest.
    const held = await tx
      .selectDistinct({ restaurantId: cartItems.restaurantId })
      .from(cartItems)
      .where(eq(cartItems.cartId, cart.id));
    const ordered = target.outlets.filter((outlet) => held.some((line) => line.restaurantId === outlet.id));
    const valid = ordered.length > 0 ? ordered.every(offers) : target.outlets.some(offers);
    if (!valid) return fail(MESSAGE.invalidSlot);
    Object.assign(stored, {
      date: context.date,
      time: context.time,
      epoch,
      selectedTime: context.selectedTime,
    });
  }
  if (resolved.orderType === ORDER_TYPE.DELIVERY && address) stored.address = address;
  await tx.update(carts).set({ context: stored }).where(eq(carts.id, cart.id));
}

export { loadRestaurant };
