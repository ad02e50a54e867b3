import { audit } from '@santap/api-client';

const DAY_MS = 86_400_000;

/** Today's date (`YYYY-MM-DD`) in `timeZone` at `now`. */
export function localToday(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** `date` moved by `days` calendar days. */
export function shiftDay(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The trail's default: the last 7 days to today, as the server's own default (docs/audit.md). */
export function defaultRange(now: Date, timeZone: string) {
  const to = localToday(now, timeZone);
  return { from: shiftDay(to, -6), to };
}

/**
 * Whether `from`..`to` (both included) is a range the server reads: forwards and at most
 * `AUDIT_MAX_DAYS` days. The form refuses the rest with the server's words.
 */
export function rangeIsValid(from: string, to: string): boolean {
  const first = Date.parse(`${from}T00:00:00Z`);
  const last = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(first) || Number.isNaN(last)) return false;
  const days = Math.round((last - first) / DAY_MS) + 1;
  return days >= 1 && days <= audit.AUDIT_MAX_DAYS;
}
