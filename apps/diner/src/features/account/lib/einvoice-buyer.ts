import { invoices } from '@santap/api-client';
import type { EInvoiceBuyer, EInvoiceBuyerInput, EInvoiceIdType } from '@santap/api-client';
import { hasKey } from '@santap/i18n';
import type { TranslationKey } from '@santap/i18n';

/** The e-invoice form as typed: every field a string, 'NONE' for no ID type. */
export interface BuyerDraft {
  name: string;
  idType: EInvoiceIdType | 'NONE';
  idValue: string;
  tin: string;
  sst: string;
  line1: string;
  line2: string;
  city: string;
  postcode: string;
  /** MyInvois state code ('14' Kuala Lumpur … '17' outside Malaysia). */
  state: string;
  /** ISO 3166-1 alpha-3 ('MYS'). */
  country: string;
  contact: string;
  email: string;
}

/** The form's fields, named as the contract's paths (`address.line1`). */
export type BuyerField =
  | 'name'
  | 'id_type'
  | 'id_value'
  | 'tin'
  | 'sst_number'
  | 'address.line1'
  | 'address.line2'
  | 'address.city'
  | 'address.postcode'
  | 'address.state'
  | 'address.country'
  | 'contact'
  | 'email';

/** The MyInvois state codes with their official names (proper names, the same in every language). */
export const MY_STATE_NAMES: Readonly<Record<string, string>> = {
  '01': 'Johor',
  '02': 'Kedah',
  '03': 'Kelantan',
  '04': 'Melaka',
  '05': 'Negeri Sembilan',
  '06': 'Pahang',
  '07': 'Pulau Pinang',
  '08': 'Perak',
  '09': 'Perlis',
  '10': 'Selangor',
  '11': 'Terengganu',
  '12': 'Sabah',
  '13': 'Sarawak',
  '14': 'Wilayah Persekutuan Kuala Lumpur',
  '15': 'Wilayah Persekutuan Labuan',
  '16': 'Wilayah Persekutuan Putrajaya',
};

/** A draft from the buyer the diner used last (or an empty one in Kuala Lumpur). */
export function draftOf(buyer: EInvoiceBuyer | null): BuyerDraft {
  return {
    name: buyer?.name ?? '',
    idType: buyer?.id_type ?? 'NONE',
    idValue: buyer?.id_value ?? '',
    tin: buyer?.tin ?? '',
    sst: buyer && buyer.sst_number !== 'NA' ? buyer.sst_number : '',
    line1: buyer?.address.line1 ?? '',
    line2: buyer?.address.line2 ?? '',
    city: buyer?.address.city ?? '',
    postcode: buyer?.address.postcode ?? '',
    state: buyer?.address.state ?? '14',
    country: buyer?.address.country ?? 'MYS',
    contact: buyer?.contact ?? '',
    email: buyer?.email ?? '',
  };
}

const optional = (text: string) => (text.trim() === '' ? undefined : text.trim());

/** What the e-invoice calls take, from the draft (blank optional fields left out). */
export function buyerInputOf(draft: BuyerDraft): EInvoiceBuyerInput {
  const tin = optional(draft.tin);
  const idValue = optional(draft.idValue);
  const sst = optional(draft.sst);
  const line2 = optional(draft.line2);
  const postcode = optional(draft.postcode);
  return {
    name: draft.name.trim(),
    ...(tin ? { tin } : {}),
    ...(draft.idType !== 'NONE' ? { id_type: draft.idType } : {}),
    ...(idValue ? { id_value: idValue } : {}),
    ...(sst ? { sst_number: sst } : {}),
    address: {
      line1: draft.line1.trim(),
      ...(line2 ? { line2 } : {}),
      city: draft.city.trim(),
      ...(postcode ? { postcode } : {}),
      state: draft.state as EInvoiceBuyerInput['address']['state'],
      country: draft.state === '17' ? draft.country.trim() : 'MYS',
    },
    contact: draft.contact.trim(),
    email: draft.email.trim(),
  };
}

/**
 * The draft checked with the contract's own schema — the server's check, so the same catalogue
 * message ('Required', the TIN format, the ID number of its type, the email messages) shows under each
 * field before anything is sent. The first issue of each field wins.
 */
export function buyerErrors(draft: BuyerDraft): Partial<Record<BuyerField, TranslationKey>> {
  const result = invoices.eInvoiceBuyerInput.safeParse(buyerInputOf(draft));
  if (result.success) return {};
  return fieldErrorsOf(
    result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  );
}

/** Field errors from `{ path, message }` pairs (the client's issues, or a 400's `details` under `buyer.`). */
export function fieldErrorsOf(
  issues: readonly { path: string; message: string }[],
): Partial<Record<BuyerField, TranslationKey>> {
  const errors: Partial<Record<BuyerField, TranslationKey>> = {};
  for (const issue of issues) {
    const field = issue.path.replace(/^buyer\./, '') as BuyerField;
    errors[field] ??= hasKey(issue.message) ? issue.message : 'validation.invalidInput';
  }
  return errors;
}
