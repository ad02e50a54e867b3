/**
 * The invariants a chaos run is judged by, as pure checks over what the diners saw (their
 * acknowledgements, the payer's captures, the last status each open page showed) and what the
 * database holds at the end. Each answers one line: passed or failed with the offending ids.
 */

/** What one simulated diner was told. */
export interface DinerRecord {
  cartToken: string;
  idempotencyKey: string;
  /** The order id the create call answered, if the diner ever got an answer. */
  acknowledgedOrderId: number | undefined;
  /** The last status the diner's open status page showed (websocket events, refetch on reconnect). */
  pageStatus: number | undefined;
}

/** A capture the payer saw succeed on the gateway's hosted page (the gateway's ledger, payer side). */
export interface Capture {
  reference: string;
  orderId: number;
  amount: number;
}

export interface DbOrder {
  id: number;
  cartToken: string;
  status: number;
  total: number;
  paidAmount: number;
  refundedAmount: number;
}

export interface DbPayment {
  id: number;
  reference: string;
  orderId: number | null;
  amount: number;
  state: string;
  refundedAmount: number;
}

export interface DbRefund {
  paymentId: number;
  amount: number;
  state: string;
}

export interface Verdict {
  name: string;
  passed: boolean;
  detail: string;
}

const ids = (values: (string | number)[]) =>
  values.length > 8 ? `${values.slice(0, 8).join(', ')} … (${values.length})` : values.join(', ');

export function audit(input: {
  diners: DinerRecord[];
  captures: Capture[];
  orders: DbOrder[];
  payments: DbPayment[];
  refunds: DbRefund[];
}): Verdict[] {
  const { diners, captures, orders, payments, refunds } = input;
  const verdicts: Verdict[] = [];
  const check = (name: string, bad: (string | number)[], ok: string) =>
    verdicts.push({ name, passed: bad.length === 0, detail: bad.length === 0 ? ok : ids(bad) });

  const ordersByToken = new Map<string, DbOrder[]>();
  for (const order of orders) {
    ordersByToken.set(order.cartToken, [...(ordersByToken.get(order.cartToken) ?? []), order]);
  }
  const acknowledged = diners.filter((diner) => diner.acknowledgedOrderId !== undefined);

  // Every acknowledged order exists, is the diner's, and is the only order of that diner (one create each).
  check(
    'every acknowledged order is in the database, once',
    acknowledged
      .filter((diner) => {
        const mine = ordersByToken.get(diner.cartToken) ?? [];
        return mine.length !== 1 || mine[0]!.id !== diner.acknowledgedOrderId;
      })
      .map((diner) => diner.acknowledgedOrderId!),
    `${acknowledged.length} acknowledged, each exactly one order`,
  );
  // No order the diner was never told about (placed = acknowledged).
  const known = new Set(diners.map((diner) => diner.cartToken));
  const unacknowledged = orders.filter(
    (order) =>
      known.has(order.cartToken) &&
      !diners.some((diner) => diner.cartToken === order.cartToken && diner.acknowledgedOrderId === order.id),
  );
  check(
    'orders placed = orders acknowledged (none lost, none doubled)',
    unacknowledged.map((order) => order.id),
    `${orders.filter((order) => known.has(order.cartToken)).length} placed = ${acknowledged.length} acknowledged`,
  );

  // Every capture is one payment row of that order with that amount.
  const paymentByReference = new Map(payments.map((payment) => [payment.reference, payment]));
  check(
    'every capture matches one payment of its order and amount',
    captures
      .filter((capture) => {
        const payment = paymentByReference.get(capture.reference);
        return (
          !payment ||
          payment.orderId !== capture.orderId ||
          payment.amount !== capture.amount ||
          !['success', 'refunded'].includes(payment.state)
        );
      })
      .map((capture) => {
        const payment = paymentByReference.get(capture.reference);
        return `${capture.reference} (order ${capture.orderId}, ${capture.amount}: ${payment ? `payment of order ${payment.orderId}, ${payment.amount}, ${payment.state}` : 'no payment'})`;
      }),
    `${captures.length} captures matched`,
  );

  // Paid twice only with the duplicate refunded.
  const refundedOf = (paymentId: number) =>
    refunds
      .filter((refund) => refund.paymentId === paymentId && refund.state !== 'failed')
      .reduce((sum, refund) => sum + refund.amount, 0);
  const doublePaid = orders.filter((order) => {
    const paid = payments.filter((payment) => payment.orderId === order.id && payment.state === 'success');
    if (paid.length <= 1) return false;
    const kept = paid.filter((payment) => refundedOf(payment.id) < payment.amount);
    return kept.length > 1;
  });
  check(
    'no order paid twice without the duplicate refunded',
    doublePaid.map((order) => order.id),
    'none',
  );

  // Refunds never above captures, per payment and per order.
  const overRefunded = [
    ...payments
      .filter((payment) => refundedOf(payment.id) > payment.amount || payment.refundedAmount > payment.amount)
      .map((payment) => `payment ${payment.id}`),
    ...orders.filter((order) => order.refundedAmount > order.paidAmount).map((order) => `order ${order.id}`),
  ];
  check('refunds never above captures', overRefunded, `${refunds.length} refunds within their captures`);

  // Every open status page ended on its order's final status.
  const statusById = new Map(orders.map((order) => [order.id, order.status]));
  const stale = acknowledged.filter(
    (diner) => diner.pageStatus !== statusById.get(diner.acknowledgedOrderId!),
  );
  check(
    "every open status page shows its order's final status",
    stale.map(
      (diner) =>
        `${diner.acknowledgedOrderId} page ${diner.pageStatus} db ${statusById.get(diner.acknowledgedOrderId!)}`,
    ),
    `${acknowledged.length} pages current`,
  );
  return verdicts;
}

/** The last line of a run: "N passed, N failed". */
export function tally(verdicts: Verdict[]): string {
  const passed = verdicts.filter((verdict) => verdict.passed).length;
  return `${passed} passed, ${verdicts.length - passed} failed`;
}
