/**
 * Invoices (spec §7 Profile 'email invoice', Orders 'generate-fc-invoice', Other 'e-invoice submit,
 * fetch, user data and taxpayer TIN'; spec §8 "Couldn't Send Invoice").
 *
 * The Malaysian e-invoice follows LHDN MyInvois (FACTS "Tax and charges"): a buyer has a name, a TIN,
 * an ID type (NRIC, PASSPORT, BRN, ARMY) and number, an SST number ('NA' if none), an address, a
 * contact number and an email. A buyer with no TIN is issued with LHDN's general TIN (see
 * {@link generalTinFor}).
 */
import { z } from 'zod';
import { MESSAGE, emailSchema, requiredString } from '@santap/domain';
import { defineEndpoint } from './endpoint';
import { idInput } from './common';

// ---------------------------------------------------------------------------------------------------
// Email invoice
// ---------------------------------------------------------------------------------------------------

const sentInvoiceSchema = z.object({
  /** The email_invoices record of this send. */
  invoice_id: z.number().int(),
  email: z.string(),
  /**
   * `confirmation_sent`: the address received a one-time link; the invoice goes when it is opened
   * (apps/api README, "Invoice mails").
   */
  status: z.enum(['sent', 'confirmation_sent']),
  /** The orders the invoice lists (one, or each outlet's order of a food-court order). */
  order_ids: z.array(z.number().int()),
});

/**
 * Exactly one of `order_id` and `tab_share_id` (a payer's share of a table's tab: apps/api
 * docs/tabs.md, "Receipts and e-invoices per share"); neither or both is `validation.invalidInput`.
 */
const oneSubject = <T extends { order_id?: number | undefined; tab_share_id?: number | undefined }>(
  subject: T,
) => (subject.order_id === undefined) !== (subject.tab_share_id === undefined);
const oneSubjectError = { message: MESSAGE.invalidInput, path: ['tab_share_id'] };

export const emailInvoice = defineEndpoint({
  id: 'invoices.email',
  method: 'POST',
  path: '/api/user/email_invoice',
  service: 'main',
  access: 'cart',
  summary:
    "Email the invoice of one of the caller's paid orders (HTML in the caller's language, PDF attached), or with `tab_share_id` instead the receipt of the caller's own paid share of a table's tab (its dishes' parts, charges, taxes, tip, method, paid time): the address first receives a one-time confirmation link, the invoice follows its click. An unpaid order answers 409 errors.invoiceOrderNotPaid, a share not paid 409 tab.error.shareNotPaid, another's share 404; a transport failure \"Couldn't Send Invoice\".",
  body: z
    .object({ order_id: idInput.optional(), tab_share_id: idInput.optional(), email: emailSchema })
    .refine(oneSubject, oneSubjectError),
  data: sentInvoiceSchema.extend({
    /** The order whose invoice this is; null for a share's receipt. */
    order_id: z.number().int().nullable(),
    /** The share whose receipt this is (absent or null for an order's invoice). */
    tab_share_id: z.number().int().nullable().optional(),
  }),
});

export const generateFoodCourtInvoice = defineEndpoint({
  id: 'invoices.foodCourt',
  method: 'POST',
  path: '/api/orders/generate-fc-invoice',
  service: 'main',
  access: 'cart',
  summary:
    "Email one invoice for a paid food-court order of the caller, listing each outlet's part, its bill and the grand total; confirmed through a one-time link like invoices.email.",
  body: z.object({ fc_order_id: idInput, email: emailSchema }),
  data: sentInvoiceSchema.extend({ fc_order_id: z.number().int() }),
});

// ---------------------------------------------------------------------------------------------------
// Malaysian e-invoice (LHDN MyInvois)
// ---------------------------------------------------------------------------------------------------

