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

/**
 * The statement that stores `reply` as the claimed key's reply, for `run` to send with its own last
 * writes (one round trip less); undefined when there is no key. Unused, `onceForKey` stores it itself.
 */
export type StoreReply<T> = (reply: T) => SQLWrapper | undefined;

/**
 * Runs `run` at most once per idempotency key, inside the caller's transaction (Stripe style): the key
 * is claimed in a unique index, so the same key with the same body returns the stored reply, another
 * body is refused, and a concurrent use waits on the index and then sees the first one's reply. The
 * reply is stored in the same transaction as the work, so a rolled-back order leaves no claimed key.
 */
export async function onceForKey<T>(
  tx: DbOrTx,
  claim: IdempotencyClaim,
  run: (storeReply: StoreReply<T>) => Promise<T>,
): Promise<T> {
  const { scope, key, requestHash } = claim;
  if (!key) return run(() => undefined);
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ scope, key, requestHash, state: 'in_progress' })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });
  if (inserted.length === 0) {
    const [previous] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    if (!previous || previous.requestHash !== requestHash) return fail(MESSAGE.idempotencyConflict);
    if (previous.state !== 'done') return fail(MESSAGE.idempotencyInProgress);
    return previous.response as T;
  }
  const store = (reply: T) =>
    tx
      .update(idempotencyKeys)
      .set({ state: 'done', response: reply })
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  let stored = false;
  const reply = await run((value) => {
    stored = true;
    return store(value);
  });
  if (!stored) await store(reply);
  return reply;
}
