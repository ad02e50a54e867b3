/**
 * The invariants a chaos run is judged by, as pure checks over what the diners saw (their
 * acknowledgements, the payer's captures, the last status each open page showed) and what the
 * database holds at the end. Each answers one line: passed or failed with the offending ids. The
 * table tabs' own invariants are in tab-invariants.ts.
 */
import { auditTabs } from './tab-invariants';
import type { TabAuditInput } from './tab-invariants';
import type { DbOrder, DbOrderItem, DbPayment, DbRefund, Verdict } from './db-rows';

export type { DbOrder, DbOrderItem, DbPayment, DbRefund, Verdict } from './db-rows';

/** What one simulated diner was told. */
export interface DinerRecord {
  cartToken: string;
  idempotencyKey: string;
  /**
   * The order ids the create call answered (one per outlet of a food-court cart), if the diner ever
   * got an answer.
   */
  acknowledgedOrderIds: number[] | undefined;
  /** The last status each of the diner's open status pages showed (websocket events, refetch on reconnect). */
  pageStatus: Record<number, number | undefined>;
}

/** A second batch sent to a running order ('add more items') and what the diner was told. */
export interface AddMoreRecord {
  orderId: number;
  /** The batch the create call answered, if the diner got an answer. */
  acknowledgedBatch: number | undefined;
  /** The diner gave up (no answer at all): the batch may or may not have been added. */
  unanswered: boolean;
}

/** One order a kiosk took (offline or not) and sent from its outbox, maybe more than once. */
export interface KioskRecord {
  key: string;
  /** What each send that was answered returned (the same ids every time, or the order was doubled). */
  replies: number[][];
}

/** A capture the payer saw succeed on the gateway's hosted page (the gateway's ledger, payer side). */
export interface Capture {
  reference: string;
  /** The order paid, or the food-court order whose outlet orders one payment pays. */
  orderId: number | undefined;
  fcOrderId?: number | undefined;
  /** The tab whose share it pays (a share's payment names the first order it pays; the tab is what counts). */
  tabId?: number | undefined;
  amount: number;
}

/**
 * The refunds the product starts by itself for a capture it must not keep (apps/api payments
 * notifications.ts): a second capture of a paid order ('duplicate_payment'), a capture of an order
 * that ended. A manager's refund ('staff_refund') or a declined item's never count as one.
 */
export const AUTOMATIC_REFUND_REASONS: ReadonlySet<string> = new Set([
  'duplicate_payment',
  'order_cancelled',
  'order_declined',
  'order_deleted',
]);

/** `payments.purpose` of a tab share's payment (apps/api model/tab-shares.ts). */
export const TAB_SHARE = 'tab_share';

/** Is it a gateway payment (not money taken at the counter)? */
const GATEWAY = (payment: DbPayment) => payment.provider !== 'counter';

const ids = (values: (string | number)[]) =>
  values.length > 8 ? `${values.slice(0, 8).join(', ')} … (${values.length})` : values.join(', ');

