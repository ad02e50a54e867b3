/**
 * A table's tab as rows (the model floor; apps/api docs/tabs.md): the row types, who is a member,
 * the tab's state built into the domain's `Tab` and balance (`tabBalance` of @santap/domain), its
 * view for the contract, its live event, and the ordering hook that puts a dine-in order on a tab.
 * The flows of tabs (`flows/tabs/`) and the share payments build on these.
 */
import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  BILL_LINE_KEY,
  MESSAGE,
  ORDER_STATUS,
  ORDER_TYPE,
  formatMoney,
  splitShare,
  tabBalance,
} from '@santap/domain';
import type {
  Bill,
  Currency,
  Language,
  SettledShare,
  SplitRefusal,
  Tab,
  TabBalance,
  TabOrder,
} from '@santap/domain';
import type { TabView } from '@santap/contract';
import { QR_PLAN } from '@santap/qr';
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
  tableTabs,
} from '../../db/schema';
import type { LiveEvent, LiveEvents } from '../../lib/live-events';
import { ApiFailure, fail, statusForKey } from '../../lib/errors';
import { parseBill } from './orders';
import type { OrderRow } from './orders';
import { pick, settingsOf } from './restaurants';
import type { RestaurantRow } from './restaurants';

export type TabRow = typeof tableTabs.$inferSelect;
export type TabMemberRow = typeof tabMembers.$inferSelect;
export type TabShareRow = typeof tabShares.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

/** What the tab code reads of the server's context (the context floor is above this one). */
export interface TabContext {
  readonly events: LiveEvents;
  now(): Date;
}

/** Who is asking, as the tab rows know a diner: a user, or a guest's cart token. */
export interface TabCaller {
  readonly user: { id: number } | null;
  readonly cartToken: string | undefined;
}

/** A caller's identity on a tab's member rows (`memberIdentity`). */
export interface MemberIdentity {
  userId: number | null;
  cartToken: string | null;
}

// ---------------------------------------------------------------------------------------------
// Members

/** The caller as a member row would name them: their user, else their cart token. */
export function memberIdentity(caller: TabCaller): MemberIdentity {
  return { userId: caller.user?.id ?? null, cartToken: caller.cartToken ?? null };
}

/**
 * Member rows of the caller: their user's, and their cart token's rows of no user; neither -> none.
 * The rule of `ownedBy` for orders (model/orders.ts): a user's row is never matched by the token alone.
 */
export function memberRowsOf(who: MemberIdentity): SQL {
  const byUser = who.userId !== null ? eq(tabMembers.userId, who.userId) : undefined;
  const byToken =
    who.cartToken !== null
      ? and(isNull(tabMembers.userId), eq(tabMembers.cartToken, who.cartToken))
      : undefined;
  if (byUser && byToken) return or(byUser, byToken)!;
  return byUser ?? byToken ?? sql`false`;
}

/** The tab row, locked FOR UPDATE (every change of a tab and its shares holds it); null when unknown. */
export async function lockTab(tx: DbOrTx, tabId: number): Promise<TabRow | null> {
  const [row] = await tx.select().from(tableTabs).where(eq(tableTabs.id, tabId)).limit(1).for('update');
  return row ?? null;
}

/**
 * The caller's member row on a tab: a `member` (let in), or with `waiting: true` also one waiting for
 * staff to let them in. Null when the caller is not on the tab.
 */
export async function findMember(
  db: DbOrTx,
  tabId: number,
  caller: TabCaller,
  options: { waiting?: boolean } = {},
): Promise<TabMemberRow | null> {
  const [row] = await db
    .select()
    .from(tabMembers)
    .where(
      and(
        eq(tabMembers.tabId, tabId),
        memberRowsOf(memberIdentity(caller)),
        options.waiting ? undefined : eq(tabMembers.status, 'member'),
      ),
    )
    .orderBy(asc(tabMembers.id))
    .limit(1);
  return row ?? null;
}

