import type { MenuData, MenuItemData } from '../../../lib/api-types';

/** How many dishes a recommendation strip shows. */
export const RECOMMENDATION_LIMIT = 3;

/**
 * The menu's dishes for the ids a recommendation call answered, in the server's order: only dishes
 * this menu holds and a diner can add now (in stock, not a voucher — the menu may be newer than the
 * recommendation), none in `exclude` (already in the cart), at most `limit`.
 */
export function dishesOf(
  menu: MenuData,
  ids: readonly number[],
  exclude: ReadonlySet<number> = new Set(),
  limit = Number.POSITIVE_INFINITY,
): MenuItemData[] {
  const byId = new Map(menu.items.map((item) => [item.id, item]));
  const result: MenuItemData[] = [];
  for (const id of new Set(ids)) {
    const item = byId.get(id);
    if (!item || !item.in_stock || item.is_voucher || exclude.has(id)) continue;
    result.push(item);
    if (result.length >= limit) break;
  }
  return result;
}
