/**
 * Recommendations (spec §7 'recommendations (best-sellers, repeat-items, frequently-bought-with,
 * complete-your-cart)', spec §3 data held by the client). Every list is computed from real orders and
 * holds only dishes a diner can add now: on the restaurant's menu, in stock, not a voucher. Where the
 * orders say too little (a new restaurant), the menu fills in: the best-seller flag, and one lead dish
 * per category.
 */
import { and, asc, desc, eq, gte, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { MESSAGE, ORDER_STATUS } from '@santap/domain';
import type { DbOrTx } from '../../../db/client';
import { cartItems, menuCategories, menuItems, orderItems, orders } from '../../../db/schema';
import type { AppContext } from '../../context';
import type { Caller } from '../../../lib/caller';
import { fail } from '../../../lib/errors';
import { catalogueOf } from '../../../lib/menu-cache';
import { existingCart } from '../../flows/ordering/cart';
import { resolveScope } from '../../model/carts';
import { loadRestaurant } from '../../model/restaurants';

/** Best sellers count the dishes of completed orders placed in the last this many days. */
export const BEST_SELLER_DAYS = 30;
/** Co-occurrence ('bought with', 'complete your cart') looks at orders of the last this many days. */
export const CO_OCCURRENCE_DAYS = 90;

/** Orders that did not happen: they say nothing about what diners buy. */
const NOT_ORDERED = [ORDER_STATUS.DECLINED, ORDER_STATUS.CANCELLED, ORDER_STATUS.DELETED];

interface MenuDish {
  id: number;
  categoryId: number;
  inStock: boolean;
  isVoucher: boolean;
  bestSeller: boolean;
}

const orderable = (dish: MenuDish | undefined): dish is MenuDish =>
  dish !== undefined && dish.inStock && !dish.isVoucher;

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

/** A restaurant's dishes in menu order (category order, then dish order). */
async function menuDishes(db: DbOrTx, restaurantId: number): Promise<MenuDish[]> {
  return db
    .select({
      id: menuItems.id,
      categoryId: menuItems.categoryId,
      inStock: menuItems.inStock,
      isVoucher: menuItems.isVoucher,
      bestSeller: menuItems.bestSeller,
    })
    .from(menuItems)
    .innerJoin(menuCategories, eq(menuCategories.id, menuItems.categoryId))
    .where(eq(menuItems.restaurantId, restaurantId))
    .orderBy(asc(menuCategories.sort), asc(menuCategories.id), asc(menuItems.sort), asc(menuItems.id));
}

/** Quantity sold per dish in the restaurant's completed orders since `since` (declined items left out). */
async function salesSince(db: DbOrTx, restaurantId: number, since: Date): Promise<Map<number, number>> {
  const rows = await db
    .select({ itemId: orderItems.itemId, sold: sql<number>`sum(${orderItems.quantity})::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.restaurantId, restaurantId),
        eq(orders.status, ORDER_STATUS.COMPLETED),
        gte(orders.createdAt, since),
        eq(orderItems.status, 'active'),
      ),
    )
    .groupBy(orderItems.itemId);
  return new Map(rows.map((row) => [row.itemId, Number(row.sold)]));
}

/**
 * The dish a category puts forward: its best-selling orderable dish, else its first flagged best
 * seller, else its first orderable dish (menu order breaks ties); dishes in `exclude` are skipped.
 */
function leadDish(
  dishes: readonly MenuDish[],
  sales: ReadonlyMap<number, number>,
  exclude: ReadonlySet<number>,
): MenuDish | undefined {
  let best: MenuDish | undefined;
  const rank = (dish: MenuDish) => [sales.get(dish.id) ?? 0, dish.bestSeller ? 1 : 0] as const;
  for (const dish of dishes) {
    if (!orderable(dish) || exclude.has(dish.id)) continue;
    if (!best) {
      best = dish;
      continue;
    }
    const [sold, flagged] = rank(dish);
    const [bestSold, bestFlagged] = rank(best);
    if (sold > bestSold || (sold === bestSold && flagged > bestFlagged)) best = dish;
  }
  return best;
}

/** The menu's categories in order, each with its dishes in order. */
function byCategory(menu: readonly MenuDish[]): Map<number, MenuDish[]> {
  const categories = new Map<number, MenuDish[]>();
  for (const dish of menu) {
    const list = categories.get(dish.categoryId);
    if (list) list.push(dish);
    else categories.set(dish.categoryId, [dish]);
  }
  return categories;
}

/**
 * `best-sellers`: the restaurant's dishes by quantity sold in completed orders of the last
 * {@link BEST_SELLER_DAYS} days (menu order breaks ties), then the menu's flagged best sellers
 * (`sold: 0`) until `limit`.
 */
export async function bestSellers(ctx: AppContext, restaurantRef: number | string, limit: number) {
  // Public and cached like the menu: the catalogue's database (the replica when fresh enough).
  const db = catalogueOf(ctx, restaurantRef);
  const restaurant = await loadRestaurant(db, restaurantRef);
  const [menu, sales] = await Promise.all([
    menuDishes(db, restaurant.id),
    salesSince(db, restaurant.id, daysBefore(ctx.now(), BEST_SELLER_DAYS)),
  ]);
  const sold = menu
    .filter((dish) => orderable(dish) && (sales.get(dish.id) ?? 0) > 0)
    .sort((a, b) => sales.get(b.id)! - sales.get(a.id)!);
  const flagged = menu.filter((dish) => orderable(dish) && dish.bestSeller && !sales.has(dish.id));
  return {
    restaurant_id: restaurant.id,
    days: BEST_SELLER_DAYS,
    items: [...sold, ...flagged]
      .slice(0, limit)
      .map((dish) => ({ item_id: dish.id, sold: sales.get(dish.id) ?? 0 })),
  };
}

/**
 * `repeat-items`: the dishes the caller ordered before at this restaurant (orders that were not
 * declined, cancelled or deleted; declined items left out) that can be added now, most recently
 * ordered first.
 */
export async function repeatItems(
  ctx: AppContext,
  caller: Caller,
  restaurantRef: number | string,
  limit: number,
) {
  const restaurant = await loadRestaurant(ctx.db, restaurantRef);
  const userId = caller.user?.id ?? fail(MESSAGE.invalidToken);
  const lastOrdered = sql<Date>`max(${orders.createdAt})`;
  const [menu, rows] = await Promise.all([
    menuDishes(ctx.db, restaurant.id),
    ctx.db
      .select({
        itemId: orderItems.itemId,
        times: sql<number>`count(distinct ${orders.id})::int`,
        last: sql<number>`extract(epoch from ${lastOrdered})::float8`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.restaurantId, restaurant.id),
          notInArray(orders.status, NOT_ORDERED),
          eq(orderItems.status, 'active'),
        ),
      )
      .groupBy(orderItems.itemId)
      .orderBy(desc(lastOrdered), desc(sql`count(distinct ${orders.id})`), asc(orderItems.itemId)),
  ]);
  const onMenu = new Map(menu.map((dish) => [dish.id, dish]));
  return {
    restaurant_id: restaurant.id,
    items: rows
      .filter((row) => orderable(onMenu.get(row.itemId)))
      .slice(0, limit)
      .map((row) => ({
        item_id: row.itemId,
        times_ordered: Number(row.times),
        last_ordered_epoch: Math.floor(Number(row.last)),
      })),
  };
}

/**
 * `frequently-bought-with`: the dishes most often in the same order as `itemId` (orders of the last
 * {@link CO_OCCURRENCE_DAYS} days that were not declined, cancelled or deleted), then one lead dish
 * from each other category — the categories after the dish's own first (a main is followed by sides,
 * desserts and drinks on a menu), wrapping round — until `limit`. A dish of another restaurant is 404.
 */
export async function frequentlyBoughtWith(
  ctx: AppContext,
  restaurantRef: number | string,
  itemId: number,
  limit: number,
) {
  const restaurant = await loadRestaurant(ctx.db, restaurantRef);
  const other = alias(orderItems, 'other');
  const together = sql<number>`count(distinct ${other.orderId})::int`;
  const [menu, sales, rows] = await Promise.all([
    menuDishes(ctx.db, restaurant.id),
    salesSince(ctx.db, restaurant.id, daysBefore(ctx.now(), BEST_SELLER_DAYS)),
    ctx.db
      .select({ itemId: other.itemId, together })
      .from(orderItems)
      .innerJoin(other, and(eq(other.orderId, orderItems.orderId), ne(other.itemId, orderItems.itemId)))
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        and(
          eq(orderItems.itemId, itemId),
          eq(orders.restaurantId, restaurant.id),
          notInArray(orders.status, NOT_ORDERED),
          gte(orders.createdAt, daysBefore(ctx.now(), CO_OCCURRENCE_DAYS)),
          eq(orderItems.status, 'active'),
          eq(other.status, 'active'),
        ),
      )
      .groupBy(other.itemId)
      .orderBy(desc(together), asc(other.itemId)),
  ]);
  const dishes = new Map(menu.map((dish) => [dish.id, dish]));
  const dish = dishes.get(itemId) ?? fail(MESSAGE.notFound);
  const items = rows
    .filter((row) => orderable(dishes.get(row.itemId)))
    .slice(0, limit)
    .map((row) => ({ item_id: row.itemId, together: Number(row.together) }));

  const chosen = new Set([itemId, ...items.map((item) => item.item_id)]);
  const categories = [...byCategory(menu)];
  const own = categories.findIndex(([categoryId]) => categoryId === dish.categoryId);
  const rotated = [...categories.slice(own + 1), ...categories.slice(0, own)];
  for (const [, categoryDishes] of rotated) {
    if (items.length >= limit) break;
    const lead = leadDish(categoryDishes, sales, chosen);
    if (!lead) continue;
    items.push({ item_id: lead.id, together: 0 });
    chosen.add(lead.id);
  }
  return { restaurant_id: restaurant.id, item_id: itemId, items };
}

/**
 * How many recent orders (of the last {@link CO_OCCURRENCE_DAYS} days, not declined, cancelled or
 * deleted) had both one of `itemIds` and a dish of each category.
 */
async function categoriesOrderedWith(
  db: DbOrTx,
  restaurantId: number,
  itemIds: readonly number[],
  since: Date,
): Promise<Map<number, number>> {
  const withCart = db
    .selectDistinct({ orderId: orderItems.orderId })
    .from(orderItems)
    .where(and(inArray(orderItems.itemId, [...itemIds]), eq(orderItems.status, 'active')));
  const orderCount = sql<number>`count(distinct ${orderItems.orderId})::int`;
  const rows = await db
    .select({ categoryId: menuItems.categoryId, orders: orderCount })
    .from(orderItems)
    .innerJoin(menuItems, eq(menuItems.id, orderItems.itemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.restaurantId, restaurantId),
        notInArray(orders.status, NOT_ORDERED),
        gte(orders.createdAt, since),
        eq(orderItems.status, 'active'),
        inArray(orderItems.orderId, withCart),
      ),
    )
    .groupBy(menuItems.categoryId);
  return new Map(rows.map((row) => [row.categoryId, Number(row.orders)]));
}

/**
 * `complete-your-cart`: for each restaurant of the caller's cart (a food-court cart spans several),
 * one lead dish from each category the cart has nothing from, the categories most often ordered
 * together with the cart's dishes first (menu order breaks ties), until `limit`. An empty cart gets
 * none: there is no meal to complete yet.
 */
export async function completeYourCart(ctx: AppContext, caller: Caller, scope: string, limit: number) {
  const target = await resolveScope(ctx.db, scope);
  // A read makes no cart (services/flows/ordering/cart/row.ts existingCart): a token without one has an empty cart.
  const cart = await existingCart(ctx.db, caller, target);
  const lines = cart
    ? await ctx.db
        .select({ restaurantId: cartItems.restaurantId, itemId: cartItems.itemId })
        .from(cartItems)
        .where(eq(cartItems.cartId, cart.id))
        .orderBy(asc(cartItems.id))
    : [];
  const items: { item_id: number; restaurant_id: number; category_id: number }[] = [];
  const restaurantIds = [...new Set(lines.map((line) => line.restaurantId))];
  const now = ctx.now();
  for (const restaurantId of restaurantIds) {
    if (items.length >= limit) break;
    const inCart = lines.filter((line) => line.restaurantId === restaurantId).map((line) => line.itemId);
    const [menu, sales, together] = await Promise.all([
      menuDishes(ctx.db, restaurantId),
      salesSince(ctx.db, restaurantId, daysBefore(now, BEST_SELLER_DAYS)),
      categoriesOrderedWith(ctx.db, restaurantId, inCart, daysBefore(now, CO_OCCURRENCE_DAYS)),
    ]);
    const inCartSet = new Set(inCart);
    const lacking = [...byCategory(menu)]
      .filter(([, dishes]) => !dishes.some((dish) => inCartSet.has(dish.id)))
      // A stable sort: equal counts keep menu order.
      .sort(([a], [b]) => (together.get(b) ?? 0) - (together.get(a) ?? 0));
    for (const [categoryId, dishes] of lacking) {
      if (items.length >= limit) break;
      const lead = leadDish(dishes, sales, inCartSet);
      if (lead) items.push({ item_id: lead.id, restaurant_id: restaurantId, category_id: categoryId });
    }
  }
  return { scope: target.scope, items };
}
