/** The names of the options of menu items, as an invoice prints them (email.ts, share-source.ts). */
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { menuItems } from '../../../db/schema';
import type { Translated } from '../../../db/schema';

/** Option names by `groupId/optionId` of the given menu items, from the menu. */
export async function menuOptionNames(db: DbOrTx, itemIds: number[]): Promise<Map<string, Translated>> {
  const menus = itemIds.length
    ? await db
        .select({ id: menuItems.id, optionGroups: menuItems.optionGroups })
        .from(menuItems)
        .where(inArray(menuItems.id, itemIds))
    : [];
  const optionNames = new Map<string, Translated>();
  for (const menu of menus) {
    for (const group of menu.optionGroups) {
      for (const option of group.options) optionNames.set(`${group.id}/${option.id}`, option.name);
    }
  }
  return optionNames;
}
