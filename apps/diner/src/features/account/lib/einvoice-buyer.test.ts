import { describe, expect, it } from 'vitest';
import { buyerErrors, buyerInputOf, draftOf } from './einvoice-buyer';

const filled = {
  ...draftOf(null),
  name: 'Aisyah binti Rahman',
  line1: 'No. 5, Jalan Ampang',
  city: 'Kuala Lumpur',
  contact: '+60123456789',
  email: 'aisyah@example.my',
};

describe('buyerErrors', () => {
  it('empty form -> "Required" under name, address line 1, city, contact and email', () => {
    expect(buyerErrors(draftOf(null))).toEqual({
      name: 'validation.required',
      'address.line1': 'validation.required',
      'address.city': 'validation.required',
      contact: 'validation.required',
      email: 'validation.required',
    });
  });

  it('no TIN and no ID -> valid (the general public TIN will be used)', () => {
    expect(buyerErrors(filled)).toEqual({});
  });

  it("TIN 'IG123' -> the TIN format message", () => {
    expect(buyerErrors({ ...filled, tin: 'IG123', idType: 'NRIC', idValue: '900402-14-5678' })).toEqual({
      tin: 'validation.tinFormat',
    });
  });

  it('TIN without an ID number -> the ID number is required', () => {
    expect(buyerErrors({ ...filled, tin: 'IG12345678901', idType: 'NRIC' })).toEqual({
      id_value: 'validation.required',
    });
  });

  it('MyKad of 10 digits -> the ID number message', () => {
    expect(buyerErrors({ ...filled, idType: 'NRIC', idValue: '9004021456' })).toEqual({
      id_value: 'validation.idNumberInvalid',
    });
  });

  it('a business without a TIN -> TIN required', () => {
    expect(buyerErrors({ ...filled, idType: 'BRN', idValue: '201901000005' })).toEqual({
      tin: 'validation.required',
    });
  });
});

describe('buyerInputOf', () => {
  it('blank optional fields left out; an address in Malaysia is MYS whatever the country field says', () => {
    expect(buyerInputOf({ ...filled, line2: ' ', country: 'SGP' })).toEqual({
      name: 'Aisyah binti Rahman',
      address: { line1: 'No. 5, Jalan Ampang', city: 'Kuala Lumpur', state: '14', country: 'MYS' },
      contact: '+60123456789',
      email: 'aisyah@example.my',
    });
  });

  it('state 17 (abroad) -> the typed country code', () => {
    expect(buyerInputOf({ ...filled, state: '17', country: 'SGP' }).address.country).toBe('SGP');
  });
});
