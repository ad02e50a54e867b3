import { MESSAGE } from '@santap/domain';
import type { QrOrderType, QrPayload, VerifyQrSignature } from './types';

/** Query parameter holding a dynamic QR's validity epoch in Unix seconds (spec §4). */
export const VALID_UNTIL_PARAM = 'v';
/** Query parameter holding a dynamic QR's signature, lowercase hex HMAC-SHA256 (spec §4). */
export const SIGNATURE_PARAM = 'sig';

/** Version tag at the start of every signed message; a new format gets a new tag. */
const MESSAGE_PREFIX = 'santap-qr:v1';

/**
 * The canonical message a dynamic QR's signature covers (spec §4). The server signs it with
 * HMAC-SHA256 under its QR key and prints the lowercase hex digest as `sig`; `parseQr` rebuilds the
 * message from the scanned text and hands both to `verify`. Every field that decides where the QR
 * leads is in it (kind, restaurant or mall, table, order type, validity), so changing the table or
 * stretching `v` breaks the signature. Fields are `|`-separated and URI-encoded, so an id holding `|`
 * cannot shift the fields; a missing field is empty; a table QR's order type defaults to 1.
 *
 * Layout: `santap-qr:v1|{kind}|{restaurantId or mall}|{tableId}|{orderType}|{validUntil}`.
 *
 * @example
 * ```ts
 * dynamicQrMessage({ kind: 'table', restaurantId: '1001', tableId: '5003', validUntil: 1767225600 });
 * // 'santap-qr:v1|table|1001|5003|1|1767225600'
 * dynamicQrMessage({ kind: 'foodCourtTable', mall: 'sunway', tableId: '6001', validUntil: 1767225600 });
 * // 'santap-qr:v1|foodCourtTable|sunway|6001||1767225600'
 * ```
 */
export function dynamicQrMessage(payload: QrPayload & { validUntil: number }): string {
  const owner = payload.kind === 'foodCourtTable' ? payload.mall : payload.restaurantId;
  const tableId = payload.kind === 'table' || payload.kind === 'foodCourtTable' ? payload.tableId : undefined;
  const orderType: QrOrderType | undefined = payload.kind === 'table' ? (payload.orderType ?? 1) : undefined;
  return [
    MESSAGE_PREFIX,
    payload.kind,
    encodeURIComponent(owner),
    encodeURIComponent(tableId ?? ''),
    orderType === undefined ? '' : String(orderType),
    String(payload.validUntil),
  ].join('|');
}

/** Validity written in canonical decimal (no sign, no leading zeros), at most 12 digits. */
const VALID_UNTIL_TEXT = /^(0|[1-9]\d{0,11})$/;
/** Hex digest: HMAC-SHA256 is 64 characters; up to 128 leaves room for SHA-512. */
const SIGNATURE_TEXT = /^[0-9a-f]{16,128}$/;

/** Whether `validUntil` may be printed: a non-negative whole number of seconds of at most 12 digits. */
export function isValidUntil(validUntil: number): boolean {
  return VALID_UNTIL_TEXT.test(String(validUntil)) && Number.isSafeInteger(validUntil);
}

/** Whether `signature` has the printed shape (lowercase hex, 16 to 128 characters). */
export function isSignatureText(signature: string): boolean {
  return SIGNATURE_TEXT.test(signature);
}

/** Outcome of checking a dynamic QR: its validity epoch, or why it is refused. */
export type DynamicCheck =
  | { ok: true; validUntil: number }
  | {
      ok: false;
      error: typeof MESSAGE.qrExpired | typeof MESSAGE.qrNoLongerExists | typeof MESSAGE.invalidQr;
    };

/**
 * Checks a dynamic QR read from text (spec §4, §8). Order matters:
 * 1. validity missing or unreadable -> no longer exists;
 * 2. a signature present and given a `verify` that refuses it (or a malformed one) -> invalid QR:
 *    a forged table or a stretched validity is not a QR that expired, and its validity is not to be
 *    trusted to say so;
 * 3. validity epoch at or before `now` -> expired (without `verify` too: refusing needs no trust,
 *    so the diner's app shows the right popup);
 * 4. signature missing, or no `verify` given -> no longer exists (never trust an unsigned QR).
 *
 * `verify` errors propagate: a broken key is a server fault, not a diner's QR problem.
 */
export function checkDynamicQr(
  payload: QrPayload,
  validUntilText: string | undefined,
  signature: string | undefined,
  now: Date,
  verify: VerifyQrSignature | undefined,
): DynamicCheck {
  const nowMs = now.getTime();
  if (Number.isNaN(nowMs)) throw new RangeError('now is an invalid Date');
  if (validUntilText === undefined || !VALID_UNTIL_TEXT.test(validUntilText)) {
    return { ok: false, error: MESSAGE.qrNoLongerExists };
  }
  const validUntil = Number(validUntilText);
  if (signature !== undefined && verify !== undefined) {
    if (!SIGNATURE_TEXT.test(signature) || !verify(dynamicQrMessage({ ...payload, validUntil }), signature)) {
      return { ok: false, error: MESSAGE.invalidQr };
    }
  }
  if (validUntil * 1000 <= nowMs) return { ok: false, error: MESSAGE.qrExpired };
  if (signature === undefined || !SIGNATURE_TEXT.test(signature) || verify === undefined) {
    return { ok: false, error: MESSAGE.qrNoLongerExists };
  }
  return { ok: true, validUntil };
}
