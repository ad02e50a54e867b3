import type { CountryCode } from 'libphonenumber-js/core';
import { getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { z } from 'zod';
import type { Country } from './country';
import { PHONE_METADATA } from './phone-metadata';
import type { MessageKey } from './messages';
import { DomainError, MESSAGE } from './messages';

/** Shortest accepted name, in characters after trimming (spec §5, §9: 'name at least 3 characters'). */
export const NAME_MIN_LENGTH = 3;

/** Digits in a one-time password. */
export const OTP_LENGTH = 6;

/** Platform users must be this old (spec §1, §9: 'Minimum age 18'). */
export const MINIMUM_AGE = 18;

/** Dates of birth before 1 January of this year are refused as typing mistakes. */
export const EARLIEST_BIRTH_YEAR = 1900;

/** Longest email address that can be delivered (RFC 5321 path limit minus the angle brackets). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * Country calling codes whose numbers are accepted (spec §9 names +60 and +91; Indonesia needs +62).
 * Numbers are stored in E.164 (FACTS "Locales, money, phones").
 */
export const SUPPORTED_PHONE_PREFIXES = ['+60', '+62', '+91'] as const;

/** A key for a value that is missing (undefined or null), another for a value of the wrong type. */
const typeError =
  (whenMissing: MessageKey, whenWrongType: MessageKey) =>
  (issue: { input?: unknown }): MessageKey =>
    issue.input === undefined || issue.input === null ? whenMissing : whenWrongType;

/** Records a single issue carrying a message key and stops the schema's later steps. */
function fail(ctx: z.RefinementCtx<string>, key: MessageKey): void {
  ctx.addIssue({ code: 'custom', message: key, continue: false });
}

/**
 * A required text field (spec §5: required fields show 'Required'): trimmed, and empty, blank or
 * missing -> `MESSAGE.required`. The output is the trimmed text.
 */
export const requiredString = z
  .string({ error: typeError(MESSAGE.required, MESSAGE.invalidInput) })
  .trim()
  .min(1, { error: MESSAGE.required });

/**
 * A person's name (spec §5: at least 3 characters). Trimmed; empty -> `MESSAGE.required`; fewer than
 * {@link NAME_MIN_LENGTH} characters (Unicode code points, so 'Ñño' counts 3) -> `MESSAGE.nameTooShort`.
 */
export const nameSchema = z
  .string({ error: typeError(MESSAGE.required, MESSAGE.invalidInput) })
  .trim()
  .superRefine((name, ctx) => {
    if (name.length === 0) fail(ctx, MESSAGE.required);
    else if ([...name].length < NAME_MIN_LENGTH) fail(ctx, MESSAGE.nameTooShort);
  });

const EMAIL_LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
const TOP_LEVEL_DOMAIN = /^(?:[A-Za-z]{2,}|xn--[A-Za-z0-9-]+)$/;

function emailProblem(email: string): MessageKey | undefined {
  if (email.length === 0) return MESSAGE.required;
  if (!email.includes('@')) return MESSAGE.emailMissingAt;
  const [local = '', domain = '', ...rest] = email.split('@');
  const labels = domain.split('.');
  const wellFormed =
    rest.length === 0 &&
    EMAIL_LOCAL_PART.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => DOMAIN_LABEL.test(label));
  if (!wellFormed) return MESSAGE.emailInvalidFormat;
  const deliverable =
    email.length <= EMAIL_MAX_LENGTH &&
    local.length <= 64 &&
    labels.every((label) => label.length <= 63) &&
    TOP_LEVEL_DOMAIN.test(labels.at(-1) ?? '');
  return deliverable ? undefined : MESSAGE.emailEnterValid;
}

/**
 * An email address (spec §5), trimmed, with its domain lower-cased. Three tiers of message:
 *
 * - empty or missing -> `MESSAGE.required`;
 * - no '@' -> `MESSAGE.emailMissingAt` ("Please include an '@' in the email address");
 * - not shaped like `local@domain.tld` -> `MESSAGE.emailInvalidFormat` ('Invalid email format!'):
 *   two '@', empty or dotted-wrong local part, spaces or characters outside ASCII dot-atoms, a domain
 *   without a dot (`a@b`), an empty or hyphen-edged domain label;
 * - well-formed but not deliverable -> `MESSAGE.emailEnterValid` ('Please Enter a valid Email ID'):
 *   longer than {@link EMAIL_MAX_LENGTH}, local part over 64 or a domain label over 63 characters, or a
 *   top-level domain that is not two or more letters (`a@b.c`, `a@host.123`).
 *
 * Quoted local parts and non-ASCII addresses are refused as invalid format.
 *
 * @example
 * ```ts
 * emailSchema.safeParse('a@b'); // issue message 'validation.emailInvalidFormat'
 * emailSchema.parse(' Siti@Example.COM '); // 'Siti@example.com'
 * ```
 */