export function audit(input: {
  diners: DinerRecord[];
  captures: Capture[];
  /** References the payer submitted on the hosted page without an answer (captured or not). */
  unansweredPayments?: string[];
  orders: DbOrder[];
  payments: DbPayment[];
  refunds: DbRefund[];
  orderItems?: DbOrderItem[];
  addMores?: AddMoreRecord[];
  kiosk?: { deviceId: string; records: KioskRecord[] };
  tabs?: TabAuditInput;
}): Verdict[] {
  const { diners, captures, orders, payments, refunds } = input;
  const verdicts: Verdict[] = [];
  const check = (name: string, bad: (string | number)[], ok: string) =>
    verdicts.push({ name, passed: bad.length === 0, detail: bad.length === 0 ? ok : ids(bad) });
  const sameIds = (a: number[], b: number[]) =>
    a.length === b.length &&
    [...a].sort((x, y) => x - y).every((id, i) => id === [...b].sort((x, y) => x - y)[i]);

  const ordersByToken = new Map<string, DbOrder[]>();
  for (const order of orders) {
    ordersByToken.set(order.cartToken, [...(ordersByToken.get(order.cartToken) ?? []), order]);
  }
  const acknowledged = diners.filter((diner) => diner.acknowledgedOrderIds !== undefined);

  // Every acknowledged order exists, is the diner's, and the diner has no other (one create each; a
  // food-court cart's create answers one order per outlet).
  check(
    'every acknowledged order is in the database, once',
    acknowledged
      .filter((diner) => {
        const mine = (ordersByToken.get(diner.cartToken) ?? []).map((order) => order.id);
        return !sameIds(mine, diner.acknowledgedOrderIds!);
      })
      .map((diner) => diner.acknowledgedOrderIds!.join('+')),
    `${acknowledged.length} acknowledged, each exactly its orders`,
  );
  // No order the diner was never told about (placed = acknowledged).
  const known = new Set(diners.map((diner) => diner.cartToken));
  const acknowledgedIds = new Set(acknowledged.flatMap((diner) => diner.acknowledgedOrderIds!));
  const placed = orders.filter((order) => known.has(order.cartToken));
  check(
    'orders placed = orders acknowledged (none lost, none doubled)',
    placed.filter((order) => !acknowledgedIds.has(order.id)).map((order) => order.id),
    `${placed.length} placed = ${acknowledgedIds.size} acknowledged`,
  );

  // Whose money a payment is: a tab share's is the tab's (its order_id is only the first order it pays).
  const payer = (payment: Pick<DbPayment, 'orderId' | 'fcOrderId' | 'purpose' | 'tabId'>) =>
    payment.purpose === TAB_SHARE
      ? `tab ${payment.tabId}`
      : payment.fcOrderId
        ? `fc ${payment.fcOrderId}`
        : `order ${payment.orderId}`;

  // Every capture is one payment row of that order (or food-court order, or tab) with that amount.
  const paymentByReference = new Map(payments.map((payment) => [payment.reference, payment]));
  check(
    'every capture matches one payment of its order and amount',
    captures
      .filter((capture) => {
        const payment = paymentByReference.get(capture.reference);
        return (
          !payment ||
          (capture.tabId !== undefined
            ? payment.purpose !== TAB_SHARE || (payment.tabId ?? undefined) !== capture.tabId
            : (payment.orderId ?? undefined) !== capture.orderId ||
              (payment.fcOrderId ?? undefined) !== (capture.fcOrderId ?? undefined)) ||
          payment.amount !== capture.amount ||
          !['success', 'refunded', 'partially_refunded'].includes(payment.state)
        );
      })
      .map((capture) => {
        const payment = paymentByReference.get(capture.reference);
        const of =
          capture.tabId !== undefined
            ? `tab ${capture.tabId}`
            : `order ${capture.orderId ?? `fc ${capture.fcOrderId}`}`;
        return `${capture.reference} (${of}, ${capture.amount}: ${payment ? `payment of ${payer(payment)}, ${payment.amount}, ${payment.state}` : 'no payment'})`;
      }),
    `${captures.length} captures matched`,
  );

  // The other direction: every capture of a diner's gateway payment is one the payer saw (or one whose
  // submit got no answer: the instance died under the payer after its simulator may have captured).
  const inLedger = new Set([
    ...captures.map((capture) => capture.reference),
    ...(input.unansweredPayments ?? []),
  ]);
  const capturedOfDiners = payments.filter(
    (payment) =>
      GATEWAY(payment) &&
      payment.cartToken !== null &&
      known.has(payment.cartToken) &&
      ['success', 'refunded', 'partially_refunded'].includes(payment.state),
  );
  check(
    "every captured gateway payment is in the payer's ledger",
    capturedOfDiners
      .filter((payment) => !inLedger.has(payment.reference))
      .map(
        (payment) =>
          `${payment.reference} (${payment.fcOrderId ? `fc ${payment.fcOrderId}` : `order ${payment.orderId}`}, ${payment.amount}, ${payment.state})`,
      ),
    `${capturedOfDiners.length} captured, each seen by its payer (${
      capturedOfDiners.filter(
        (payment) => !captures.some((capture) => capture.reference === payment.reference),
      ).length
    } of them submitted without an answer)`,
  );

  const refundedOf = (paymentId: number) =>
    refunds
      .filter((refund) => refund.paymentId === paymentId && refund.state !== 'failed')
      .reduce((sum, refund) => sum + refund.amount, 0);
  const captured = payments.filter((payment) =>
    ['success', 'refunded', 'partially_refunded'].includes(payment.state),
  );
  const byPayer = new Map<string, DbPayment[]>();
  for (const payment of captured)
    byPayer.set(payer(payment), [...(byPayer.get(payer(payment)) ?? []), payment]);
  // Paid twice only with every capture but one given back in full by the product's own refunds
  // (started by the capture itself or the order's end), never by a manager's refund.
  const automatic = (payment: DbPayment) =>
    refunds.filter(
      (refund) =>
        refund.paymentId === payment.id &&
        AUTOMATIC_REFUND_REASONS.has(refund.reason) &&
        refund.state !== 'failed',
    );
  // A tab is paid in several shares, each its own capture: the tab's audit below checks those.
  const paidTwice = [...byPayer].filter(([who, paid]) => paid.length > 1 && !who.startsWith('tab '));
  const duplicateRefunds = paidTwice.flatMap(([, paid]) => paid.flatMap(automatic));
  check(
    'no order paid twice without an automatic refund of the duplicate',
    paidTwice
      .filter(
        ([, paid]) =>
          paid.filter(
            (payment) => automatic(payment).reduce((sum, refund) => sum + refund.amount, 0) < payment.amount,
          ).length > 1,
      )
      .map(
        ([who, paid]) =>
          `${who}: ${paid
            .map(
              (payment) =>
                `payment ${payment.id} ${payment.amount} refunded ${
                  refunds
                    .filter((refund) => refund.paymentId === payment.id)
                    .map((refund) => `${refund.amount} ${refund.reason} ${refund.state}`)
                    .join(' + ') || 'nothing'
                }`,
            )
            .join('; ')}`,
      ),
    `${paidTwice.length} paid twice, each duplicate refunded by the product (${
      duplicateRefunds.filter((refund) => refund.state === 'refunded').length
    } refunded, ${
      duplicateRefunds.filter((refund) => refund.state === 'refund_initiated').length
    } still initiated: the simulator that held the payment died)`,
  );

  // Refunds never above captures: per payment, per order (its own columns), and per payer (every
  // refund of every payment of an order or food-court order against what they captured).
  const refundsByPayer = new Map<string, { refunded: number; captured: number }>();
  for (const payment of payments) {
    const entry = refundsByPayer.get(payer(payment)) ?? { refunded: 0, captured: 0 };
    entry.refunded += refundedOf(payment.id);
    if (captured.includes(payment)) entry.captured += payment.amount;
    refundsByPayer.set(payer(payment), entry);
  }
  const overRefunded = [
    ...payments
      .filter((payment) => refundedOf(payment.id) > payment.amount || payment.refundedAmount > payment.amount)
      .map((payment) => `payment ${payment.id}`),
    ...orders.filter((order) => order.refundedAmount > order.paidAmount).map((order) => `order ${order.id}`),
    ...[...refundsByPayer]
      .filter(([, entry]) => entry.refunded > entry.captured)
      .map(([who, entry]) => `${who} refunded ${entry.refunded} of ${entry.captured} captured`),
  ];
  check('refunds never above captures', overRefunded, `${refunds.length} refunds within their captures`);

  // Every open status page ended on its order's final status.
  const statusById = new Map(orders.map((order) => [order.id, order.status]));
  const stale = acknowledged.flatMap((diner) =>
    Object.entries(diner.pageStatus)
      .filter(([id, status]) => status !== statusById.get(Number(id)))
      .map(([id, status]) => `${id} page ${status} db ${statusById.get(Number(id))}`),
  );
  check(
    "every open status page shows its order's final status",
    stale,
    `${acknowledged.reduce((sum, diner) => sum + Object.keys(diner.pageStatus).length, 0)} pages current`,
  );

  // Add more items: each acknowledged batch is in its order, no batch the diner was not told about
  // (a retried add doubled), and the order's subtotal is the sum of all its batches' lines.
  if (input.addMores && input.orderItems) {
    const items = input.orderItems;
    const batchesOf = (orderId: number) =>
      new Set(items.filter((item) => item.orderId === orderId).map((item) => item.batch));
    const byOrder = new Map<number, AddMoreRecord[]>();
    for (const record of input.addMores)
      byOrder.set(record.orderId, [...(byOrder.get(record.orderId) ?? []), record]);
    const wrongBatches: string[] = [];
    for (const [orderId, records] of byOrder) {
      const batches = batchesOf(orderId);
      const acked = records.filter((record) => record.acknowledgedBatch !== undefined);
      const unanswered = records.filter((record) => record.unanswered).length;
      for (const record of acked) {
        if (!batches.has(record.acknowledgedBatch!))
          wrongBatches.push(`order ${orderId} batch ${record.acknowledgedBatch} missing`);
      }
      const ackedBatches = new Set(acked.map((record) => record.acknowledgedBatch));
      if (ackedBatches.size !== acked.length)
        wrongBatches.push(`order ${orderId}: two adds answered one batch`);
      const extra = batches.size - 1 - acked.length;
      if (extra < 0 || extra > unanswered) {
        wrongBatches.push(`order ${orderId}: ${batches.size} batches for ${acked.length} acknowledged adds`);
      }
    }
    const added = input.addMores.filter((record) => record.acknowledgedBatch !== undefined).length;
    check('every acknowledged add-more batch is in its order, once', wrongBatches, `${added} batches added`);
    const linesOff = orders
      .filter((order) => order.subtotal !== undefined && known.has(order.cartToken))
      .filter((order) => {
        const sum = items
          .filter((item) => item.orderId === order.id && item.status !== 'declined')
          .reduce((total, item) => total + item.quantity * item.unitPrice, 0);
        return sum !== order.subtotal;
      })
      .map((order) => order.id);
    check("every order's subtotal is the sum of its batches' lines", linesOff, `${placed.length} orders`);
  }

  // Kiosk offline orders: each queued order placed once however often the outbox sent it.
  if (input.kiosk) {
    const { deviceId, records } = input.kiosk;
    const kioskOrders = orders.filter((order) => order.kioskDeviceId === deviceId);
    const bad: string[] = [];
    const told = new Set<number>();
    for (const record of records) {
      const [first, ...rest] = record.replies;
      if (!first) continue;
      if (rest.some((reply) => !sameIds(reply, first))) bad.push(`${record.key}: replies differ`);
      for (const id of first) {
        if (told.has(id)) bad.push(`order ${id} answered to two keys`);
        told.add(id);
        if (!kioskOrders.some((order) => order.id === id)) bad.push(`order ${id} missing`);
      }
    }
    const unanswered = records.filter((record) => record.replies.length === 0).length;
    const untold = kioskOrders.filter((order) => !told.has(order.id));
    if (untold.length > unanswered) bad.push(...untold.map((order) => `order ${order.id} never answered`));
    const sends = records.reduce((sum, record) => sum + record.replies.length, 0);
    check(
      'kiosk orders placed once per queued order (outbox replays not doubled)',
      bad,
      `${records.length} queued, ${sends} answered sends, ${kioskOrders.length} orders`,
    );
  }

  if (input.tabs) {
    verdicts.push(
      ...auditTabs(input.tabs, { orders, orderItems: input.orderItems ?? [], payments, refunds }),
    );
  }
  return verdicts;
}

/** The last line of a run: "N passed, N failed". */
export function tally(verdicts: Verdict[]): string {
  const passed = verdicts.filter((verdict) => verdict.passed).length;
  return `${passed} passed, ${verdicts.length - passed} failed`;
}
