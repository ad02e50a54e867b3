import { MESSAGE } from '@santap/domain';
import { parseQr } from '@santap/qr';

/**
 * Where a scanned QR leads: an in-app path (menu links), a page the server resolves (printed QRs:
 * table, takeaway, setting, food-court table; the server holds the keys that verify a dynamic QR and
 * redirects to the menu or to `/qrError`), or an error to show.
 */
export type QrDestination =
  | { kind: 'app'; to: string }
  | { kind: 'server'; href: string }
  | { kind: 'error'; reason: typeof MESSAGE.invalidQr | typeof MESSAGE.qrExpired };

/** The path and query of a QR text (any host, or a bare path), to open on this site's origin. */
function pathAndQuery(text: string): string | undefined {
  try {
    const url = new URL(text.trim(), 'https://qr.invalid');
    return `${url.pathname}${url.search}`;
  } catch {
    return undefined;
  }
}

const PRINTED_PATHS = [/^\/set_restaurant_qr\.php$/, /^\/fc\/[^/]+$/];

/**
 * Reads a scanned text with `parseQr` of `@santap/qr` (spec §2, §4, §8). Menu links open in the app.
 * Printed QRs open on this origin through the server, which checks tables and dynamic validity. The
 * browser has no key, so a dynamic QR it cannot verify (`qrNoLongerExists` without `verify`) also goes
 * to the server; one whose validity has passed is expired here already (refusing needs no trust).
 */
export function qrDestination(text: string, now: Date): QrDestination {
  const parsed = parseQr(text, { now });
  if (parsed.ok) {
    const { qr } = parsed;
    if (qr.kind === 'menuLink') return { kind: 'app', to: qr.to };
    if (qr.kind === 'foodCourtLink') return { kind: 'server', href: qr.to };
    const href = pathAndQuery(text);
    return href ? { kind: 'server', href } : { kind: 'error', reason: MESSAGE.invalidQr };
  }
  if (parsed.error === MESSAGE.qrExpired) return { kind: 'error', reason: MESSAGE.qrExpired };
  if (parsed.error === MESSAGE.qrNoLongerExists) {
    const href = pathAndQuery(text);
    const path = href?.split('?')[0] ?? '';
    if (href && PRINTED_PATHS.some((pattern) => pattern.test(path))) return { kind: 'server', href };
  }
  return { kind: 'error', reason: MESSAGE.invalidQr };
}
