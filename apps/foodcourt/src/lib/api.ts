import { createApiClient } from '@santap/api-client';
import type { ApiClient, EarlyReplies } from '@santap/api-client';
import { serverApiOptions, serverScope } from '@santap/ui';
import { browserCountry, createDinerApiClient } from '@santap/web';
import type { Country } from '@santap/domain';
import { env } from '../config/env';

let language = 'en';

/** Keeps the client's accept-language in step with the UI language. */
export function setApiLanguage(next: string) {
  language = next;
}

/**
 * The country from the host's last label; localhost and IPs use the dev override (spec §1). In the
 * server render (`entry-server.tsx`), the page request's (`serverScope` of @santap/ui).
 */
export const country = (): Country =>
  import.meta.env.SSR ? serverScope().country : browserCountry(env.VITE_DEFAULT_COUNTRY);

/**
 * The one API client of the app (`createDinerApiClient` of @santap/web, the diner app's too): same
 * origin, the spec's time-outs, headers and typed errors; the cart token and login are the browser's
 * HttpOnly cookies (shared with the diner app on the same site).
 * In the server render it speaks for the request being rendered (`serverApiOptions` of @santap/ui):
 * its country, language and cart token, the API in-process; never a login.
 */
export const api: ApiClient = import.meta.env.SSR
  ? createApiClient(serverApiOptions<EarlyReplies>())
  : createDinerApiClient({ apiBase: env.VITE_API_BASE, country, language: () => language });
