/**
 * The outbox (spec §7 'kiosk offline orders'): every cash order is written here, durably, the moment
 * the customer confirms it, with the idempotency key it will be sent with; `sync.ts` sends it, once.
 * The store keeps a snapshot for React (`useSyncExternalStore`) and tells subscribers after each change.
 */
import type { kiosk } from '@santap/api-client';
import { kioskTicketCode } from '@santap/domain';
import { kioskDb } from './kiosk-db';

export interface OutboxTicket {
  orderId: number;
  restaurantName: string;
  queueNo: number;
}

export interface OutboxEntry {
  /** The Idempotency-Key, made when the order was taken: the same key is placed once. */
  key: string;
  /** The short code the customer is shown while the order is not yet the kitchen's. */
  ticket: string;
  deviceId: string;
  body: kiosk.KioskOrderBody;
  /** When the customer confirmed (ms), also the queue's order. */
  takenAt: number;
  currency: 'MYR' | 'IDR';
  /** The quoted bill total when the kiosk was online, else the food total. */
  total: number;
  totalIsQuote: boolean;
  state: 'queued' | 'sent' | 'failed';
  attempts: number;
  /** What the server answered: the order and its queue numbers. */
  result?: { orderId: number; amount: number; tickets: OutboxTicket[] };
  /** Why the server refused it (in the kiosk's language then). */
  reason?: string;
}

/** The ticket code of an order key ('7F3A'): the rule the server keeps with the order too. */
export const ticketOf = (key: string): string => kioskTicketCode(key);

/** A new order key (UUID v4), made when an order is taken. */
export function newOrderKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let snapshot: readonly OutboxEntry[] = [];
let loaded = false;

async function reload() {
  const db = await kioskDb();
  snapshot = await db.getAllFromIndex('outbox', 'byTakenAt');
  loaded = true;
  for (const listener of listeners) listener();
}

export const outbox = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Every entry, oldest first, as last read. */
  snapshot: () => snapshot,
  /** Whether the entries have been read from IndexedDB at least once (a reload starts empty). */
  loaded: () => loaded,
  /** Reads the entries again (at start, and when another tab may have changed them). */
  refresh: reload,
  /** Keeps a newly taken order; resolves once it is on disk. */
  async add(entry: OutboxEntry) {
    await (await kioskDb()).put('outbox', entry);
    await reload();
  },
  async update(key: string, change: Partial<OutboxEntry>) {
    const db = await kioskDb();
    const tx = db.transaction('outbox', 'readwrite');
    const entry = await tx.store.get(key);
    if (entry) await tx.store.put({ ...entry, ...change, key });
    await tx.done;
    await reload();
  },
  async remove(key: string) {
    await (await kioskDb()).delete('outbox', key);
    await reload();
  },
  /** Tests: drop the snapshot and listeners. */
  reset() {
    snapshot = [];
    loaded = false;
    listeners.clear();
  },
};
