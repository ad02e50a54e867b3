import { and, desc, eq, inArray, isNotNull, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import {
  MESSAGE,
  ORDER_STATUS,
  ORDER_STATUSES,
  ORDER_TYPE,
  canDinerCancel,
  canTransition,
  isRunningOrder,
  isAccepted,
  orderStatusWordingKey,
  runningOrderConflicts,
  runningOrderKind,
  placedContext,
} from '@santap/domain';
import type { OrderPlace, OrderStatus, OrderTypeCode } from '@santap/domain';
import { isOpen, isValidSlot } from '@santap/schedule';
import type { RestTimings } from '@santap/schedule';
import { writeTogether } from '../db/client';
import type { DbOrTx } from '../db/client';
import {
  cartItems,
  carts,
  diningTables,
  foodCourtOrders,
  kioskDevices,
  orderEvents,
  orderItems,
  orders,
  restaurants,
} from '../db/schema';
import type { AppContext, Caller } from '../lib/context';
import { fail } from '../lib/errors';
import { onceForKey } from '../lib/idempotency';
import type { StoreReply } from '../lib/idempotency';
import { cachedScope, cartBills, cartFor, cartOrderType, currencyOf, pricedLines } from './cart';
import type { LiveEvent } from './live-events';
import { queueOrderUpdate } from './messaging/order-updates';
import { addBatch } from './order-batches';
import { refundEndedOrder } from './payments/refunds';
import { depositForOrder } from './reservations/deposit';
import { labelledBill } from './pricing';
import { afterOrderStatusChange, cartWantsLoyalty, recordPromotions } from './promotions';
import { offeredOrderTypes, pick, settingsOf } from './restaurants';
import { hashBody } from './tokens';
import { requireTableTicket } from './table-tickets';

export type OrderRow = typeof orders.$inferSelect;

/**
 * Orders the caller may see: their user's, and their cart token's orders of no user (a guest's, which
 * a diner logging in in that browser takes over); neither -> none. An order of a user is never matched
 * by the token alone: after a sign-out the browser's next guest or diner does not see it.
 */
export function ownedBy(caller: Caller) {
  const byToken = caller.cartToken
    ? and(isNull(orders.userId), eq(orders.cartToken, caller.cartToken))
    : undefined;
  const byUser = caller.user ? eq(orders.userId, caller.user.id) : undefined;
  if (byToken && byUser) return or(byToken, byUser)!;
  return byToken ?? byUser ?? sql`false`;
}

export async function loadOwnedOrder(
  db: DbOrTx,
  caller: Caller,
  orderId: number,
  lock = false,
): Promise<OrderRow> {
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), ownedBy(caller)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  // Another diner's order is reported as not found, not forbidden: ids reveal nothing.
  return row ?? fail(MESSAGE.notFound);
}

/**
 * The contract's view of orders, items, restaurants and table labels loaded in four queries. One
 * after the other: inside a transaction they share one connection, which runs one query at a time
 * (node-postgres deprecates queueing a query on a busy client).
 */
