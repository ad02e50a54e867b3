/**
 * The app's environment, checked once by hand (four values; zod would add ~25 KB gzipped to the
 * start-up JavaScript). An invalid value fails at start-up, as a schema would.
 */
function url(name: string, value: unknown, fallback: string): string {
  if (value === undefined || value === '') return fallback;
  try {
    if (typeof value === 'string' && new URL(value).protocol.startsWith('http')) return value;
  } catch {
    // not a URL: fails below
  }
  throw new Error(`${name} must be a URL`);
}

function country(value: unknown): 'MY' | 'ID' {
  if (value === undefined || value === '') return 'MY';
  if (value !== 'MY' && value !== 'ID') throw new Error('VITE_DEFAULT_COUNTRY must be MY or ID');
  return value;
}

const raw = import.meta.env as Readonly<Record<string, unknown>>;

export const env = {
  /** Marketing sites `/` redirects to, by time zone (spec §2). */
  VITE_MARKETING_URL_ID: url('VITE_MARKETING_URL_ID', raw.VITE_MARKETING_URL_ID, 'https://santap.id'),
  VITE_MARKETING_URL_GLOBAL: url(
    'VITE_MARKETING_URL_GLOBAL',
    raw.VITE_MARKETING_URL_GLOBAL,
    'https://santap.my',
  ),
  /** Country for hosts without a country label (localhost, IPs): the dev override. */
  VITE_DEFAULT_COUNTRY: country(raw.VITE_DEFAULT_COUNTRY),
  /** API origin; empty = same origin (the API serves the app). */
  VITE_API_BASE: typeof raw.VITE_API_BASE === 'string' ? raw.VITE_API_BASE : '',
  /** OAuth client ids for linking a Google or Facebook account on /user; empty = not offered. */
  VITE_GOOGLE_CLIENT_ID: typeof raw.VITE_GOOGLE_CLIENT_ID === 'string' ? raw.VITE_GOOGLE_CLIENT_ID : '',
  VITE_FACEBOOK_APP_ID: typeof raw.VITE_FACEBOOK_APP_ID === 'string' ? raw.VITE_FACEBOOK_APP_ID : '',
} as const;
