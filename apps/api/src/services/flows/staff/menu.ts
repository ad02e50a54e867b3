/**
 * Stock on the staff side: a dish or one of its options sold out and back (spec §5 'Item out of
 * stock'). Manager or kitchen of the dish's restaurant. Diners' menus are cached 5 s per instance
 * (routes/restaurants.ts), so the change shows there within that; order create prices every cart line
 * against the menu row, so a sold-out dish or option is refused from the moment this commits.
 */
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { MESSAGE, maskOf, typesInMask } from '@santap/domain';
import type { Language, OrderTypeCode } from '@santap/domain';
import { menuCategories, menuItems, restaurants } from '../../../db/schema';
import type { Translated } from '../../../db/schema';
import type { Tx } from '../../../db/client';
import type { AppContext } from '../../context';
import type { Caller, CallerStaff } from '../../../lib/caller';
import { fail } from '../../../lib/errors';
import { forgetMenu } from '../../../lib/menu-cache';
import { photoView } from '../../model/photo-view';
import { menuRowsOf } from '../restaurants/restaurants';
import { loadRestaurant, offeredOrderTypes, pick } from '../../model/restaurants';
import { changedFields, recordAudit } from '../../model/audit';

type OptionAvailability = { group_id: string; option_id: string; available: boolean };

function kitchenOrManager(caller: Caller): CallerStaff {
  const member = caller.staff ?? fail(MESSAGE.invalidToken);
  return member.role === 'manager' || member.role === 'kitchen' ? member : fail(MESSAGE.forbidden);
}

export async function setItemStock(
  ctx: AppContext,
  caller: Caller,
  itemId: number,
  input: { in_stock?: boolean | undefined; options?: OptionAvailability[] | undefined },
) {
  const member = kitchenOrManager(caller);
  const { restaurant, reply } = await ctx.db.transaction(async (tx) => {
    const [item] = await tx
      .select()
      .from(menuItems)
      .where(and(eq(menuItems.id, itemId), eq(menuItems.restaurantId, member.restaurantId)))
      .limit(1)
      .for('update');
    if (!item) return fail(MESSAGE.notFound);
    const groups = structuredClone(item.optionGroups);
    for (const change of input.options ?? []) {
      const option = groups
        .find((group) => group.id === change.group_id)
        ?.options.find((candidate) => candidate.id === change.option_id);
      if (!option) {
        return fail(MESSAGE.invalidInput, {}, [
          { part: 'body', path: 'options', message: `unknown option ${change.group_id}/${change.option_id}` },
        ]);
      }
      option.available = change.available;
    }
    const inStock = input.in_stock ?? item.inStock;
    const unavailable = (list: typeof groups) =>
      list.flatMap((group) => group.options.filter((o) => !o.available).map((o) => `${group.id}/${o.id}`));
    const change = changedFields(
      { in_stock: item.inStock, unavailable_options: unavailable(item.optionGroups) },
      { in_stock: inStock, unavailable_options: unavailable(groups) },
    );
    await recordAudit(tx, {
      by: caller,
      at: ctx.now(),
      action: 'menu.stock',
      subject: ['menu_item', item.id],
      ...change,
    });
    await tx
      .update(menuItems)
      .set({ inStock, optionGroups: groups, updatedAt: ctx.now() })
      .where(eq(menuItems.id, item.id));
    const reply = {
      item_id: item.id,
      in_stock: inStock,
      options: groups.flatMap((group) =>
        group.options.map((option) => ({
          group_id: group.id,
          option_id: option.id,
          available: option.available,
        })),
      ),
    };
    return { restaurant: await loadRestaurant(tx, member.restaurantId), reply };
  });
  // After the commit: a menu rebuilt between the forgetting and the commit would be cached with the
  // old stock, and the read routing would let the replica serve it before it has the change.
  forgetMenu(ctx, restaurant);
  return reply;
}

function managerOnly(caller: Caller): CallerStaff {
  const member = caller.staff ?? fail(MESSAGE.invalidToken);
  return member.role === 'manager' ? member : fail(MESSAGE.forbidden);
}

type MenuItemRow = typeof menuItems.$inferSelect;

/** One dish as the staff console shows it (contract `staffMenuItemSchema`). */
function staffItemView(item: MenuItemRow, lang: Language) {
  return {
    id: item.id,
    category_id: item.categoryId,
    name: pick(item.name, lang),
    names: { en: item.name.en ?? '', id: item.name.id ?? '', my: item.name.my ?? '' },
    price: item.price,
    in_stock: item.inStock,
    order_types: typesInMask(item.orderTypeMask),
    option_groups: item.optionGroups.map((group) => ({
      id: group.id,
      name: pick(group.name, lang),
      options: group.options.map((option) => ({
        id: option.id,
        name: pick(option.name, lang),
        available: option.available,
      })),
    })),
    photo: photoView(item.photo),
  };
}

/** Every category and dish of the caller's restaurant, for the staff menu screen (manager or kitchen). */
export async function staffMenu(ctx: AppContext, caller: Caller) {
  const member = kitchenOrManager(caller);
  const [restaurant, [categories, items]] = await Promise.all([
    loadRestaurant(ctx.db, member.restaurantId),
    menuRowsOf(ctx.db, member.restaurantId),
  ]);
  return {
    currency: restaurant.currency as 'MYR' | 'IDR',
    order_types: offeredOrderTypes(restaurant),
    categories: categories.map((category) => ({ id: category.id, name: pick(category.name, caller.lang) })),
    items: items.map((item) => staffItemView(item, caller.lang)),
    restaurant_photo: photoView(restaurant.photo),
  };
}