export async function orderViews(db: DbOrTx, rows: OrderRow[], t: Caller['t'], lang: Caller['lang']) {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const tableIds = [...new Set(rows.flatMap((row) => (row.tableId === null ? [] : [row.tableId])))];
  const items = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids))
    .orderBy(orderItems.id);
  const names = await db
    .select({
      id: restaurants.id,
      nameid: restaurants.nameid,
      name: restaurants.name,
      timeZone: restaurants.timeZone,
    })
    .from(restaurants)
    .where(inArray(restaurants.id, [...new Set(rows.map((row) => row.restaurantId))]));
  // The table's name as the restaurant labels it ('Table 3'), the words the menu showed for it.
  const tables =
    tableIds.length === 0
      ? []
      : await db
          .select({ id: diningTables.id, label: diningTables.displayName })
          .from(diningTables)
          .where(inArray(diningTables.id, tableIds));
  // The status history (the order tracker's step times): events that set a status, not those that
  // keep it (a declined item, a kitchen tap, a payment).
  const history = await db
    .select({ orderId: orderEvents.orderId, status: orderEvents.toStatus, at: orderEvents.createdAt })
    .from(orderEvents)
    .where(
      and(
        inArray(orderEvents.orderId, ids),
        isNotNull(orderEvents.toStatus),
        or(isNull(orderEvents.fromStatus), ne(orderEvents.fromStatus, orderEvents.toStatus)),
      ),
    )
    .orderBy(orderEvents.id);
  return rows.map((row) => {
    const restaurant = names.find((r) => r.id === row.restaurantId);
    const status = row.status as OrderStatus;
    const orderType = row.orderType as OrderTypeCode;
    return {
      order_id: row.id,
      fc_order_id: row.fcOrderId,
      restaurant_id: row.restaurantId,
      nameid: restaurant?.nameid ?? '',
      restaurant_name: pick(restaurant?.name, lang),
      time_zone: restaurant?.timeZone ?? 'UTC',
      order_type: orderType,
      pickup_type: row.pickupType,
      order_time: row.orderTime === 'SCHEDULED' ? ('SCHEDULED' as const) : ('ASAP' as const),
      scheduled_epoch: row.scheduledAt ? Math.floor(row.scheduledAt.getTime() / 1000) : null,
      table_no: row.tableNo,
      queue_no: row.queueNo,
      kiosk_ticket: row.kioskTicket,
      table_label: tables.find((table) => table.id === row.tableId)?.label ?? null,
      status,
      status_key: orderStatusWordingKey(status, orderType),
      payment_status: row.paymentStatus,
      payment_mode: row.paymentMode,
      prepay: row.prepay,
      currency: row.currency as 'MYR' | 'IDR',
      total: row.total,
      bill: labelledBill(row.bill as never, t),
      items: items
        .filter((item) => item.orderId === row.id)
        .map((item) => ({
          order_item_id: item.id,
          item_id: item.itemId,
          name: pick(item.name, lang),
          quantity: item.quantity,
          unit_price: item.unitPrice,
          options: item.options.map((o) => ({
            group_id: o.groupId,
            option_id: o.optionId,
            price: o.price,
            // Lines ordered before names were kept show the option's id.
            name: o.name ? pick(o.name, lang) : o.optionId,
            group_name: o.group ? pick(o.group, lang) : o.groupId,
          })),
          notes: item.notes,
          status: item.status === 'declined' ? ('declined' as const) : ('active' as const),
          batch: item.batch,
        })),
      special_note: row.specialNote,
      created_epoch: Math.floor(row.createdAt.getTime() / 1000),
      can_cancel: canDinerCancel(status),
      paid_amount: row.paidAmount,
      status_history: history
        .filter((event) => event.orderId === row.id && event.status !== null)
        .map((event) => ({ status: event.status!, at: Math.floor(event.at.getTime() / 1000) })),
    };
  });
}

/** Metres between two [lng, lat] points (haversine). */
function distanceMetres([lng1, lat1]: [number, number], [lng2, lat2]: [number, number]): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 6_371_000 * 2 * Math.asin(Math.sqrt(a));
}

export interface CreateOrderInput {
  scope: string;
  payment_mode: 'online' | 'pay_later' | 'cash_kiosk';
  /** Spec §4 'More items added': the caller's running order the cart's items join as a new batch. */
  add_to_order_id?: number | undefined;
  accept_prices?: boolean | undefined;
  use_loyalty?: boolean | undefined;
}

/**
 * Places the caller's cart as orders (one per outlet; a food-court order above them), in one
 * transaction with the cart row locked, so two concurrent creates for one cart make exactly one
 * order. With an Idempotency-Key the same key returns the same reply and a different body is refused.
 */
export async function createOrder(
  ctx: AppContext,
  caller: Caller,
  input: CreateOrderInput,
  variant: 'any' | 'foodcourt' | 'scheduled',
  /** The diner's table ticket (table-tickets.ts): a dine-in order needs the one of its table. */
  tableTicket?: string,
) {
  const claim = {
    scope: `order:${caller.user?.id ?? caller.cartToken}`,
    key: caller.idempotencyKey,
    requestHash: hashBody({ variant, ...input }),
  };
  const created: LiveEvent[] = [];
  const reply = await ctx.db.transaction((tx) =>
    onceForKey<PlacedOrder>(tx, claim, (storeReply) =>
      placeCart(ctx, tx, caller, input, variant, { afterCommit: created, storeReply, tableTicket }),
    ),
  );
  // After the commit, so creates do not queue on PostgreSQL's notify lock (LiveEvents.publishCommitted).
  ctx.events.publishCommitted(created);
  return reply;
}

