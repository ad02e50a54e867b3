/**
 * Restaurant staff (issue 3 §4 'Staff'; spec §4 "the manager confirms or declines orders and items",
 * §6 roles manager, kitchen, server and business). Every call is scoped to the staff member's own
 * restaurant: another restaurant's order is reported as not found.
 */
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import {
  ALLERGENS,
  MESSAGE,
  ORDER_STATUS,
  ORDER_STATUSES,
  isOrderStatus,
  isTerminalOrderStatus,
} from '@santap/domain';
import type { Allergen, OrderStatus } from '@santap/domain';
import type { DbOrTx } from '../../db/client';
import {
  menuItems,
  orderEvents,
  orderItems,
  orders,
  payments,
  restaurants,
  staff,
  staffTokens,
  userAllergies,
} from '../../db/schema';
import { forgetCachedScopes } from '../ordering/cart';
import type { AppContext, Caller, CallerStaff } from '../../lib/context';
import { fail } from '../../lib/errors';
import { orderViews, paidFirst, transitionOrder } from '../ordering/orders';
import { onceForKey } from '../../lib/idempotency';
import { refundCompletedOrder, refundDeclinedItem, refundableOf } from '../payments/order-refunds';
import { refundViews } from '../payments/refunds';
import type { OrderRow } from '../ordering/orders';
import { hashPassword, needsRehash, verifyPassword } from '../accounts/passwords';
import { hashBody, newToken } from '../accounts/tokens';

/** A staff token lasts one long shift. */
export const STAFF_TOKEN_TTL_HOURS = 12;

/** Orders one page of a staff list shows at most (running ones first; `next_cursor` pages on). */
const STAFF_ORDER_LIMIT = 200;

export type StaffRole = 'manager' | 'kitchen' | 'server' | 'business';

const S = ORDER_STATUS;

/**
 * The statuses each role may move an order to; whether the move itself is allowed is the domain
 * transition table's call (`canTransition`). The manager may make every move, and is the only one who
 * cancels or deletes. The kitchen confirms or declines an order (and accepts a scheduled one) — the
 * issue's "a manager or kitchen account confirms or declines", as a kitchen screen at the pass does —
 * and moves the cooking along; the server (front of house) hands over and completes. Business
 * accounts read only.
 */
export const STAFF_ROLE_MOVES: Readonly<Record<StaffRole, readonly OrderStatus[]>> = {
  manager: ORDER_STATUSES,
  kitchen: [S.CONFIRMED, S.DECLINED, S.SCHEDULED_ACCEPTED, S.PREPARING, S.PREPARED, S.READY],
  server: [S.SERVED_OR_PICKED, S.ON_THE_WAY, S.DELIVERED, S.COMPLETED],
  business: [],
};

export function mayMoveTo(role: string, to: OrderStatus): boolean {
  return (STAFF_ROLE_MOVES[role as StaffRole] ?? []).includes(to);
}

const TERMINAL_STATUSES = ORDER_STATUSES.filter(isTerminalOrderStatus);

// A real scrypt hash to check unknown usernames against, so a wrong username costs the same as a
// wrong password and the reply time does not tell which usernames exist.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword('santap-decoy-password'));

/** Username and password -> a staff token (only its hash is stored), valid {@link STAFF_TOKEN_TTL_HOURS} hours. */
export async function staffLogin(ctx: AppContext, username: string, password: string) {
  const [member] = await ctx.db.select().from(staff).where(eq(staff.username, username.trim())).limit(1);
  const passwordOk = await verifyPassword(password, member?.passwordHash ?? (await decoy()));
  if (!member || !passwordOk) return fail(MESSAGE.forbidden);
  if (member.disabledAt) return fail(MESSAGE.staffAccountDisabled);
  // A hash made with older, weaker scrypt parameters is replaced while the password is at hand.
  if (needsRehash(member.passwordHash)) {
    await ctx.db
      .update(staff)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(staff.id, member.id));
  }
  const now = ctx.now();
  const { token, hash } = newToken();
  await ctx.db.insert(staffTokens).values({
    tokenHash: hash,
    staffId: member.id,
    expiresAt: new Date(now.getTime() + STAFF_TOKEN_TTL_HOURS * 3600 * 1000),
  });
  return {
    token,
    staff: {
      staff_id: member.id,
      restaurant_id: member.restaurantId,
      role: member.role,
      username: member.username,
    },
  };
}

const staffOf = (caller: Caller): CallerStaff => caller.staff ?? fail(MESSAGE.invalidToken);
const actorOf = (member: CallerStaff) => `staff:${member.username}`;

