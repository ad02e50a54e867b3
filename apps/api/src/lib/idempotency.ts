/**
 * Idempotency keys (Stripe style) for the calls that must run once per key: order create, kiosk
 * orders, bookings, staff refunds. See apps/api README, order create.
 */
import { and, eq } from 'drizzle-orm';
import type { SQLWrapper } from 'drizzle-orm';
import { MESSAGE } from '@santap/domain';
import type { DbOrTx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { fail } from './errors';

/** An idempotency key claimed for one place (`scope`: whose keys they are) and request body. */
export interface IdempotencyClaim {
  scope: string;
  /** The `Idempotency-Key` header; without one `run` simply runs. */
  key: string | undefined;
  requestHash: string;
}

/** A key this request has claimed: its reply is stored with the work's last writes ({@link storedReply}). */
export interface ClaimedKey {
  scope: string;
  key: string;
}

/** What claiming a key found: a reply to send again, or the go-ahead (with the key, when there is one). */
export type KeyClaim<T> = { replay: true; reply: T } | { replay: false; claimed: ClaimedKey | null };

/**
 * Claims an idempotency key inside the caller's transaction (Stripe style): the key is claimed in a
 * unique index, so the same key with the same body finds the stored reply, another body is refused, and
 * a concurrent use waits on the index and then sees the first one's reply. Without a key: go ahead.
 */
export async function claimKey<T>(tx: DbOrTx, claim: IdempotencyClaim): Promise<KeyClaim<T>> {
  const { scope, key, requestHash } = claim;
  if (!key) return { replay: false, claimed: null };
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ scope, key, requestHash, state: 'in_progress' })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });
  if (inserted.length > 0) return { replay: false, claimed: { scope, key } };
  const [previous] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  if (!previous || previous.requestHash !== requestHash) return fail(MESSAGE.idempotencyConflict);
  if (previous.state !== 'done') return fail(MESSAGE.idempotencyInProgress);
  return { replay: true, reply: previous.response as T };
}

/**
 * The statement that stores `reply` as a claimed key's reply, in the same transaction as the work (a
 * rolled-back order leaves no claimed key); a caller may send it with its own last writes (one round trip
 * less), or await it.
 */
export function storedReply<T>(tx: DbOrTx, claimed: ClaimedKey, reply: T): SQLWrapper & PromiseLike<unknown> {
  return tx
    .update(idempotencyKeys)
    .set({ state: 'done', response: reply })
    .where(and(eq(idempotencyKeys.scope, claimed.scope), eq(idempotencyKeys.key, claimed.key)));
}

/** Runs `run` at most once per idempotency key ({@link claimKey}), storing its reply with the work. */
export async function onceForKey<T>(tx: DbOrTx, claim: IdempotencyClaim, run: () => Promise<T>): Promise<T> {
  const claimed = await claimKey<T>(tx, claim);
  if (claimed.replay) return claimed.reply;
  const reply = await run();
  if (claimed.claimed) await storedReply(tx, claimed.claimed, reply);
  return reply;
}
