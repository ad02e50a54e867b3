import { createApiClient } from '@santap/api-client';
import type { ApiClient, ApiClientOptions } from '@santap/api-client';
import { rememberCartHandover, storedAuth } from './browser-session';

export interface DinerApiClientOptions extends Pick<
  ApiClientOptions,
  'country' | 'language' | 'early' | 'fetch'
> {
  /** The API origin (`VITE_API_BASE`); empty for the page's own. */
  apiBase: string;
}

/**
 * A diner's browser API client (the diner app's and the food court's): the API's origin, the diner's
 * session as the readable `signed_in` marker (the login itself is an HttpOnly cookie), and the cart's
 * handover remembered as the server gives it (the cart token itself is an HttpOnly cookie). The app adds its country and language, and its own
 * `early` replies or `fetch`. The server render builds its client from `serverApiOptions` of
 * `@santap/ui` instead.
 */
export function createDinerApiClient({ apiBase, ...options }: DinerApiClientOptions): ApiClient {
  return createApiClient({
    baseUrl: apiBase || window.location.origin,
    signedIn: () => storedAuth() !== undefined,
    onCartHandover: rememberCartHandover,
    ...options,
  });
}
