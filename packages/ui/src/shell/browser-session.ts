/**
 * What every Santap app keeps in the browser (spec §3 stored client data), shared so a diner who
 * logged in at a restaurant is logged in at the food court on the same site: the cart token cookie,
 * the language cookie (10 minutes), the login, and the country from the host.
 */
import {
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  countryFromHost,
  createCartToken,
  defaultLanguage,
  isCartToken,
  isCountry,
} from '@santap/domain';
import type { Country } from '@santap/domain';
import { normaliseLanguage } from '@santap/i18n';
import type { SupportedLanguage } from '@santap/i18n';

const CART_COOKIE = 'cart_token';
const LANGUAGE_COOKIE = 'language';
const AUTH_KEY = 'santap.auth';

/** A cookie's value, or undefined. */
export function readCookie(name: string): string | undefined {
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

/** The browser's cart token (spec §3: 15 characters starting with 'user', kept as a cookie). */
export function cartToken(): string {
  const existing = readCookie(CART_COOKIE);
  if (existing && isCartToken(existing)) return existing;
  const token = createCartToken();
  writeCookie(CART_COOKIE, token, 60 * 60 * 24 * 180);
  return token;
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
  token: string;
  userId: number;
  status: 'GUEST' | 'ACTIVE';
}

/** Auth token, user id and user status (spec §3 stored client data). */
export function storedAuth(): StoredAuth | undefined {
  try {
    const raw = localStorage.getItem(AUTH_KEY);
    return raw ? (JSON.parse(raw) as StoredAuth) : undefined;
  } catch {
    return undefined;
  }
}

export function storeAuth(auth: StoredAuth | undefined) {
  if (auth) localStorage.setItem(AUTH_KEY, JSON.stringify(auth));
  else localStorage.removeItem(AUTH_KEY);
}
