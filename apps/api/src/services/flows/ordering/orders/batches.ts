/**
 * "Add more items" (spec §4 "More items added", status 14): a cart's items join the diner's running
 * dine-in or takeaway order as its next batch instead of becoming a second order. The order's bill
 * grows by the batch's bill, it waits as "more items added" until the kitchen confirms the batch, and
 * what it still owes is its new total less what was paid. Called by `placeCart` (orders.ts) with the
 * running order already loaded and locked, after the cart passed the same checks as a new order.
 */
import { eq, sql } from 'drizzle-orm';
import {
  MESSAGE,
  addMoreRefusal,
  nextBatch,
  orderStatusWordingKey,
  paymentStateAfterBillGrew,
  statusAfterAddingItems,
} from '@santap/domain';
import type {
  Bill,
  Language,
  OrderPaymentState,
  OrderStatus,
  OrderTypeCode,
  PickupType,
} from '@santap/domain';
import { writeTogether } from '../../../../db/client';
import type { DbOrTx } from '../../../../db/client';
import { cartItems, carts, orderEvents, orderItems, orders } from '../../../../db/schema';
import type { AppContext } from '../../../context';
import { fail } from '../../../../lib/errors';
import { cartBills, sumBills } from '../cart';
import type { CartRow, ScopeTarget } from '../../../model/carts';
import { cartCouponsOf } from '../../promotions/coupons';
import { parseBill } from '../../../model/orders';
import type { LiveEvent } from '../../../../lib/live-events';
import { keptOptions } from '../pricing';
import type { PricedLine } from '../pricing';
import { orderTopics } from '../../../../lib/live-events';

type OrderRow = typeof orders.$inferSelect;

export interface BatchInput {
  /** The running order, locked for update by the caller and owned by it. */
  order: OrderRow;
  cart: CartRow;
  target: ScopeTarget;
  lines: PricedLine[];
  orderType: OrderTypeCode;
  pickupType: PickupType | undefined;
  tableId: number | null;
  scheduled: boolean;
  lang: Language;
}

/** What adding a batch answers: the create reply's fields, for the running order. */
export interface AddedBatch {
  orderId: number;
  batch: number;
  /** What the order still owes after the batch (its new total less what was paid). */
  owed: number;
  total: number;
  prepay: boolean;
  paymentMode: string | null;
}

/**
 * Adds the cart's items to `input.order` as its next batch, in the caller's transaction: checks the
 * domain rule (`addMoreRefusal`), prices the batch like a new order of the same payment mode (no
 * coupon, cashback or booking token: those belong to the order they were first applied to), adds the
 * batch's bill to the order's, moves the order to "more items added" and empties the cart.
 */
export async function addBatch(
  ctx: AppContext,
  tx: DbOrTx,
  input: BatchInput,
  afterCommit: LiveEvent[] | undefined,
): Promise<AddedBatch> {
  const { order, cart, target, lines } = input;
  const now = ctx.now();
  const restaurantIds = [...new Set(lines.map((line) => line.restaurantId))];
  const refusal =
    // A food court's outlet orders share one food-court order and payment: they take no batches.
    input.scheduled || restaurantIds.length !== 1 || target.kind === 'mall'
      ? MESSAGE.addMoreMismatch
      : addMoreRefusal(
          {
            status: order.status as OrderStatus,
            orderType: order.orderType as OrderTypeCode,
            pickupType: order.pickupType,
            restaurantId: order.restaurantId,
            tableId: order.tableId,
            scheduled: order.orderTime === 'SCHEDULED',
          },
          {
            restaurantId: restaurantIds[0]!,
            orderType: input.orderType,
            pickupType: input.pickupType ?? null,
            tableId: input.tableId,
          },
        );
  if (refusal) fail(refusal);
  const coupons = cartCouponsOf(cart);
  if (coupons.code !== null || Object.keys(coupons.outletCodes).length > 0) fail(MESSAGE.addMoreNoCoupon);

  const [priced] = await cartBills(tx, cart, target, lines, {
    now,
    cash: order.paymentMode !== 'online',
    deposit: null,
    // No user: no referral and no cashback on a batch (see above); no coupon was checked above.
    promotions: { userId: null, userActive: false, useLoyalty: false, strict: true, lang: input.lang },
  });
  if (!priced) return fail(MESSAGE.somethingWentWrong);
  // A stored bill that cannot be read cannot be added to: the diner places a new order instead.
  const previous = parseBill(order.bill) ?? fail(MESSAGE.addMoreClosed);
  const summed = sumBills([{ bill: previous }, { bill: priced.bill }], previous.currency);
  const bill: Bill = { ...summed, lineTotals: [...previous.lineTotals, ...priced.bill.lineTotals] };

  const existing = await tx
    .select({ batch: orderItems.batch })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  const batch = nextBatch(existing.map((row) => row.batch));
  const from = order.status as OrderStatus;
  const status = statusAfterAddingItems(from);
  const paymentStatus = paymentStateAfterBillGrew(order.paymentStatus as OrderPaymentState);

  await writeTogether(tx, [
    tx
      .update(orders)
      .set({
        status,
        paymentStatus,
        subtotal: bill.subtotal,
        total: bill.total,
        bill,
        // The batch's special request joins the order's, under it.
        specialNote: [order.specialNote, cart.specialNote].filter(Boolean).join('\n') || null,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id)),
    tx.insert(orderItems).values(
      priced.lines.map((line) => ({
        orderId: order.id,
        itemId: line.itemId,
        name: line.names,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        options: keptOptions(line),
        notes: line.notes,
        batch,
      })),
    ),
    tx.insert(orderEvents).values({
      orderId: order.id,
      kind: 'batch',
      fromStatus: from,
      toStatus: status,
      actor: 'diner',
      data: { batch, amount: priced.bill.total },
      createdAt: now,
    }),
    tx.delete(cartItems).where(eq(cartItems.cartId, cart.id)),
    tx
      .update(carts)
      .set({
        specialNote: null,
        details: sql`${carts.details} - 'useLoyalty'`,
        updatedAt: now,
      })
      .where(eq(carts.id, cart.id)),
  ]);

  const event: LiveEvent = {
    topics: orderTopics(order),
    type: 'order.status',
    data: {
      order_id: order.id,
      status,
      status_key: orderStatusWordingKey(status, order.orderType as OrderTypeCode),
      batch,
    },
  };
  if (afterCommit) afterCommit.push(event);
  else await ctx.events.publish(tx, event);

  return {
    orderId: order.id,
    batch,
    owed: Math.max(0, bill.total - order.paidAmount),
    total: bill.total,
    prepay: order.prepay,
    paymentMode: order.paymentMode,
  };
}