/**
 * The restaurant's orders: running first, newest first within each group; `runningOnly` drops finished
 * ones; `orderId` narrows to that one order (none when it is another restaurant's). Pages of `limit`
 * (at most {@link STAFF_ORDER_LIMIT}): `next_cursor` ('<group>:<id>' of the page's last row, group 0
 * running, 1 finished) continues after it, null on the last page.
 */
export async function staffOrders(
  ctx: AppContext,
  caller: Caller,
  runningOnly: boolean,
  page: { cursor?: string | undefined; limit?: number | undefined; orderId?: number | undefined } = {},
) {
  const member = staffOf(caller);
  const limit = Math.min(page.limit ?? STAFF_ORDER_LIMIT, STAFF_ORDER_LIMIT);
  const finished = sql<number>`case when ${inArray(orders.status, TERMINAL_STATUSES)} then 1 else 0 end`;
  const [afterGroup, afterId] = page.cursor ? page.cursor.split(':').map(Number) : [];
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.restaurantId, member.restaurantId),
        runningOnly ? notInArray(orders.status, TERMINAL_STATUSES) : undefined,
        afterGroup !== undefined && afterId !== undefined
          ? sql`(${finished} > ${afterGroup} or (${finished} = ${afterGroup} and ${orders.id} < ${afterId}))`
          : undefined,
        page.orderId === undefined ? undefined : eq(orders.id, page.orderId),
      ),
    )
    .orderBy(finished, desc(orders.id))
    .limit(limit + 1);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  const next_cursor =
    rows.length > limit && last
      ? `${TERMINAL_STATUSES.includes(last.status as OrderStatus) ? 1 : 0}:${last.id}`
      : null;
  const views = await staffOrderViews(ctx.db, shown, caller);
  if (page.orderId === undefined) return { orders: views, next_cursor };
  // One order asked for (a screen opening it): a completed one says what may still be refunded.
  const one = await Promise.all(
    views.map(async (view, index) => {
      const row = shown[index];
      return row?.status === ORDER_STATUS.COMPLETED
        ? { ...view, refundable_amount: await refundableOf(ctx.db, row) }
        : view;
    }),
  );
  return { orders: one, next_cursor };
}

/** Statuses of an order the restaurant has not taken on yet: one paid first waits there for its payment. */
const NOT_TAKEN_ON: readonly OrderStatus[] = [S.WAITING_CONFIRMATION, S.SCHEDULED];

/**
 * Orders as staff see them: the diner's view (`orderViews`) plus the kitchen display's part
 * (`kitchen`: rush, awaiting payment, the diner's allergies, each line's menu category and done mark).
 * Three more reads for the whole page, not per order.
 */
export async function staffOrderViews(db: DbOrTx, rows: OrderRow[], caller: Caller) {
  const views = await orderViews(db, rows, caller.t, caller.lang);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const lines = await db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      doneAt: orderItems.kitchenDoneAt,
      categoryId: menuItems.categoryId,
    })
    .from(orderItems)
    .leftJoin(menuItems, eq(menuItems.id, orderItems.itemId))
    .where(inArray(orderItems.orderId, ids))
    .orderBy(orderItems.id);
  const userIds = [...new Set(rows.flatMap((row) => (row.userId === null ? [] : [row.userId])))];
  const allergies =
    userIds.length === 0
      ? []
      : await db
          .select({
            userId: userAllergies.userId,
            category: userAllergies.category,
            severity: userAllergies.severity,
          })
          .from(userAllergies)
          .where(inArray(userAllergies.userId, userIds))
          .orderBy(userAllergies.id);
  return views.map((view, index) => {
    const row = rows[index]!;
    return {
      ...view,
      kitchen: {
        rush: row.kitchenRush,
        awaiting_payment:
          NOT_TAKEN_ON.includes(row.status as OrderStatus) && paidFirst(row) && row.paymentStatus !== 'paid',
        allergies: allergies
          .filter((allergy) => allergy.userId === row.userId)
          .flatMap((allergy) =>
            (ALLERGENS as readonly string[]).includes(allergy.category)
              ? [
                  {
                    category: allergy.category as Allergen,
                    severity: allergy.severity === 'severe' ? ('severe' as const) : ('avoid' as const),
                  },
                ]
              : [],
          ),
        lines: lines
          .filter((line) => line.orderId === row.id)
          .map((line) => ({
            order_item_id: line.id,
            category_id: line.categoryId ?? null,
            done: line.doneAt !== null,
          })),
      },
    };
  });
}

