import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without declarations
import { PHONE_METADATA_COUNTRIES, phoneMetadata } from '../scripts/phone-metadata.mjs';
import { PHONE_METADATA } from './phone-metadata';
import { normalisePhone, SUPPORTED_PHONE_PREFIXES } from './validation';

describe('the phone metadata cut to the accepted countries', () => {
  it('matches the installed libphonenumber-js (run `node scripts/phone-metadata.mjs` after an upgrade)', () => {
    expect(PHONE_METADATA).toEqual(phoneMetadata());
  });

  it('holds exactly the countries of the accepted prefixes (+60 MY, +62 ID, +91 IN)', () => {
    expect(SUPPORTED_PHONE_PREFIXES).toEqual(['+60', '+62', '+91']);
    expect(PHONE_METADATA_COUNTRIES).toEqual(['MY', 'ID', 'IN']);
  });

  it('still parses each accepted country and refuses another country as before', () => {
    expect(normalisePhone('012-345 6789', 'MY')).toBe('+60123456789');
    expect(normalisePhone('0812-3456-7890', 'ID')).toBe('+6281234567890');
    expect(normalisePhone('+91 98765 43210', 'MY')).toBe('+919876543210');
    expect(() => normalisePhone('+65 8123 4567', 'MY')).toThrow();
  });
});
