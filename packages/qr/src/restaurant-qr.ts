import { isQrId } from './qr-id';
import type { QrOrderType, QrPayload } from './types';
import { singleParam } from './url';
import type { QrUrl } from './url';

/** Path of the restaurant QR, also the legacy entry link (spec §2). */
export const RESTAURANT_QR_PATH = '/set_restaurant_qr.php';

/** A restaurant QR's payload, every printed kind but the food-court table (spec §2). */
export type RestaurantQrPayload = Exclude<QrPayload, { kind: 'foodCourtTable' }>;

const ORDER_TYPES: Readonly<Record<string, QrOrderType>> = { '1': 1, '2': 2, '3': 3 };

/** Reads `ot`: absent or empty means the default; anything but 1, 2, 3 is `null`. */
export function readOrderType(text: string | undefined): QrOrderType | undefined | null {
  if (text === undefined || text === '') return undefined;
  return ORDER_TYPES[text] ?? null;
}

/**
 * Reads the parameters of `set_restaurant_qr.php` (spec §2) in the legacy order of precedence:
 * `setting` present (any value, as PHP's `isset`) -> setting QR; else `type=tk` -> takeaway; else a
 * table QR with `ot` (default 1), where dine-in needs `tid`. Other `type` values fall through to the
 * table QR, as the legacy page did. `null` when restaurant_id is missing, `ot` is not 1-3, dine-in has
 * no `tid`, an id is malformed, or a parameter is repeated.
 */
export function readRestaurantQr(url: QrUrl): RestaurantQrPayload | null {
  const restaurantId = singleParam(url, 'restaurant_id');
  const setting = singleParam(url, 'setting');
  const type = singleParam(url, 'type');
  const ot = singleParam(url, 'ot');
  const tid = singleParam(url, 'tid');
  if (restaurantId == null || setting === null || type === null || ot === null || tid === null) return null;
  if (!isQrId(restaurantId)) return null;
  if (setting !== undefined) return { kind: 'setting', restaurantId };
  if (type === 'tk') return { kind: 'takeaway', restaurantId };
  const requestedOrderType = readOrderType(ot);
  if (requestedOrderType === null) return null;
  const orderType = requestedOrderType ?? 1;
  const tableId = tid === undefined || tid === '' ? undefined : tid;
  if (tableId !== undefined && !isQrId(tableId)) return null;
  if (orderType === 1 && tableId === undefined) return null;
  return tableId === undefined
    ? { kind: 'table', restaurantId, orderType }
    : { kind: 'table', restaurantId, tableId, orderType };
}
