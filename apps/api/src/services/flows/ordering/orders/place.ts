/** Ordering: placing a cart as orders (spec §4), a short walk of named steps. */
import { eq, sql } from 'drizzle-orm';
import { MESSAGE, ORDER_STATUS } from '@santap/domain';
import type { OrderTypeCode } from '@santap/domain';
import { writeTogether } from '../../../../db/client';
import type { DbOrTx } from '../../../../db/client';
import { cartItems, carts, foodCourtOrders, orderEvents, orderItems, orders } from '../../../../db/schema';
import type { AppContext } from '../../../context';
import type { Caller } from '../../../../lib/caller';
import { fail } from '../../../../lib/errors';
import { claimKey, storedReply } from '../../../../lib/idempotency';
import type { ClaimedKey } from '../../../../lib/idempotency';
import { cachedScope, cartBills, cartFor, currencyOf } from '../cart';
import type { LiveEvent } from '../../../../lib/live-events';
import { addBatch } from './batches';
import { keptOptions } from '../pricing';
import { depositForOrder } from '../../reservations/deposit';
import { cartWantsLoyalty, recordPromotions } from '../../promotions/bills';
import { settingsOf } from '../../../model/restaurants';
import { hashBody } from '../../accounts/tokens';
import { checkEligibility, refuseRunningElsewhere } from './eligibility';
import type { CreateOrderInput, EligibleOrder } from './eligibility';
import type { CartRow, ScopeTarget } from '../../../model/carts';
import { loadOwnedOrder } from '../../../model/orders';
import { attachOrderToTab, noteTabRound } from '../../../model/tabs';
import { readTableTicket } from '../../tables/tickets';

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
  /** The diner's table ticket (services/flows/tables/tickets.ts): a dine-in order needs the one of its table. */
  tableTicket?: string,
) {
  const claim = {
    scope: `order:${caller.user?.id ?? caller.cartToken}`,
    key: caller.idempotencyKey,
    requestHash: hashBody({ variant, ...input }),
  };
  const created: LiveEvent[] = [];
  const reply = await ctx.metrics.timeOrderCreate(variant === 'any' ? 'diner' : variant, () =>
    ctx.db.transaction(async (tx) => {
      const key = await claimKey<PlacedOrder>(tx, claim);
      if (key.replay) return key.reply;
      return placeCart(ctx, tx, caller, input, variant, {
        afterCommit: created,
        claimed: key.claimed,
        tableTicket,
      });
    }),
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

/** What every step of placing a cart reads: who, the locked cart, where, what was asked, what passed. */
interface Placing {
  caller: Caller;
  cart: CartRow;
  target: ScopeTarget;
  input: CreateOrderInput;
  order: EligibleOrder;
}

/** The items join the caller's running order as its next batch (spec §4 'More items added'). */
async function addToRunningOrder(
  ctx: AppContext,
  tx: DbOrTx,
  placing: Placing & { orderId: number },
  afterCommit: LiveEvent[] | undefined,
): Promise<PlacedOrder> {
  const { caller, cart, target, order } = placing;
  const running = await loadOwnedOrder(tx, caller, placing.orderId, true);
  const added = await addBatch(
    ctx,
    tx,
    { ...order, order: running, cart, target, lang: caller.lang },
    afterCommit,
  );
  await noteTabRound(ctx, tx, running, afterCommit);
  return {
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
}

/**
 * Each outlet's bill: the paid table booking's token off a dine-in bill there on the booking's day
 * (§9), coupons, referral and cashback with their rows locked and every rule re-checked
 * (services/flows/promotions/bills.ts).
 */
async function billsToPlace(tx: DbOrTx, placing: Placing, now: Date) {
  const { caller, cart, target, input, order } = placing;
  const userId = caller.user?.id ?? null;
  const deposit = await depositForOrder(tx, { userId, target, orderType: order.orderType, now, lock: true });
  const bills = await cartBills(tx, cart, target, order.lines, {
    now,
    cash: input.payment_mode !== 'online',
    deposit,
    promotions: {
      userId,
      userActive: caller.user?.status === 'ACTIVE',
      useLoyalty: input.use_loyalty ?? cartWantsLoyalty(cart),
      strict: true,
      lang: caller.lang,
    },
  });
  return { bills, deposit };
}

type PlacedBills = Awaited<ReturnType<typeof billsToPlace>>;

/** A food court's order above its outlets' orders (one payment for all), or none for a restaurant. */
async function insertFoodCourtOrder(
  tx: DbOrTx,
  placing: Pick<Placing, 'caller' | 'cart' | 'target'>,
  total: number,
): Promise<number | null> {
  const { caller, cart, target } = placing;
  if (target.kind !== 'mall') return null;
  const [fc] = await tx
    .insert(foodCourtOrders)
    .values({
      mallId: target.mall.id,
      userId: caller.user?.id ?? null,
      cartToken: cart.token,
      total,
      currency: currencyOf(target),
    })
    .returning({ id: foodCourtOrders.id });
  return fc?.id ?? null;
}

/** One order per outlet, in one insert; answers their ids in the bills' order. */
async function insertOrders(
  tx: DbOrTx,
  placing: Placing,
  { bills, deposit }: PlacedBills,
  fcOrderId: number | null,
  now: Date,
): Promise<number[]> {
  const { caller, cart, target, input, order } = placing;
  const inserted = await tx
    .insert(orders)
    .values(
      bills.map(({ restaurant, bill }) => ({
        fcOrderId,
        restaurantId: restaurant.id,
        userId: caller.user?.id ?? null,
        cartToken: cart.token,
        orderType: order.orderType,
        pickupType: order.pickupType ?? null,
        orderTime: order.scheduled ? 'SCHEDULED' : 'ASAP',
        scheduledAt:
          order.scheduled && order.context.epoch !== undefined ? new Date(order.context.epoch * 1000) : null,
        tableId: order.tableId,
        tableNo: order.tableNo ?? null,
        status: statusOf(order),
        paymentStatus: 'unpaid',
        paymentMode: input.payment_mode,
        prepay: input.payment_mode === 'online',
        currency: currencyOf(target),
        subtotal: bill.subtotal,
        total: bill.total,
        bill,
        specialNote: cart.specialNote,
        address: (order.context.address as Record<string, unknown> | undefined) ?? null,
        kioskDeviceId: order.context.kioskDeviceId ?? null,
        reservationId: deposit?.restaurantId === restaurant.id ? deposit.reservationId : null,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: orders.id, restaurantId: orders.restaurantId });
  // One order per outlet: the outlet tells which id is whose.
  return bills.map(
    ({ restaurant }) =>
      inserted.find((row) => row.restaurantId === restaurant.id)?.id ?? fail(MESSAGE.somethingWentWrong),
  );
}

/**
 * A dine-in order placed now at a restaurant's table goes on the table's tab (docs/tabs.md, Joining;
 * `attachOrderToTab`): whether the diner's ticket came from a dynamic QR's scan (its `d` flag) decides
 * whether they may join an open tab they are not on. A scheduled order is not at the table yet.
 */
async function joinTab(
  ctx: AppContext,
  tx: DbOrTx,
  { caller, target, order }: Placing,
  orderId: number,
  fcOrderId: number | null,
  hooks: { afterCommit?: LiveEvent[]; tableTicket?: string },
) {
  if (target.kind !== 'restaurant' || order.scheduled) return;
  const held = readTableTicket(ctx, hooks.tableTicket);
  const dynamicScan = held !== null && 'dynamic' in held && held.dynamic === true;
  await attachOrderToTab(
    ctx,
    tx,
    {
      id: orderId,
      restaurantId: target.restaurant.id,
      tableId: order.tableId,
      orderType: order.orderType,
      fcOrderId,
    },
    caller,
    { dynamicScan, ...(hooks.afterCommit ? { afterCommit: hooks.afterCommit } : {}) },
  );
}

const statusOf = (order: EligibleOrder) =>
  order.scheduled ? ORDER_STATUS.SCHEDULED : ORDER_STATUS.WAITING_CONFIRMATION;

/**
 * The rest in one statement (round trips are most of an order's cost): the orders' items and
 * 'created' events, the emptied cart and the idempotency key's stored reply.
 */
async function writeLinesAndEmptyCart(
  tx: DbOrTx,
  placing: Pick<Placing, 'cart' | 'order'>,
  bills: PlacedBills['bills'],
  orderIds: number[],
  storeReply: ReturnType<typeof storedReply> | undefined,
  now: Date,
) {
  const { cart, order } = placing;
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
          options: keptOptions(line),
          notes: line.notes,
        })),
      ),
    ),
    tx.insert(orderEvents).values(
      orderIds.map((orderId) => ({
        orderId,
        kind: 'created',
        toStatus: statusOf(order),
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
        // The food-court coupons and cashback choice go with the order (services/flows/promotions/coupons.ts).
        details: sql`${carts.details} - 'outletCoupons' - 'couponExcluded' - 'useLoyalty'`,
        updatedAt: now,
      })
      .where(eq(carts.id, cart.id)),
  ]);
}

