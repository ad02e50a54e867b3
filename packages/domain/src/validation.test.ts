import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DomainError, MESSAGE } from './messages';
import {
  EARLIEST_BIRTH_YEAR,
  EMAIL_MAX_LENGTH,
  MINIMUM_AGE,
  NAME_MIN_LENGTH,
  OTP_LENGTH,
  SUPPORTED_PHONE_PREFIXES,
  ageOn,
  dateOfBirthSchema,
  emailSchema,
  nameSchema,
  normalisePhone,
  otpSchema,
  phoneSchema,
  requiredString,
} from './validation';

/** The message keys a schema reports for `input`, or [] when it accepts it. */
const messagesOf = (schema: z.ZodType, input: unknown): string[] => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

const thrownKey = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.key;
    throw error;
  }
  return undefined;
};

describe('constants', () => {
  it('spec §9 numbers -> name 3, OTP 6, age 18, prefixes +60 +62 +91', () => {
    expect(NAME_MIN_LENGTH).toBe(3);
    expect(OTP_LENGTH).toBe(6);
    expect(MINIMUM_AGE).toBe(18);
    expect(SUPPORTED_PHONE_PREFIXES).toEqual(['+60', '+62', '+91']);
  });
});

describe('requiredString', () => {
  it.each<[unknown, string[]]>([
    ['', ['validation.required']],
    ['   ', ['validation.required']],
    [undefined, ['validation.required']],
    [null, ['validation.required']],
    [42, ['validation.invalidInput']],
    ['x', []],
  ])('%j -> %j', (input, messages) => {
    expect(messagesOf(requiredString, input)).toEqual(messages);
  });

  it("'  Jalan Ampang  ' -> trimmed", () => {
    expect(requiredString.parse('  Jalan Ampang  ')).toBe('Jalan Ampang');
  });
});

describe('nameSchema', () => {
  it.each<[unknown, string[]]>([
    ['', ['validation.required']],
    ['   ', ['validation.required']],
    [undefined, ['validation.required']],
    [7, ['validation.invalidInput']],
    ['Al', ['validation.nameTooShort']],
    ['  Al  ', ['validation.nameTooShort']],
    ['Ali', []],
    ['李小龍', []],
    ['李明', ['validation.nameTooShort']],
    ['😀😀', ['validation.nameTooShort']],
  ])('%j -> %j', (input, messages) => {
    expect(messagesOf(nameSchema, input)).toEqual(messages);
  });

  it("' Siti Nurhaliza ' -> 'Siti Nurhaliza'", () => {
    expect(nameSchema.parse(' Siti Nurhaliza ')).toBe('Siti Nurhaliza');
  });
});

