/**
 * A printer's state as staff see it (apps/api docs/printing.md, "States and the offline rule"): what it
 * last reported, and offline once it has not polled for {@link OFFLINE_AFTER_SECONDS}. A change is a
 * `printer.state` live event on `restaurant:<id>`, so every board's alarm follows at once.
 */
import { and, eq, inArray, isNull, lt, ne } from 'drizzle-orm';
import type { StaffPrinter } from '@santap/contract';
import type { DbOrTx } from '../../../db/client';
import { printers } from '../../../db/schema';
import type { AppContext } from '../../context';
import type { PrinterRow } from '../../model/printers';

export type PrinterState = StaffPrinter['state'];

/**
 * The poll interval printers are set up with (Star's default for CloudPRNT printers; the interval to
 * set on an Epson printer and what the staff tablet uses).
 */
export const POLL_INTERVAL_SECONDS = 5;

/** Offline after three poll intervals without a poll (Star suggests 2 × interval + 5 s: the same 15 s). */
export const OFFLINE_AFTER_SECONDS = 3 * POLL_INTERVAL_SECONDS;

const epoch = (at: Date | null) => (at ? Math.floor(at.getTime() / 1000) : null);

/** When a printer stops counting as online: its last poll plus {@link OFFLINE_AFTER_SECONDS}. */
function offlineFrom(row: Pick<PrinterRow, 'lastSeenAt' | 'createdAt'>): Date {
  return new Date((row.lastSeenAt ?? row.createdAt).getTime() + OFFLINE_AFTER_SECONDS * 1000);
}

/**
 * The state staff see now: `offline` (since its last poll + 15 s, or since it was added if it never
 * polled) when no poll came for {@link OFFLINE_AFTER_SECONDS}, else what it last reported.
 */
export function stateNow(
  row: Pick<PrinterRow, 'state' | 'stateAt' | 'lastSeenAt' | 'createdAt'>,
  now: Date,
): { state: PrinterState; since: Date; offlineSince: Date | null } {
  const offline = offlineFrom(row);
  if (row.lastSeenAt === null || offline.getTime() <= now.getTime()) {
    const since = row.lastSeenAt === null ? row.createdAt : offline;
    return { state: 'offline', since, offlineSince: since };
  }
  // A tablet may report its printer offline (unplugged) while the tablet itself still polls.
  const state = row.state as PrinterState;
  return { state, since: row.stateAt, offlineSince: state === 'offline' ? row.stateAt : null };
}

/** The parts of a staff printer view that say its state. */
export function stateView(row: PrinterRow, now: Date) {
  const { state, since, offlineSince } = stateNow(row, now);
  return {
    state,
    offline_since_epoch: epoch(offlineSince),
    state_since_epoch: epoch(since),
    last_seen_epoch: epoch(row.lastSeenAt),
  };
}

/** The `printer.state` live event of a printer. */
function publishState(ctx: AppContext, tx: DbOrTx, row: PrinterRow, state: PrinterState, since: Date) {
  return ctx.events.publish(tx, {
    topics: [`restaurant:${row.restaurantId}`],
    type: 'printer.state',
    data: { printer_id: row.id, state, since_epoch: epoch(since) },
  });
}

/**
 * Records a poll: the printer was seen now and reports `state`. A change of state (coming back from
 * offline counts) is kept with its time and published. `row` is the printer locked by the caller.
 */
export async function recordPoll(ctx: AppContext, tx: DbOrTx, row: PrinterRow, state: PrinterState) {
  const now = ctx.now();
  const before = stateNow(row, now).state;
  const changed = before !== state;
  const set = { lastSeenAt: now, ...(changed || row.state !== state ? { state, stateAt: now } : {}) };
  await tx.update(printers).set(set).where(eq(printers.id, row.id));
  Object.assign(row, set);
  if (changed) await publishState(ctx, tx, row, state, now);
}

/**
 * Marks printers that stopped polling as offline and publishes it (the board's alarm): every printer
 * not yet marked whose last poll is older than {@link OFFLINE_AFTER_SECONDS}. Reads of the state do
 * not need it (they apply the rule themselves); the live event does. Returns how many it marked.
 */
export async function sweepOfflinePrinters(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const cutoff = new Date(now.getTime() - OFFLINE_AFTER_SECONDS * 1000);
  return ctx.db.transaction(async (tx) => {
    const stale = await tx
      .select()
      .from(printers)
      .where(and(isNull(printers.deletedAt), ne(printers.state, 'offline'), lt(printers.lastSeenAt, cutoff)))
      .for('update', { skipLocked: true });
    if (stale.length === 0) return 0;
    await tx
      .update(printers)
      .set({ state: 'offline' })
      .where(
        inArray(
          printers.id,
          stale.map((row) => row.id),
        ),
      );
    for (const row of stale) await publishState(ctx, tx, row, 'offline', offlineFrom(row));
    return stale.length;
  });
}