/** `order.created` for each outlet's kitchen and order page: in the transaction, or after its commit. */
async function announceCreated(
  ctx: AppContext,
  tx: DbOrTx,
  bills: PlacedBills['bills'],
  orderIds: number[],
  afterCommit: LiveEvent[] | undefined,
) {
  const events = bills.map(({ restaurant }, index): LiveEvent => {
    const orderId = orderIds[index]!;
    return {
      topics: [`restaurant:${restaurant.id}`, `order:${orderId}`],
      type: 'order.created',
      data: { order_id: orderId, restaurant_id: restaurant.id },
    };
  });
  if (afterCommit) afterCommit.push(...events);
  else for (const event of events) await ctx.events.publish(tx, event);
}

/**
 * Places the caller's cart as orders (see `createOrder`), inside the caller's transaction: the cart
 * locked, every check (eligibility.ts), then either a batch on a running order or the bills, the
 * orders, their promotions, lines and events. The `order.created` events are published in the
 * transaction, or, given `afterCommit`, left there for the caller to send once it has committed;
 * the claimed idempotency key's reply joins the last writes.
 */
export async function placeCart(
  ctx: AppContext,
  tx: DbOrTx,
  caller: Caller,
  input: CreateOrderInput,
  variant: 'any' | 'foodcourt' | 'scheduled',
  hooks: { afterCommit?: LiveEvent[]; claimed?: ClaimedKey | null; tableTicket?: string } = {},
): Promise<PlacedOrder> {
  const now = ctx.now();
  const target = await cachedScope(ctx, tx, input.scope);
  if (variant === 'foodcourt' && target.kind !== 'mall') fail(MESSAGE.invalidInput);
  const cart = await cartFor(ctx, tx, caller, target, true);
  const order = await checkEligibility(ctx, tx, {
    caller,
    cart,
    target,
    input,
    variant,
    tableTicket: hooks.tableTicket,
    now,
  });
  const placing = { caller, cart, target, input, order };

  if (input.add_to_order_id !== undefined) {
    const reply = await addToRunningOrder(
      ctx,
      tx,
      { ...placing, orderId: input.add_to_order_id },
      hooks.afterCommit,
    );
    if (hooks.claimed) await storedReply(tx, hooks.claimed, reply);
    return reply;
  }

  const kind = await refuseRunningElsewhere(tx, caller, order);
  const billed = await billsToPlace(tx, placing, now);
  const total = billed.bills.reduce((sum, b) => sum + b.bill.total, 0);
  const fcOrderId = await insertFoodCourtOrder(tx, placing, total);
  const orderIds = await insertOrders(tx, placing, billed, fcOrderId, now);
  await joinTab(ctx, tx, placing, orderIds[0]!, fcOrderId, hooks);
  await recordPromotions(tx, {
    placed: billed.bills.map(({ bill, promotion }, index) => ({
      orderId: orderIds[index]!,
      bill,
      promotion,
    })),
    fcOrderId,
    userId: caller.user?.id ?? null,
    now,
  });
  const settings = settingsOf(order.outlets[0] ?? target.outlets[0]!);
  const reply: PlacedOrder = {
    order_id: orderIds[0]!,
    order_ids: orderIds,
    fc_order_id: fcOrderId,
    amount: total,
    currency: currencyOf(target),
    order_type: order.orderType,
    pickup_type: order.pickupType ?? null,
    prepay: input.payment_mode === 'online',
    pay_later_flag: kind === 'takeaway' && settings.takeawayPayLater ? '1' : '0',
  };
  const storeReply = hooks.claimed ? storedReply(tx, hooks.claimed, reply) : undefined;
  await writeLinesAndEmptyCart(tx, placing, billed.bills, orderIds, storeReply, now);
  await announceCreated(ctx, tx, billed.bills, orderIds, hooks.afterCommit);
  return reply;
}
