import type { RestaurantQrPayload } from './restaurant-qr';
import type { QrOrderType } from './types';

/**
 * What a setting QR appends to `/r/{nameid}/` (spec §2: "a fixed constant, value not shown"). A query
 * rather than a path segment, so the diner app's route `/r/:name/:ot?/:pickupType?` matches it
 * unchanged and the menu page reads `setting=1` from its query.
 *
 * @example
 * ```ts
 * `/r/nasi-lemak-house/${SETTING_QR_SUFFIX}`; // '/r/nasi-lemak-house/?setting=1'
 * ```
 */
export const SETTING_QR_SUFFIX = '?setting=1';

/**
 * The diner-app path a restaurant QR opens once the restaurant's `nameid` is known (spec §2):
 * setting -> `/r/{nameid}/?setting=1`; takeaway -> `/r/{nameid}/3/ta`; otherwise `/r/{nameid}/{ot}`,
 * and for dine-in (ot 1) the query `source=qr&tableId={tid}&tableNo={tid}`. `tableNo` repeats the
 * table id: the number shown to the diner is resolved by the app's table check
 * (`api/restaurant/new/{restaurantId}/tables/{tableId}`, spec §7). Names are URL-encoded.
 *
 * @example
 * ```ts
 * restaurantQrPath({ kind: 'table', restaurantId: '1001', tableId: '5003' }, 'nasi-lemak-house');
 * // '/r/nasi-lemak-house/1?source=qr&tableId=5003&tableNo=5003'
 * ```
 */
export function restaurantQrPath(payload: RestaurantQrPayload, nameid: string): string {
  const base = `/r/${encodeURIComponent(nameid)}`;
  switch (payload.kind) {
    case 'setting':
      return `${base}/${SETTING_QR_SUFFIX}`;
    case 'takeaway':
      return `${base}/3/ta`;
    case 'table': {
      const orderType = payload.orderType ?? 1;
      if (orderType !== 1 || payload.tableId === undefined) return `${base}/${orderType}`;
      const tableId = encodeURIComponent(payload.tableId);
      return `${base}/1?source=qr&tableId=${tableId}&tableNo=${tableId}`;
    }
  }
}

/**
 * The menu path of a legacy `menu.php` link (spec §2): `/r/{restaurant}`, then `/{ot}` when given,
 * and `?date=…&slot=…` for a scheduled order. When both `ot` and date/slot are given both are kept
 * (`/r/{restaurant}/{ot}?date=…&slot=…`). Date and slot travel only as a pair: one without the
 * other cannot name a slot, so it is dropped and the order stays ASAP.
 *
 * @example
 * ```ts
 * menuLinkPath('nasi-lemak-house', 2, '2026-01-01', '720'); // '/r/nasi-lemak-house/2?date=2026-01-01&slot=720'
 * ```
 */
export function menuLinkPath(name: string, orderType?: QrOrderType, date?: string, slot?: string): string {
  const path = `/r/${encodeURIComponent(name)}${orderType === undefined ? '' : `/${orderType}`}`;
  if (!date || !slot) return path;
  return `${path}?date=${encodeURIComponent(date)}&slot=${encodeURIComponent(slot)}`;
}
