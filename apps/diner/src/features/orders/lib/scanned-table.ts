import { MESSAGE } from '@santap/domain';
import { parseQr } from '@santap/qr';

/** The table a scanned QR names for a table change, or why it names none (a catalogue key). */
export type ScannedTable =
  | { ok: true; restaurantId: string; tableId: string }
  | { ok: false; reason: typeof MESSAGE.invalidQr | typeof MESSAGE.qrExpired };

/**
 * Reads the new table's QR for a table change (spec §2 table change, §5 'dine-in at wrong table'):
 * a restaurant table QR names its restaurant and table. A dynamic QR the browser cannot verify (it
 * holds no key) still names them; the server checks the table belongs to the order's restaurant when
 * the order moves. An expired QR, or anything else, names none.
 */
export function scannedTable(text: string, now: Date): ScannedTable {
  const parsed = parseQr(text, { now });
  if (parsed.ok) {
    const { qr } = parsed;
    return qr.kind === 'table' && qr.tableId
      ? { ok: true, restaurantId: qr.restaurantId, tableId: qr.tableId }
      : { ok: false, reason: MESSAGE.invalidQr };
  }
  if (parsed.error === MESSAGE.qrExpired) return { ok: false, reason: MESSAGE.qrExpired };
  if (parsed.error === MESSAGE.qrNoLongerExists) {
    try {
      const url = new URL(text.trim(), 'https://qr.invalid');
      const restaurantId = url.searchParams.get('restaurant_id');
      const tableId = url.searchParams.get('tid');
      if (url.pathname === '/set_restaurant_qr.php' && restaurantId && tableId && /^\d+$/.test(tableId)) {
        return { ok: true, restaurantId, tableId };
      }
    } catch {
      // not a URL: an invalid QR
    }
  }
  return { ok: false, reason: MESSAGE.invalidQr };
}
