/**
 * Ordering: may this cart be placed now? The checks order create makes before it writes anything
 * (spec §4, §5, §8): the menu not being published, the lines, the order type, hours and slot, payment
 * mode, delivery distance, the table's ticket, one running order elsewhere. Each refuses with the
 * spec's message (`fail`); none writes.
 */
import { eq, inArray } from 'drizzle-orm';
import {
  MESSAGE,
  ORDER_TYPE,
  distanceMetres,
  placedContext,
  runningOrderConflicts,
  runningOrderKind,
} from '@santap/domain';
import type { OrderTypeCode } from '@santap/domain';
import { isOpen, isValidSlot } from '@santap/schedule';
import type { RestTimings } from '@santap/schedule';
import type { DbOrTx } from '../../../../db/client';
import { kioskDevices, restaurants } from '../../../../db/schema';
import type { AppContext } from '../../../context';
import type { Caller } from '../../../../lib/caller';
import { fail } from '../../../../lib/errors';
import { cartOrderType, pricedLines } from '../cart';
import type { CartRow, ScopeTarget } from '../../../model/carts';
import type { PricedLine } from '../pricing';
import { offeredOrderTypes, settingsOf } from '../../../model/restaurants';
import { requireTableTicket } from '../../tables/tickets';
import { placeOf, runningOrdersWithPlace } from './running';

/** What the cart's context holds that order create reads (services/flows/ordering/cart/context.ts `setCartContext`). */
interface CartContext {
  orderTime?: string;
  epoch?: number;
  tableId?: number;
  tableNo?: string;
  address?: { location?: [number, number] };
  /** Set only by the kiosk service (services/flows/kiosk/devices.ts): the counter kiosk taking the order. */
  kioskDeviceId?: string;
}

/** A cart that may be placed: what the writing steps need, every check passed. */
export interface EligibleOrder {
  lines: PricedLine[];
  context: CartContext;
  orderType: OrderTypeCode;
  pickupType: 'takeaway' | 'pickup' | undefined;
  /** The table label the order keeps (a voucher-only delivery becomes takeaway with its table). */
  tableNo: string | undefined;
  tableId: number | null;
  scheduled: boolean;
  /** The outlets the cart orders from. */
  outlets: ScopeTarget['outlets'];
}

/**
 * Spec §8 'Menu items are being updated': a menu publish in progress (services/flows/staff/menu.ts
 * `publishMenuChange`) holds creates off; read FOR SHARE, so a publish's claim waits for this create,
 * which then reads the dishes wholly before the change. Nothing is written: the cart stays.
 */
async function refuseWhileMenuPublishes(tx: DbOrTx, target: ScopeTarget, now: Date) {
  const publishing = await tx
    .select({ until: restaurants.menuPublishingUntil })
    .from(restaurants)
    .where(
      inArray(
        restaurants.id,
        target.outlets.map((outlet) => outlet.id),
      ),
    )
    .for('share');
  if (publishing.some(({ until }) => until !== null && until > now)) fail(MESSAGE.menuBeingUpdated);
}

/** What order create is asked for (contract `orders.create`), as the checks and the placing read it. */
export interface CreateOrderInput {
  scope: string;
  payment_mode: 'online' | 'pay_later' | 'cash_kiosk';
  /** Spec §4 'More items added': the caller's running order the cart's items join as a new batch. */
  add_to_order_id?: number | undefined;
  accept_prices?: boolean | undefined;
  use_loyalty?: boolean | undefined;
}

/** The cart's lines, priced now: none, a sold-out one, or an unaccepted new price refuses. */
async function orderableLines(tx: DbOrTx, cart: CartRow, caller: Caller, input: CreateOrderInput) {
  const lines = await pricedLines(tx, cart.id, caller.lang);
  if (lines.length === 0) return fail(MESSAGE.cartEmpty);
  if (lines.some((line) => !line.available)) fail(MESSAGE.itemsNotAvailable);
  if (lines.some((line) => line.priceChanged) && !input.accept_prices) fail(MESSAGE.priceWarning);
  return lines;
}

/**
 * 'Cash kiosk' is paid at the counter of the kiosk that took the order. A diner's cart never names a
 * device (setCartContext stores none), so a diner choosing it would get an unpaid order where pay
 * later is off.
 */
async function refuseCashKioskOfNoKiosk(tx: DbOrTx, input: CreateOrderInput, context: CartContext) {
  if (input.payment_mode !== 'cash_kiosk') return;
  const [device] = context.kioskDeviceId
    ? await tx
        .select({ active: kioskDevices.active })
        .from(kioskDevices)
        .where(eq(kioskDevices.id, context.kioskDeviceId))
    : [];
  if (!device?.active) fail(MESSAGE.paymentMethodNotOffered);
}

