/**
 * What the /metrics scrape reads about payments (apps/api docs, Observability): the unsettled ones by
 * gateway and state, and how many of them are past their gateway's window (its expiry and our margin,
 * reconcile.ts), where reconciliation should have closed them: stuck. One grouped read on the
 * `payments_state_checked_idx` index: unsettled payments are few, however long the table grows.
 * Counter payments (cash at the counter) have no gateway window and are never stuck.
 */
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { payments } from '../../../db/schema';
import type { OpenPaymentCount } from '../../../lib/metrics';
import { COUNTER_PROVIDER, UNSETTLED_STATES } from './model';
import { EXPIRY_MARGIN_MINUTES } from './reconcile';
import { GATEWAY_EXPIRY_MINUTES } from './service';

/** How long after its start an unsettled gateway payment counts as stuck. */
export const STUCK_AFTER_MINUTES = GATEWAY_EXPIRY_MINUTES + EXPIRY_MARGIN_MINUTES;

export function openPaymentCounts(db: DbOrTx, now: Date): Promise<OpenPaymentCount[]> {
  const stuckBefore = new Date(now.getTime() - STUCK_AFTER_MINUTES * 60_000).toISOString();
  return db
    .select({
      gateway: payments.provider,
      state: payments.state,
      count: sql<number>`count(*)::int`,
      stuck: sql<number>`(count(*) filter (where ${payments.provider} <> ${COUNTER_PROVIDER}
        and ${payments.createdAt} <= ${stuckBefore}::timestamptz))::int`,
    })
    .from(payments)
    .where(inArray(payments.state, [...UNSETTLED_STATES]))
    .groupBy(payments.provider, payments.state);
}