/**
 * How long a menu publish holds its restaurant's order creates at most: a publisher that dies between
 * its claim and its commit stops blocking orders after this (README "Menu changes and order create").
 */
export const MENU_PUBLISH_LEASE_MS = 30_000;

/**
 * Publishes a menu change of one restaurant (spec §8 'Menu items are being updated'), in two steps:
 *
 * 1. **Claim** (its own short transaction): `restaurants.menu_publishing_until` is set to now + lease.
 *    Order create reads that row `FOR SHARE` before it reads the cart's dishes, so the claim's UPDATE
 *    waits for the creates already running (they finish wholly on the old menu), and every create that
 *    starts after the claim commits sees it and answers `errors.menuBeingUpdated` without touching the
 *    cart. A second publisher finds the lease held and gets the same answer.
 * 2. **Apply** in one transaction that also clears the lease, so the change and the end of the publish
 *    commit together; a failure clears the lease (only its own: the value it set) and rethrows.
 *
 * The lease is committed state, not a lock held across connections, so it behaves the same on PGlite
 * (one connection, transactions one at a time) and on PostgreSQL, on any number of instances.
 */
export async function publishMenuChange<T>(
  ctx: AppContext,
  restaurantId: number,
  apply: (tx: Tx) => Promise<T>,
): Promise<T> {
  const now = ctx.now();
  const until = new Date(now.getTime() + MENU_PUBLISH_LEASE_MS);
  const claimed = await ctx.db
    .update(restaurants)
    .set({ menuPublishingUntil: until })
    .where(
      and(
        eq(restaurants.id, restaurantId),
        or(isNull(restaurants.menuPublishingUntil), lte(restaurants.menuPublishingUntil, now)),
      ),
    )
    .returning({ id: restaurants.id, nameid: restaurants.nameid });
  const restaurant = claimed[0] ?? fail(MESSAGE.menuBeingUpdated);
  const release = (db: Pick<Tx, 'update'>) =>
    db
      .update(restaurants)
      .set({ menuPublishingUntil: null })
      .where(and(eq(restaurants.id, restaurantId), eq(restaurants.menuPublishingUntil, until)));
  try {
    return await ctx.db.transaction(async (tx) => {
      const result = await apply(tx);
      await release(tx);
      return result;
    });
  } catch (error) {
    await release(ctx.db).catch(() => undefined);
    throw error;
  } finally {
    forgetMenu(ctx, restaurant);
  }
}

export interface ItemEdit {
  price?: number | undefined;
  names?: Translated | undefined;
  category_id?: number | undefined;
  order_types?: OrderTypeCode[] | undefined;
}

/**
 * A manager edits a dish of their restaurant (price, names in en/id/my, category, order types), as a
 * menu publish (see {@link publishMenuChange}). The contract has checked the shapes; here: the dish and
 * the category must be the restaurant's (another's is 404).
 */
export async function updateMenuItem(ctx: AppContext, caller: Caller, itemId: number, edit: ItemEdit) {
  const member = managerOnly(caller);
  const owned = and(eq(menuItems.id, itemId), eq(menuItems.restaurantId, member.restaurantId));
  // Checked before the publish claims anything, so a refused edit never holds the diners' orders.
  const [item] = await ctx.db.select({ id: menuItems.id }).from(menuItems).where(owned).limit(1);
  if (!item) return fail(MESSAGE.notFound);
  if (edit.category_id !== undefined) {
    const [category] = await ctx.db
      .select({ id: menuCategories.id })
      .from(menuCategories)
      .where(
        and(eq(menuCategories.id, edit.category_id), eq(menuCategories.restaurantId, member.restaurantId)),
      )
      .limit(1);
    if (!category) return fail(MESSAGE.notFound);
  }
  return publishMenuChange(ctx, member.restaurantId, async (tx) => {
    const [before] = await tx.select().from(menuItems).where(owned).limit(1).for('update');
    const [updated] = await tx
      .update(menuItems)
      .set({
        ...(edit.price !== undefined ? { price: edit.price } : {}),
        ...(edit.names ? { name: edit.names } : {}),
        ...(edit.category_id !== undefined ? { categoryId: edit.category_id } : {}),
        ...(edit.order_types ? { orderTypeMask: maskOf(edit.order_types) } : {}),
        updatedAt: ctx.now(),
      })
      .where(owned)
      .returning();
    if (!before || !updated) return fail(MESSAGE.notFound);
    const audited = (row: MenuItemRow) => ({
      price: row.price,
      names: row.name,
      category_id: row.categoryId,
      order_types: typesInMask(row.orderTypeMask),
    });
    const change = changedFields(audited(before), audited(updated));
    const action = 'price' in change.after ? 'menu.price' : 'menu.item';
    await recordAudit(tx, {
      by: caller,
      at: ctx.now(),
      action,
      subject: ['menu_item', updated.id],
      ...change,
    });
    return staffItemView(updated, caller.lang);
  });
}
