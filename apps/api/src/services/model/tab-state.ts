/**
 * A table's tab's state (apps/api docs/tabs.md): its standing orders and their dishes as the domain's
 * `Tab`, its shares, what money paid outside shares took, what is held right now, and the balance
 * (`tabBalance` of @santap/domain). Reached through `model/tabs.ts`.
 */
import { and, asc, eq, gt, inArray, notInArray, or, sql } from 'drizzle-orm';
import { BILL_LINE_KEY, MESSAGE, ORDER_STATUS, splitShare, tabBalance } from '@santap/domain';
import type { Bill, Currency, SettledShare, Tab, TabBalance, TabOrder } from '@santap/domain';
import type { DbOrTx } from '../../db/client';
import {
  diningTables,
  menuItems,
  orderItems,
  orders,
  payments,
  restaurants,
  tabMembers,
  tabShares,
} from '../../db/schema';
import { fail } from '../../lib/errors';
import { parseBill } from './orders';
import type { OrderRow } from './orders';
import type { RestaurantRow } from './restaurants';
import { ORDER_PAYMENT_HOLDER, allocationOf, payerOf } from './tab-rows';
import type { OrderItemRow, TabMemberRow, TabRow, TabShareRow } from './tab-rows';

/** Order statuses whose orders are off the tab (never eaten, or their money given back). */
const OFF_TAB_STATUSES = [ORDER_STATUS.CANCELLED, ORDER_STATUS.DECLINED, ORDER_STATUS.DELETED];

const moneyOfParts = (parts: readonly { amount: number; included?: true | undefined }[]) =>
  parts.reduce((total, part) => (part.included ? total : total + part.amount), 0);

/** One dish of the tab: its order item, or the whole order when its bill cannot be split by dish. */
export interface TabItem {
  lineId: string;
  orderId: number;
  /** The order's items this line stands for: one, or all of them for an order on one line. */
  items: OrderItemRow[];
  /** True for the one line of an order whose bill could not be read by dish (see {@link loadTabState}). */
  wholeOrder: boolean;
}

/** A tab's rows and the domain's view of them (see {@link loadTabState}). */
export interface TabState {
  tab: TabRow;
  restaurant: RestaurantRow;
  tableLabel: string | null;
  /** Every member row, waiting ones too, by id. */
  members: TabMemberRow[];
  /** The tab's orders that stand (not cancelled, declined or deleted), by id. */
  orders: OrderRow[];
  /** The tab's dishes in the orders' bills' order. */
  items: TabItem[];
  /** Every share of the tab, by id (void and expired ones too). */
  shares: TabShareRow[];
  domainTab: Tab;
  /** Paid shares' allocations, then one synthetic share per order for money paid outside shares. */
  paid: SettledShare[];
  /** Pending shares' allocations whose hold has not ended. */
  pending: SettledShare[];
  /** Pending shares whose hold ended: void (the caller holding the tab's lock writes them so). */
  expired: TabShareRow[];
  /** Shares left out because their allocation no longer fits the tab (a dish's order cancelled, ...). */
  unfit: TabShareRow[];
  /** Lines held right now: line id -> payer (a member id, or {@link ORDER_PAYMENT_HOLDER}). */
  locks: Record<string, string>;
  /** Lines held right now -> the member holding them (null when it is no member's). */
  holders: Record<string, number | null>;
  balance: TabBalance;
}