/** Whether `who` is a let-in member of the tab (the live route's check for `tab:<id>`). */
export async function isTabMember(db: DbOrTx, tabId: number, who: MemberIdentity): Promise<boolean> {
  if (who.userId === null && who.cartToken === null) return false;
  const [row] = await db
    .select({ id: tabMembers.id })
    .from(tabMembers)
    .where(and(eq(tabMembers.tabId, tabId), eq(tabMembers.status, 'member'), memberRowsOf(who)))
    .limit(1);
  return row !== undefined;
}

/** The emoji a member starts with (no words: the same in every language), by their place on the tab. */
const MEMBER_EMOJI = ['🍜', '🍛', '🥟', '🍢', '🍡', '🥥', '🌶️', '🍵', '🧋', '🍤', '🍙', '🥭'] as const;

/**
 * Puts the caller on a tab as a `member` joined `via`: a row they already have there (waiting) is let
 * in, else a new row with `name` (empty: the apps show the emoji) and `emoji` (default: the next of a
 * fixed set). Answers the row.
 */
export async function addMember(
  tx: DbOrTx,
  tab: Pick<TabRow, 'id'>,
  caller: TabCaller,
  via: 'opened' | 'scan' | 'code' | 'staff',
  now: Date,
  chosen: { name?: string | undefined; emoji?: string | undefined } = {},
): Promise<TabMemberRow> {
  const existing = await findMember(tx, tab.id, caller, { waiting: true });
  if (existing) {
    if (existing.status === 'member') return existing;
    const [row] = await tx
      .update(tabMembers)
      .set({
        status: 'member',
        joinedVia: via,
        joinedAt: now,
        ...(chosen.name !== undefined ? { name: chosen.name } : {}),
        ...(chosen.emoji !== undefined ? { emoji: chosen.emoji } : {}),
      })
      .where(eq(tabMembers.id, existing.id))
      .returning();
    return row!;
  }
  return insertMember(tx, tab, caller, { status: 'member', via, now, ...chosen });
}

/** A new member row (`member`, or `waiting` for staff to let them in). */
export async function insertMember(
  tx: DbOrTx,
  tab: Pick<TabRow, 'id'>,
  caller: TabCaller,
  row: {
    status: 'member' | 'waiting';
    via: 'opened' | 'scan' | 'code' | 'staff';
    now: Date;
    name?: string | undefined;
    emoji?: string | undefined;
  },
): Promise<TabMemberRow> {
  const [{ count } = { count: 0 }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(tabMembers)
    .where(eq(tabMembers.tabId, tab.id));
  const who = memberIdentity(caller);
  const [inserted] = await tx
    .insert(tabMembers)
    .values({
      tabId: tab.id,
      userId: who.userId,
      cartToken: who.cartToken,
      name: row.name ?? '',
      emoji: row.emoji ?? MEMBER_EMOJI[count % MEMBER_EMOJI.length]!,
      status: row.status,
      joinedVia: row.via,
      joinedAt: row.now,
    })
    .returning();
  return inserted!;
}

// ---------------------------------------------------------------------------------------------
// Opening, joining, live

/** The characters of a join code: no 0/O, 1/I/L look-alikes (docs/tabs.md, Joining). */
export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const JOIN_CODE_LENGTH = 6;

/** A random join code (crypto-random, uniform over {@link JOIN_CODE_ALPHABET}). */
export function newJoinCode(): string {
  let code = '';
  for (let i = 0; i < JOIN_CODE_LENGTH; i++) code += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)];
  return code;
}

/** A typed code as stored: upper case, spaces and dashes dropped. */
export const normaliseJoinCode = (code: string): string => code.toUpperCase().replace(/[\s-]/g, '');

/** The open tabs at a restaurant's table, newest first. */
export function openTabsAt(db: DbOrTx, restaurantId: number, tableId: number) {
  return db
    .select()
    .from(tableTabs)
    .where(
      and(
        eq(tableTabs.restaurantId, restaurantId),
        eq(tableTabs.tableId, tableId),
        eq(tableTabs.status, 'open'),
      ),
    )
    .orderBy(desc(tableTabs.id));
}

/**
 * `tab.changed` `{ tab_id }` on `tab:<id>` and `restaurant:<id>`: every change of a tab (a round, a
 * member, a share, the tab closed); the apps read the tab again. In the transaction (delivered on
 * commit), or pushed onto `afterCommit` for a caller that sends its events once committed.
 */