/** The order locked for update, if it belongs to the staff member's restaurant; else 404. */
async function lockRestaurantOrder(tx: DbOrTx, member: CallerStaff, orderId: number): Promise<OrderRow> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.restaurantId, member.restaurantId)))
    .limit(1)
    .for('update');
  return order ?? fail(MESSAGE.notFound);
}

async function viewOf(tx: DbOrTx, caller: Caller, orderId: number) {
  const [fresh] = await tx.select().from(orders).where(eq(orders.id, orderId));
  const [view] = await staffOrderViews(tx, fresh ? [fresh] : [], caller);
  return view ?? fail(MESSAGE.notFound);
}

/**
 * Moves an order along the domain transition table. Checks in this order: the order is the
 * restaurant's (404), the role may set that status (403), the move is in the table (422).
 */
export async function changeOrderStatus(ctx: AppContext, caller: Caller, orderId: number, to: number) {
  const member = staffOf(caller);
  if (!isOrderStatus(to)) return fail(MESSAGE.invalidInput);
  return ctx.db.transaction(async (tx) => {
    const order = await lockRestaurantOrder(tx, member, orderId);
    if (!mayMoveTo(member.role, to)) fail(MESSAGE.forbidden);
    await transitionOrder(ctx, tx, order, to, actorOf(member));
    return viewOf(tx, caller, order.id);
  });
}

/**
 * Pauses new orders of the staff member's restaurant for `minutes` (0 takes orders again): a kitchen
 * that cannot keep up. Manager or kitchen. Order create answers 'Currently not accepting orders'
 * (`errors.notAcceptingOrders`) until it lapses; running orders go on. The restaurant rows cached for
 * order create (`cachedScope`) are dropped here, so this instance applies it at once; other
 * instances within the cache's 5 s.
 */
export async function pauseOrders(ctx: AppContext, caller: Caller, minutes: number) {
  const member = staffOf(caller);
  if (member.role !== 'manager' && member.role !== 'kitchen') fail(MESSAGE.forbidden);
  const until = minutes > 0 ? new Date(ctx.now().getTime() + minutes * 60_000) : null;
  await ctx.db
    .update(restaurants)
    .set({ ordersPausedUntil: until })
    .where(eq(restaurants.id, member.restaurantId));
  forgetCachedScopes(ctx);
  return { paused_until_epoch: until ? Math.floor(until.getTime() / 1000) : null };
}

/**
 * Declines one item of a running order (manager only; spec §4 "item declined"). The bill stays as it
 * is; on a paid order the item's share is refunded (`refundDeclinedItem`, after commit). The change is
 * recorded in order_events and published as an `order.item` live event.
 */
export async function declineOrderItem(
  ctx: AppContext,
  caller: Caller,
  orderId: number,
  orderItemId: number,
) {
  const member = staffOf(caller);
  return ctx.db.transaction(async (tx) => {
    const order = await lockRestaurantOrder(tx, member, orderId);
    if (member.role !== 'manager' && member.role !== 'kitchen') fail(MESSAGE.forbidden);
    const [item] = await tx
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.id, orderItemId), eq(orderItems.orderId, order.id)))
      .limit(1)
      .for('update');
    if (!item) return fail(MESSAGE.notFound);
    if (isTerminalOrderStatus(order.status as OrderStatus) || item.status === 'declined')
      fail(MESSAGE.invalidTransition);
    const now = ctx.now();
    await tx.update(orderItems).set({ status: 'declined' }).where(eq(orderItems.id, item.id));
    await tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, order.id));
    await tx.insert(orderEvents).values({
      orderId: order.id,
      kind: 'item_declined',
      fromStatus: order.status,
      toStatus: order.status,
      actor: actorOf(member),
      data: { order_item_id: item.id },
      createdAt: now,
    });
    await ctx.events.publish(tx, {
      topics: [
        `order:${order.id}`,
        `restaurant:${order.restaurantId}`,
        ...(order.fcOrderId ? [`fc:${order.fcOrderId}`] : []),
      ],
      type: 'order.item',
      data: { order_id: order.id, order_item_id: item.id, status: 'declined' },
    });
    // A declined item of a paid order is refunded for its share (refund after commit).
    await refundDeclinedItem(ctx, tx, order, item.id);
    return viewOf(tx, caller, order.id);
  });
}

