import { AuthRequired, createApiClient } from '@santap/api-client';
import type { ApiClient } from '@santap/api-client';
import { setStaffToken, staffToken } from './session';

let language = 'en';
let country: 'MY' | 'ID' = 'MY';

/** The language server messages come back in (the console's). */
export function setApiLanguage(next: string) {
  language = next;
}

/** The restaurant's country (from its currency), sent as `country-code`. */
export function setApiCountry(next: 'MY' | 'ID') {
  country = next;
}

/**
 * Every call carries the staff token; a reply 'invalid token' (logged out elsewhere, disabled by the
 * manager, expired) drops the stored token, which sends the console back to its login.
 */
const base: ApiClient = createApiClient({
  baseUrl: window.location.origin,
  country: () => country,
  language: () => language,
  authToken: () => staffToken() ?? undefined,
});

export const api: ApiClient = {
  async call(endpoint, input, options) {
    try {
      return await base.call(endpoint, input, options);
    } catch (error) {
      if (error instanceof AuthRequired) setStaffToken(null);
      throw error;
    }
  },
};
