import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client';

/** The NOTIFY channel every API instance listens on. */
export const LIVE_CHANNEL = 'santap_events';

/**
 * A live event: a topic (`order:123`, `restaurant:1001`, `fc:7`, `user:5`) and a small payload of ids
 * and states. NOTIFY payloads are capped at 8000 bytes, so events carry no bills or menus: clients
 * refetch what they show.
 */
/**
 * The live topics an order's changes go to: the order's page, its restaurant's screens, its food-court
 * order's page, and its table's tab (docs/tabs.md "Live": every phone on the tab re-reads it on any
 * event of `tab:<id>`, so a round's status, a counter payment or a refund reaches them too).
 */
export function orderTopics(order: {
  id: number;
  restaurantId: number;
  fcOrderId: number | null;
  tabId?: number | null;
}): string[] {
  return [
    `order:${order.id}`,
    `restaurant:${order.restaurantId}`,
    ...(order.fcOrderId ? [`fc:${order.fcOrderId}`] : []),
    ...(order.tabId ? [`tab:${order.tabId}`] : []),
  ];
}

export interface LiveEvent {
  topics: string[];
  type:
    | 'order.status'
    | 'order.item'
    | 'order.kitchen'
    | 'order.payment'
    | 'order.created'
    | 'booking.status'
    | 'cart.lock'
    | 'message.queued'
    | 'table.request'
    | 'printer.state'
    | 'print.job'
    | 'tab.changed';
  data: Record<string, string | number | boolean | null>;
}

type Listener = (event: LiveEvent) => void;

/**
 * The statement `LiveEvents.publish` runs: NOTIFY inside the caller's transaction (delivered on
 * commit, never on rollback). A hot path passes it to `writeTogether` as the last of its writes, so
 * the notify costs no round trip of its own (an order's status change).
 */
export function notifyStatement(event: LiveEvent): SQL {
  return sql`select pg_notify(${LIVE_CHANNEL}, ${wirePayload(event)})`;
}

/**
 * An event as NOTIFY carries it: with `sent_at`, the publishing instance's clock (ms), so the
 * receiving instance can measure the lag (the `received` of {@link LiveEventsObserver}). Taken off
 * again on arrival: subscribers see the event as published.
 */
function wirePayload(event: LiveEvent): string {
  return JSON.stringify({ ...event, sent_at: Date.now() });
}

/** What the bus reports about itself (lib/metrics.ts counts it). */
export interface LiveEventsObserver {
  /** The LISTEN connection was lost and is back. */
  resumed(): void;
  /** An event arrived `lagSeconds` after it was published (clocks of two instances may differ a little). */
  received(lagSeconds: number): void;
}

/** Most events sent by one statement of `publishCommitted`. */
const SEND_BATCH = 200;

export interface LiveEvents {
  /** Queue an event inside the caller's transaction: it is delivered on commit, never on rollback. */
  publish(tx: DbOrTx, event: LiveEvent): Promise<void>;
  /**
   * Sends events of a change that is already committed, in one statement of its own, without waiting:
   * for hot paths (order create). A transaction that NOTIFYs holds PostgreSQL's cluster-wide notify
   * lock from its commit until its commit record is flushed, so notifying inside every order create
   * would make creates commit one at a time; this notify commits asynchronously (synchronous_commit
   * off: a NOTIFY has nothing to make durable). The events come after the caller's reply may have gone,
   * and a process dying right after the commit loses them (its creates are still there to be listed).
   * Events committed while a send runs go together in the next one, in the order they came. `stop()`
   * waits for the sends; a failed send is reported on stderr.
   */
  publishCommitted(events: LiveEvent[]): void;
  subscribe(topic: string, listener: Listener): () => void;
  /**
   * Calls `listener` with every event this instance receives, whatever its topics: for a worker of the
   * server itself (the print spooler reacts to any restaurant's order changes), never a client.
   * Returns the unsubscribe.
   */
  subscribeAll(listener: Listener): () => void;
  /**
   * Calls `listener` when this instance's LISTEN connection was lost and is back: events notified in
   * between never reached it, so whoever shows live state re-reads it. Returns the unsubscribe.
   */
  onResumed(listener: () => void): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Live status through PostgreSQL LISTEN/NOTIFY (PGlite supports the same): every instance on one
 * database receives every event and hands it to its own websocket subscribers.
 */
export function createLiveEvents(database: Database, observer?: LiveEventsObserver): LiveEvents {
  const listeners = new Map<string, Set<Listener>>();
  const everyEvent = new Set<Listener>();
  const resumedListeners = new Set<() => void>();
  let unlisten: (() => Promise<void>) | undefined;
  /** Committed events not sent yet, and the one send in flight (see `publishCommitted`). */
  const waiting: string[] = [];
  let sending: Promise<void> | null = null;

  // One send at a time: events committed meanwhile go together in the next statement (under load, one
  // notify for many orders, and never more than one pooled connection busy with it).
  const sendWaiting = async (): Promise<void> => {
    while (waiting.length > 0) {
      const batch = waiting.splice(0, SEND_BATCH);
      const payloads = batch.map((payload) => sql`(${payload}::text)`);
      await database.db
        .execute(
          sql`select set_config('synchronous_commit', 'off', true), pg_notify(${LIVE_CHANNEL}, payload)
            from (values ${sql.join(payloads, sql`, `)}) as events(payload)`,
        )
        .catch((error: Error) => console.error(`live events: notify failed: ${error.message}`));
    }
    sending = null;
  };

  const dispatch = (payload: string) => {
    let event: LiveEvent;
    let sentAt: unknown;
    try {
      ({ sent_at: sentAt, ...event } = JSON.parse(payload) as LiveEvent & { sent_at?: unknown });
    } catch {
      return;
    }
    if (typeof sentAt === 'number') observer?.received((Date.now() - sentAt) / 1000);
    for (const topic of event.topics) {
      for (const listener of listeners.get(topic) ?? []) listener(event);
    }
    for (const listener of everyEvent) listener(event);
  };

  return {
    async publish(tx, event) {
      await tx.execute(notifyStatement(event));
    },
    publishCommitted(events) {
      // Nothing to send must not start a send: it would finish before `sending` is even set.
      if (events.length === 0) return;
      // Stamped when committed, so the lag counts the wait behind a send in flight too.
      waiting.push(...events.map(wirePayload));
      sending ??= sendWaiting();
    },
    subscribe(topic, listener) {
      let set = listeners.get(topic);
      if (!set) listeners.set(topic, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(topic);
      };
    },
    subscribeAll(listener) {
      everyEvent.add(listener);
      return () => everyEvent.delete(listener);
    },
    onResumed(listener) {
      resumedListeners.add(listener);
      return () => resumedListeners.delete(listener);
    },
    async start() {
      unlisten = await database.listen(LIVE_CHANNEL, dispatch, () => {
        observer?.resumed();
        for (const listener of resumedListeners) listener();
      });
    },
    async stop() {
      await sending;
      await unlisten?.();
      unlisten = undefined;
    },
  };
}
