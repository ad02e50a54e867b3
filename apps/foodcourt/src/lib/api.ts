import { createApiClient } from '@santap/api-client';
import type { ApiClient } from '@santap/api-client';
import { browserCountry, rememberCartToken, storedAuth } from '@santap/ui';
import type { Country } from '@santap/domain';
import { env } from '../config/env';

let language = 'en';

/** Keeps the client's accept-language in step with the UI language. */
export function setApiLanguage(next: string) {
  language = next;
}

/** The country from the host's last label; localhost and IPs use the dev override (spec §1). */
export const country = (): Country => browserCountry(env.VITE_DEFAULT_COUNTRY);

/**
 * The one API client of the app: same origin, the spec's time-outs, headers and typed errors; the
 * cart token and login are the browser's HttpOnly cookies (shared with the diner app on the same site).
 */
export const api: ApiClient = createApiClient({
  baseUrl: env.VITE_API_BASE || window.location.origin,
  country,
  language: () => language,
  signedIn: () => storedAuth() !== undefined,
  onCartToken: rememberCartToken,
});
