import { MESSAGE, readTableRef } from '@santap/domain';
import { parseQr } from '@santap/qr';

/**
 * The table a scanned QR names for a table change: its restaurant, its table as the QR names it (the
 * table's token or its id, `readTableRef`) and, for a dynamic QR, its validity and signature for the
 * server's table check; or why it names none (a catalogue key).
 */
export type ScannedTable =
  | { ok: true; restaurantId: number; tableId: number | string; v?: string; sig?: string }
  | { ok: false; reason: typeof MESSAGE.invalidQr | typeof MESSAGE.qrExpired };

const invalid: ScannedTable = { ok: false, reason: MESSAGE.invalidQr };

/** The restaurant and table of a restaurant table QR's text, with its `v` and `sig` when it has them. */
function tableOf(text: string): ScannedTable {
  let url: URL;
  try {
    url = new URL(text.trim(), 'https://qr.invalid');
  } catch {
    return invalid;
  }
  const restaurantId = Number(url.searchParams.get('restaurant_id'));
  const tableId = readTableRef(url.searchParams.get('tid'));
  if (url.pathname !== '/set_restaurant_qr.php' || !Number.isSafeInteger(restaurantId) || restaurantId <= 0) {
    return invalid;
  }
  if (tableId === undefined) return invalid;
  const v = url.searchParams.get('v');
  const sig = url.searchParams.get('sig');
  return { ok: true, restaurantId, tableId, ...(v ? { v } : {}), ...(sig ? { sig } : {}) };
}

/**
 * Reads the new table's QR for a table change (spec §2 table change, §5 'dine-in at wrong table'):
 * a restaurant table QR names its restaurant and table. A dynamic QR the browser cannot verify (it
 * holds no key) still names them; the server's table check verifies it, and the server checks the
 * table belongs to the order's restaurant when the order moves. An expired QR, or anything else,
 * names none.
 */
export function scannedTable(text: string, now: Date): ScannedTable {
  const parsed = parseQr(text, { now });
  if (parsed.ok) return parsed.qr.kind === 'table' && parsed.qr.tableId ? tableOf(text) : invalid;
  if (parsed.error === MESSAGE.qrExpired) return { ok: false, reason: MESSAGE.qrExpired };
  if (parsed.error === MESSAGE.qrNoLongerExists) return tableOf(text);
  return invalid;
}
