/**
 * Kiosk orders (spec §7 'kiosk offline orders'; README: Counter kiosks): a kiosk's guest order is placed
 * through the same path as a diner's cart (`placeCart`: every line checked, the bill from `computeBill`, one
 * order per outlet under a food-court order), from a throwaway cart of its own filled in the same
 * transaction. Rules kept here:
 *
 * - Exactly once: the Idempotency-Key is required (the kiosk makes it when the order is taken) and
 *   claimed with `onceForKey`, the machinery of order create, scoped to the device.
 * - An order taken offline is posted later with its taken-at time: the checks (open hours) and the
 *   order's time use that instant; older than a day it is refused ('errors.kioskOrderTooOld').
 * - Every outlet order gets a queue number, unique per restaurant and local day, under a
 *   transaction-scoped advisory lock per restaurant (concurrent kiosks never share a number).
 * - 'Cash kiosk' goes to the kitchen as pay at the counter; 'online' waits for the QR payment.
 */
import { and, desc, eq, inArray, isNotNull, or, sql, TransactionRollbackError } from 'drizzle-orm';
import type { kiosk } from '@santap/contract';
import { MESSAGE, ORDER_TYPE, createCartToken, kioskTicketCode, orderStatusWordingKey } from '@santap/domain';
import type { OrderStatus, OrderTypeCode } from '@santap/domain';
import type { DbOrTx } from '../../../db/client';
import { carts, foodCourtOrders, orderEvents, orders, payments, restaurants } from '../../../db/schema';
import type { AppContext } from '../../context';
import type { Caller } from '../../../lib/caller';
import { fail } from '../../../lib/errors';
import { cartBills, cartFor, currencyOf, pricedLines, sumBills, updateCartLine } from '../ordering/cart';
import { resolveScope } from '../../model/carts';
import { kioskOffer } from './devices';
import type { KioskDevice } from './devices';
import { placeCart } from '../ordering/orders';
import { onceForKey } from '../../../lib/idempotency';
import type { IdempotencyClaim } from '../../../lib/idempotency';
import { pageStateOf, resultOf } from '../payments/model';
import type { PaymentState } from '../payments/model';
import { initiatePayment } from '../payments/service';
import { labelledBill } from '../ordering/pricing';
import { pick } from '../../model/restaurants';
import { hashBody } from '../accounts/tokens';

type KioskOrderBody = kiosk.KioskOrderBody;

/** An order taken offline is accepted for this long after it was taken. */
export const KIOSK_ORDER_MAX_AGE_SECONDS = 24 * 60 * 60;
/** Namespace of the queue-number advisory locks (the second key is the restaurant id). */
const QUEUE_LOCK_NAMESPACE = 7_240_306;

/**
 * Checks the order against what the kiosk offers, then fills a new guest cart (its own cart token)
 * with the lines, each checked like a diner's (`updateCartLine`: stock, option limits), and the order
 * context of a counter order: ASAP, no table, takeaway for pickup, the device in `kioskDeviceId`.
 */
async function fillKioskCart(
  ctx: AppContext,
  tx: DbOrTx,
  device: KioskDevice,
  caller: Caller,
  body: KioskOrderBody,
) {
  const offer = kioskOffer(device);
  if (!offer.orderTypes.includes(body.order_type)) fail(MESSAGE.orderTypeNotEnabled);
  const method = body.payment === 'cash_kiosk' ? 'Cash kiosk' : 'Wallet';
  if (!offer.paymentMethods.includes(method)) fail(MESSAGE.paymentMethodNotOffered);

  const buyer: Caller = { ...caller, cartToken: createCartToken(), user: null, idempotencyKey: undefined };
  const target = await resolveScope(tx, device.scope);
  const cart = await cartFor(ctx, tx, buyer, target, true);
  for (const line of body.items) {
    await updateCartLine(tx, cart, target, {
      item_id: line.item_id,
      quantity: line.quantity,
      selections: line.selections,
      notes: line.notes?.trim() || undefined,
    });
  }
  const pickup = body.order_type === ORDER_TYPE.PICKUP;
  const context = {
    orderType: body.order_type,
    orderTime: 'ASAP',
    ...(pickup ? { pickupType: 'takeaway', tableNo: 'pickup', table: 'Takeaway' } : {}),
    kioskDeviceId: device.id,
  };
  const specialNote = body.special_note?.trim() || null;
  await tx.update(carts).set({ context, specialNote }).where(eq(carts.id, cart.id));
  return { buyer, target, cart: { ...cart, context, specialNote } };
}

