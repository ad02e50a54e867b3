import { isSignatureText, isValidUntil, SIGNATURE_PARAM, VALID_UNTIL_PARAM } from './dynamic';
import { isQrId } from './qr-id';
import { RESTAURANT_QR_PATH } from './restaurant-qr';
import type { QrPayload } from './types';

/**
 * Input of {@link buildQrText}: where the QR points, the origin to print (`https://santap.my`, or
 * `''` for a relative path) and, for a dynamic QR, `validUntil` (Unix seconds) with the server's
 * `signature` over `dynamicQrMessage({ ...payload, validUntil })`. Spec §2, §4.
 */
export type BuildQrTextInput = QrPayload & { origin: string; validUntil?: number; signature?: string };

/**
 * The text the server prints in a QR (spec §2, §4), the exact form `parseQr` accepts:
 * - table: `{origin}/set_restaurant_qr.php?restaurant_id=1001&tid=5003` (`&ot=2|3` only when not
 *   dine-in; the table id is left out when absent);
 * - takeaway: `{origin}/set_restaurant_qr.php?restaurant_id=1001&type=tk`;
 * - setting: `{origin}/set_restaurant_qr.php?restaurant_id=1001&setting=1`;
 * - food-court table: `{origin}/fc/{mall}?tid=6001`;
 * - dynamic: the same plus `&v={validUntil}&sig={signature}`.
 *
 * Throws a `RangeError` on input the server should never print (malformed ids, a dine-in table QR
 * without table, validity without signature or the reverse, a negative or fractional validity).
 *
 * @example
 * ```ts
 * const validUntil = 1767225600;
 * const signature = hmacSha256Hex(key, dynamicQrMessage({ kind: 'table', restaurantId: '1001', tableId: '5003', validUntil }));
 * buildQrText({ origin: 'https://santap.my', kind: 'table', restaurantId: '1001', tableId: '5003', validUntil, signature });
 * // 'https://santap.my/set_restaurant_qr.php?restaurant_id=1001&tid=5003&v=1767225600&sig=…'
 * ```
 */
export function buildQrText(input: BuildQrTextInput): string {
  const origin = input.origin.replace(/\/+$/, '');
  const params: [string, string][] = [];
  let path: string;
  if (input.kind === 'foodCourtTable') {
    requireId(input.mall, 'mall');
    requireId(input.tableId, 'tableId');
    path = `/fc/${encodeURIComponent(input.mall)}`;
    params.push(['tid', input.tableId]);
  } else {
    requireId(input.restaurantId, 'restaurantId');
    path = RESTAURANT_QR_PATH;
    params.push(['restaurant_id', input.restaurantId]);
    if (input.kind === 'takeaway') params.push(['type', 'tk']);
    if (input.kind === 'setting') params.push(['setting', '1']);
    if (input.kind === 'table') {
      const orderType = input.orderType ?? 1;
      if (input.tableId !== undefined) {
        requireId(input.tableId, 'tableId');
        params.push(['tid', input.tableId]);
      } else if (orderType === 1) {
        throw new RangeError('A dine-in table QR needs a tableId');
      }
      if (orderType !== 1) params.push(['ot', String(orderType)]);
    }
  }
  if ((input.validUntil === undefined) !== (input.signature === undefined)) {
    throw new RangeError('A dynamic QR needs both validUntil and signature');
  }
  if (input.validUntil !== undefined && input.signature !== undefined) {
    if (!isValidUntil(input.validUntil)) throw new RangeError('validUntil must be whole Unix seconds');
    if (!isSignatureText(input.signature)) throw new RangeError('signature must be lowercase hex');
    params.push([VALID_UNTIL_PARAM, String(input.validUntil)], [SIGNATURE_PARAM, input.signature]);
  }
  const query = params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
  return `${origin}${path}?${query}`;
}

function requireId(value: string, field: string): void {
  if (!isQrId(value)) throw new RangeError(`${field} is not a valid QR id`);
}
