/**
 * What a gateway tells us about a payment after it was created, kept in the payment's JSON data (no
 * column): the gateway's own transaction id (Razer's `tranID`, named by its status notifications and
 * status answers; its refunds go by it), and the refunds a gateway took and is still working on, which
 * are followed by their refund key and never sent again.
 */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { payments } from '../../../db/schema';
import { dataOf } from './model';
import type { PaymentData, PaymentRow } from './model';

/** The gateway's transaction id of a payment, once a status named it. */
export function gatewayTxnIdOf(payment: PaymentRow): string | undefined {
  const id = dataOf(payment).gateway_txn_id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/**
 * The payment's data with the gateway's transaction id `txnId` kept, or null when there is nothing
 * new to keep (no id, the one already kept, or the id the payment was created under). Once the payment
 * is captured its id is the capture's for good: a later event of the same order (a failed retry on the
 * gateway's page, a replayed return) names another transaction, and refunds must go to the capture.
 */
export function withGatewayTxnId(payment: PaymentRow, txnId: string | undefined): PaymentData | null {
  if (!txnId || txnId === payment.providerRef || txnId === gatewayTxnIdOf(payment)) return null;
  if (payment.state === 'success' && gatewayTxnIdOf(payment) !== undefined) return null;
  return { ...dataOf(payment), gateway_txn_id: txnId };
}

/** When the gateway took the refund with key `refundKey` and answered it pending, or undefined. */
export function refundSubmittedAt(payment: PaymentRow, refundKey: string): string | undefined {
  const taken = dataOf(payment).gateway_refunds;
  if (typeof taken !== 'object' || taken === null) return undefined;
  const entry = (taken as Record<string, unknown>)[refundKey];
  const at = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>).at : undefined;
  return typeof at === 'string' ? at : undefined;
}

/**
 * Records that the gateway took the refund `refundKey` (its answer: pending), in one statement, so two
 * refunds of one payment recorded at once both stay.
 */
export async function markRefundSubmitted(db: DbOrTx, paymentId: number, refundKey: string, at: Date) {
  const entry = JSON.stringify({ [refundKey]: { at: at.toISOString() } });
  await db
    .update(payments)
    .set({
      data: sql`jsonb_set(${payments.data}, '{gateway_refunds}', coalesce(${payments.data} -> 'gateway_refunds', '{}'::jsonb) || ${entry}::jsonb)`,
    })
    .where(eq(payments.id, paymentId));
}
