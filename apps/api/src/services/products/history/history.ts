/**
 * The diner's order and payment history (spec §7 Profile 'user orders and details', 'payment history'),
 * over the orders of the logged-in user only (not a browser's cart token): the order views
 * and payment views are the ones the order and payment calls answer with.
 */
import { and, count, desc, eq, inArray, or } from 'drizzle-orm';
import { MESSAGE } from '@santap/domain';
import { foodCourtOrders, malls, orders, payments, reservations, restaurants } from '../../../db/schema';
import type { AppContext } from '../../context';
import type { Caller } from '../../../lib/caller';
import { fail } from '../../../lib/errors';
import { orderViews } from '../../flows/ordering/orders';
import { paymentViews, orderPaymentHistory } from '../../flows/payments/service';
import { pick } from '../../model/restaurants';

interface Page {
  page_no: number;
  limit: number;
}

const userOf = (caller: Caller) => caller.user ?? fail(MESSAGE.invalidToken);

/** The caller's orders (every restaurant and food-court outlet), newest first, one page. */
export async function userOrders(ctx: AppContext, caller: Caller, page: Page) {
  const mine = eq(orders.userId, userOf(caller).id);
  const [[counted], rows] = await Promise.all([
    ctx.db.select({ total: count() }).from(orders).where(mine),
    ctx.db
      .select()
      .from(orders)
      .where(mine)
      .orderBy(desc(orders.id))
      .limit(page.limit)
      .offset((page.page_no - 1) * page.limit),
  ]);
  const total = Number(counted?.total ?? 0);
  return {
    orders: await orderViews(ctx.db, rows, caller.t, caller.lang),
    page_no: page.page_no,
    total_pages: Math.ceil(total / page.limit),
    total,
  };
}

/** One of the caller's orders with its payments and refunds; another diner's answers 404. */
export async function userOrderDetails(ctx: AppContext, caller: Caller, orderId: number) {
  const [row] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userOf(caller).id)))
    .limit(1);
  // Another diner's order is not found, like one that does not exist.
  const order = row ?? fail(MESSAGE.notFound);
  // Owned by the caller's user (checked above); its own cart token lets the payment view find it.
  const { payments: paid, refunds } = await orderPaymentHistory(
    ctx,
    { ...caller, cartToken: order.cartToken },
    order.id,
  );
  const [view] = await orderViews(ctx.db, [order], caller.t, caller.lang);
  return { order: view!, payments: paid, refunds };
}

/**
 * Payment history: every payment of the caller's orders, of the food-court orders those belong to and
 * of the caller's table bookings, newest first, with the place it paid (restaurant or food court name).
 */
export async function paymentHistory(ctx: AppContext, caller: Caller, page: Page) {
  const user = userOf(caller);
  const mine = or(
    inArray(
      payments.orderId,
      ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, user.id)),
    ),
    inArray(
      payments.fcOrderId,
      ctx.db.select({ id: orders.fcOrderId }).from(orders).where(eq(orders.userId, user.id)),
    ),
    inArray(
      payments.reservationId,
      ctx.db.select({ id: reservations.id }).from(reservations).where(eq(reservations.userId, user.id)),
    ),
  );
  const [[counted], rows] = await Promise.all([
    ctx.db.select({ total: count() }).from(payments).where(mine),
    ctx.db
      .select()
      .from(payments)
      .where(mine)
      .orderBy(desc(payments.id))
      .limit(page.limit)
      .offset((page.page_no - 1) * page.limit),
  ]);
  const views = await paymentViews(ctx, ctx.db, rows, caller);
  const names = await placeNames(ctx, rows, caller);
  const total = Number(counted?.total ?? 0);
  return {
    payments: views.map((view, index) => ({
      ...view,
      reservation_id: rows[index]!.reservationId,
      place_name: names[index] ?? '',
    })),
    page_no: page.page_no,
    total_pages: Math.ceil(total / page.limit),
    total,
  };
}

type PaymentRow = typeof payments.$inferSelect;

/** The name of what each payment paid: the food court, else the order's or booking's restaurant. */
async function placeNames(ctx: AppContext, rows: PaymentRow[], caller: Caller): Promise<string[]> {
  const ids = (pickId: (row: PaymentRow) => number | null) => [
    ...new Set(rows.map(pickId).filter((id): id is number => id !== null)),
  ];
  const fcIds = ids((row) => row.fcOrderId);
  const orderIds = ids((row) => row.orderId);
  const reservationIds = ids((row) => row.reservationId);
  const [fcNames, orderNames, bookingNames] = await Promise.all([
    fcIds.length
      ? ctx.db
          .select({ id: foodCourtOrders.id, name: malls.name })
          .from(foodCourtOrders)
          .innerJoin(malls, eq(malls.id, foodCourtOrders.mallId))
          .where(inArray(foodCourtOrders.id, fcIds))
      : [],
    orderIds.length
      ? ctx.db
          .select({ id: orders.id, name: restaurants.name })
          .from(orders)
          .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
          .where(inArray(orders.id, orderIds))
      : [],
    reservationIds.length
      ? ctx.db
          .select({ id: reservations.id, name: restaurants.name })
          .from(reservations)
          .innerJoin(restaurants, eq(restaurants.id, reservations.restaurantId))
          .where(inArray(reservations.id, reservationIds))
      : [],
  ]);
  const nameIn = (list: { id: number; name: Parameters<typeof pick>[0] }[], id: number | null) =>
    id === null ? undefined : list.find((entry) => entry.id === id)?.name;
  return rows.map((row) =>
    pick(
      nameIn(fcNames, row.fcOrderId) ??
        nameIn(orderNames, row.orderId) ??
        nameIn(bookingNames, row.reservationId),
      caller.lang,
    ),
  );
}