export const emailSchema = z
  .string({ error: typeError(MESSAGE.required, MESSAGE.emailInvalidFormat) })
  .trim()
  .superRefine((email, ctx) => {
    const problem = emailProblem(email);
    if (problem) fail(ctx, problem);
  })
  .overwrite((email) => {
    const at = email.indexOf('@');
    return email.slice(0, at) + email.slice(at).toLowerCase();
  });

const PHONE_CHARACTERS = /^\+?[0-9][0-9 ().-]*$/;
const PHONE_INPUT_MAX_LENGTH = 32;
const PHONE_COUNTRIES: readonly Country[] = ['MY', 'ID'];

type PhoneResult = { ok: true; e164: string } | { ok: false; key: MessageKey };

function parsePhone(input: string, defaultCountry: Country): PhoneResult {
  if (!PHONE_COUNTRIES.includes(defaultCountry)) throw new DomainError(MESSAGE.invalidInput);
  const text = input.trim();
  if (text.length === 0) return { ok: false, key: MESSAGE.phoneRequired };
  if (text.length > PHONE_INPUT_MAX_LENGTH || !PHONE_CHARACTERS.test(text)) {
    return { ok: false, key: MESSAGE.phoneInvalid };
  }
  const country: CountryCode = defaultCountry;
  const digits = text.replace(/\D/g, '');
  // '62812…' typed without '+' means +62 812…, but libphonenumber reads it as an Indonesian national
  // number (62x are Sumatran area codes without their 0). A national number is typed with its 0.
  const typedWithCountryCode =
    !text.startsWith('+') && digits.startsWith(getCountryCallingCode(country, PHONE_METADATA))
      ? parsePhoneNumberFromString(`+${digits}`, PHONE_METADATA)
      : undefined;
  const phone = typedWithCountryCode?.isValid()
    ? typedWithCountryCode
    : parsePhoneNumberFromString(text, country, PHONE_METADATA);
  if (!phone?.isValid()) return { ok: false, key: MESSAGE.phoneInvalid };
  const prefix = `+${phone.countryCallingCode}`;
  if (!(SUPPORTED_PHONE_PREFIXES as readonly string[]).includes(prefix)) {
    return { ok: false, key: MESSAGE.phoneInvalid };
  }
  return { ok: true, e164: phone.number };
}

/**
 * A phone number as typed, in E.164 (spec §5: phone required, invalid rejected, leading 0 removed).
 * Accepts national numbers of `defaultCountry` ('012-345 6789', '0812-3456-7890' for ID),
 * international ones ('+60 12-345 6789', '+60 012-345 6789': the 0 after the prefix is dropped) and
 * the default country's code typed without '+' ('60123456789'). Spaces, dots, hyphens and parentheses
 * are ignored. Validity is libphonenumber's (its min metadata cut to +60, +62 and +91 in
 * `phone-metadata.ts`: length and leading digits, so a fixed line passes as well as a mobile).
 *
 * @throws DomainError with `MESSAGE.phoneRequired` for blank input, `MESSAGE.phoneInvalid` for a number
 *   that is not valid or not under {@link SUPPORTED_PHONE_PREFIXES}.
 * @example
 * ```ts
 * normalisePhone('012-345 6789', 'MY'); // '+60123456789'
 * normalisePhone('0812-3456-7890', 'ID'); // '+6281234567890'
 * ```
 */
export function normalisePhone(input: string, defaultCountry: Country): string {
  const result = parsePhone(input, defaultCountry);
  if (!result.ok) throw new DomainError(result.key);
  return result.e164;
}

/**
 * Zod schema of a phone number field (spec §5): missing or blank -> `MESSAGE.phoneRequired`; invalid or
 * of another country code -> `MESSAGE.phoneInvalid`; the output is the E.164 string of
 * {@link normalisePhone}.
 *
 * @example
 * ```ts
 * phoneSchema('MY').parse('+60 012-345 6789'); // '+60123456789'
 * ```
 */