export async function publishTab(
  ctx: Pick<TabContext, 'events'>,
  tx: DbOrTx,
  tab: Pick<TabRow, 'id' | 'restaurantId'>,
  afterCommit?: LiveEvent[],
): Promise<void> {
  const event: LiveEvent = {
    topics: [`tab:${tab.id}`, `restaurant:${tab.restaurantId}`],
    type: 'tab.changed',
    data: { tab_id: tab.id },
  };
  if (afterCommit) afterCommit.push(event);
  else await ctx.events.publish(tx, event);
}

/** The tab's last activity is now (a round, a member, a share): what the idle close counts from. */
export async function touchTab(tx: DbOrTx, tabId: number, now: Date): Promise<void> {
  await tx.update(tableTabs).set({ lastActivityAt: now }).where(eq(tableTabs.id, tabId));
}

/**
 * The ordering hook (docs/tabs.md, Joining): puts a newly placed dine-in order at a restaurant's table
 * on a tab, in the order's transaction, with the `dining_tables` row locked FOR UPDATE so two first
 * orders never open two tabs. (1) The caller is a member of an open tab at the table: that one (the
 * newest). (2) Else, the caller's ticket was a dynamic QR's (`dynamicScan`) and a tab is open there:
 * they join the newest (`scan`). (3) Else a new tab opens with them as its first member (`opened`).
 * Orders of no table, of a food court, or not dine-in get no tab (null).
 */
export async function attachOrderToTab(
  ctx: TabContext,
  tx: DbOrTx,
  order: Pick<OrderRow, 'id' | 'restaurantId' | 'tableId' | 'orderType' | 'fcOrderId'>,
  caller: TabCaller,
  options: { dynamicScan: boolean; afterCommit?: LiveEvent[] },
): Promise<{ tab: TabRow; member: TabMemberRow } | null> {
  if (order.orderType !== ORDER_TYPE.DINE_IN || order.tableId === null || order.fcOrderId !== null)
    return null;
  const [table] = await tx
    .select({ id: diningTables.id })
    .from(diningTables)
    .where(and(eq(diningTables.id, order.tableId), eq(diningTables.restaurantId, order.restaurantId)))
    .limit(1)
    .for('update');
  // A food court's table (no restaurant) is not a tab's: its orders are paid per food-court order.
  if (!table) return null;
  const now = ctx.now();
  const open = await openTabsAt(tx, order.restaurantId, table.id);
  let tab: TabRow | undefined;
  let member: TabMemberRow | null = null;
  for (const candidate of open) {
    member = await findMember(tx, candidate.id, caller);
    if (member) {
      tab = candidate;
      break;
    }
  }
  if (!tab && options.dynamicScan && open[0]) {
    tab = open[0];
    member = await addMember(tx, tab, caller, 'scan', now);
  }
  if (!tab) {
    const [opened] = await tx
      .insert(tableTabs)
      .values({
        restaurantId: order.restaurantId,
        tableId: table.id,
        status: 'open',
        joinCode: newJoinCode(),
        openedAt: now,
        lastActivityAt: now,
      })
      .returning();
    tab = opened!;
    member = await insertMember(tx, tab, caller, { status: 'member', via: 'opened', now });
  }
  await tx.update(orders).set({ tabId: tab.id, tabMemberId: member!.id }).where(eq(orders.id, order.id));
  await touchTab(tx, tab.id, now);
  await publishTab(ctx, tx, tab, options.afterCommit);
  return { tab, member: member! };
}

/**
 * A round added to an order on a tab (add more, ordering's batches.ts): the order keeps its tab, whose
 * activity is now and whose members read it again. Nothing for an order on no tab.
 */
export async function noteTabRound(
  ctx: TabContext,
  tx: DbOrTx,
  order: Pick<OrderRow, 'tabId' | 'restaurantId'>,
  afterCommit?: LiveEvent[],
): Promise<void> {
  if (order.tabId === null) return;
  await touchTab(tx, order.tabId, ctx.now());
  await publishTab(ctx, tx, { id: order.tabId, restaurantId: order.restaurantId }, afterCommit);
}

