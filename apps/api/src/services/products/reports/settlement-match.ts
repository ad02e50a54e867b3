/**
 * Settlement reconciliation, the pure part (docs/payments.md, "Settlement reports"): each payment we
 * captured through a gateway, matched to the gateway's settlement report rows. Every captured
 * payment lands in exactly one outcome, every report row is used at most once, and the order of
 * either input changes nothing (tested with fast-check in `settlement-match.test.ts`).
 */

import type { SettlementRow } from '../../adapters/payments/settlement-report';

/** One payment of ours that the gateway captured, as the payments table holds it. */
export interface CapturedPayment {
  /** Our payment id: unique. */
  paymentId: string;
  gateway: string;
  /** The gateway's transaction id, when the gateway told us one. */
  gatewayTransactionId: string | null;
  /** Our reference sent to the gateway as its order id. */
  orderId: string;
  /** Integer minor units. */
  amount: number;
  currency: string;
  /** Our method or rail (`Card`, `Wallet`, `duitnow`, …): fees are totalled by it. */
  method: string;
  capturedAt: Date;
  /** Minor units refunded here (0 when none). */
  refundedAmount: number;
}

export interface ReconcileOptions {
  now: Date;
  /** A payment captured longer ago than this and in no report is flagged as never settled. */
  settleWithinDays: number;
}

/** A payment and the report row that settled it, with the gateway's fee and the payout. */
export interface SettledPayment {
  payment: CapturedPayment;
  row: SettlementRow;
  /** The report's refund rows of this payment. */
  refunds: SettlementRow[];
  fee: number;
  net: number;
}

/** The gateway settled it for another amount (or currency): `difference` = settled - captured. */
export interface SettledForAnotherAmount extends SettledPayment {
  difference: number;
}

/** The two sides disagree on how much was refunded (`row` null: only its refund is in the report). */
export interface RefundDisagreement {
  payment: CapturedPayment;
  row: SettlementRow | null;
  refunds: SettlementRow[];
  refundedHere: number;
  refundedThere: number;
}

/** Only the payment's refund is in the report (it was paid out in an earlier one); refunds agree. */
export interface RefundOnly {
  payment: CapturedPayment;
  refunds: SettlementRow[];
}

/** Fees of the rows matched to payments, by our method and the currency. */
export interface FeeTotal {
  method: string;
  currency: string;
  count: number;
  gross: number;
  fee: number;
  net: number;
}

export interface Reconciliation {
  matched: SettledPayment[];
  /** Captured within `settleWithinDays` and in no report yet: not a problem yet. */
  awaitingSettlement: CapturedPayment[];
  neverSettled: CapturedPayment[];
  settledForAnotherAmount: SettledForAnotherAmount[];
  refundedThereNotHere: RefundDisagreement[];
  refundedHereNotThere: RefundDisagreement[];
  refundOnly: RefundOnly[];
  /** Rows of a transaction we have no captured payment for. */
  unknownRows: SettlementRow[];
  /** A second row for a transaction (or refund) already in the report: reported, never counted. */
  duplicateRows: SettlementRow[];
  /** Rows whose gross minus fee is not their net: reported, never counted. */
  inconsistentRows: SettlementRow[];
  feesByMethod: FeeTotal[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

const rowKey = (r: SettlementRow): string =>
  JSON.stringify([
    r.gateway,
    r.gatewayTransactionId,
    r.line,
    r.orderId,
    r.method,
    r.gross,
    r.fee,
    r.net,
    r.currency,
    r.status,
    r.refunded,
    r.settledOn,
    r.payoutBatchId,
  ]);

const paymentKey = (p: CapturedPayment): string =>
  JSON.stringify([
    p.paymentId,
    p.gateway,
    p.gatewayTransactionId,
    p.orderId,
    p.amount,
    p.currency,
    p.method,
    p.capturedAt.getTime(),
    p.refundedAmount,
  ]);

/** Sorted by a key of every field, so the order the inputs came in cannot change the outcome. */
function canonical<T>(items: readonly T[], key: (item: T) => string): T[] {
  return items
    .map((item) => ({ item, k: key(item) }))
    .sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0))
    .map(({ item }) => item);
}

const txnKey = (gateway: string, id: string) => JSON.stringify([gateway, id]);

/** Two rows with the same key are one transaction (or one refund) reported twice. */
const sameAs = (row: SettlementRow): string =>
  row.kind === 'payment'
    ? JSON.stringify([row.gateway, row.gatewayTransactionId, 'payment'])
    : JSON.stringify([row.gateway, row.gatewayTransactionId, 'refund', row.refundId ?? row.gross]);

/**
 * Captured payments and a gateway's settlement rows -> what matched, what did not and why.
 *
 * A payment finds its row by the gateway's transaction id; a payment the gateway never gave an id
 * finds it by our order id (a row already used by another payment is never taken). Refund rows
 * join the payment of their transaction, and the refunded amounts of both sides are compared. A
 * matched row for another amount, or with another refunded amount, is flagged instead of matched.
 *
 * @example
 * ```ts
 * const result = reconcile(payments, rows, { now: clock.now(), settleWithinDays: 7 });
 * result.neverSettled; // captured over 7 days ago and in no report
 * ```
 */