/** Each outlet ordered from takes this order now: open for the type (or the slot valid), payment, distance. */
function checkOutlets(
  target: ScopeTarget,
  outlets: ScopeTarget['outlets'],
  order: {
    orderType: OrderTypeCode;
    scheduled: boolean;
    context: CartContext;
    input: CreateOrderInput;
    now: Date;
  },
) {
  const { orderType, scheduled, context, input, now } = order;
  for (const outlet of outlets) {
    if (!outlet.acceptingOrders) fail(MESSAGE.restaurantNotTakingOrders);
    // The kitchen paused new orders for a while (`pauseOrders` of services/flows/staff/staff.ts).
    if (outlet.ordersPausedUntil && outlet.ordersPausedUntil > now) fail(MESSAGE.notAcceptingOrders);
    if (!offeredOrderTypes(outlet).includes(orderType)) {
      fail(
        orderType === ORDER_TYPE.DELIVERY && target.kind === 'mall'
          ? MESSAGE.deliveryNotSupported
          : MESSAGE.orderTypeNotEnabled,
      );
    }
    const timings = outlet.restTimings as RestTimings;
    if (scheduled) {
      if (
        context.epoch === undefined ||
        !isValidSlot({ timings, orderType, now, timeZone: outlet.timeZone, epoch: context.epoch })
      ) {
        fail(MESSAGE.invalidSlot);
      }
    } else if (!isOpen({ timings, orderType, now, timeZone: outlet.timeZone })) {
      fail(MESSAGE.restaurantClosedForType);
    }
    const settings = settingsOf(outlet);
    if (input.payment_mode === 'pay_later' && (settings.payLaterMask & (1 << (orderType - 1))) === 0) {
      fail(MESSAGE.payLaterNotAllowed);
    }
    if (orderType === ORDER_TYPE.DELIVERY) {
      const location = context.address?.location;
      if (!location) fail(MESSAGE.addressRequired);
      else if (distanceMetres(location, [outlet.lng, outlet.lat]) > settings.deliveryRadiusM)
        fail(MESSAGE.addressTooFar);
    }
  }
}

/**
 * The table of a dine-in order. A counter kiosk's dine-in order has none (its queue number is called at
 * the counter); a diner orders at a table only with the ticket of its scan (services/flows/tables/tickets.ts).
 */
function dineInTable(
  ctx: AppContext,
  target: ScopeTarget,
  context: CartContext,
  orderType: OrderTypeCode,
  tableTicket: string | undefined,
): number | null {
  if (orderType !== ORDER_TYPE.DINE_IN) return null;
  if (context.tableId === undefined && !context.kioskDeviceId) fail(MESSAGE.wrongTable);
  const tableId = context.tableId ?? null;
  if (tableId !== null && !context.kioskDeviceId) {
    requireTableTicket(
      ctx,
      tableTicket,
      target.kind === 'mall'
        ? { mallId: target.mall.id, tableId }
        : { restaurantId: target.restaurant.id, tableId },
    );
  }
  return tableId;
}

/**
 * Every check of order create, in the order the diner would fix them: the menu, the lines, the order
 * type and time, the payment mode, each outlet, the table.
 */
export async function checkEligibility(
  ctx: AppContext,
  tx: DbOrTx,
  order: {
    caller: Caller;
    cart: CartRow;
    target: ScopeTarget;
    input: CreateOrderInput;
    variant: 'any' | 'foodcourt' | 'scheduled';
    tableTicket: string | undefined;
    now: Date;
  },
): Promise<EligibleOrder> {
  const { caller, cart, target, input, variant, now } = order;
  await refuseWhileMenuPublishes(tx, target, now);
  const lines = await orderableLines(tx, cart, caller, input);
  const context = cart.context as CartContext;
  if (!('orderType' in cart.context)) fail(MESSAGE.selectOrderType);
  // A delivery of vouchers only is placed as takeaway, with takeaway's table (spec §4, @santap/domain).
  const placed = placedContext(
    { ...cartOrderType(cart, target), tableNo: context.tableNo },
    lines.map((line) => ({ isVoucher: line.isVoucher })),
  );
  const { orderType, pickupType } = placed;
  const scheduled = context.orderTime === 'SCHEDULED';
  if (variant === 'scheduled' && !scheduled) fail(MESSAGE.invalidSlot);
  if (scheduled && input.payment_mode !== 'online') fail(MESSAGE.scheduledMustPrepay);
  await refuseCashKioskOfNoKiosk(tx, input, context);
  const outletIds = new Set(lines.map((line) => line.restaurantId));
  const outlets = target.outlets.filter((outlet) => outletIds.has(outlet.id));
  checkOutlets(target, outlets, { orderType, scheduled, context, input, now });
  const tableId = dineInTable(ctx, target, context, orderType, order.tableTicket);
  return {
    lines,
    context,
    orderType,
    pickupType: pickupType ?? undefined,
    tableNo: placed.tableNo,
    tableId,
    scheduled,
    outlets,
  };
}

/**
 * Spec §5: only one running dine-in or takeaway order across different restaurants; the outlets of
 * one food court are one place (the same rule as the pre-check, `runningOrdersElsewhere`). Answers
 * the order's running kind (dine-in, takeaway or none).
 */
export async function refuseRunningElsewhere(tx: DbOrTx, caller: Caller, order: EligibleOrder) {
  const kind = runningOrderKind({ orderType: order.orderType, pickupType: order.pickupType });
  if (kind) {
    const [conflict] = runningOrderConflicts(
      await runningOrdersWithPlace(tx, caller),
      order.outlets.map(placeOf),
      kind,
    );
    if (conflict) fail(conflict.message);
  }
  return kind;
}
