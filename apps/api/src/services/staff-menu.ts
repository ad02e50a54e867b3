/**
 * Stock on the staff side: a dish or one of its options sold out and back (spec §5 'Item out of
 * stock'). Manager or kitchen of the dish's restaurant. Diners' menus are cached 5 s per instance
 * (routes/restaurants.ts), so the change shows there within that; order create prices every cart line
 * against the menu row, so a sold-out dish or option is refused from the moment this commits.
 */
import { and, eq } from 'drizzle-orm';
import { MESSAGE } from '@santap/domain';
import { menuItems } from '../db/schema';
import type { AppContext, Caller, CallerStaff } from '../lib/context';
import { fail } from '../lib/errors';

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
  return ctx.db.transaction(async (tx) => {
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
    await tx
      .update(menuItems)
      .set({ inStock, optionGroups: groups, updatedAt: ctx.now() })
      .where(eq(menuItems.id, item.id));
    return {
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
  });
}