describe('emailSchema', () => {
  it.each<[unknown, string]>([
    ['', 'validation.required'],
    ['  ', 'validation.required'],
    [undefined, 'validation.required'],
    ['siti.example.com', 'validation.emailMissingAt'],
    ['siti', 'validation.emailMissingAt'],
    ['a@b', 'validation.emailInvalidFormat'],
    ['@example.com', 'validation.emailInvalidFormat'],
    ['siti@', 'validation.emailInvalidFormat'],
    ['siti@@example.com', 'validation.emailInvalidFormat'],
    ['si@ti@example.com', 'validation.emailInvalidFormat'],
    ['si ti@example.com', 'validation.emailInvalidFormat'],
    ['.siti@example.com', 'validation.emailInvalidFormat'],
    ['siti.@example.com', 'validation.emailInvalidFormat'],
    ['si..ti@example.com', 'validation.emailInvalidFormat'],
    ['siti@example..com', 'validation.emailInvalidFormat'],
    ['siti@.example.com', 'validation.emailInvalidFormat'],
    ['siti@example.com.', 'validation.emailInvalidFormat'],
    ['siti@-example.com', 'validation.emailInvalidFormat'],
    ['siti@exam_ple.com', 'validation.emailInvalidFormat'],
    ['"siti"@example.com', 'validation.emailInvalidFormat'],
    ['sití@example.com', 'validation.emailInvalidFormat'],
    [12, 'validation.emailInvalidFormat'],
    ['a@b.c', 'validation.emailEnterValid'],
    ['siti@host.123', 'validation.emailEnterValid'],
    [`${'a'.repeat(65)}@example.com`, 'validation.emailEnterValid'],
    [`siti@${'a'.repeat(64)}.com`, 'validation.emailEnterValid'],
    [`siti@${'abcdefghi.'.repeat(25)}com`, 'validation.emailEnterValid'],
  ])('%j -> %s', (input, key) => {
    expect(messagesOf(emailSchema, input)).toEqual([key]);
  });

  it.each([
    'siti@example.com',
    'siti.nurhaliza+orders@mail.example.co.id',
    "o'brien@example.my",
    'a@b.co',
    'user@xn--80ak6aa92e.com',
    'user@sub-domain.example.org',
    `${'a'.repeat(64)}@example.com`,
  ])('%s -> accepted', (email) => {
    expect(messagesOf(emailSchema, email)).toEqual([]);
  });

  it('longest deliverable address (254 characters) -> accepted; 255 -> emailEnterValid', () => {
    const local = 'a'.repeat(64);
    const atLimit = `${local}@${'b'.repeat(61)}.${'c'.repeat(61)}.${'d'.repeat(61)}.com`;
    const overLimit = `${local}@${'b'.repeat(62)}.${'c'.repeat(61)}.${'d'.repeat(61)}.com`;
    expect(atLimit).toHaveLength(EMAIL_MAX_LENGTH);
    expect(overLimit).toHaveLength(EMAIL_MAX_LENGTH + 1);
    expect(messagesOf(emailSchema, atLimit)).toEqual([]);
    expect(messagesOf(emailSchema, overLimit)).toEqual(['validation.emailEnterValid']);
  });

  it("' Siti.N@Example.COM ' -> trimmed, domain lower-cased, local part kept", () => {
    expect(emailSchema.parse(' Siti.N@Example.COM ')).toBe('Siti.N@example.com');
  });
});

describe('normalisePhone and phoneSchema', () => {
  it.each<[string, 'MY' | 'ID', string]>([
    ['012-345 6789', 'MY', '+60123456789'],
    ['0123456789', 'MY', '+60123456789'],
    ['011-2345 6789', 'MY', '+601123456789'],
    ['+60 12-345 6789', 'MY', '+60123456789'],
    ['+60 012-345 6789', 'MY', '+60123456789'],
    ['+60 (12) 345.6789', 'MY', '+60123456789'],
    ['60123456789', 'MY', '+60123456789'],
    ['  012 345 6789  ', 'MY', '+60123456789'],
    ['0812-3456-7890', 'ID', '+6281234567890'],
    ['+62 812 3456 7890', 'ID', '+6281234567890'],
    ['+62 0812 3456 7890', 'ID', '+6281234567890'],
    ['6281234567890', 'ID', '+6281234567890'],
    ['62812345678', 'ID', '+62812345678'],
    ['+91 98765 43210', 'MY', '+919876543210'],
    ['+91 098765 43210', 'ID', '+919876543210'],
    ['+62 812 3456 7890', 'MY', '+6281234567890'],
    ['+60 12-345 6789', 'ID', '+60123456789'],
  ])('%s (default %s) -> %s', (input, country, e164) => {
    expect(normalisePhone(input, country)).toBe(e164);
    expect(phoneSchema(country).parse(input)).toBe(e164);
  });

  it.each<[unknown, string]>([
    ['', 'validation.phoneRequired'],
    ['   ', 'validation.phoneRequired'],
    [undefined, 'validation.phoneRequired'],
    [null, 'validation.phoneRequired'],
    [60123456789, 'validation.phoneInvalid'],
    ['123', 'validation.phoneInvalid'],
    ['+60 12345678', 'validation.phoneInvalid'],
    ['012-345 678x', 'validation.phoneInvalid'],
    ['call 0123456789', 'validation.phoneInvalid'],
    ['++60123456789', 'validation.phoneInvalid'],
    ['0'.repeat(33), 'validation.phoneInvalid'],
    ['+65 9123 4567', 'validation.phoneInvalid'],
    ['+1 415 555 2671', 'validation.phoneInvalid'],
    ['+44 7400 123456', 'validation.phoneInvalid'],
  ])('%j (default MY) -> %s', (input, key) => {
    expect(messagesOf(phoneSchema('MY'), input)).toEqual([key]);
    if (typeof input === 'string') expect(thrownKey(() => normalisePhone(input, 'MY'))).toBe(key);
  });

  it('unsupported default country -> invalidInput', () => {
    expect(thrownKey(() => normalisePhone('0123456789', 'SG' as 'MY'))).toBe(MESSAGE.invalidInput);
  });

  it('every accepted number starts with a supported prefix and has no 0 after it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('MY' as const, 'ID' as const),
        fc.oneof(
          fc.stringMatching(/^\+?[0-9][0-9 -]{0,16}$/),
          fc
            .tuple(
              fc.constantFrom('', '0', '+60 ', '+60 0', '60', '+62 ', '+62 0', '62', '+91 ', '+65 '),
              fc.stringMatching(/^[1-9][0-9]{6,10}$/),
            )
            .map(([prefix, rest]) => prefix + rest),
        ),
        (country, input) => {
          let e164: string;
          try {
            e164 = normalisePhone(input, country);
          } catch (error) {
            expect((error as DomainError).key).toBe(MESSAGE.phoneInvalid);
            return;
          }
          expect(e164).toMatch(/^\+(60|62|91)[1-9][0-9]+$/);
          expect(normalisePhone(e164, country)).toBe(e164);
        },
      ),
    );
  });
});

