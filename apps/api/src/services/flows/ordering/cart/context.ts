/** A cart's order context: order type, table, slot and address, checked before it is stored. */
import { eq } from 'drizzle-orm';
import { MESSAGE, ORDER_TYPE, resolveOrderType } from '@santap/domain';
import { isValidSlot } from '@santap/schedule';
import type { RestTimings } from '@santap/schedule';
import type { OrderContextInput } from '@santap/contract';
import type { DbOrTx } from '../../../../db/client';
import { cartItems, carts, diningTables } from '../../../../db/schema';
import type { AppContext } from '../../../context';
import { fail } from '../../../../lib/errors';
import { requireTableTicket } from '../../tables/tickets';
import { offeredOrderTypes } from '../../../model/restaurants';
import type { RestaurantRow } from '../../../model/restaurants';
import type { CartRow } from '../../../model/carts';
import type { ScopeTarget } from '../../../model/carts';

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
  /** The caller's table ticket (services/flows/tables/tickets.ts): a dine-in table needs the ticket of its scan. */
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