export function reconcile(
  captured: readonly CapturedPayment[],
  settled: readonly SettlementRow[],
  options: ReconcileOptions,
): Reconciliation {
  const inconsistentRows: SettlementRow[] = [];
  const duplicateRows: SettlementRow[] = [];
  const kept: SettlementRow[] = [];
  const refundRows: SettlementRow[] = [];
  const byTxn = new Map<string, SettlementRow>();
  const seen = new Set<string>();
  for (const row of canonical(settled, rowKey)) {
    const sound = [row.gross, row.fee, row.net, row.refunded].every(Number.isSafeInteger);
    if (!sound || row.gross - row.fee !== row.net) {
      inconsistentRows.push(row);
      continue;
    }
    if (seen.has(sameAs(row))) {
      duplicateRows.push(row);
      continue;
    }
    seen.add(sameAs(row));
    if (row.kind === 'refund') {
      refundRows.push(row);
    } else {
      byTxn.set(txnKey(row.gateway, row.gatewayTransactionId), row);
      kept.push(row);
    }
  }

  const payments = canonical(captured, paymentKey);
  const used = new Set<SettlementRow>();
  const rowOf = new Map<CapturedPayment, SettlementRow>();
  for (const payment of payments) {
    if (payment.gatewayTransactionId === null) continue;
    const row = byTxn.get(txnKey(payment.gateway, payment.gatewayTransactionId));
    if (row && !used.has(row)) {
      used.add(row);
      rowOf.set(payment, row);
    }
  }
  for (const payment of payments) {
    if (payment.gatewayTransactionId !== null) continue;
    const candidates = kept.filter(
      (row) => !used.has(row) && row.gateway === payment.gateway && row.orderId === payment.orderId,
    );
    const row = candidates.find((r) => r.gross === payment.amount) ?? candidates[0];
    if (row) {
      used.add(row);
      rowOf.set(payment, row);
    }
  }

  const refundsOf = new Map<CapturedPayment, SettlementRow[]>();
  const unclaimedRefunds: SettlementRow[] = [];
  for (const refund of refundRows) {
    const sameTxn = (p: CapturedPayment) =>
      p.gateway === refund.gateway &&
      (p.gatewayTransactionId ?? rowOf.get(p)?.gatewayTransactionId) === refund.gatewayTransactionId;
    const owner =
      payments.find(sameTxn) ??
      payments.find(
        (p) =>
          p.gatewayTransactionId === null && p.gateway === refund.gateway && p.orderId === refund.orderId,
      );
    if (owner) refundsOf.set(owner, [...(refundsOf.get(owner) ?? []), refund]);
    else unclaimedRefunds.push(refund);
  }

  const result: Reconciliation = {
    matched: [],
    awaitingSettlement: [],
    neverSettled: [],
    settledForAnotherAmount: [],
    refundedThereNotHere: [],
    refundedHereNotThere: [],
    refundOnly: [],
    unknownRows: canonical([...kept.filter((row) => !used.has(row)), ...unclaimedRefunds], rowKey),
    duplicateRows,
    inconsistentRows,
    feesByMethod: [],
  };
  const fees = new Map<string, FeeTotal>();
  const count = (payment: CapturedPayment, row: SettlementRow) => {
    const key = JSON.stringify([payment.method, row.currency]);
    const total = fees.get(key) ?? {
      method: payment.method,
      currency: row.currency,
      count: 0,
      gross: 0,
      fee: 0,
      net: 0,
    };
    fees.set(key, {
      ...total,
      count: total.count + 1,
      gross: total.gross + row.gross,
      fee: total.fee + row.fee,
      net: total.net + row.net,
    });
  };
  for (const payment of payments) {
    const row = rowOf.get(payment) ?? null;
    const refunds = refundsOf.get(payment) ?? [];
    for (const counted of [...(row ? [row] : []), ...refunds]) count(payment, counted);
    const refundedHere = payment.refundedAmount;
    const refundedThere = (row?.refunded ?? 0) + refunds.reduce((sum, r) => sum + r.refunded, 0);
    const disagreement: RefundDisagreement = { payment, row, refunds, refundedHere, refundedThere };

    if (row === null && refunds.length === 0) {
      const age = options.now.getTime() - payment.capturedAt.getTime();
      (age > options.settleWithinDays * DAY_MS ? result.neverSettled : result.awaitingSettlement).push(
        payment,
      );
    } else if (row !== null && (row.gross !== payment.amount || row.currency !== payment.currency)) {
      result.settledForAnotherAmount.push({
        payment,
        row,
        refunds,
        fee: row.fee,
        net: row.net,
        difference: row.gross - payment.amount,
      });
    } else if (refundedThere > refundedHere) {
      result.refundedThereNotHere.push(disagreement);
    } else if (refundedThere < refundedHere) {
      result.refundedHereNotThere.push(disagreement);
    } else if (row === null) {
      result.refundOnly.push({ payment, refunds });
    } else {
      result.matched.push({ payment, row, refunds, fee: row.fee, net: row.net });
    }
  }
  result.feesByMethod = canonical([...fees.values()], (t) => JSON.stringify([t.method, t.currency]));
  return result;
}
