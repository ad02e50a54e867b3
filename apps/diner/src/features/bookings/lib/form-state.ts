/**
 * The booking form's state outside React: the table choice read from the URL query (it survives the
 * login redirect, also into another browser), and the contact details kept as a draft in this tab's
 * sessionStorage (not in the URL: names, emails and phone numbers stay out of links and logs).
 */
import type { Occasion, PhoneCountry } from '@santap/ui';
import { OCCASIONS } from '@santap/ui';

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const SLOT = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The table choice of the form (`/reservation?restaurant=…&date=…&guests=…&smoking=…&slot=…`). */
export interface TableChoice {
  /** `YYYY-MM-DD` in the restaurant's zone; '' until chosen. */
  date: string;
  guests: number;
  smoking: boolean;
  slot: string | undefined;
}

/**
 * The table choice in a query; anything malformed falls back (the date to `today`, guests to 2,
 * smoking off, no slot), so an edited link never breaks the form.
 */
export function readTableChoice(query: URLSearchParams, today: string): TableChoice {
  const date = query.get('date') ?? '';
  const guests = Number(query.get('guests'));
  const slot = query.get('slot') ?? '';
  return {
    date: DATE.test(date) && date >= today ? date : today,
    guests: Number.isInteger(guests) && guests >= 1 && guests <= 100 ? guests : 2,
    smoking: query.get('smoking') === '1',
    slot: SLOT.test(slot) ? slot : undefined,
  };
}

/** The contact part of the form. */
export interface ContactDraft {
  name: string;
  email: string;
  /** The national number as typed, under `phoneCountry`'s prefix. */
  phone: string;
  phoneCountry: PhoneCountry;
  specialRequest: string;
  occasion: Occasion | undefined;
  /** The diner's words when the occasion is 'other'. */
  occasionOther: string;
}

const DRAFT_PREFIX = 'santap.bookingDraft.';

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');

/** The draft kept for a restaurant in this tab, if any (a corrupt or foreign value reads as none). */
export function readContactDraft(restaurant: string): ContactDraft | undefined {
  try {
    const raw = sessionStorage.getItem(DRAFT_PREFIX + restaurant);
    if (!raw) return undefined;
    const value = JSON.parse(raw) as Record<string, unknown>;
    const occasion = OCCASIONS.find((candidate) => candidate === value.occasion);
    return {
      name: text(value.name, 80),
      email: text(value.email, 254),
      phone: text(value.phone, 32),
      phoneCountry: value.phoneCountry === 'ID' ? 'ID' : 'MY',
      specialRequest: text(value.specialRequest, 500),
      occasion,
      occasionOther: text(value.occasionOther, 60),
    };
  } catch {
    return undefined;
  }
}

export function writeContactDraft(restaurant: string, draft: ContactDraft) {
  try {
    sessionStorage.setItem(DRAFT_PREFIX + restaurant, JSON.stringify(draft));
  } catch {
    // storage blocked: the diner types the details again after logging in
  }
}

export function clearContactDraft(restaurant: string) {
  try {
    sessionStorage.removeItem(DRAFT_PREFIX + restaurant);
  } catch {
    // nothing kept
  }
}

/**
 * The special request sent to the restaurant: the diner's words for an 'Other' occasion first (the
 * contract's occasion is one of four values), then the request; `undefined` when both are empty.
 */
export function specialRequestText(draft: ContactDraft): string | undefined {
  const parts = [draft.occasion === 'other' ? draft.occasionOther.trim() : '', draft.specialRequest.trim()];
  const joined = parts.filter(Boolean).join('\n');
  return joined === '' ? undefined : joined.slice(0, 500);
}