/** The domain order of one tab order: its dishes in its bill's order, else one line carrying its total. */
function tabOrderOf(
  order: OrderRow,
  items: OrderItemRow[],
  vouchers: ReadonlySet<number>,
  currency: Currency,
): { domain: TabOrder; lines: TabItem[] } {
  const by = order.tabMemberId === null ? undefined : String(order.tabMemberId);
  const bill = parseBill(order.bill);
  // Items are stored in the bill's order: the first round's in its lines' order (place.ts), each
  // round added later appended in its own (batches.ts appends the round's lineTotals). Declined items
  // stay on the bill (staff order-moves.ts "the bill stays as it is"), so they stay on the tab too.
  if (bill && bill.currency === currency && bill.lineTotals.length === items.length && items.length > 0) {
    const domain: TabOrder = {
      orderId: order.id,
      bill,
      lines: items.map((item) => ({
        id: String(item.id),
        ...(by !== undefined ? { by } : {}),
        ...(vouchers.has(item.itemId) ? { taxExempt: true } : {}),
      })),
    };
    try {
      tabBalance({ currency, orders: [domain] });
      return {
        domain,
        lines: items.map((item) => ({
          lineId: String(item.id),
          orderId: order.id,
          items: [item],
          wholeOrder: false,
        })),
      };
    } catch {
      // Falls through: a bill whose lines do not add up is shared as one line.
    }
  }
  // One line for the whole order, carrying its total; its id cannot be an item's (a leading zero).
  const lineId = `0${order.id}`;
  const whole: Pick<Bill, 'currency' | 'lineTotals' | 'lines' | 'total'> = {
    currency,
    lineTotals: [order.total],
    lines: [{ key: BILL_LINE_KEY.subtotal, amount: order.total }],
    total: order.total,
  };
  return {
    domain: { orderId: order.id, bill: whole, lines: [{ id: lineId, ...(by !== undefined ? { by } : {}) }] },
    lines: [{ lineId, orderId: order.id, items, wholeOrder: true }],
  };
}

/** Shares added one by one, each kept only when the tab can still take it (`tabBalance` refuses overlaps). */
function fitShares(
  tab: Tab,
  paid: SettledShare[],
  candidates: { share: TabShareRow; settled: SettledShare }[],
  as: 'paid' | 'pending',
  pending: SettledShare[] = [],
) {
  const kept: SettledShare[] = [];
  const unfit: TabShareRow[] = [];
  for (const { share, settled } of candidates) {
    try {
      if (as === 'paid') tabBalance(tab, [...paid, ...kept, settled], pending);
      else tabBalance(tab, paid, [...kept, settled]);
      kept.push(settled);
    } catch {
      unfit.push(share);
    }
  }
  return { kept, unfit };
}

/**
 * A tab's state, read in the caller's transaction (hold the tab's lock to act on it): its restaurant,
 * members, standing orders and their dishes, shares, and the domain's {@link Tab} and balance.
 *
 * - **Dishes**: each standing order's items in its stored bill's `lineTotals` order (each line's `by`
 *   the member who placed the order). An order whose bill cannot be read, is in another currency, or
 *   whose items do not line up with its `lineTotals` is one line (id `0<order id>`) carrying its total.
 * - **Shares**: paid shares' allocations (entries of dishes no longer on the tab dropped); pending ones
 *   whose `hold_until` has passed are `expired` (void for the balance), the others `pending` and hold
 *   their dishes when they took picked dishes or part of one (`lines`, `dish_part`). A share that no
 *   longer fits the tab is left out (`unfit`).
 * - **Money paid outside shares** (the single-order payment, the table's orders paid together, the
 *   counter's payment of an order): an order's `paid_amount` beyond its parts of paid shares counts as
 *   paid on what is left of that order's dishes (one synthetic paid share per order, `rest` of them or
 *   that amount in proportion, as `splitShare` spreads an amount). A live payment of an order outside
 *   shares (initiated or processing, `processing_until` ahead, no `tab_share_id`) holds that order's
 *   dishes (payer {@link ORDER_PAYMENT_HOLDER}).
 */
