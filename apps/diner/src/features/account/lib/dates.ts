import { intlLocale } from '@santap/domain';
import type { Language } from '@santap/domain';

/** The calendar date `days` after (or before, when negative) a 'YYYY-MM-DD' date. */
export function addDays(date: string, days: number): string {
  const instant = new Date(`${date}T00:00:00Z`);
  instant.setUTCDate(instant.getUTCDate() + days);
  return instant.toISOString().slice(0, 10);
}

/** The device's IANA time zone (the diner's day for 'today'), UTC when the browser does not say. */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The Intl locale dates are written in: day first in English too, as in Malaysia and Indonesia. */
export function dateLocale(language: Language): string {
  return language === 'en' ? 'en-GB' : intlLocale(language);
}