/** Buyer ID types of MyInvois: MyKad, passport, business registration, army number. */
export const EINVOICE_ID_TYPES = ['NRIC', 'PASSPORT', 'BRN', 'ARMY'] as const;
export type EInvoiceIdType = (typeof EINVOICE_ID_TYPES)[number];

/** LHDN's general TIN for a Malaysian individual who gives only a MyKad / MyTentera number, or nothing. */
export const GENERAL_PUBLIC_TIN = 'EI00000000010';
/** LHDN's general TIN for a non-Malaysian individual who gives only a passport number. */
export const FOREIGN_BUYER_TIN = 'EI00000000020';

/**
 * MyInvois state codes (CountrySubentityCode): 01 Johor … 14 Kuala Lumpur, 15 Labuan, 16 Putrajaya,
 * 17 not applicable (an address abroad).
 */
export const MY_STATE_CODES = [
  '01',
  '02',
  '03',
  '04',
  '05',
  '06',
  '07',
  '08',
  '09',
  '10',
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
  '17',
] as const;

/**
 * TINs of the documented shapes: individuals `IG` + 9–12 digits (14 characters at most); non-individuals
 * a prefix (C, CS, D, F, FA, PT, TA, TC, TN, TR, TP, J, LE) + digits, always ending in 0; LHDN's
 * general TINs `EI` + 11 digits.
 */
const TIN_PATTERN = /^(?:IG\d{9,12}|(?:C|CS|D|F|FA|PT|TA|TC|TN|TR|TP|J|LE)\d{8,12}0|EI\d{11})$/;

/** A TIN as typed, upper-cased without spaces or dashes ('ig 1234-5678 901' -> 'IG12345678901'). */
export function normaliseTin(text: string): string {
  return text.replace(/[\s-]/g, '').toUpperCase();
}

/** Is the (normalised) TIN of a documented shape? */
export function isWellFormedTin(tin: string): boolean {
  return TIN_PATTERN.test(tin);
}

/** An ID number as typed, upper-cased; a MyKad number without its dashes and spaces. */
export function normaliseIdValue(idType: EInvoiceIdType, text: string): string {
  const upper = text.trim().toUpperCase();
  return idType === 'NRIC' ? upper.replace(/[\s-]/g, '') : upper;
}

/** Is the (normalised) ID number of the shape of its type? MyKad: 12 digits; others: 3–20 letters, digits, dashes. */
export function isWellFormedIdValue(idType: EInvoiceIdType, value: string): boolean {
  if (idType === 'NRIC') return /^\d{12}$/.test(value);
  if (idType === 'PASSPORT') return /^[A-Z0-9]{5,20}$/.test(value);
  return /^[A-Z0-9][A-Z0-9-]{2,19}$/.test(value);
}

/**
 * The general TIN LHDN prescribes for a buyer without one: a passport holder is a foreign buyer
 * ({@link FOREIGN_BUYER_TIN}); anyone else (MyKad, army number, or no ID at all) is the general public
 * ({@link GENERAL_PUBLIC_TIN}). A business (BRN) must give its own TIN, so it gets none.
 */
export function generalTinFor(idType: EInvoiceIdType | null): string | null {
  if (idType === 'BRN') return null;
  return idType === 'PASSPORT' ? FOREIGN_BUYER_TIN : GENERAL_PUBLIC_TIN;
}

const optionalText = (max: number) => z.string().trim().max(max, { error: MESSAGE.invalidInput }).optional();

const addressInput = z.object({
  line1: requiredString.max(150, { error: MESSAGE.invalidInput }),
  line2: optionalText(150),
  city: requiredString.max(50, { error: MESSAGE.invalidInput }),
  postcode: optionalText(10),
  /** MyInvois state code; 17 for an address outside Malaysia. */
  state: z.enum(MY_STATE_CODES, { error: MESSAGE.invalidInput }).default('14'),
  /** ISO 3166-1 alpha-3 country code. */
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: MESSAGE.invalidInput })
    .default('MYS'),
});

