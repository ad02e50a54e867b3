/**
 * What every Santap app keeps in the browser (spec §3 stored client data), shared so a diner who
 * logged in at a restaurant is logged in at the food court on the same site: the cart token cookie,
 * the language cookie (10 minutes), the login, and the country from the host. The diner's token and
 * the cart token are HttpOnly cookies the server sets (apps/api/README.md, "Cookies and CSRF"): no
 * page script reads them, and no reply names them; the apps know only whether a diner is logged in
 * (the `signed_in` marker) and the cart's handover for the login redirect.
 */
import { LANGUAGE_COOKIE_MAX_AGE_SECONDS, countryFromHost, defaultLanguage, isCountry } from '@santap/domain';
import type { Country } from '@santap/domain';
import { normaliseLanguage } from '@santap/i18n';
import type { SupportedLanguage } from '@santap/i18n';

const LANGUAGE_COOKIE = 'language';
/** The server's readable marker beside the HttpOnly session cookie: `GUEST` or `ACTIVE`. */
const SIGNED_IN_COOKIE = 'signed_in';

/** A cookie's value, or undefined. */
export function readCookie(name: string): string | undefined {
  // The server render has no document: it speaks for a guest, who has no readable cookie.
  if (typeof document === 'undefined') return undefined;
  const prefix = `${name}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return undefined;
}

/** Sets a site-wide cookie (path `/`, SameSite=Lax). */
export function writeCookie(name: string, value: string, maxAgeSeconds: number) {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; samesite=lax`;
}

let knownCartHandover: string | undefined;

/**
 * Is `value` shaped like a cart handover (the server's sealed stand-in for a cart token, base64url,
 * 40-200 characters)? Only the server can tell whether it opens.
 *
 * @example isCartHandover('userAbc123def45') // false: a cart token is never a handover
 */
export function isCartHandover(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{40,200}$/.test(value);
}

/**
 * The handover of the browser's cart, as the server last gave it (a cart reply's `cart-handover`
 * header, the page's early replies or hydration block): what the login redirect carries as its
 * `cartToken` (spec §2), so a login finished in another browser brings the cart along
 * (`cart.adoptToken`). Sealed by the server and good for an hour; the cart token itself is an
 * HttpOnly cookie no page script reads. Undefined before the page got one.
 */
export function cartHandover(): string | undefined {
  return knownCartHandover;
}

/** Keeps the cart handover a reply named (the API client's `onCartHandover`). */
export function rememberCartHandover(handover: string) {
  if (isCartHandover(handover)) knownCartHandover = handover;
}

const DEV_COUNTRY_KEY = 'santap.devCountry';

/**
 * A developer's machine: `localhost`, `*.localhost`, an IPv4 or IPv6 address. Only there may the
 * page choose its country (`?country=`); a real host's country is its last label (spec §1).
 */
export function isDevHost(hostname: string | undefined): boolean {
  if (typeof hostname !== 'string') return false;
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^\d{1,3}(\.\d{1,3}){3}$/.test(host) ||
    host.startsWith('[') ||
    host.includes(':')
  );
}

/**
 * On a dev host, `?country=ID` or `?country=MY` (any case) chooses the country for this tab's
 * session (kept in sessionStorage, so it holds as the diner moves on); undefined when never asked.
 */
function devCountry(): Country | undefined {
  const asked = new URLSearchParams(window.location.search).get('country')?.toUpperCase();
  try {
    if (isCountry(asked)) {
      sessionStorage.setItem(DEV_COUNTRY_KEY, asked);
      return asked;
    }
    const kept = sessionStorage.getItem(DEV_COUNTRY_KEY);
    return isCountry(kept) ? kept : undefined;
  } catch {
    return isCountry(asked) ? asked : undefined;
  }
}

/**
 * The country from the host's last label (spec §1), which the apps send as the `country-code` header.
 * Localhost and IPs get `fallback` (the build's `VITE_DEFAULT_COUNTRY`), unless the page was opened
 * with `?country=ID|MY`, which holds for the tab's session. A real host ignores `?country=`.
 */
export function browserCountry(fallback: Country): Country {
  const host = window.location.hostname;
  if (isDevHost(host)) return devCountry() ?? fallback;
  return countryFromHost(host, fallback);
}

/** The diner's language: the language cookie (10 minutes, spec §9), else the browser's. */
export function initialLanguage(country: Country): SupportedLanguage {
  const cookie = readCookie(LANGUAGE_COOKIE);
  return normaliseLanguage(cookie ?? navigator.languages.join(','), defaultLanguage(country));
}

/** Keeps the chosen language in the language cookie (10 minutes, spec §9). */
export function rememberLanguage(language: SupportedLanguage) {
  writeCookie(LANGUAGE_COOKIE, language, LANGUAGE_COOKIE_MAX_AGE_SECONDS);
}

export interface StoredAuth {
  status: 'GUEST' | 'ACTIVE';
}

/** Whether a diner is logged in, and how (spec §3 user status): the server's `signed_in` marker. */
export function storedAuth(): StoredAuth | undefined {
  const status = readCookie(SIGNED_IN_COOKIE);
  return status === 'GUEST' || status === 'ACTIVE' ? { status } : undefined;
}

/**
 * Sets or forgets the marker; the server sets it with the session and clears both at sign-out, so the
 * apps call this only to forget a session the server could not be told about (offline) and in tests.
 */
export function storeAuth(auth: StoredAuth | undefined) {
  if (auth) writeCookie(SIGNED_IN_COOKIE, auth.status, 60 * 60 * 24 * 30);
  else document.cookie = `${SIGNED_IN_COOKIE}=; path=/; max-age=0; samesite=lax`;
}

/**
 * The browser's session as the server render's hydration reads it (`startApp` of `@santap/ui`): where
 * the page's cart handover is kept, and the `signed_in` marker ('' for none).
 */
export const browserSession = {
  rememberCartHandover,
  signedIn: (): string => storedAuth()?.status ?? '',
};