describe('otpSchema', () => {
  it.each<[unknown, string[]]>([
    ['123456', []],
    ['000000', []],
    [' 123456 ', []],
    ['12345', ['validation.otpInvalidFormat']],
    ['1234567', ['validation.otpInvalidFormat']],
    ['12345a', ['validation.otpInvalidFormat']],
    ['123 456', ['validation.otpInvalidFormat']],
    ['１２３４５６', ['validation.otpInvalidFormat']],
    ['', ['validation.otpInvalidFormat']],
    [undefined, ['validation.otpInvalidFormat']],
    [123456, ['validation.otpInvalidFormat']],
  ])('%j -> %j', (input, messages) => {
    expect(messagesOf(otpSchema, input)).toEqual(messages);
  });
});

describe('ageOn', () => {
  const at = (iso: string): Date => new Date(iso);

  it.each([
    ['2000-06-15', '2018-06-14T12:00:00Z', 17],
    ['2000-06-15', '2018-06-15T00:00:00Z', 18],
    ['2000-06-15', '2018-06-16T12:00:00Z', 18],
    ['2000-01-01', '2000-01-01T12:00:00Z', 0],
    ['2008-02-29', '2026-02-28T12:00:00Z', 17],
    ['2008-02-29', '2026-03-01T00:00:00Z', 18],
    ['2008-02-29', '2028-02-29T00:00:00Z', 20],
    ['2008-02-29', '2028-02-28T23:59:59Z', 19],
    ['1999-12-31', '2017-12-31T00:00:00Z', 18],
  ])('born %s, on %s -> %i', (dob, now, age) => {
    expect(ageOn(dob, at(now))).toBe(age);
  });

  it('time zone decides the calendar day: 2018-06-14T17:00Z is 15 June in Kuala Lumpur', () => {
    const now = at('2018-06-14T17:00:00Z');
    expect(ageOn('2000-06-15', now)).toBe(17);
    expect(ageOn('2000-06-15', now, 'Asia/Kuala_Lumpur')).toBe(18);
    expect(ageOn('2000-06-15', now, 'Asia/Jakarta')).toBe(18);
  });

  it.each(['2023-02-29', '2000-13-01', '2000-00-10', '2000-04-31', '15/06/2000', '2000-6-15', ''])(
    '%j -> dateOfBirthInvalid',
    (dob) => {
      expect(thrownKey(() => ageOn(dob, at('2026-01-01T00:00:00Z')))).toBe(MESSAGE.dateOfBirthInvalid);
    },
  );

  it('a date after today -> dateOfBirthInvalid', () => {
    expect(thrownKey(() => ageOn('2026-01-02', at('2026-01-01T12:00:00Z')))).toBe(MESSAGE.dateOfBirthInvalid);
  });

  it('invalid now or time zone -> invalidInput', () => {
    expect(thrownKey(() => ageOn('2000-01-01', new Date(Number.NaN)))).toBe(MESSAGE.invalidInput);
    expect(thrownKey(() => ageOn('2000-01-01', at('2026-01-01T00:00:00Z'), 'Mars/Olympus'))).toBe(
      MESSAGE.invalidInput,
    );
  });

  it('age never decreases as time passes and matches the year difference within one', () => {
    const day = fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) });
    fc.assert(
      fc.property(day, day, day, (birthMs, aMs, bMs) => {
        const [early, late] = aMs <= bMs ? [aMs, bMs] : [bMs, aMs];
        fc.pre(birthMs <= early);
        const dob = new Date(birthMs).toISOString().slice(0, 10);
        const earlyAge = ageOn(dob, new Date(early));
        const lateAge = ageOn(dob, new Date(late));
        expect(lateAge).toBeGreaterThanOrEqual(earlyAge);
        const yearDiff = new Date(late).getUTCFullYear() - new Date(birthMs).getUTCFullYear();
        expect(lateAge === yearDiff || lateAge === yearDiff - 1).toBe(true);
      }),
    );
  });
});

