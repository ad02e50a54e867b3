import { ApiError } from '@santap/api-client';
import { MESSAGE } from '@santap/domain';

const QR_REASONS: readonly string[] = [MESSAGE.invalidQr, MESSAGE.qrExpired, MESSAGE.qrNoLongerExists];

/**
 * Where a refused table QR goes (spec §8): the diner app's `/qrError` (served on a mall's own host
 * too), naming the reason so it shows 'Invalid QR code.' or the QR-expired popup with the ask-the-staff
 * line. Undefined for any other failure (no connection, a time-out), which the page says in place.
 */
export function qrErrorPath(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const reason = error.code && QR_REASONS.includes(error.code) ? error.code : undefined;
  if (reason === undefined && error.statusCode !== 404) return undefined;
  return `/qrError?${new URLSearchParams({ reason: reason ?? MESSAGE.invalidQr }).toString()}`;
}

/** Page loads that leave the food-court app (another app's page on the same origin). */
export const leavePage = {
  replace: (url: string) => window.location.replace(url),
};
