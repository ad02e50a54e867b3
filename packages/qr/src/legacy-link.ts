import { MESSAGE } from '@santap/domain';
import type { MessageKey } from '@santap/domain';
import { checkDynamicQr, SIGNATURE_PARAM, VALID_UNTIL_PARAM } from './dynamic';
import { MENU_PHP_PATH, readMenuPhp } from './menu-link';
import { isQrId } from './qr-id';
import { readRestaurantQr, RESTAURANT_QR_PATH } from './restaurant-qr';
import { restaurantQrPath } from './targets';
import type { VerifyQrSignature } from './types';
import { readUrl, singleParam } from './url';

/** Where a legacy link leads (spec §2): a path with query; on failure also the catalogue key to show (spec §8). */
export interface LegacyRedirect {
  to: string;
  error?: MessageKey;
}

/** Finds a restaurant's `nameid` by id (the restaurant details call of spec §7); `null` if unknown (spec §2). */
export type RestaurantLookup = (restaurantId: string) => Promise<{ nameid: string } | null>;

/**
 * Needed only for dynamic QR links (`v` / `sig`); without them such a link goes to `/qrError`, so
 * resolve dynamic links where the HMAC key lives (the server). Spec §4.
 */
export interface LegacyLinkOptions {
  now: Date;
  verify?: VerifyQrSignature;
}

const INDEX_PHP = '/index.php';
const HOME = '/home';
const QR_ERROR = '/qrError';

/**
 * Whether a pathname is a legacy entry link (spec §2): `/menu.php`, `/set_restaurant_qr.php`, or
 * `/index.php` and anything starting with it (`/index.php/x`, `/index.phpx`).
 */
export function isLegacyPath(pathname: string): boolean {
  return pathname === MENU_PHP_PATH || pathname === RESTAURANT_QR_PATH || pathname.startsWith(INDEX_PHP);
}

/**
 * Resolves a legacy entry link to the path to redirect to (spec §2):
 * - `/index.php*` -> `/home` (its query is dropped);
 * - `menu.php?rest_name=…[&ot=…][&date=…&slot=…]` -> `/r/{rest_name}[/{ot}][?date=…&slot=…]` (both
 *   kept when both given; no lookup);
 * - `set_restaurant_qr.php?restaurant_id=…` -> `lookup(restaurant_id)`, then with `setting`
 *   `/r/{nameid}/?setting=1`, with `type=tk` `/r/{nameid}/3/ta`, otherwise `/r/{nameid}/{ot}` (ot
 *   default 1) plus `?source=qr&tableId={tid}&tableNo={tid}` for dine-in.
 *
 * Any failure -> `{ to: '/qrError', error }`: missing or malformed parameters, bad `ot`, dine-in
 * without `tid`, `lookup` returning null or throwing, a URL that is not a legacy link (error
 * `MESSAGE.invalidQr`), and a dynamic link that `parseQr` would refuse (error `MESSAGE.qrExpired` or
 * `MESSAGE.qrNoLongerExists`, so the app can show the QR popup of spec §8). Never rejects.
 *
 * @example
 * ```ts
 * await resolveLegacyLink('/set_restaurant_qr.php?restaurant_id=1001&tid=5003', lookup);
 * // { to: '/r/nasi-lemak-house/1?source=qr&tableId=5003&tableNo=5003' }
 * ```
 */
export async function resolveLegacyLink(
  url: string,
  lookup: RestaurantLookup,
  options?: LegacyLinkOptions,
): Promise<LegacyRedirect> {
  try {
    return await resolve(url, lookup, options);
  } catch {
    return { to: QR_ERROR, error: MESSAGE.invalidQr };
  }
}

async function resolve(
  text: string,
  lookup: RestaurantLookup,
  options: LegacyLinkOptions | undefined,
): Promise<LegacyRedirect> {
  const invalid = { to: QR_ERROR, error: MESSAGE.invalidQr };
  const url = typeof text === 'string' ? readUrl(text) : null;
  if (url === null) return invalid;
  if (url.pathname.startsWith(INDEX_PHP)) return { to: HOME };
  if (url.pathname === MENU_PHP_PATH) {
    const link = readMenuPhp(url);
    return link === null ? invalid : { to: link.to };
  }
  if (url.pathname !== RESTAURANT_QR_PATH) return invalid;

  const payload = readRestaurantQr(url);
  if (payload === null) return invalid;
  const validUntilText = singleParam(url, VALID_UNTIL_PARAM);
  const signature = singleParam(url, SIGNATURE_PARAM);
  if (validUntilText !== undefined || signature !== undefined) {
    if (options === undefined || validUntilText === null || signature === null) {
      return { to: QR_ERROR, error: MESSAGE.qrNoLongerExists };
    }
    const check = checkDynamicQr(payload, validUntilText, signature, options.now, options.verify);
    if (!check.ok) return { to: QR_ERROR, error: check.error };
  }

  const restaurant = await lookup(payload.restaurantId);
  if (restaurant == null || typeof restaurant.nameid !== 'string' || !isQrId(restaurant.nameid)) {
    return invalid;
  }
  const to = restaurantQrPath(payload, restaurant.nameid);
  // A dynamic table QR keeps its validity and signature: the table check on the menu page verifies
  // them again, applies the QR plan (a dynamic QR at a static-only restaurant is refused there) and
  // only then binds the diner to the table.
  if (validUntilText && signature && to.includes('?source=qr&tableId=')) {
    return {
      to: `${to}&${VALID_UNTIL_PARAM}=${encodeURIComponent(validUntilText)}&${SIGNATURE_PARAM}=${encodeURIComponent(signature)}`,
    };
  }
  return { to };
}