export function phoneSchema(defaultCountry: Country) {
  return z
    .string({ error: typeError(MESSAGE.phoneRequired, MESSAGE.phoneInvalid) })
    .superRefine((phone, ctx) => {
      const result = parsePhone(phone, defaultCountry);
      if (!result.ok) fail(ctx, result.key);
    })
    .overwrite((phone) => {
      const result = parsePhone(phone, defaultCountry);
      return result.ok ? result.e164 : phone;
    });
}

/**
 * A one-time password as typed (spec §5: wrong OTP rejected): exactly {@link OTP_LENGTH} ASCII digits
 * after trimming, else `MESSAGE.otpInvalidFormat` (blank included: the OTP screen has one message).
 * Whether the code is the right one is the server's check.
 */
export const otpSchema = z
  .string({ error: MESSAGE.otpInvalidFormat })
  .trim()
  .regex(new RegExp(`^[0-9]{${OTP_LENGTH}}$`), { error: MESSAGE.otpInvalidFormat });

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) {
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    return leap ? 29 : 28;
  }
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function parseCalendarDate(text: string): CalendarDate | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

/** The calendar date of an instant in a time zone. */
function calendarDateOf(now: Date, timeZone: string): CalendarDate {
  if (Number.isNaN(now.getTime())) throw new DomainError(MESSAGE.invalidInput);
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    }).formatToParts(now);
  } catch {
    throw new DomainError(MESSAGE.invalidInput);
  }
  const part = (type: 'year' | 'month' | 'day'): number =>
    Number(parts.find((candidate) => candidate.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

function completedYears(birth: CalendarDate, today: CalendarDate): number {
  const birthdayReached =
    today.month > birth.month || (today.month === birth.month && today.day >= birth.day);
  return today.year - birth.year - (birthdayReached ? 0 : 1);
}

/**
 * Age in completed years on the calendar date of `now` in `timeZone` (default UTC; pass the
 * restaurant's or diner's zone so a birthday starts at local midnight). Someone born on 29 February
 * gains a year on 1 March in common years (their birthday has not passed on 28 February).
 *
 * @throws DomainError with `MESSAGE.dateOfBirthInvalid` when `dateOfBirth` is not a real 'YYYY-MM-DD'
 *   date or lies after today; `MESSAGE.invalidInput` for an invalid `now` or time zone.
 * @example
 * ```ts
 * ageOn('2008-02-29', new Date('2026-02-28T12:00:00Z')); // 17
 * ageOn('2008-02-29', new Date('2026-03-01T12:00:00Z')); // 18
 * ```
 */
export function ageOn(dateOfBirth: string, now: Date, timeZone = 'UTC'): number {
  const birth = parseCalendarDate(dateOfBirth);
  const today = calendarDateOf(now, timeZone);
  if (!birth || compareDates(birth, today) > 0) throw new DomainError(MESSAGE.dateOfBirthInvalid);
  return completedYears(birth, today);
}

/**
 * A date of birth 'YYYY-MM-DD' (spec §1, §5, §9: users are 18 or older), checked against the calendar
 * date of `now` in `timeZone` (default UTC). Trimmed; empty or missing -> `MESSAGE.required`; not a
 * real calendar date (2023-02-29, 2024-13-01), before {@link EARLIEST_BIRTH_YEAR} or after today ->
 * `MESSAGE.dateOfBirthInvalid`; younger than {@link MINIMUM_AGE} on that date -> `MESSAGE.underage`.
 *
 * @throws DomainError with `MESSAGE.invalidInput` at construction for an invalid `now` or time zone.
 * @example
 * ```ts
 * dateOfBirthSchema(new Date('2026-05-01T00:00:00Z')).safeParse('2008-05-02'); // 'validation.underage'
 * ```
 */
export function dateOfBirthSchema(now: Date, timeZone = 'UTC') {
  const today = calendarDateOf(now, timeZone);
  return z
    .string({ error: typeError(MESSAGE.required, MESSAGE.dateOfBirthInvalid) })
    .trim()
    .superRefine((text, ctx) => {
      if (text.length === 0) return fail(ctx, MESSAGE.required);
      const birth = parseCalendarDate(text);
      if (!birth || birth.year < EARLIEST_BIRTH_YEAR || compareDates(birth, today) > 0) {
        return fail(ctx, MESSAGE.dateOfBirthInvalid);
      }
      if (completedYears(birth, today) < MINIMUM_AGE) fail(ctx, MESSAGE.underage);
    });
}
