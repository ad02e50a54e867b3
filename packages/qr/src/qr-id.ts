/**
 * What an identifier in a QR text may be (restaurant id, table id, mall slug, restaurant name), spec §2:
 * 1 to 128 characters, not only whitespace, no control characters or lone surrogates (they cannot be
 * URL-encoded), and not `.` or `..` (a URL parser folds those path segments away).
 *
 * @example
 * ```ts
 * isQrId('1001'); // true
 * isQrId('sunway-pyramid'); // true
 * isQrId(''); // false
 * isQrId('..'); // false
 * ```
 */
export function isQrId(value: string): boolean {
  return QR_ID.test(value) && value !== '.' && value !== '..';
}

// `u` flag: counts code points and lets \p{Cs} catch lone surrogates.
const QR_ID = /^(?=.*\S)[^\p{Cc}\p{Cs}]{1,128}$/u;
