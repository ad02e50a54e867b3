import { intlLocale } from '@santap/domain';
import type { SupportedLanguage } from '@santap/i18n';

/**
 * A booking's calendar date ('2026-06-13') in words ('Sat, 13 Jun 2026'). The date is the
 * restaurant's local date: it is formatted as a date in UTC, so neither the phone's nor the
 * restaurant's zone can shift the day.
 */
export function bookingDateText(date: string, language: SupportedLanguage): string {
  const at = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return date;
  return new Intl.DateTimeFormat(intlLocale(language), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(at);
}

/** An instant in the restaurant's zone, in words with the time ('Sat, 13 Jun, 18:00'). */
export function bookingInstantText(at: Date, timeZone: string, language: SupportedLanguage): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(at);
}