/** The buyer's details as the e-invoice form sends them; see the issue of each field's message. */
export const eInvoiceBuyerInput = z
  .object({
    name: requiredString.max(300, { error: MESSAGE.invalidInput }),
    /** Absent or blank: no TIN, LHDN's general TIN is used ({@link generalTinFor}). */
    tin: z.string().max(30, { error: MESSAGE.tinFormat }).optional(),
    id_type: z.enum(EINVOICE_ID_TYPES, { error: MESSAGE.invalidInput }).optional(),
    id_value: z.string().max(30, { error: MESSAGE.idNumberInvalid }).optional(),
    /** Up to two SST numbers separated by ';'; absent or blank -> 'NA'. */
    sst_number: z
      .string()
      .trim()
      .max(35, { error: MESSAGE.invalidInput })
      .regex(/^[A-Za-z0-9;-]*$/, { error: MESSAGE.invalidInput })
      .optional(),
    address: addressInput,
    contact: requiredString.regex(/^\+?[0-9][0-9 ().-]{5,24}$/, { error: MESSAGE.phoneInvalid }),
    email: emailSchema,
  })
  .superRefine((buyer, ctx) => {
    const tin = buyer.tin ? normaliseTin(buyer.tin) : '';
    const idValue = buyer.id_value?.trim() ?? '';
    if (tin && !isWellFormedTin(tin)) {
      ctx.addIssue({ code: 'custom', path: ['tin'], message: MESSAGE.tinFormat });
    }
    if ((tin || idValue) && !buyer.id_type) {
      ctx.addIssue({ code: 'custom', path: ['id_type'], message: MESSAGE.required });
    }
    if (tin && !idValue) {
      ctx.addIssue({ code: 'custom', path: ['id_value'], message: MESSAGE.required });
    }
    if (
      buyer.id_type &&
      idValue &&
      !isWellFormedIdValue(buyer.id_type, normaliseIdValue(buyer.id_type, idValue))
    ) {
      ctx.addIssue({ code: 'custom', path: ['id_value'], message: MESSAGE.idNumberInvalid });
    }
    if (!tin && buyer.id_type === 'BRN') {
      // A business buyer has a TIN of its own; general TINs are for individuals.
      ctx.addIssue({ code: 'custom', path: ['tin'], message: MESSAGE.required });
    }
  })
  .transform((buyer) => {
    const tin = buyer.tin ? normaliseTin(buyer.tin) : '';
    const idValue = buyer.id_value?.trim() ?? '';
    return {
      name: buyer.name,
      tin: tin || null,
      id_type: buyer.id_type && idValue ? buyer.id_type : null,
      id_value: buyer.id_type && idValue ? normaliseIdValue(buyer.id_type, idValue) : null,
      sst_number: buyer.sst_number ? buyer.sst_number.toUpperCase() : 'NA',
      address: {
        line1: buyer.address.line1,
        line2: buyer.address.line2 || null,
        city: buyer.address.city,
        postcode: buyer.address.postcode || null,
        state: buyer.address.state,
        country: buyer.address.country,
      },
      contact: buyer.contact,
      email: buyer.email,
    };
  });
export type EInvoiceBuyerInput = z.input<typeof eInvoiceBuyerInput>;

/** The buyer as stored and shown back (normalised; `tin` null when the diner gave none). */
export const eInvoiceBuyerSchema = z.object({
  name: z.string(),
  tin: z.string().nullable(),
  id_type: z.enum(EINVOICE_ID_TYPES).nullable(),
  id_value: z.string().nullable(),
  sst_number: z.string(),
  address: z.object({
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    postcode: z.string().nullable(),
    state: z.enum(MY_STATE_CODES),
    country: z.string(),
  }),
  contact: z.string(),
  email: z.string(),
});
export type EInvoiceBuyer = z.infer<typeof eInvoiceBuyerSchema>;