// ---------------------------------------------------------------------------------------------
// The tab's state: the domain's Tab, shares, holds and balance

/** Order statuses whose orders are off the tab (never eaten, or their money given back). */
const OFF_TAB_STATUSES = [ORDER_STATUS.CANCELLED, ORDER_STATUS.DECLINED, ORDER_STATUS.DELETED];

/** The payer of a hold by a payment of an order outside shares (a line's `locks` value). */
export const ORDER_PAYMENT_HOLDER = 'order';
/** The payer id of a share taken at the counter (no member). */
export const COUNTER_PAYER = 'counter';

/** A share's payer as the domain names it: the member id as a string, or the counter. */
export const payerOf = (share: Pick<TabShareRow, 'memberId'>): string =>
  share.memberId === null ? COUNTER_PAYER : String(share.memberId);

/**
 * The gateway's smallest online charge, minor units. None of the gateway adapters publishes one
 * (`services/adapters/payments`), so this is the floor every one of them takes: RM 1.00, Rp 1.000.
 * A share below it is paid at the counter (docs/tabs.md, Shares).
 */
export const GATEWAY_MINIMUM: Readonly<Record<Currency, number>> = { MYR: 100, IDR: 1000 };

/** What a restaurant set for its tabs (db/settings.ts `tabTips`, `tabIdleMinutes`) and its gateway minimum. */
export function tabSettingsOf(restaurant: RestaurantRow) {
  const settings = settingsOf(restaurant);
  return {
    tips: settings.tabTips,
    idleMinutes: settings.tabIdleMinutes,
    minimum: GATEWAY_MINIMUM[restaurant.currency === 'IDR' ? 'IDR' : 'MYR'],
    cashRounding: settings.cashRounding,
  };
}

const allocationSchema = z.array(
  z.object({
    lineId: z.string(),
    amount: z.int().optional(),
    parts: z.array(
      z.object({
        key: z.string(),
        amount: z.int(),
        rate: z.int().optional(),
        included: z.literal(true).optional(),
      }),
    ),
  }),
);

/** A share's stored `allocation` as the domain reads it; null when it cannot be read. */
export function allocationOf(share: Pick<TabShareRow, 'allocation'>): SettledShare['allocation'] | null {
  const parsed = allocationSchema.safeParse(share.allocation);
  return parsed.success ? parsed.data : null;
}

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

// ---------------------------------------------------------------------------------------------
// The view

const epochOf = (date: Date) => Math.floor(date.getTime() / 1000);

const SHARE_KINDS = new Set(['rest', 'mine', 'lines', 'dish_part', 'equal', 'amount', 'counter']);

/** The contract's share of a share row. */
export function shareViewOf(share: TabShareRow): TabView['shares'][number] {
  const kind = (share.request as { kind?: unknown }).kind;
  return {
    share_id: share.id,
    member_id: share.memberId,
    kind: (typeof kind === 'string' && SHARE_KINDS.has(kind)
      ? kind
      : 'counter') as TabView['shares'][number]['kind'],
    state: share.state as 'pending' | 'paid' | 'void',
    settles: share.settles,
    tip: share.tip,
    amount: share.amount,
    method: share.method,
    payment_id: share.paymentId,
    created_epoch: epochOf(share.createdAt),
    hold_until_epoch: share.state === 'pending' && share.holdUntil ? epochOf(share.holdUntil) : null,
  };
}

/** The equal splits under way: paid and live pending shares of `equal` / `dish_part`, by their split. */
function splitsOf(shares: readonly TabShareRow[]): TabView['splits'] {
  const splits = new Map<string, TabView['splits'][number]>();
  for (const share of shares) {
    const request = share.request as {
      kind?: unknown;
      parts?: unknown;
      part?: unknown;
      of?: unknown;
      line_id?: unknown;
    };
    if (request.kind !== 'equal' && request.kind !== 'dish_part') continue;
    if (
      typeof request.parts !== 'number' ||
      typeof request.part !== 'number' ||
      typeof request.of !== 'number'
    )
      continue;
    const lineId =
      request.kind === 'dish_part' && typeof request.line_id === 'string' ? request.line_id : null;
    const key = `${request.kind}|${lineId ?? ''}|${request.parts}|${request.of}`;
    const split = splits.get(key) ?? {
      kind: request.kind,
      line_id: lineId,
      parts: request.parts,
      of: request.of,
      taken: [],
    };
    if (!split.taken.includes(request.part)) split.taken.push(request.part);
    splits.set(key, split);
  }
  return [...splits.values()].map((split) => ({ ...split, taken: split.taken.sort((a, b) => a - b) }));
}

