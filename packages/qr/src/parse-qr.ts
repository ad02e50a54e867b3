import { MESSAGE } from '@santap/domain';
import { checkDynamicQr, SIGNATURE_PARAM, VALID_UNTIL_PARAM } from './dynamic';
import { MENU_PHP_PATH, readMenuPhp, readMenuRoute } from './menu-link';
import { isQrId } from './qr-id';
import { readRestaurantQr, RESTAURANT_QR_PATH } from './restaurant-qr';
import type { ParsedQr, PrintedQr, QrError, QrPayload, VerifyQrSignature } from './types';
import { pathSegments, readUrl, singleParam } from './url';
import type { QrUrl } from './url';

/** Options of {@link parseQr} (spec §4). */
export interface ParseQrOptions {
  /** The current instant; dynamic QRs valid until this second or earlier are expired. */
  now: Date;
  /**
   * Checks a dynamic QR's signature over `dynamicQrMessage(...)` (server side, constant-time).
   * Without it every dynamic QR is refused: an unsigned validity is never trusted.
   */
  verify?: VerifyQrSignature;
}

/** Result of {@link parseQr}: the QR, or the catalogue key to show (spec §8). */
export type ParseQrResult = { ok: true; qr: ParsedQr } | { ok: false; error: QrError };

const invalid: ParseQrResult = { ok: false, error: MESSAGE.invalidQr };

/**
 * Reads a scanned QR text or product link (spec §2, §4, §8). Accepted, on any host (santap.my,
 * santap.id, localhost:3000), with or without scheme, or as a path starting with `/`:
 * - `/set_restaurant_qr.php?restaurant_id=…` -> `table` (`tid`, `ot` default 1), `takeaway`
 *   (`type=tk`) or `setting` (`setting`);
 * - `/fc/{mall}?tid=…` -> `foodCourtTable`; `/fc/{mall}` -> `foodCourtLink`;
 * - `/r/{name}[/{ot}[/{pickupType}]]` and legacy `/menu.php?rest_name=…` -> `menuLink`.
 *
 * A printed QR with `v` or `sig` is dynamic: `v` (validity, Unix seconds) at or before `now` ->
 * `MESSAGE.qrExpired`; `v` missing or unreadable, `sig` missing, no `verify`, or `verify` false ->
 * `MESSAGE.qrNoLongerExists`. Static QRs need no signature. Anything else -> `MESSAGE.invalidQr`.
 * Never throws on any text (it does throw on an invalid `now`, and lets `verify`'s errors through).
 *
 * @example
 * ```ts
 * parseQr('https://santap.my/set_restaurant_qr.php?restaurant_id=1001&tid=5003', { now });
 * // { ok: true, qr: { kind: 'table', restaurantId: '1001', tableId: '5003', orderType: 1, dynamic: false } }
 * parseQr('https://santap.my/set_restaurant_qr.php?restaurant_id=1001&tid=5003&v=1700000000&sig=ab12…', { now, verify });
 * // { ok: false, error: 'errors.qrExpired' } once 1700000000 has passed
 * ```
 */
export function parseQr(text: string, options: ParseQrOptions): ParseQrResult {
  if (typeof text !== 'string') return invalid;
  const url = readUrl(text);
  if (url === null) return invalid;
  if (url.pathname === MENU_PHP_PATH) {
    const link = readMenuPhp(url);
    return link === null ? invalid : { ok: true, qr: link };
  }
  if (url.pathname === RESTAURANT_QR_PATH) {
    const payload = readRestaurantQr(url);
    return payload === null ? invalid : withValidity(payload, url, options);
  }
  const segments = pathSegments(url.pathname);
  if (segments === null) return invalid;
  if (segments[0] === 'r') {
    const link = readMenuRoute(segments, url);
    return link === null ? invalid : { ok: true, qr: link };
  }
  if (segments[0] === 'fc' && segments.length === 2) return readFoodCourt(segments[1] ?? '', url, options);
  return invalid;
}

function readFoodCourt(mall: string, url: QrUrl, options: ParseQrOptions): ParseQrResult {
  const tid = singleParam(url, 'tid');
  if (!isQrId(mall) || tid === null) return invalid;
  if (tid === undefined || tid === '') {
    return { ok: true, qr: { kind: 'foodCourtLink', mall, to: `${url.pathname}${url.search}` } };
  }
  if (!isQrId(tid)) return invalid;
  return withValidity({ kind: 'foodCourtTable', mall, tableId: tid }, url, options);
}

/** Adds static / dynamic validity to a printed QR's payload (spec §4). */
function withValidity(payload: QrPayload, url: QrUrl, options: ParseQrOptions): ParseQrResult {
  const validUntilText = singleParam(url, VALID_UNTIL_PARAM);
  const signature = singleParam(url, SIGNATURE_PARAM);
  if (validUntilText === null || signature === null) return { ok: false, error: MESSAGE.qrNoLongerExists };
  if (validUntilText === undefined && signature === undefined) {
    return { ok: true, qr: printed(payload, { dynamic: false }) };
  }
  const check = checkDynamicQr(payload, validUntilText, signature, options.now, options.verify);
  if (!check.ok) return check;
  return { ok: true, qr: printed(payload, { dynamic: true, validUntil: check.validUntil }) };
}

function printed(
  payload: QrPayload,
  validity: { dynamic: false } | { dynamic: true; validUntil: number },
): PrintedQr {
  if (payload.kind === 'table') return { ...payload, orderType: payload.orderType ?? 1, ...validity };
  return { ...payload, ...validity };
}
