/**
 * Capacity: tables and seats per slot are never overbooked, also under concurrency (README: Table
 * bookings).
 *
 * Every booking holds one suitable table (seats ≥ guests, smoking as asked) for [starts_at, ends_at);
 * a modification waiting for staff also holds the table of its new window. Whatever takes a table
 * first takes the restaurant's booking lock (`pg_advisory_xact_lock`, released at commit), then reads
 * the holds and writes its own: two concurrent bookings of one restaurant run one after the other,
 * so the second sees the first's table as taken. Releasing a table (cancel, decline) needs no lock.
 */
import { and, asc, eq, gt, inArray, lt, or } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { diningTables, reservations } from '../../../db/schema';
import { CONFIRMED_HOLD_STATES, holdsTable } from './model';
import type { ReservationRow } from '../../model/reservations';
import { requestedChangeOf } from '../../model/reservations';

/** Advisory-lock namespace of the booking lock; the second key is the restaurant id. */
const BOOKING_LOCK_NAMESPACE = 7301;

/** Serializes every change that takes a table at one restaurant, until the transaction ends. */
export async function lockRestaurantBookings(tx: DbOrTx, restaurantId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${BOOKING_LOCK_NAMESPACE}::int, ${restaurantId}::int)`);
}

export type TableRow = typeof diningTables.$inferSelect;

interface Hold {
  reservationId: number;
  tableId: number;
  startsAt: Date;
  endsAt: Date;
}

const overlaps = (a: { startsAt: Date; endsAt: Date }, from: Date, to: Date) =>
  a.startsAt < to && a.endsAt > from;

/** The restaurant's active tables, smallest first. */
export async function tablesOf(db: DbOrTx, restaurantId: number): Promise<TableRow[]> {
  return db
    .select()
    .from(diningTables)
    .where(and(eq(diningTables.restaurantId, restaurantId), eq(diningTables.active, true)))
    .orderBy(asc(diningTables.seats), asc(diningTables.id));
}

/**
 * Every table hold at the restaurant that touches [from, to) at `now`, except those of booking
 * `exceptId` (a booking being changed does not compete with itself).
 */
export async function holdsDuring(
  db: DbOrTx,
  restaurantId: number,
  window: { from: Date; to: Date },
  now: Date,
  exceptId?: number,
): Promise<Hold[]> {
  const rows = await db
    .select()
    .from(reservations)
    .where(
      and(
        eq(reservations.restaurantId, restaurantId),
        inArray(reservations.state, [...CONFIRMED_HOLD_STATES, 'payment_pending']),
        or(
          and(lt(reservations.startsAt, window.to), gt(reservations.endsAt, window.from)),
          eq(reservations.state, 'modification_requested'),
        ),
      ),
    );
  const holds: Hold[] = [];
  for (const row of rows) {
    if (row.id === exceptId || !holdsTable(row, now)) continue;
    if (row.tableId !== null && overlaps(row, window.from, window.to)) {
      holds.push({ reservationId: row.id, tableId: row.tableId, startsAt: row.startsAt, endsAt: row.endsAt });
    }
    const change = row.state === 'modification_requested' ? requestedChangeOf(row) : null;
    if (change?.table_id != null) {
      const held = {
        reservationId: row.id,
        tableId: change.table_id,
        startsAt: new Date(change.starts_at),
        endsAt: new Date(change.ends_at),
      };
      if (overlaps(held, window.from, window.to)) holds.push(held);
    }
  }
  return holds;
}

/** Tables for `guests` with the smoking preference that no hold takes during [from, to), smallest first. */
export function freeTables(
  tables: TableRow[],
  holds: Hold[],
  request: { from: Date; to: Date; guests: number; smoking: boolean },
): TableRow[] {
  const taken = new Set(
    holds.filter((hold) => overlaps(hold, request.from, request.to)).map((hold) => hold.tableId),
  );
  return tables.filter(
    (table) => table.seats >= request.guests && table.smoking === request.smoking && !taken.has(table.id),
  );
}

/**
 * The table a booking gets for [from, to), under the restaurant's booking lock (the caller takes it):
 * `prefer` when it is still free and fits (a booking keeps its table when it can), else the smallest
 * free one that fits, else null.
 */
export async function takeTable(
  tx: DbOrTx,
  booking: { restaurantId: number; exceptId?: number; prefer?: number | null },
  request: { from: Date; to: Date; guests: number; smoking: boolean },
  now: Date,
): Promise<TableRow | null> {
  const [tables, holds] = await Promise.all([
    tablesOf(tx, booking.restaurantId),
    holdsDuring(tx, booking.restaurantId, request, now, booking.exceptId),
  ]);
  const free = freeTables(tables, holds, request);
  return free.find((table) => table.id === booking.prefer) ?? free[0] ?? null;
}

/**
 * A table again for a booking that lost its hold (an unpaid hold lapsed, a payment failed): its own
 * table when still free, else another that fits, else null. Under the restaurant's booking lock.
 */
export function retakeTable(tx: DbOrTx, booking: ReservationRow, now: Date): Promise<TableRow | null> {
  return takeTable(
    tx,
    { restaurantId: booking.restaurantId, exceptId: booking.id, prefer: booking.tableId },
    { from: booking.startsAt, to: booking.endsAt, guests: booking.guests, smoking: booking.smoking },
    now,
  );
}