export async function loadTabState(tx: DbOrTx, tab: TabRow, now: Date): Promise<TabState> {
  const [restaurant] = await tx.select().from(restaurants).where(eq(restaurants.id, tab.restaurantId));
  if (!restaurant) return fail(MESSAGE.notFound);
  const currency: Currency = restaurant.currency === 'IDR' ? 'IDR' : 'MYR';
  const [table] = await tx
    .select({ label: diningTables.displayName })
    .from(diningTables)
    .where(eq(diningTables.id, tab.tableId));
  const members = await tx
    .select()
    .from(tabMembers)
    .where(eq(tabMembers.tabId, tab.id))
    .orderBy(asc(tabMembers.id));
  const standing = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.tabId, tab.id), notInArray(orders.status, OFF_TAB_STATUSES)))
    .orderBy(asc(orders.id));
  const orderIds = standing.map((order) => order.id);
  const itemRows =
    orderIds.length === 0
      ? []
      : await tx
          .select({ item: orderItems, voucher: menuItems.isVoucher })
          .from(orderItems)
          .innerJoin(menuItems, eq(menuItems.id, orderItems.itemId))
          .where(inArray(orderItems.orderId, orderIds))
          .orderBy(asc(orderItems.orderId), asc(orderItems.batch), asc(orderItems.id));
  const vouchers = new Set(itemRows.filter((row) => row.voucher).map((row) => row.item.itemId));
  const items: TabItem[] = [];
  const domainOrders: TabOrder[] = [];
  for (const order of standing) {
    const built = tabOrderOf(
      order,
      itemRows.filter((row) => row.item.orderId === order.id).map((row) => row.item),
      vouchers,
      currency,
    );
    domainOrders.push(built.domain);
    items.push(...built.lines);
  }
  const domainTab: Tab = { currency, orders: domainOrders };
  const orderOfLine = new Map(items.map((item) => [item.lineId, item.orderId]));

  const shares = await tx
    .select()
    .from(tabShares)
    .where(eq(tabShares.tabId, tab.id))
    .orderBy(asc(tabShares.id));
  const settledOf = (share: TabShareRow): SettledShare | null => {
    const allocation = allocationOf(share);
    return allocation ? { allocation: allocation.filter((entry) => orderOfLine.has(entry.lineId)) } : null;
  };
  const unfit: TabShareRow[] = [];
  const expired: TabShareRow[] = [];
  const paidCandidates: { share: TabShareRow; settled: SettledShare }[] = [];
  const pendingCandidates: { share: TabShareRow; settled: SettledShare }[] = [];
  for (const share of shares) {
    if (share.state === 'void') continue;
    if (share.state === 'pending' && (share.holdUntil === null || share.holdUntil <= now)) {
      expired.push(share);
      continue;
    }
    const settled = settledOf(share);
    if (!settled) unfit.push(share);
    else if (share.state === 'paid') paidCandidates.push({ share, settled });
    else if (share.state === 'pending') pendingCandidates.push({ share, settled });
  }
  const paidFit = fitShares(domainTab, [], paidCandidates, 'paid');
  const pendingFit = fitShares(domainTab, paidFit.kept, pendingCandidates, 'pending');
  unfit.push(...paidFit.unfit, ...pendingFit.unfit);
  const pending = pendingFit.kept;
  const pendingShares = pendingCandidates.filter(({ share }) => !pendingFit.unfit.includes(share));

  // Money each order took outside shares, counted on what is left of its dishes.
  const inShares = new Map<number, number>();
  for (const settled of paidFit.kept) {
    for (const entry of settled.allocation) {
      const orderId = orderOfLine.get(entry.lineId)!;
      inShares.set(orderId, (inShares.get(orderId) ?? 0) + moneyOfParts(entry.parts));
    }
  }
  const synthetic: SettledShare[] = [];
  const before = tabBalance(domainTab, paidFit.kept, pending);
  for (const order of standing) {
    const outside = order.paidAmount - (inShares.get(order.id) ?? 0);
    if (outside <= 0) continue;
    const share = outsideShare(before, order.id, outside);
    if (share) synthetic.push(share);
  }
  const paid = [...paidFit.kept, ...synthetic];
  const balance = tabBalance(domainTab, paid, pending);

  // Holds: pending shares of picked dishes or part of one, and live payments of orders outside shares.
  const locks: Record<string, string> = {};
  const holders: Record<string, number | null> = {};
  for (const { share, settled } of pendingShares) {
    const kind = (share.request as { kind?: unknown }).kind;
    if (kind !== 'lines' && kind !== 'dish_part') continue;
    for (const entry of settled.allocation) {
      locks[entry.lineId] = payerOf(share);
      holders[entry.lineId] = share.memberId;
    }
  }
  const live = await livePaymentsOutsideShares(tx, orderIds, now);
  for (const payment of live) {
    const paidOrders = new Set<number>([
      ...(payment.orderId !== null ? [payment.orderId] : []),
      ...allocatedOrders(payment.data),
    ]);
    const holder =
      members.find(
        (member) =>
          member.status === 'member' &&
          (payment.userId !== null
            ? member.userId === payment.userId
            : member.userId === null && member.cartToken !== null && member.cartToken === payment.cartToken),
      )?.id ?? null;
    for (const item of items) {
      if (!paidOrders.has(item.orderId) || locks[item.lineId] !== undefined) continue;
      locks[item.lineId] = ORDER_PAYMENT_HOLDER;
      holders[item.lineId] =
        holder ?? standing.find((order) => order.id === item.orderId)?.tabMemberId ?? null;
    }
  }

  return {
    tab,
    restaurant,
    tableLabel: table?.label ?? null,
    members,
    orders: standing,
    items,
    shares,
    domainTab,
    paid,
    pending,
    expired,
    unfit,
    locks,
    holders,
    balance,
  };
}

