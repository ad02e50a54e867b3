import { serverScope } from '@santap/ui';
import { browserCountry, initialLanguage as languageIn, storedAuth as storedAuthIn } from '@santap/web';
import type { StoredAuth } from '@santap/web';
import type { Country } from '@santap/domain';
import type { SupportedLanguage } from '@santap/i18n';
import { env } from '../config/env';

// The cart's handover, the language cookie and the login are shared by every app (@santap/web).
export { cartHandover, rememberLanguage, storeAuth } from '@santap/web';
export type { StoredAuth } from '@santap/web';

/**
 * Is a diner logged in here (the readable `signed_in` marker)? In the server render, the state of
 * the session the render acts for (a diner's own pages only, `asDiner` of app/server-rendered.ts), else
 * none.
 */
export function storedAuth(): StoredAuth | undefined {
  if (import.meta.env.SSR) {
    const status = serverScope().signedIn;
    return status ? { status } : undefined;
  }
  return storedAuthIn();
}

/**
 * The country from the host's last label (spec §1); localhost and IPs use `VITE_DEFAULT_COUNTRY`, or
 * `?country=ID|MY` for the tab's session (`browserCountry` of @santap/web). Sent as `country-code`.
 */
export function country(): Country {
  if (import.meta.env.SSR) return serverScope().country;
  return browserCountry(env.VITE_DEFAULT_COUNTRY);
}

/** The diner's language: the language cookie (10 minutes, spec §9), else the browser's. */
export function initialLanguage(): SupportedLanguage {
  return languageIn(country());
}
