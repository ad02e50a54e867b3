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

/** The country from the host's last label; localhost and IPs get `fallback` (the dev override, spec §1). */
export function browserCountry(fallback: Country): Country {
  return countryFromHost(window.location.hostname, fallback);
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