/**
 * `amount` paid on order `orderId` outside shares, as a share of what is left of that order's dishes,
 * made by the domain's `splitShare` over those dishes alone: `rest` when it covers them (with the parts
 * that add up to zero), else `amount` (in proportion to what is left of each dish, then of each part).
 * Deterministic: the same rows give the same share.
 */
function outsideShare(balance: TabBalance, orderId: number, amount: number): SettledShare | null {
  const lines = balance.lines.filter((line) => line.orderId === orderId);
  const left = lines.reduce((total, line) => total + line.left, 0);
  if (left <= 0) return null;
  const own: TabBalance = { ...balance, lines, left, paid: 0, pending: 0, total: left };
  const result = splitShare(own, amount >= left ? { kind: 'rest' } : { kind: 'amount', amount }, {
    payer: ORDER_PAYMENT_HOLDER,
  });
  return result.ok ? { allocation: result.share.allocation } : null;
}

/** The orders a payment's `data.allocation` names (a table's orders paid together). */
function allocatedOrders(data: Record<string, unknown>): number[] {
  const allocation = data.allocation;
  if (!Array.isArray(allocation)) return [];
  return allocation
    .map((part) => (part as { order_id?: unknown }).order_id)
    .filter((id): id is number => typeof id === 'number');
}

/** Payments of the orders under way outside shares: initiated or processing, held until later than now. */
async function livePaymentsOutsideShares(tx: DbOrTx, orderIds: number[], now: Date) {
  if (orderIds.length === 0) return [];
  const paysAny = or(
    inArray(payments.orderId, orderIds),
    ...orderIds.map(
      (orderId) => sql`${payments.data}->'allocation' @> ${JSON.stringify([{ order_id: orderId }])}::jsonb`,
    ),
  );
  return tx
    .select({
      id: payments.id,
      orderId: payments.orderId,
      userId: payments.userId,
      cartToken: payments.cartToken,
      data: payments.data,
    })
    .from(payments)
    .where(
      and(
        inArray(payments.state, ['initiated', 'processing']),
        gt(payments.processingUntil, now),
        sql`not (${payments.data} ? 'tab_share_id')`,
        paysAny,
      ),
    );
}

/** Writes the state's expired pending shares void (the caller holds the tab's lock). Answers how many. */
export async function voidExpiredShares(
  tx: DbOrTx,
  state: Pick<TabState, 'expired'>,
  now: Date,
): Promise<number> {
  if (state.expired.length === 0) return 0;
  await tx
    .update(tabShares)
    .set({ state: 'void', settledAt: now })
    .where(
      and(
        inArray(
          tabShares.id,
          state.expired.map((share) => share.id),
        ),
        eq(tabShares.state, 'pending'),
      ),
    );
  return state.expired.length;
}