export const eInvoiceSchema = z.object({
  /** The order the e-invoice is for; null for a share's. */
  order_id: z.number().int().nullable(),
  /** The payer's share of a table's tab it is for (absent or null for an order's). */
  tab_share_id: z.number().int().nullable().optional(),
  /** submitted (validation pending at LHDN) | valid | invalid | cancelled */
  status: z.enum(['submitted', 'valid', 'invalid', 'cancelled']),
  submission_uid: z.string().nullable(),
  document_uuid: z.string().nullable(),
  /** Given by MyInvois once the document is valid; with the uuid it makes the validation link. */
  long_id: z.string().nullable(),
  /** The public MyInvois page of a valid document (what the printed QR code points to). */
  validation_link: z.string().nullable(),
  buyer: eInvoiceBuyerSchema,
  /** The TIN on the document: the buyer's, or LHDN's general TIN when the buyer gave none. */
  tin_used: z.string(),
  general_tin_used: z.boolean(),
  errors: z.array(z.object({ code: z.string(), message: z.string() })),
  created_epoch: z.number().int(),
});
export type EInvoice = z.infer<typeof eInvoiceSchema>;

export const eInvoiceSubmit = defineEndpoint({
  id: 'einvoice.submit',
  method: 'POST',
  path: '/api/einvoice/submit',
  service: 'main',
  access: 'cart',
  summary:
    "Request a Malaysian e-invoice (LHDN MyInvois) for one of the caller's orders at a Malaysian restaurant, once paid or completed; or, with `tab_share_id` instead of `order_id`, for the caller's own paid share of a table's tab (its lines: the dishes' parts, service charge, taxes, discounts, rounding, tip; invoice number SANTAP-S<share id>). Another's share is 404, a share not paid 409 tab.error.shareNotPaid. The TIN is checked first; a second request for the same order or share returns the existing e-invoice.",
  body: z
    .object({ order_id: idInput.optional(), tab_share_id: idInput.optional(), buyer: eInvoiceBuyerInput })
    .refine(oneSubject, oneSubjectError),
  data: eInvoiceSchema,
});

export const eInvoiceFetch = defineEndpoint({
  id: 'einvoice.fetch',
  method: 'GET',
  path: '/api/einvoice/fetch',
  service: 'main',
  access: 'cart',
  summary:
    "The e-invoice of one of the caller's orders, or with `tab_share_id` of one of the caller's shares of a table's tab, its status refreshed from MyInvois while validation is pending (404 when none was requested).",
  query: z
    .object({ order_id: idInput.optional(), tab_share_id: idInput.optional() })
    .refine(oneSubject, oneSubjectError),
  data: eInvoiceSchema,
});

export const eInvoiceUserData = defineEndpoint({
  id: 'einvoice.userData',
  method: 'GET',
  path: '/api/einvoice/user-data',
  service: 'main',
  access: 'cart',
  summary: 'The buyer details the caller used last, to prefill the e-invoice form (null the first time).',
  data: z.object({ buyer: eInvoiceBuyerSchema.nullable() }),
});

export const taxpayerTin = defineEndpoint({
  id: 'einvoice.taxpayerTin',
  method: 'GET',
  path: '/api/einvoice/taxpayer/tin',
  service: 'main',
  access: 'cart',
  summary:
    "Check a TIN against an ID number with MyInvois ('Validate Taxpayer's TIN'). A malformed TIN or ID is invalid without asking MyInvois.",
  query: z.object({
    tin: z.string().min(1).max(30),
    idType: z.enum(EINVOICE_ID_TYPES),
    idValue: z.string().min(1).max(30),
  }),
  data: z.object({
    tin: z.string(),
    id_type: z.enum(EINVOICE_ID_TYPES),
    id_value: z.string(),
    valid: z.boolean(),
    /** Why not, in the caller's language (null when valid). */
    message: z.string().nullable(),
  }),
});
