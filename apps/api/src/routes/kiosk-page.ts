/**
 * Who a kiosk page request comes from (README "Server rendering"; apps/kiosk README): the device its
 * page cookie names (`kiosk_device`, set by `POST /api/kiosk/page-cookie`), checked exactly as a kiosk
 * call's headers are (services/flows/kiosk/devices.ts: scrypt, the known-secret cache, the failure limits; unknown,
 * wrong and switched-off devices refused). The kiosk's first screens are then rendered for it, in its
 * own language, with its credentials on the render's in-process calls.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { kiosk as api } from '@santap/contract';
import { defaultLanguage } from '@santap/domain';
import type { Country } from '@santap/domain';
import type { SupportedLanguage } from '@santap/i18n';
import type { AppContext } from '../services/context';
import { clearKioskPageCookie, readKioskPageCookie } from '../lib/cookies';
import { ApiFailure } from '../lib/errors';
import { KIOSK_AUTH_LIMITS, withSecretLimits } from '../http/login-limits';
import { authenticateKiosk } from '../services/flows/kiosk/devices';

export interface KioskPageCaller {
  device: string;
  country: Country;
  /** The kiosk's own language (`defaultLanguage` of its place's country), the one it starts in. */
  language: SupportedLanguage;
  /** The credentials every call of the render carries, as the kiosk's own calls do. */
  headers: Record<string, string>;
}

/** Does this page request carry a kiosk page cookie (valid or not)? Such a reply is never stored. */
export const hasKioskPageCookie = (request: FastifyRequest) =>
  request.cookies?.[api.KIOSK_PAGE_COOKIE] !== undefined;

/**
 * The kiosk a page request comes from, or undefined: no cookie, or one the server refuses (logged;
 * a refused device's cookie is dropped), and the page is the app's index.html, rendered in the browser.
 */
export async function kioskPageCaller(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<KioskPageCaller | undefined> {
  if (!hasKioskPageCookie(request)) return undefined;
  const presented = readKioskPageCookie(request, api.KIOSK_PAGE_COOKIE);
  const headers: Record<string, string> = presented
    ? { [api.KIOSK_DEVICE_HEADER]: presented.device, [api.KIOSK_SECRET_HEADER]: presented.secret }
    : {};
  try {
    const device = await authenticateKiosk(ctx, headers, (deviceId, check) =>
      withSecretLimits(ctx, request, KIOSK_AUTH_LIMITS, deviceId, check),
    );
    const row = device.place.kind === 'restaurant' ? device.place.restaurant : device.place.mall;
    const country = row.country === 'ID' ? 'ID' : 'MY';
    return { device: device.id, country, language: defaultLanguage(country), headers };
  } catch (error) {
    const refused = error instanceof ApiFailure && (error.statusCode === 401 || error.statusCode === 403);
    // A refused device loses its cookie; a passing failure (a limit, the database) keeps it.
    if (refused) clearKioskPageCookie(reply, api.KIOSK_PAGE_COOKIE);
    request.log[refused ? 'info' : 'warn'](
      { err: error },
      'kiosk page: no render for this device; the browser renders the page',
    );
    return undefined;
  }
}
