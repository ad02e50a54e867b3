/**
 * Printers and their print jobs as rows (the model floor, README "Floors"): the row types, the `prints`
 * column parsed into print kinds once, and a restaurant's printer by id (another restaurant's, or a
 * deleted one, is not found). The rules live in `products/printing` (apps/api docs/printing.md).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { staff as staffApi } from '@santap/contract';
import type { StaffPrinter } from '@santap/contract';
import { MESSAGE } from '@santap/domain';
import type { DbOrTx } from '../../db/client';
import type { printJobs } from '../../db/schema';
import { printers } from '../../db/schema';
import { fail } from '../../lib/errors';

export type PrinterRow = typeof printers.$inferSelect;
export type PrintJobRow = typeof printJobs.$inferSelect;
export type PrintKind = (typeof staffApi.PRINT_KINDS)[number];
export type PrinterConnection = StaffPrinter['connection'];

const KINDS: ReadonlySet<string> = new Set(staffApi.PRINT_KINDS);

/** The print kinds a printer row prints: its `prints` column, unknown values dropped. */
export function printsOf(row: Pick<PrinterRow, 'prints'>): PrintKind[] {
  const stored: unknown = row.prints;
  return Array.isArray(stored) ? stored.filter((kind): kind is PrintKind => KINDS.has(kind as string)) : [];
}

/** Whether a printer polls the server itself (Star CloudPRNT, Epson Server Direct Print). */
export const isCloudPrinter = (row: Pick<PrinterRow, 'connection'>): boolean =>
  row.connection === 'cloudprnt' || row.connection === 'epson_sdp';

/**
 * A printer of the restaurant by id, optionally locked for update; 404 when it is another
 * restaurant's, deleted, or unknown (ids reveal nothing).
 */
export async function loadRestaurantPrinter(
  db: DbOrTx,
  restaurantId: number,
  printerId: number,
  lock = false,
): Promise<PrinterRow> {
  const query = db
    .select()
    .from(printers)
    .where(
      and(eq(printers.id, printerId), eq(printers.restaurantId, restaurantId), isNull(printers.deletedAt)),
    )
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? fail(MESSAGE.notFound);
}
