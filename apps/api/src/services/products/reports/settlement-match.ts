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
  fee: number;
  net: number;
}

/** The gateway settled it for another amount (or currency): `difference` = settled - captured. */
export interface SettledForAnotherAmount extends SettledPayment {
  difference: number;
}

/** The two sides disagree on how much was refunded. */
export interface RefundDisagreement extends SettledPayment {
  refundedHere: number;
  refundedThere: number;
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
  /** Rows of a transaction we have no captured payment for. */
  unknownRows: SettlementRow[];
  /** A second row for a gateway transaction already in the report: reported, never counted. */
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

/**
 * Captured payments and a gateway's settlement rows -> what matched, what did not and why.
 *
 * A payment finds its row by the gateway's transaction id; a payment the gateway never gave an id
 * finds it by our order id (a row already used by another payment is never taken). A matched row
 * for another amount, or with another refunded amount, is flagged instead of matched.
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
  const byTxn = new Map<string, SettlementRow>();
  for (const row of canonical(settled, rowKey)) {
    const sound = [row.gross, row.fee, row.net, row.refunded].every(Number.isSafeInteger);
    if (!sound || row.gross - row.fee !== row.net) {
      inconsistentRows.push(row);
      continue;
    }
    const key = txnKey(row.gateway, row.gatewayTransactionId);
    if (byTxn.has(key)) {
      duplicateRows.push(row);
      continue;
    }
    byTxn.set(key, row);
    kept.push(row);
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

  const result: Reconciliation = {
    matched: [],
    awaitingSettlement: [],
    neverSettled: [],
    settledForAnotherAmount: [],
    refundedThereNotHere: [],
    refundedHereNotThere: [],
    unknownRows: kept.filter((row) => !used.has(row)),
    duplicateRows,
    inconsistentRows,
    feesByMethod: [],
  };
  const fees = new Map<string, FeeTotal>();
  for (const payment of payments) {
    const row = rowOf.get(payment);
    if (!row) {
      const age = options.now.getTime() - payment.capturedAt.getTime();
      (age > options.settleWithinDays * DAY_MS ? result.neverSettled : result.awaitingSettlement).push(
        payment,
      );
      continue;
    }
    const settledPayment: SettledPayment = { payment, row, fee: row.fee, net: row.net };
    if (row.gross !== payment.amount || row.currency !== payment.currency) {
      result.settledForAnotherAmount.push({ ...settledPayment, difference: row.gross - payment.amount });
    } else if (row.refunded > payment.refundedAmount) {
      result.refundedThereNotHere.push({
        ...settledPayment,
        refundedHere: payment.refundedAmount,
        refundedThere: row.refunded,
      });
    } else if (row.refunded < payment.refundedAmount) {
      result.refundedHereNotThere.push({
        ...settledPayment,
        refundedHere: payment.refundedAmount,
        refundedThere: row.refunded,
      });
    } else {
      result.matched.push(settledPayment);
    }

    const feeKey = JSON.stringify([payment.method, row.currency]);
    const total = fees.get(feeKey) ?? {
      method: payment.method,
      currency: row.currency,
      count: 0,
      gross: 0,
      fee: 0,
      net: 0,
    };
    fees.set(feeKey, {
      ...total,
      count: total.count + 1,
      gross: total.gross + row.gross,
      fee: total.fee + row.fee,
      net: total.net + row.net,
    });
  }
  result.feesByMethod = canonical([...fees.values()], (t) => JSON.stringify([t.method, t.currency]));
  return result;
}
