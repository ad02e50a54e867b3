/**
 * Turns a compact menu (categories of priced dishes) into `menu_categories` and `menu_items` rows
 * with deterministic ids: category id = restaurantId * 100 + n, item id = restaurantId * 1000 + n
 * (n counts from 1 in menu order), so tests and docs can name them.
 */
import type { MenuOptionGroupRow, Translated, menuCategories, menuItems } from '../db/schema';
import { dishImage } from './dish-kit';
import type { Dish } from './dish-kit';
import { DISHES } from './dishes';
import type { DishKey } from './dishes';

/** One dish on one restaurant's menu. */
export type MenuEntry = {
  /** Stable key of the dish (its image colour follows it). */
  key: string;
  dish: Dish;
  /** Minor units of the restaurant's currency. */
  price: number;
  groups: MenuOptionGroupRow[];
  bestSeller: boolean;
  inStock: boolean;
};

/** A menu category and its dishes, in display order. */
export type CategorySpec = {
  name: Translated;
  /** Packaging charge per item for delivery and pickup, in minor units. */
  packaging?: number;
  items: MenuEntry[];
};

/** 'best': a best seller; 'out': out of stock today. */
type Mark = 'best' | 'out';

/**
 * A dish of {@link DISHES} at a price.
 *
 * @example
 * ```ts
 * entry('teh-tarik', 280, [MY_GROUPS.temperature], 'best');
 * ```
 */
export function entry(
  key: DishKey,
  price: number,
  groups: MenuOptionGroupRow[] = [],
  mark?: Mark,
): MenuEntry {
  return customEntry(key, DISHES[key], price, groups, mark);
}

/** A dish that is not in {@link DISHES} (generated menus). */
export function customEntry(
  key: string,
  dish: Dish,
  price: number,
  groups: MenuOptionGroupRow[] = [],
  mark?: Mark,
): MenuEntry {
  return { key, dish, price, groups, bestSeller: mark === 'best', inStock: mark !== 'out' };
}

export type MenuCategoryRow = typeof menuCategories.$inferInsert;
export type MenuItemRow = typeof menuItems.$inferInsert;

/**
 * The rows of one restaurant's menu. A halal kitchen serves no pork and no alcohol: such a dish on
 * its menu is a data error and throws. Items are halal only in a halal kitchen.
 */
export function buildMenu(
  restaurantId: number,
  halalKitchen: boolean,
  categories: CategorySpec[],
): { categories: MenuCategoryRow[]; items: MenuItemRow[] } {
  if (categories.length >= 100) throw new Error(`Too many categories for restaurant ${restaurantId}`);
  const categoryRows: MenuCategoryRow[] = [];
  const itemRows: MenuItemRow[] = [];
  categories.forEach((category, index) => {
    const categoryId = restaurantId * 100 + index + 1;
    categoryRows.push({ id: categoryId, restaurantId, name: category.name, sort: index + 1 });
    for (const item of category.items) {
      const n = itemRows.length + 1;
      if (n >= 1000) throw new Error(`Too many items for restaurant ${restaurantId}`);
      const { dish } = item;
      if (halalKitchen && (dish.pork || dish.alcohol)) {
        throw new Error(`Halal restaurant ${restaurantId} cannot serve '${item.key}'`);
      }
      itemRows.push({
        id: restaurantId * 1000 + n,
        restaurantId,
        categoryId,
        name: dish.name,
        description: dish.description,
        price: item.price,
        packagingCharge: dish.voucher ? 0 : (category.packaging ?? 0),
        inStock: item.inStock,
        allergens: dish.allergens,
        halal: halalKitchen,
        noPork: !dish.pork,
        containsAlcohol: dish.alcohol,
        isVoucher: dish.voucher,
        bestSeller: item.bestSeller,
        image: dishImage(dish.name.en, item.key),
        nutrition: dish.nutrition,
        optionGroups: item.groups,
        sort: n,
      });
    }
  });
  return { categories: categoryRows, items: itemRows };
}