/** The reply of an order create. */
export interface PlacedOrder {
  order_id: number;
  order_ids: number[];
  fc_order_id: number | null;
  amount: number;
  currency: 'MYR' | 'IDR';
  order_type: OrderTypeCode;
  pickup_type: 'takeaway' | 'pickup' | null;
  prepay: boolean;
  pay_later_flag: '0' | '1';
  /** The batch the items joined, when they were added to a running order (spec §4). */
  batch?: number;
}

/**
 * Places the caller's cart as orders (see `createOrder`), inside the caller's transaction. The
 * `order.created` events are published in the transaction, or, given `afterCommit`, left there for
 * the caller to send once it has committed; `storeReply` (from `onceForKey`) joins the last writes.
 */
export async function placeCart(
  ctx: AppContext,
  tx: DbOrTx,
  caller: Caller,
  input: CreateOrderInput,
  variant: 'any' | 'foodcourt' | 'scheduled',
  hooks: { afterCommit?: LiveEvent[]; storeReply?: StoreReply<PlacedOrder>; tableTicket?: string } = {},
): Promise<PlacedOrder> {
  const now = ctx.now();
  const target = await cachedScope(ctx, tx, input.scope);
  if (variant === 'foodcourt' && target.kind !== 'mall') fail(MESSAGE.invalidInput);
  const cart = await cartFor(ctx, tx, caller, target, true);
  // Spec §8 'Menu items are being updated': a menu publish in progress (services/staff-menu.ts
  // `publishMenuChange`) holds creates off; read FOR SHARE, so a publish's claim waits for this create,
  // which then reads the dishes below wholly before the change. Nothing is written: the cart stays.
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
  const lines = await pricedLines(tx, cart.id, caller.lang);
  if (lines.length === 0) return fail(MESSAGE.cartEmpty);
  if (lines.some((line) => !line.available)) fail(MESSAGE.itemsNotAvailable);
  if (lines.some((line) => line.priceChanged) && !input.accept_prices) fail(MESSAGE.priceWarning);

  const context = cart.context as {
    orderTime?: string;
    epoch?: number;
    tableId?: number;
    tableNo?: string;
    address?: { location?: [number, number] };
    /** Set only by the kiosk service (services/kiosk.ts): the counter kiosk taking the order. */
    kioskDeviceId?: string;
  };
  if (!('orderType' in cart.context)) fail(MESSAGE.selectOrderType);
  // A delivery of vouchers only is placed as takeaway, with takeaway's table (spec §4, @santap/domain).
  const placed = placedContext(
    { ...cartOrderType(cart, target), tableNo: cart.context.tableNo as string | undefined },
    lines.map((line) => ({ isVoucher: line.isVoucher })),
  );
  const { orderType, pickupType } = placed;
  const scheduled = context.orderTime === 'SCHEDULED';
  if (variant === 'scheduled' && !scheduled) fail(MESSAGE.invalidSlot);
  if (scheduled && input.payment_mode !== 'online') fail(MESSAGE.scheduledMustPrepay);
  // 'Cash kiosk' is paid at the counter of the kiosk that took the order. A diner's cart never names a
  // device (setCartContext stores none), so a diner choosing it would get an unpaid order where pay
  // later is off.
  if (input.payment_mode === 'cash_kiosk') {
    const [device] = context.kioskDeviceId
      ? await tx
          .select({ active: kioskDevices.active })
          .from(kioskDevices)
          .where(eq(kioskDevices.id, context.kioskDeviceId))
      : [];
    if (!device?.active) fail(MESSAGE.paymentMethodNotOffered);
  }

  const outletIds = [...new Set(lines.map((line) => line.restaurantId))];
  const outlets = target.outlets.filter((outlet) => outletIds.includes(outlet.id));
  for (const outlet of outlets) {
    if (!outlet.acceptingOrders) fail(MESSAGE.restaurantNotTakingOrders);
    // The kitchen paused new orders for a while (`pauseOrders` of services/staff.ts).
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
  let tableId: number | null = null;
  if (orderType === ORDER_TYPE.DINE_IN) {
    // A counter kiosk's dine-in order has no table: its queue number is called at the counter.
    if (context.tableId === undefined && !context.kioskDeviceId) fail(MESSAGE.wrongTable);
    tableId = context.tableId ?? null;
    // A diner orders at a table only with the ticket of its scan; a kiosk's order is the kiosk's own.
    if (tableId !== null && !context.kioskDeviceId) {
      requireTableTicket(
        ctx,
        hooks.tableTicket,
        target.kind === 'mall'
          ? { mallId: target.mall.id, tableId }
          : { restaurantId: target.restaurant.id, tableId },
      );
    }
  }

  // Spec §4 'More items added': the items join the caller's running order as its next batch, paid
  // (or not) the way that order is (services/order-batches.ts).
  if (input.add_to_order_id !== undefined) {
    const running = await loadOwnedOrder(tx, caller, input.add_to_order_id, true);
    const added = await addBatch(
      ctx,
      tx,
      { order: running, cart, target, lines, orderType, pickupType, tableId, scheduled, lang: caller.lang },
      hooks.afterCommit,
    );
    const reply: PlacedOrder = {
      order_id: added.orderId,
      order_ids: [added.orderId],
      fc_order_id: running.fcOrderId,
      amount: added.owed,
      currency: running.currency as 'MYR' | 'IDR',
      order_type: running.orderType as OrderTypeCode,
      pickup_type: (running.pickupType as 'takeaway' | 'pickup' | null) ?? null,
      prepay: added.prepay,
      pay_later_flag: added.paymentMode === 'online' ? '0' : '1',
      batch: added.batch,
    };
    const storeReply = hooks.storeReply?.(reply);
    if (storeReply) await tx.execute(storeReply.getSQL());
    return reply;
  }

  // Spec §5: only one running dine-in or takeaway order across different restaurants; the outlets of
  // one food court are one place (the same rule as the pre-check, `runningOrdersElsewhere`).
  const kind = runningOrderKind({ orderType, pickupType });
  if (kind) {
    const [conflict] = runningOrderConflicts(
      await runningOrdersWithPlace(tx, caller),
      outlets.map(placeOf),
      kind,
    );
    if (conflict) fail(conflict.message);
  }

  const cash = input.payment_mode !== 'online';
  // A paid table booking's token comes off the diner's dine-in bill there on the booking's day (§9).
  const deposit = await depositForOrder(tx, {
    userId: caller.user?.id ?? null,
    target,
    orderType,
    now,
    lock: true,
  });
  // Coupons, referral and cashback: rows locked and every rule re-checked (services/promotions.ts).
  const bills = await cartBills(tx, cart, target, lines, {
    now,
    cash,
    deposit,
    promotions: {
      userId: caller.user?.id ?? null,
      userActive: caller.user?.status === 'ACTIVE',
      useLoyalty: input.use_loyalty ?? cartWantsLoyalty(cart),
      strict: true,
      lang: caller.lang,
    },
  });
  const currency = currencyOf(target);
  const total = bills.reduce((sum, b) => sum + b.bill.total, 0);
  let fcOrderId: number | null = null;
  if (target.kind === 'mall') {
    const [fc] = await tx
      .insert(foodCourtOrders)
      .values({
        mallId: target.mall.id,
        userId: caller.user?.id ?? null,
        cartToken: cart.token,
        total,
        currency,
      })
      .returning({ id: foodCourtOrders.id });
    fcOrderId = fc?.id ?? null;
  }
  const prepay = input.payment_mode === 'online';
  const status = scheduled ? ORDER_STATUS.SCHEDULED : ORDER_STATUS.WAITING_CONFIRMATION;
  // Round trips are most of an order's cost: one insert for the outlets' orders, then one statement
  // for all their items and events, the emptied cart and the idempotency key's stored reply.
  const inserted = await tx
    .insert(orders)
    .values(
      bills.map(({ restaurant, bill }) => ({
        fcOrderId,
        restaurantId: restaurant.id,
        userId: caller.user?.id ?? null,
        cartToken: cart.token,
        orderType,
        pickupType: pickupType ?? null,
        orderTime: scheduled ? 'SCHEDULED' : 'ASAP',
        scheduledAt: scheduled && context.epoch !== undefined ? new Date(context.epoch * 1000) : null,
        tableId,
        tableNo: placed.tableNo ?? null,
        status,
        paymentStatus: 'unpaid',
        paymentMode: input.payment_mode,
        prepay,
        currency,
        subtotal: bill.subtotal,
        total: bill.total,
        bill: bill as unknown as Record<string, unknown>,
        specialNote: cart.specialNote,
        address: (context.address as Record<string, unknown> | undefined) ?? null,
        kioskDeviceId: context.kioskDeviceId ?? null,
        reservationId: deposit?.restaurantId === restaurant.id ? deposit.reservationId : null,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: orders.id, restaurantId: orders.restaurantId });
  // One order per outlet: the outlet tells which id is whose.
  const orderIds = bills.map(
    ({ restaurant }) =>
      inserted.find((row) => row.restaurantId === restaurant.id)?.id ?? fail(MESSAGE.somethingWentWrong),
  );
  await recordPromotions(tx, {
    placed: bills.map(({ bill, promotion }, index) => ({ orderId: orderIds[index]!, bill, promotion })),
    fcOrderId,
    userId: caller.user?.id ?? null,
    now,
  });
  const settings = settingsOf(outlets[0] ?? target.outlets[0]!);
  const reply: PlacedOrder = {
    order_id: orderIds[0]!,
    order_ids: orderIds,
    fc_order_id: fcOrderId,
    amount: total,
    currency,
    order_type: orderType,
    pickup_type: pickupType ?? null,
    prepay,
    pay_later_flag: kind === 'takeaway' && settings.takeawayPayLater ? '1' : '0',
  };
  const storeReply = hooks.storeReply?.(reply);
  await writeTogether(tx, [
    tx.insert(orderItems).values(
      bills.flatMap(({ lines: own }, index) =>
        own.map((line) => ({
          orderId: orderIds[index]!,
          itemId: line.itemId,
          // Every language, so history reads right after a language switch or a menu edit.
          name: line.names,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          // Option names too, as the menu has them now: a later menu edit does not rewrite history.
          options: line.options.map(({ groupId, optionId, price, names, group }) => ({
            groupId,
            optionId,
            price,
            name: names,
            group,
          })),
          notes: line.notes,
        })),
      ),
    ),
    tx.insert(orderEvents).values(
      orderIds.map((orderId) => ({
        orderId,
        kind: 'created',
        toStatus: status,
        actor: 'diner',
        createdAt: now,
      })),
    ),
    tx.delete(cartItems).where(eq(cartItems.cartId, cart.id)),
    ...(storeReply ? [storeReply] : []),
    tx
      .update(carts)
      .set({
        discountCode: null,
        specialNote: null,
        // The food-court coupons and cashback choice go with the order (services/coupons.ts).
        details: sql`${carts.details} - 'outletCoupons' - 'couponExcluded' - 'useLoyalty'`,
        updatedAt: now,
      })
      .where(eq(carts.id, cart.id)),
  ]);
  const events = bills.map(({ restaurant }, index): LiveEvent => {
    const orderId = orderIds[index]!;
    return {
      topics: [`restaurant:${restaurant.id}`, `order:${orderId}`],
      type: 'order.created',
      data: { order_id: orderId, restaurant_id: restaurant.id },
    };
  });
  if (hooks.afterCommit) hooks.afterCommit.push(...events);
  else for (const event of events) await ctx.events.publish(tx, event);
  return reply;
}

/** Statuses of an order the restaurant has not taken on yet (waiting for confirmation, scheduled). */
const AWAITING_RESTAURANT: readonly OrderStatus[] = [
  ORDER_STATUS.WAITING_CONFIRMATION,
  ORDER_STATUS.SCHEDULED,
];
/** Where an order may go from there whatever its payment: it ends. */
const ENDINGS: readonly OrderStatus[] = [ORDER_STATUS.DECLINED, ORDER_STATUS.CANCELLED, ORDER_STATUS.DELETED];

/**
 * An order paid before the restaurant takes it on (spec §4 "Scheduled orders must be paid first";
 * prepay): a scheduled order, or one placed to pay online. Pay later and cash orders are paid after.
 */
export function paidFirst(order: Pick<OrderRow, 'orderTime' | 'prepay' | 'paymentMode'>): boolean {
  return order.orderTime === 'SCHEDULED' || order.prepay || order.paymentMode === 'online';
}

/**
 * Moves an order to a new status along the domain transition table, recording and publishing it. An
 * order to be paid first leaves its waiting state unpaid only to end (declined, cancelled, deleted):
 * accepting it is refused until it is paid (`errors.orderAwaitingPayment`).
 */
export async function transitionOrder(
  ctx: AppContext,
  tx: DbOrTx,
  order: OrderRow,
  to: OrderStatus,
  actor: string,
) {
  const from = order.status as OrderStatus;
  if (!canTransition(from, to, { orderType: order.orderType as OrderTypeCode }))
    fail(MESSAGE.invalidTransition);
  // A batch added to an order paid first is confirmed once what it added is paid too (spec §4).
  if (
    (AWAITING_RESTAURANT.includes(from) || from === ORDER_STATUS.MORE_ITEMS_ADDED) &&
    !ENDINGS.includes(to) &&
    paidFirst(order) &&
    order.paymentStatus !== 'paid'
  ) {
    fail(MESSAGE.orderAwaitingPayment);
  }
  const now = ctx.now();
  const acceptedAt = !isAccepted(from) && isAccepted(to) ? now : order.acceptedAt;
  await tx.update(orders).set({ status: to, acceptedAt, updatedAt: now }).where(eq(orders.id, order.id));
  await afterOrderStatusChange(tx, order, to, now);
  await tx
    .insert(orderEvents)
    .values({ orderId: order.id, kind: 'status', fromStatus: from, toStatus: to, actor, createdAt: now });
  await ctx.events.publish(tx, {
    topics: [
      `order:${order.id}`,
      `restaurant:${order.restaurantId}`,
      ...(order.fcOrderId ? [`fc:${order.fcOrderId}`] : []),
    ],
    type: 'order.status',
    data: {
      order_id: order.id,
      status: to,
      status_key: orderStatusWordingKey(to, order.orderType as OrderTypeCode),
    },
  });
  // A cancelled, declined or deleted order gets its captured money back (refund after commit).
  await refundEndedOrder(ctx, tx, order, to);
  // Its diner's WhatsApp update, if they agreed: queued here, sent after the commit (outbox).
  await queueOrderUpdate(ctx, tx, order, to);
}

export async function cancelOrder(ctx: AppContext, caller: Caller, orderId: number) {
  return ctx.db.transaction(async (tx) => {
    const order = await loadOwnedOrder(tx, caller, orderId, true);
    if (!canDinerCancel(order.status as OrderStatus)) fail(MESSAGE.cancelNotAllowed);
    await transitionOrder(ctx, tx, order, ORDER_STATUS.CANCELLED, 'diner');
    const [fresh] = await tx.select().from(orders).where(eq(orders.id, order.id));
    return (await orderViews(tx, [fresh!], caller.t, caller.lang))[0]!;
  });
}

/** Where an outlet is, for the running-order rule: itself, and its food court if it is an outlet of one. */
export const placeOf = (restaurant: { id: number; mallId: number | null }): OrderPlace => ({
  restaurantId: restaurant.id,
  foodCourtId: restaurant.mallId,
});

/**
 * The caller's running dine-in and takeaway orders, each with its place (restaurant and food court):
 * what the one-running-order rule of spec §5 reads, for the create and its pre-check alike.
 */
export async function runningOrdersWithPlace(db: DbOrTx, caller: Caller) {
  const rows = await db
    .select({ order: orders, mallId: restaurants.mallId })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .where(
      and(
        ownedBy(caller),
        notInArray(orders.status, TERMINAL_STATUSES),
        or(
          eq(orders.orderType, ORDER_TYPE.DINE_IN),
          and(eq(orders.orderType, ORDER_TYPE.PICKUP), eq(orders.pickupType, 'takeaway')),
        ),
      ),
    )
    .orderBy(desc(orders.id));
  return rows.map(({ order, mallId }) => ({
    row: order,
    status: order.status as OrderStatus,
    orderType: order.orderType as OrderTypeCode,
    pickupType: order.pickupType,
    place: placeOf({ id: order.restaurantId, mallId }),
  }));
}

const TERMINAL_STATUSES = ORDER_STATUSES.filter((status) => !isRunningOrder(status));

export async function runningOrdersOf(db: DbOrTx, caller: Caller) {
  const rows = await db.select().from(orders).where(ownedBy(caller)).orderBy(desc(orders.id)).limit(100);
  return rows.filter((row) => isRunningOrder(row.status as OrderStatus));
}
