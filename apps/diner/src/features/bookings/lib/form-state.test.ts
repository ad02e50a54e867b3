import { afterEach, describe, expect, it } from 'vitest';
import {
  clearContactDraft,
  readContactDraft,
  readTableChoice,
  specialRequestText,
  writeContactDraft,
} from './form-state';
import type { ContactDraft } from './form-state';

const draft = (overrides: Partial<ContactDraft> = {}): ContactDraft => ({
  name: 'Siti Aminah',
  email: 'siti@example.com',
  phone: '12-345 6789',
  phoneCountry: 'MY',
  specialRequest: '',
  occasion: undefined,
  occasionOther: '',
  ...overrides,
});

describe('readTableChoice', () => {
  it('date, guests, smoking=1, slot in the query -> that choice', () => {
    const query = new URLSearchParams('date=2026-06-13&guests=4&smoking=1&slot=19:30');
    expect(readTableChoice(query, '2026-06-12')).toEqual({
      date: '2026-06-13',
      guests: 4,
      smoking: true,
      slot: '19:30',
    });
  });

  it('empty query -> today, 2 guests, non-smoking, no slot', () => {
    expect(readTableChoice(new URLSearchParams(), '2026-06-12')).toEqual({
      date: '2026-06-12',
      guests: 2,
      smoking: false,
      slot: undefined,
    });
  });

  it.each([
    ['date=2026-06-11', 'a date before today', { date: '2026-06-12' }],
    ['date=2026-13-40', 'a date that is no date', { date: '2026-06-12' }],
    ['guests=0', 'no guests', { guests: 2 }],
    ['guests=2.5', 'half a guest', { guests: 2 }],
    ['guests=101', 'more than 100', { guests: 2 }],
    ['slot=25:00', 'an hour that is none', { slot: undefined }],
    ['slot=19:30%3Cscript', 'a slot with extra text', { slot: undefined }],
  ])('%s (%s) -> the fallback', (text, _what, expected) => {
    expect(readTableChoice(new URLSearchParams(text), '2026-06-12')).toMatchObject(expected);
  });
});

describe('contact draft', () => {
  afterEach(() => sessionStorage.clear());

  it('written for kopitiam-ali -> read back for it, none for warung-sari; cleared -> none', () => {
    writeContactDraft('kopitiam-ali', draft({ occasion: 'birthday' }));
    expect(readContactDraft('kopitiam-ali')).toEqual(draft({ occasion: 'birthday' }));
    expect(readContactDraft('warung-sari')).toBeUndefined();
    clearContactDraft('kopitiam-ali');
    expect(readContactDraft('kopitiam-ali')).toBeUndefined();
  });

  it('a tampered draft (unknown occasion, country, over-long name) -> safe values', () => {
    sessionStorage.setItem(
      'santap.bookingDraft.kopitiam-ali',
      JSON.stringify({ name: 'x'.repeat(200), occasion: 'wedding', phoneCountry: 'SG', email: 7 }),
    );
    const read = readContactDraft('kopitiam-ali');
    expect(read?.name).toHaveLength(80);
    expect(read?.occasion).toBeUndefined();
    expect(read?.phoneCountry).toBe('MY');
    expect(read?.email).toBe('');
  });

  it('not JSON -> none', () => {
    sessionStorage.setItem('santap.bookingDraft.kopitiam-ali', '{oops');
    expect(readContactDraft('kopitiam-ali')).toBeUndefined();
  });
});

describe('specialRequestText', () => {
  it('nothing -> undefined', () => {
    expect(specialRequestText(draft())).toBeUndefined();
  });
  it("occasion 'other' with words and a request -> the words, then the request", () => {
    expect(
      specialRequestText(
        draft({ occasion: 'other', occasionOther: ' Graduation ', specialRequest: 'A quiet corner' }),
      ),
    ).toBe('Graduation\nA quiet corner');
  });
  it("occasion 'birthday' with leftover 'other' words -> only the request", () => {
    expect(
      specialRequestText(
        draft({ occasion: 'birthday', occasionOther: 'Graduation', specialRequest: 'Cake' }),
      ),
    ).toBe('Cake');
  });
});