describe('dateOfBirthSchema', () => {
  const now = new Date('2026-05-01T08:00:00Z');
  const schema = dateOfBirthSchema(now);

  it.each<[unknown, string[]]>([
    ['2008-05-01', []],
    ['1980-12-31', []],
    [' 1980-12-31 ', []],
    ['2008-05-02', ['validation.underage']],
    ['2026-05-01', ['validation.underage']],
    ['2026-05-02', ['validation.dateOfBirthInvalid']],
    ['2023-02-29', ['validation.dateOfBirthInvalid']],
    ['1990-02-30', ['validation.dateOfBirthInvalid']],
    ['1899-12-31', ['validation.dateOfBirthInvalid']],
    [`${EARLIEST_BIRTH_YEAR}-01-01`, []],
    ['01-05-2000', ['validation.dateOfBirthInvalid']],
    ['2000-5-1', ['validation.dateOfBirthInvalid']],
    [20000501, ['validation.dateOfBirthInvalid']],
    ['', ['validation.required']],
    [undefined, ['validation.required']],
  ])('%j on 2026-05-01 -> %j', (input, messages) => {
    expect(messagesOf(schema, input)).toEqual(messages);
  });

  it('born 29 Feb 2008: underage on 28 Feb 2026, adult on 1 Mar 2026', () => {
    expect(messagesOf(dateOfBirthSchema(new Date('2026-02-28T12:00:00Z')), '2008-02-29')).toEqual([
      'validation.underage',
    ]);
    expect(messagesOf(dateOfBirthSchema(new Date('2026-03-01T12:00:00Z')), '2008-02-29')).toEqual([]);
  });

  it('18th birthday starting in Jakarta but not yet in UTC -> adult only with the zone', () => {
    const lateEvening = new Date('2026-04-30T18:00:00Z'); // 1 May 01:00 in Jakarta
    expect(messagesOf(dateOfBirthSchema(lateEvening), '2008-05-01')).toEqual(['validation.underage']);
    expect(messagesOf(dateOfBirthSchema(lateEvening, 'Asia/Jakarta'), '2008-05-01')).toEqual([]);
  });

  it('invalid now -> throws invalidInput when the schema is built', () => {
    expect(thrownKey(() => dateOfBirthSchema(new Date('not a date')))).toBe(MESSAGE.invalidInput);
  });
});
