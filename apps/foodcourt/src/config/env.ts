/**
 * The app's environment, checked once by hand (two values; zod would add bytes to the start-up
 * JavaScript). An invalid value fails at start-up, as a schema would.
 */
const raw = import.meta.env as Readonly<Record<string, unknown>>;

function country(value: unknown): 'MY' | 'ID' {
  if (value === undefined || value === '') return 'MY';
  if (value !== 'MY' && value !== 'ID') throw new Error('VITE_DEFAULT_COUNTRY must be MY or ID');
  return value;
}

export const env = {
  /** Country for hosts without a country label (localhost, IPs): the dev override. */
  VITE_DEFAULT_COUNTRY: country(raw.VITE_DEFAULT_COUNTRY),
  /** API origin; empty = same origin (the API serves the app). */
  VITE_API_BASE: typeof raw.VITE_API_BASE === 'string' ? raw.VITE_API_BASE : '',
} as const;