/** The bill of a kiosk cart as the order would have it; the cart is filled in a rolled-back transaction. */
export async function quoteKioskOrder(
  ctx: AppContext,
  device: KioskDevice,
  caller: Caller,
  body: KioskOrderBody,
) {
  let quote:
    | {
        bill: ReturnType<typeof labelledBill>;
        by_restaurant: { restaurant_id: number; bill: ReturnType<typeof labelledBill> }[];
      }
    | undefined;
  try {
    await ctx.db.transaction(async (tx) => {
      const { target, cart } = await fillKioskCart(ctx, tx, device, caller, body);
      const lines = await pricedLines(tx, cart.id, caller.lang);
      const bills = await cartBills(tx, cart, target, lines, {
        now: ctx.now(),
        cash: body.payment === 'cash_kiosk',
      });
      quote = {
        bill: labelledBill(sumBills(bills, currencyOf(target)), caller.t),
        by_restaurant: bills.map(({ restaurant, bill }) => ({
          restaurant_id: restaurant.id,
          bill: labelledBill(bill, caller.t),
        })),
      };
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  return quote ?? fail(MESSAGE.somethingWentWrong);
}

/**
 * The next queue number of each order's restaurant for the local day of `at` (the restaurant's time
 * zone), written to the orders. Restaurants are locked in id order, so two food-court orders over the
 * same outlets cannot deadlock.
 */
async function assignQueueNumbers(tx: DbOrTx, orderIds: number[], at: Date) {
  const rows = await tx
    .select({ id: orders.id, restaurantId: orders.restaurantId, timeZone: restaurants.timeZone })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .where(inArray(orders.id, orderIds))
    .orderBy(orders.restaurantId, orders.id);
  const instant = at.toISOString();
  for (const row of rows) {
    await tx.execute(sql`select pg_advisory_xact_lock(${QUEUE_LOCK_NAMESPACE}, ${row.restaurantId})`);
    const sameDay = sql`(${orders.createdAt} at time zone ${row.timeZone})::date = (${instant}::timestamptz at time zone ${row.timeZone})::date`;
    const [last] = await tx
      .select({ max: sql<number | string>`coalesce(max(${orders.queueNo}), 0)` })
      .from(orders)
      .where(and(eq(orders.restaurantId, row.restaurantId), isNotNull(orders.queueNo), sameDay));
    await tx
      .update(orders)
      .set({ queueNo: Number(last?.max ?? 0) + 1 })
      .where(eq(orders.id, row.id));
  }
}

/** The tickets (queue numbers) of orders, restaurant names in the caller's language. */
async function ticketsOf(db: DbOrTx, orderIds: number[], caller: Caller) {
  const rows = await db
    .select({
      id: orders.id,
      restaurantId: orders.restaurantId,
      queueNo: orders.queueNo,
      name: restaurants.name,
    })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .where(inArray(orders.id, orderIds))
    .orderBy(orders.id);
  return rows.map((row) => ({
    order_id: row.id,
    restaurant_id: row.restaurantId,
    restaurant_name: pick(row.name, caller.lang),
    queue_no: row.queueNo ?? 0,
  }));
}

/**
 * Places a kiosk order once per Idempotency-Key (see the file comment). The reply is stored with the
 * key, so a retry after a lost reply, or the same queued order sent twice, returns the same order.
 */
export async function placeKioskOrder(
  ctx: AppContext,
  device: KioskDevice,
  caller: Caller,
  body: KioskOrderBody,
) {
  const key = caller.idempotencyKey;
  if (!key) {
    return fail(MESSAGE.invalidInput, {}, [
      { part: 'headers', path: 'idempotency-key', message: 'required for kiosk orders' },
    ]);
  }
  const claim = { scope: `kiosk:${device.id}`, key, requestHash: hashBody(body) };
  return ctx.metrics.timeOrderCreate('kiosk', () => placeOnce(ctx, device, caller, body, claim));
}

/** The kiosk order's transaction: placed once for its key (see `placeKioskOrder`). */
function placeOnce(
  ctx: AppContext,
  device: KioskDevice,
  caller: Caller,
  body: KioskOrderBody,
  claim: IdempotencyClaim & { key: string },
) {
  return ctx.db.transaction((tx) =>
    onceForKey(tx, claim, async () => {
      const now = ctx.now();
      // A kiosk clock running ahead never dates an order in the future.
      const taken = new Date(Math.min(body.taken_epoch * 1000, now.getTime()));
      if (now.getTime() - taken.getTime() > KIOSK_ORDER_MAX_AGE_SECONDS * 1000)
        fail(MESSAGE.kioskOrderTooOld);
      const { buyer, target } = await fillKioskCart(ctx, tx, device, caller, body);
      const placed = await placeCart(
        { ...ctx, now: () => taken },
        tx,
        buyer,
        { scope: target.scope, payment_mode: body.payment, accept_prices: true, use_loyalty: false },
        'any',
      );
      await assignQueueNumbers(tx, placed.order_ids, taken);
      // The code the kiosk showed for this order if it was queued offline: the counter matches it.
      await tx
        .update(orders)
        .set({ kioskTicket: kioskTicketCode(claim.key) })
        .where(inArray(orders.id, placed.order_ids));
      const tickets = await ticketsOf(tx, placed.order_ids, caller);
      const lateSeconds = Math.round((now.getTime() - taken.getTime()) / 1000);
      await tx.insert(orderEvents).values(
        tickets.map((ticket) => ({
          orderId: ticket.order_id,
          kind: 'kiosk',
          actor: `kiosk:${device.id}`,
          data: {
            device_id: device.id,
            queue_no: ticket.queue_no,
            taken_epoch: Math.floor(taken.getTime() / 1000),
            // Sent from the kiosk's offline queue after the network came back.
            delivered_late: lateSeconds > 60,
          },
          createdAt: now,
        })),
      );
      return {
        order_id: placed.order_id,
        order_ids: placed.order_ids,
        fc_order_id: placed.fc_order_id,
        tickets,
        amount: placed.amount,
        currency: placed.currency,
        payment: body.payment,
        prepay: placed.prepay,
        taken_epoch: Math.floor(taken.getTime() / 1000),
      };
    }),
  );
}

/** An order this kiosk took; any other order (another kiosk's, a diner's) is not found. */
async function kioskOrderOf(db: DbOrTx, device: KioskDevice, orderId: number) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.kioskDeviceId, device.id)))
    .limit(1);
  return order ?? fail(MESSAGE.notFound);
}