/**
 * A kitchen display's marks on a running order (manager or kitchen; apps/staff README 'Kitchen
 * display'): `rush` pins the ticket to the top of every display, `lines` strike dishes off as made or
 * back. Checks in this order: the order is the restaurant's (404), the role (403), the order is still
 * running (422), every line is the order's (404). Recorded in order_events (kind `kitchen`) and
 * published as an `order.kitchen` event on the restaurant's topic, so every tablet shows it.
 */
export async function markOrderKitchen(
  ctx: AppContext,
  caller: Caller,
  orderId: number,
  input: { rush?: boolean | undefined; lines?: { order_item_id: number; done: boolean }[] | undefined },
) {
  const member = staffOf(caller);
  return ctx.db.transaction(async (tx) => {
    const order = await lockRestaurantOrder(tx, member, orderId);
    if (member.role !== 'manager' && member.role !== 'kitchen') fail(MESSAGE.forbidden);
    if (isTerminalOrderStatus(order.status as OrderStatus)) fail(MESSAGE.invalidTransition);
    const now = ctx.now();
    const lineIds = [...new Set((input.lines ?? []).map((line) => line.order_item_id))];
    if (lineIds.length > 0) {
      const own = await tx
        .select({ id: orderItems.id })
        .from(orderItems)
        .where(and(eq(orderItems.orderId, order.id), inArray(orderItems.id, lineIds)));
      if (own.length !== lineIds.length) fail(MESSAGE.notFound);
      const done = (input.lines ?? []).filter((line) => line.done).map((line) => line.order_item_id);
      const undone = (input.lines ?? []).filter((line) => !line.done).map((line) => line.order_item_id);
      if (done.length > 0)
        await tx
          .update(orderItems)
          .set({ kitchenDoneAt: now })
          .where(and(inArray(orderItems.id, done), sql`${orderItems.kitchenDoneAt} is null`));
      if (undone.length > 0)
        await tx.update(orderItems).set({ kitchenDoneAt: null }).where(inArray(orderItems.id, undone));
    }
    if (input.rush !== undefined)
      await tx.update(orders).set({ kitchenRush: input.rush }).where(eq(orders.id, order.id));
    await tx.insert(orderEvents).values({
      orderId: order.id,
      kind: 'kitchen',
      fromStatus: order.status,
      toStatus: order.status,
      actor: actorOf(member),
      data: { rush: input.rush ?? null, lines: input.lines ?? [] },
      createdAt: now,
    });
    await ctx.events.publish(tx, {
      topics: [`restaurant:${order.restaurantId}`],
      type: 'order.kitchen',
      data: { order_id: order.id },
    });
    return viewOf(tx, caller, order.id);
  });
}

/**
 * A manager refunds a completed order of their restaurant, whole or `amount` of it, with a reason
 * (spec §9 'Refund: starts after order completion'; the rules are `refundCompletedOrder`'s). Checks in
 * this order: the order is the restaurant's (404), the caller is the manager (403). With an
 * Idempotency-Key the same key answers the same reply and refunds once. The reason and the amount
 * are kept in order_events (kind `refund`).
 */
export async function refundOrder(
  ctx: AppContext,
  caller: Caller,
  orderId: number,
  input: { amount?: number | undefined; reason: string },
) {
  const member = staffOf(caller);
  const claim = {
    scope: `staff-refund:${member.restaurantId}`,
    key: caller.idempotencyKey,
    requestHash: hashBody({ orderId, ...input }),
  };
  return ctx.db.transaction(async (tx) => {
    const order = await lockRestaurantOrder(tx, member, orderId);
    if (member.role !== 'manager') fail(MESSAGE.forbidden);
    return onceForKey(tx, claim, async () => {
      const done = await refundCompletedOrder(ctx, tx, order, input.amount);
      await tx.insert(orderEvents).values({
        orderId: order.id,
        kind: 'refund',
        fromStatus: order.status,
        toStatus: order.status,
        actor: actorOf(member),
        data: { amount: done.refunded, reason: input.reason, refund_ids: done.refundIds },
        createdAt: ctx.now(),
      });
      const touched = await tx.select().from(payments).where(eq(payments.orderId, order.id));
      const fcTouched = order.fcOrderId
        ? await tx.select().from(payments).where(eq(payments.fcOrderId, order.fcOrderId))
        : [];
      const views = await refundViews(tx, [...touched, ...fcTouched], caller);
      return {
        order_id: order.id,
        payment_status: order.paymentStatus,
        currency: order.currency as 'MYR' | 'IDR',
        amount: done.refunded,
        refundable_amount: done.left,
        refunds: views.filter((view) => done.refundIds.includes(view.refund_id)),
      };
    });
  });
}
