/**
 * The invariants of the table tabs a chaos run opened (apps/api docs/tabs.md): groups of four at one
 * table paying in shares. Pure checks over what the phones were told (each group's record) and the
 * database's rows at the end; `audit` (invariants.ts) adds them to its verdicts.
 */
import { ORDER_STATUS } from '@santap/domain';
import type { DbOrder, DbOrderItem, DbPayment, DbRefund, Verdict } from './db-rows';

/** What one share took of one dish, part by part (the domain's `ShareLineAllocation`, as stored). */
export interface DbShareLine {
  lineId: string;
  parts: { key: string; amount: number; included?: boolean | undefined }[];
}

/** A `tab_shares` row. */
export interface DbTabShare {
  id: number;
  tabId: number;
  memberId: number | null;
  paymentId: number | null;
  /** pending | paid | void */
  state: string;
  /** The request's kind: rest, mine, lines, dish_part, equal, amount, counter. */
  kind: string;
  settles: number;
  amount: number;
  allocation: DbShareLine[];
}

/**
 * Two phones asking for the last share of a tab at the same moment: what was left just before (the
 * server's word to one of them), the shares their calls started and how many were refused.
 */
export interface LastShareRace {
  leftBefore: number;
  shareIds: number[];
  refused: number;
}

/** A group of four at one table, as its phones saw it. */
export interface TabGroupRecord {
  restaurantId: number;
  tableId: number;
  /** The tab its first order opened (`tabs.ofOrder`), once a phone was told. */
  tabId: number | undefined;
  /** The orders the group's phones were told they placed. */
  orderIds: number[];
  races: LastShareRace[];
  /** The tab as a member read it at the end of the run (the server's figures). */
  final?: { total: number; paid: number; pending: number; left: number; status: string } | undefined;
}

export interface TabAuditInput {
  groups: TabGroupRecord[];
  shares: DbTabShare[];
}

/** The statuses of orders that are off their tab (docs/tabs.md: never eaten, or their money given back). */
const OFF_TAB: ReadonlySet<number> = new Set([
  ORDER_STATUS.CANCELLED,
  ORDER_STATUS.DECLINED,
  ORDER_STATUS.DELETED,
]);
const CAPTURED = ['success', 'refunded', 'partially_refunded'];
/** The dish's own price part of a share (`BILL_LINE_KEY.subtotal`); the others are charges and taxes. */
const FOOD = 'bill.subtotal';

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const moneyOf = (line: DbShareLine) =>
  sum(line.parts.filter((part) => !part.included).map((part) => part.amount));
const listed = (values: (string | number)[]) =>
  values.length > 8 ? `${values.slice(0, 8).join(', ')} … (${values.length})` : values.join(', ');