/**
 * Starts (or resumes) the QR payment of a kiosk order through the payment service, as the order's own
 * guest (its cart token): fast mode with `kiosk`, so the reply's `qr_string` is what the screen draws
 * and the payer's return page carries `isKiosk=1`.
 */
export async function payKioskOrder(
  ctx: AppContext,
  device: KioskDevice,
  caller: Caller,
  orderId: number,
  channel: string | undefined,
) {
  const order = await kioskOrderOf(ctx.db, device, orderId);
  if (order.paymentMode !== 'online') fail(MESSAGE.orderNotPayable);
  const offer = kioskOffer(device);
  if (!offer.paymentMethods.includes('Wallet')) fail(MESSAGE.paymentMethodNotOffered);
  const buyer: Caller = { ...caller, cartToken: order.cartToken, user: null, idempotencyKey: undefined };
  const started = await initiatePayment(
    ctx,
    buyer,
    order.fcOrderId ? { kind: 'fc', fcOrderId: order.fcOrderId } : { kind: 'order', orderId: order.id },
    {
      method: 'Wallet',
      channel: channel ?? offer.qrChannel ?? undefined,
      speedMode: 'fast',
      kiosk: true,
    },
  );
  return { ...started, order_id: order.id, fc_order_id: order.fcOrderId, is_kiosk: true as const };
}

/** A kiosk order (every outlet's part of a food-court order) for the screen waiting on its payment. */
export async function kioskOrderView(ctx: AppContext, device: KioskDevice, caller: Caller, orderId: number) {
  const order = await kioskOrderOf(ctx.db, device, orderId);
  const parts = order.fcOrderId
    ? await ctx.db.select().from(orders).where(eq(orders.fcOrderId, order.fcOrderId)).orderBy(orders.id)
    : [order];
  const [fc] = order.fcOrderId
    ? await ctx.db.select().from(foodCourtOrders).where(eq(foodCourtOrders.id, order.fcOrderId))
    : [];
  const [latest] = await ctx.db
    .select()
    .from(payments)
    .where(
      or(
        inArray(
          payments.orderId,
          parts.map((part) => part.id),
        ),
        order.fcOrderId ? eq(payments.fcOrderId, order.fcOrderId) : sql`false`,
      ),
    )
    .orderBy(desc(payments.id))
    .limit(1);
  const status = order.status as OrderStatus;
  return {
    order_id: order.id,
    fc_order_id: order.fcOrderId,
    status,
    status_key: orderStatusWordingKey(status, order.orderType as OrderTypeCode),
    payment_status: fc?.paymentStatus ?? order.paymentStatus,
    payment: order.paymentMode === 'online' ? ('online' as const) : ('cash_kiosk' as const),
    amount: parts.reduce((sum, part) => sum + part.total, 0),
    currency: order.currency as 'MYR' | 'IDR',
    tickets: await ticketsOf(
      ctx.db,
      parts.map((part) => part.id),
      caller,
    ),
    latest_payment: latest
      ? {
          payment_id: latest.id,
          state: latest.state as PaymentState,
          page_state: pageStateOf(latest.state),
          result: resultOf(latest.state),
        }
      : null,
    is_kiosk: true as const,
  };
}
