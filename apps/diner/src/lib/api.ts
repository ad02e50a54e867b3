import { createApiClient } from '@santap/api-client';
import type { ApiClient } from '@santap/api-client';
import { env } from '../config/env';
import { cartToken, country, storedAuth } from './session';

let language = 'en';

/** Keeps the client's accept-language in step with the UI language. */
export function setApiLanguage(next: string) {
  language = next;
}

/** The one API client of the app: same origin, the spec's time-outs, headers and typed errors. */
export const api: ApiClient = createApiClient({
  baseUrl: env.VITE_API_BASE || window.location.origin,
  country,
  language: () => language,
  authToken: () => storedAuth()?.token,
  cartToken,
});