export function auditTabs(
  input: TabAuditInput,
  rows: { orders: DbOrder[]; orderItems: DbOrderItem[]; payments: DbPayment[]; refunds: DbRefund[] },
): Verdict[] {
  const verdicts: Verdict[] = [];
  const check = (name: string, bad: (string | number)[], ok: string) =>
    verdicts.push({ name, passed: bad.length === 0, detail: bad.length === 0 ? ok : listed(bad) });
  const groups = input.groups.filter((group) => group.tabId !== undefined);
  const sharesOf = (tabId: number) => input.shares.filter((share) => share.tabId === tabId);
  const paidSharesOf = (tabId: number) => sharesOf(tabId).filter((share) => share.state === 'paid');
  const standingOrdersOf = (tabId: number) =>
    rows.orders.filter((order) => order.tabId === tabId && !OFF_TAB.has(order.status));

  // The group's orders went onto one tab: the one the first order opened.
  check(
    "a group's orders are all on its tab",
    groups.flatMap((group) =>
      group.orderIds
        .filter((id) => rows.orders.find((order) => order.id === id)?.tabId !== group.tabId)
        .map((id) => `order ${id} not on tab ${group.tabId}`),
    ),
    `${groups.length} tabs, ${sum(groups.map((group) => group.orderIds.length))} orders`,
  );

  // Σ settles of paid shares <= the standing orders' totals; equal once the server says nothing is
  // left (its own total, paid and left agreeing with the rows).
  const settled = groups.filter((group) => group.final?.left === 0 && group.final.pending === 0);
  check(
    "a tab's paid shares settle at most its total, exactly when nothing is left",
    groups.flatMap((group) => {
      const tabId = group.tabId!;
      const total = sum(standingOrdersOf(tabId).map((order) => order.total));
      const paid = sum(paidSharesOf(tabId).map((share) => share.settles));
      const final = group.final;
      const bad: string[] = [];
      if (paid > total) bad.push(`tab ${tabId}: shares settle ${paid} of ${total}`);
      if (final && final.total !== total)
        bad.push(`tab ${tabId}: server total ${final.total}, orders ${total}`);
      if (final?.left === 0 && final.pending === 0 && (paid !== total || final.paid !== total)) {
        bad.push(
          `tab ${tabId}: nothing left, yet shares settle ${paid} (server paid ${final.paid}) of ${total}`,
        );
      }
      return bad;
    }),
    `${groups.length} tabs, ${settled.length} with nothing left`,
  );

  // What the shares paid reached the orders: every order of a tab with nothing left is paid.
  check(
    'every order of a tab with nothing left is paid',
    settled.flatMap((group) =>
      standingOrdersOf(group.tabId!)
        .filter((order) => order.paidAmount < order.total)
        .map((order) => `tab ${group.tabId} order ${order.id}: paid ${order.paidAmount} of ${order.total}`),
    ),
    `${sum(settled.map((group) => standingOrdersOf(group.tabId!).length))} orders paid`,
  );

  // No dish paid twice: of each dish, the paid shares' food parts add up to at most its price, and
  // of each order, everything they took of its dishes to at most its total.
  const overPaid: string[] = [];
  for (const group of groups) {
    const tabId = group.tabId!;
    const byLine = new Map<string, { food: number; money: number }>();
    for (const share of paidSharesOf(tabId)) {
      for (const line of share.allocation) {
        const entry = byLine.get(line.lineId) ?? { food: 0, money: 0 };
        entry.food += sum(
          line.parts.filter((part) => part.key === FOOD && !part.included).map((part) => part.amount),
        );
        entry.money += moneyOf(line);
        byLine.set(line.lineId, entry);
      }
    }
    const byOrder = new Map<number, number>();
    for (const [lineId, taken] of byLine) {
      // A dish is its order line; an order whose bill could not be split by dish is one line, '0<order id>'.
      const whole = lineId.startsWith('0')
        ? rows.orders.find((order) => order.id === Number(lineId))
        : undefined;
      const item = whole ? undefined : rows.orderItems.find((one) => String(one.id) === lineId);
      const orderId = whole?.id ?? item?.orderId;
      const order = rows.orders.find((one) => one.id === orderId && one.tabId === tabId);
      if (!order) {
        overPaid.push(`tab ${tabId}: line ${lineId} is no dish of the tab`);
        continue;
      }
      const price = whole ? whole.total : item!.quantity * item!.unitPrice;
      if (taken.food > price)
        overPaid.push(`tab ${tabId} line ${lineId}: food paid ${taken.food} of ${price}`);
      byOrder.set(order.id, (byOrder.get(order.id) ?? 0) + taken.money);
    }
    for (const [orderId, taken] of byOrder) {
      const order = rows.orders.find((one) => one.id === orderId)!;
      if (taken > order.total)
        overPaid.push(`tab ${tabId} order ${orderId}: shares took ${taken} of ${order.total}`);
    }
  }
  check("no dish's part paid twice", overPaid, `${groups.length} tabs' dishes within their prices`);

  // Every captured share payment is either counted on its paid share or given back whole as a
  // duplicate, never both, never neither; every paid online share has its captured payment.
  const tabIds = new Set(groups.map((group) => group.tabId!));
  const sharePayments = rows.payments.filter(
    (payment) =>
      payment.purpose === 'tab_share' && payment.provider !== 'counter' && tabIds.has(payment.tabId ?? -1),
  );
  const duplicateRefunded = (payment: DbPayment) =>
    sum(
      rows.refunds
        .filter(
          (refund) =>
            refund.paymentId === payment.id &&
            refund.reason === 'duplicate_payment' &&
            refund.state !== 'failed',
        )
        .map((refund) => refund.amount),
    );
  const unaccounted: string[] = [];
  let refundedWhole = 0;
  for (const payment of sharePayments.filter((one) => CAPTURED.includes(one.state))) {
    const share = input.shares.find((one) => one.paymentId === payment.id);
    const counted = share?.state === 'paid';
    const givenBack = duplicateRefunded(payment);
    if (givenBack === payment.amount) refundedWhole++;
    if (counted && givenBack > 0)
      unaccounted.push(`payment ${payment.id}: on paid share ${share.id} and refunded ${givenBack}`);
    if (!counted && givenBack !== payment.amount) {
      unaccounted.push(
        `payment ${payment.id} (${payment.amount}): share ${share ? `${share.id} ${share.state}` : 'none'}, refunded ${givenBack} as duplicate`,
      );
    }
  }
  for (const share of input.shares.filter(
    (one) => tabIds.has(one.tabId) && one.state === 'paid' && one.kind !== 'counter',
  )) {
    const payment = rows.payments.find((one) => one.id === share.paymentId);
    if (!payment || !CAPTURED.includes(payment.state) || payment.amount !== share.amount) {
      unaccounted.push(
        `share ${share.id} paid: its payment ${payment ? `${payment.id} ${payment.state} ${payment.amount}` : 'missing'}, share ${share.amount}`,
      );
    }
  }
  check(
    'every share capture is counted on its paid share or refunded as duplicate_payment',
    unaccounted,
    `${sharePayments.filter((one) => CAPTURED.includes(one.state)).length} captured, ${refundedWhole} refunded whole as duplicates`,
  );

  // The last share asked by two phones at once: what the tab keeps of those shares (paid, and their
  // captures not given back) is at most what was left, so nobody paid the same remainder twice.
  const races = groups.flatMap((group) => group.races.map((race) => ({ group, race })));
  check(
    'nothing charged twice for the last share',
    races.flatMap(({ group, race }) => {
      const shares = race.shareIds.map((id) => input.shares.find((share) => share.id === id));
      const paid = shares.filter((share) => share?.state === 'paid');
      const kept = sum(
        shares.map((share) => {
          const payment = rows.payments.find((one) => one.id === share?.paymentId);
          return payment && CAPTURED.includes(payment.state)
            ? payment.amount - duplicateRefunded(payment)
            : 0;
        }),
      );
      const settles = sum(paid.map((share) => share!.settles));
      return settles > race.leftBefore || kept > race.leftBefore
        ? [
            `tab ${group.tabId}: ${race.leftBefore} left, ${paid.length} of its last shares paid settling ${settles}, ${kept} kept`,
          ]
        : [];
    }),
    `${races.length} races, ${races.filter(({ race }) => race.refused > 0).length} with one phone refused`,
  );
  return verdicts;
}