/**
 * The contract's `TabView` of a tab's state for one reader: dishes named in `lang`, `me` the reader's
 * member id (null for staff). Members read only let-in members; staff (`staff: true`) also those
 * waiting to be let in. Shares listed are the paid and live pending ones.
 */
export function tabViewOf(
  state: TabState,
  lang: Language,
  me: number | null,
  options: { staff?: boolean } = {},
): TabView {
  const { tab, restaurant, balance } = state;
  const settings = tabSettingsOf(restaurant);
  const byLine = new Map(balance.lines.map((line) => [line.id, line]));
  const expired = new Set(state.expired.map((share) => share.id));
  const unfit = new Set(state.unfit.map((share) => share.id));
  const live = state.shares.filter(
    (share) => share.state !== 'void' && !expired.has(share.id) && !unfit.has(share.id),
  );
  return {
    tab_id: tab.id,
    restaurant_id: tab.restaurantId,
    table_id: tab.tableId,
    table_label: state.tableLabel,
    status: tab.status === 'closed' ? 'closed' : 'open',
    currency: balance.currency,
    join_code: tab.status === 'open' ? tab.joinCode : null,
    joins_by_scan: restaurant.qrPlan === QR_PLAN.DYNAMIC,
    me,
    members: state.members
      .filter((member) => member.status === 'member' || options.staff)
      .map((member) => ({
        member_id: member.id,
        name: member.name,
        emoji: member.emoji,
        me: member.id === me,
        waiting: member.status === 'waiting',
      })),
    orders: state.orders.map((order) => ({
      order_id: order.id,
      member_id: order.tabMemberId,
      status: order.status,
      total: order.total,
      created_epoch: epochOf(order.createdAt),
    })),
    lines: state.items.map((item) => {
      const line = byLine.get(item.lineId)!;
      const order = state.orders.find((row) => row.id === item.orderId)!;
      const first = item.items[0];
      return {
        line_id: item.lineId,
        order_id: item.orderId,
        member_id: order.tabMemberId,
        name: item.wholeOrder
          ? item.items.map((row) => `${row.quantity}× ${pick(row.name, lang)}`).join(', ')
          : pick(first?.name, lang),
        quantity: item.wholeOrder ? 1 : (first?.quantity ?? 1),
        options: item.wholeOrder
          ? ''
          : (first?.options ?? [])
              .map((option) => (option.name ? pick(option.name, lang) : option.optionId))
              .join(', '),
        amount: line.amount,
        paid: line.paid,
        pending: line.pending,
        left: line.left,
        held_by: state.holders[item.lineId] ?? null,
      };
    }),
    shares: live.map(shareViewOf),
    splits: splitsOf(live),
    total: balance.total,
    paid: balance.paid,
    pending: balance.pending,
    left: balance.left,
    tips: settings.tips,
    minimum: settings.minimum,
  };
}

// ---------------------------------------------------------------------------------------------
// Refusals

/** Values of split refusals that are money (minor units), formatted for the reader. */
const MONEY_VALUES = new Set(['left', 'minimum']);

/**
 * A split refusal of the domain (`splitShare`) as the API's failure: amounts formatted in the reader's
 * language (`formatMoney`), counts as they are; the status of the key (`statusForKey`: 422).
 */
export function splitFailure(refusal: SplitRefusal, currency: Currency, lang: Language): ApiFailure {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(refusal.values ?? {})) {
    values[name] = MONEY_VALUES.has(name) ? formatMoney(value, currency, lang) : value;
  }
  return new ApiFailure(
    refusal.key,
    statusForKey(refusal.key),
    values,
    refusal.lineIds ? { line_ids: refusal.lineIds } : undefined,
  );
}
