/**
 * LHDN MyInvois behind one interface (ARCHITECTURE "Real parts": a MyInvois-shaped fake by default,
 * the MyInvois adapter with keys):
 *
 * - `myInvoisAdapter`: OAuth client credentials at `/connect/token` (form body: client_id,
 *   client_secret, grant_type=client_credentials, scope=InvoicingAPI), then with the bearer token
 *   `GET /api/v1.0/taxpayer/validate/{tin}?idType=&idValue=` (200 valid, 404 not),
 *   `POST /api/v1.0/documentsubmissions` (`{ documents: [{ format: 'JSON', document: base64,
 *   documentHash: hex SHA-256 of the document, codeNumber }] }` -> 202 with `submissionUid`,
 *   `acceptedDocuments [{ uuid, invoiceCodeNumber }]`, `rejectedDocuments [{ invoiceCodeNumber, error }]`)
 *   and `GET /api/v1.0/documents/{uuid}/details` (status Submitted | Valid | Invalid | Cancelled,
 *   `longId` once valid, `validationResults.validationSteps[].error`). The network is an injected fetch.
 * - `fakeMyInvois`: the same answers without a network, from the documented rules (see its TSDoc).
 */
import { createHash, randomBytes } from 'node:crypto';
import { isWellFormedIdValue, isWellFormedTin } from '@santap/contract';
import type { EInvoiceIdType } from '@santap/contract';
import type { HttpFetch } from '../../payments/provider';

export type EInvoiceStatus = 'submitted' | 'valid' | 'invalid' | 'cancelled';

export interface MyInvoisError {
  code: string;
  message: string;
}

export interface SubmitResult {
  submissionUid: string;
  /** The document's uuid when accepted for validation; null when rejected at once. */
  uuid: string | null;
  errors: MyInvoisError[];
}

export interface DocumentStatus {
  status: EInvoiceStatus;
  longId: string | null;
  errors: MyInvoisError[];
}

export interface MyInvoisAdapter {
  readonly kind: 'myinvois' | 'fake';
  validateTin(input: { tin: string; idType: EInvoiceIdType; idValue: string }): Promise<boolean>;
  submitDocument(input: { codeNumber: string; document: Record<string, unknown> }): Promise<SubmitResult>;
  getDocumentStatus(uuid: string): Promise<DocumentStatus>;
  /** The public page of a valid document (what the printed QR code points to). */
  validationLink(uuid: string, longId: string): string;
}

/** MyInvois could not be reached or answered something unexpected (not a rule of ours). */
export class MyInvoisUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MyInvoisUnavailable';
  }
}

export const MYINVOIS_HOSTS = {
  preprod: {
    api: 'https://preprod-api.myinvois.hasil.gov.my',
    portal: 'https://preprod.myinvois.hasil.gov.my',
  },
  prod: { api: 'https://api.myinvois.hasil.gov.my', portal: 'https://myinvois.hasil.gov.my' },
} as const;

/** The document as submitted: its JSON text, that text in base64, and the hex SHA-256 of the text. */
export function encodeDocument(document: Record<string, unknown>) {
  const json = JSON.stringify(document);
  return {
    json,
    base64: Buffer.from(json, 'utf8').toString('base64'),
    hash: createHash('sha256').update(json, 'utf8').digest('hex'),
  };
}

const STATUS: Readonly<Record<string, EInvoiceStatus>> = {
  Submitted: 'submitted',
  Valid: 'valid',
  Invalid: 'invalid',
  Cancelled: 'cancelled',
};

function errorsOf(value: unknown): MyInvoisError[] {
  if (!value || typeof value !== 'object') return [];
  const error = value as { code?: unknown; message?: unknown; details?: unknown };
  const own = { code: String(error.code ?? 'Error'), message: String(error.message ?? '') };
  const details = Array.isArray(error.details) ? error.details.flatMap(errorsOf) : [];
  return details.length ? details : [own];
}

export interface MyInvoisAdapterOptions {
  clientId: string;
  clientSecret: string;
  env: 'preprod' | 'prod';
  fetch: HttpFetch;
  now: () => Date;
}

/** The real MyInvois adapter (taxpayer system login). */
export function myInvoisAdapter(options: MyInvoisAdapterOptions): MyInvoisAdapter {
  const hosts = MYINVOIS_HOSTS[options.env];
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    const now = options.now().getTime();
    if (token && token.expiresAt > now) return token.value;
    const body = new URLSearchParams({
      client_id: options.clientId,
      client_secret: options.clientSecret,
      grant_type: 'client_credentials',
      scope: 'InvoicingAPI',
    }).toString();
    const response = await call(`${hosts.api}/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
    });
    if (response.status !== 200) throw new MyInvoisUnavailable(`token: HTTP ${response.status}`);
    const reply = JSON.parse(await response.text()) as { access_token?: string; expires_in?: number };
    if (!reply.access_token) throw new MyInvoisUnavailable('token: no access_token');
    // Renewed a minute early so a call never starts with a token about to lapse.
    token = {
      value: reply.access_token,
      expiresAt: now + Math.max(0, (reply.expires_in ?? 3600) - 60) * 1000,
    };
    return token.value;
  }

  async function call(url: string, init: Parameters<HttpFetch>[1]) {
    try {
      return await options.fetch(url, init);
    } catch (error) {
      throw new MyInvoisUnavailable(`network: ${(error as Error).message}`);
    }
  }

  /** A call with the bearer token; a 401 (token revoked early) logs in again once. */
  async function authorised(method: string, path: string, body?: string) {
    for (let attempt = 0; ; attempt++) {
      const response = await call(`${hosts.api}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await accessToken()}`,
          accept: 'application/json',
          'accept-language': 'en',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body } : {}),
      });
      if (response.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      if (response.status === 429 || response.status >= 500 || response.status === 401) {
        throw new MyInvoisUnavailable(`${method} ${path}: HTTP ${response.status}`);
      }
      return response;
    }
  }

  const readJson = async (response: { text(): Promise<string> }) => {
    const text = await response.text();
    try {
      return text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      throw new MyInvoisUnavailable('reply is not JSON');
    }
  };

  return {
    kind: 'myinvois',
    async validateTin({ tin, idType, idValue }) {
      const query = new URLSearchParams({ idType, idValue }).toString();
      const response = await authorised(
        'GET',
        `/api/v1.0/taxpayer/validate/${encodeURIComponent(tin)}?${query}`,
      );
      if (response.status === 200) return true;
      // 404: no such taxpayer, or the ID does not match it; 400: a value MyInvois cannot read.
      if (response.status === 404 || response.status === 400) return false;
      throw new MyInvoisUnavailable(`validate TIN: HTTP ${response.status}`);
    },
    async submitDocument({ codeNumber, document }) {
      const encoded = encodeDocument(document);
      const response = await authorised(
        'POST',
        '/api/v1.0/documentsubmissions',
        JSON.stringify({
          documents: [{ format: 'JSON', document: encoded.base64, documentHash: encoded.hash, codeNumber }],
        }),
      );
      const reply = await readJson(response);
      if (response.status !== 202) {
        const errors = errorsOf(reply.error ?? reply);
        if (response.status === 400 || response.status === 422)
          return { submissionUid: '', uuid: null, errors };
        throw new MyInvoisUnavailable(`submit: HTTP ${response.status}`);
      }
      const accepted =
        (reply.acceptedDocuments as { uuid: string; invoiceCodeNumber: string }[] | undefined) ?? [];
      const rejected =
        (reply.rejectedDocuments as { invoiceCodeNumber: string; error: unknown }[] | undefined) ?? [];
      const mine = accepted.find((d) => d.invoiceCodeNumber === codeNumber);
      return {
        submissionUid: String(reply.submissionUid ?? ''),
        uuid: mine?.uuid ?? null,
        errors: rejected.filter((d) => d.invoiceCodeNumber === codeNumber).flatMap((d) => errorsOf(d.error)),
      };
    },
    async getDocumentStatus(uuid) {
      const response = await authorised('GET', `/api/v1.0/documents/${encodeURIComponent(uuid)}/details`);
      if (response.status !== 200) throw new MyInvoisUnavailable(`document details: HTTP ${response.status}`);
      const reply = await readJson(response);
      const steps =
        (reply.validationResults as { validationSteps?: { status?: string; error?: unknown }[] } | undefined)
          ?.validationSteps ?? [];
      return {
        status: STATUS[String(reply.status)] ?? 'submitted',
        longId: typeof reply.longId === 'string' && reply.longId ? reply.longId : null,
        errors: steps.filter((s) => s.status === 'Invalid').flatMap((s) => errorsOf(s.error)),
      };
    },
    validationLink(uuid, longId) {
      return `${hosts.portal}/${uuid}/share/${longId}`;
    },
  };
}

/**
 * Demo taxpayers of the fake: a TIN listed here validates only with its own ID type and number, as
 * MyInvois answers 404 for a TIN whose NRIC does not match (ERR206).
 */
export const FAKE_TAXPAYERS: readonly { tin: string; idType: EInvoiceIdType; idValue: string }[] = [
  { tin: 'IG12345678901', idType: 'NRIC', idValue: '900101145678' },
  { tin: 'IG20000000010', idType: 'PASSPORT', idValue: 'A12345678' },
  { tin: 'IG30000000020', idType: 'ARMY', idValue: 'T5515' },
  { tin: 'C1234567890', idType: 'BRN', idValue: '201901234567' },
];

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const FAKE_ID = /^[A-Z2-7]{26}$/;

function base32(bytes: Uint8Array, length: number): string {
  let out = '';
  for (let i = 0; out.length < length; i++) out += BASE32[(bytes[i % bytes.length] ?? 0) % 32];
  return out;
}

/**
 * A MyInvois without a network, for development and tests:
 *
 * - TIN validation: a malformed TIN or ID number is invalid; a {@link FAKE_TAXPAYERS} TIN matches
 *   only its own ID; any other well-formed TIN matches a well-formed ID of its kind: an individual's
 *   TIN (IG…) an NRIC, passport or army number, a business's TIN a BRN. General TINs (EI…) are not
 *   taxpayers and do not validate.
 * - Submission: the document must have the MyInvois shape (supplier and buyer with a well-formed TIN,
 *   invoice lines, totals that add up); it is then accepted with a submission uid and a document uuid
 *   (26 characters, as MyInvois issues), otherwise rejected with the reasons.
 * - Status: an accepted document has passed validation by the time it is first fetched: Valid, with a
 *   long id derived from its uuid (so the fake keeps no state and survives restarts).
 */
export function fakeMyInvois(): MyInvoisAdapter {
  return {
    kind: 'fake',
    async validateTin({ tin, idType, idValue }) {
      if (!isWellFormedTin(tin) || !isWellFormedIdValue(idType, idValue) || tin.startsWith('EI'))
        return false;
      const known = FAKE_TAXPAYERS.find((taxpayer) => taxpayer.tin === tin);
      if (known) return known.idType === idType && known.idValue === idValue;
      return tin.startsWith('IG') ? idType !== 'BRN' : idType === 'BRN';
    },
    async submitDocument({ codeNumber, document }) {
      const submissionUid = base32(randomBytes(26), 26);
      const errors = fakeStructureErrors(document, codeNumber);
      if (errors.length) return { submissionUid, uuid: null, errors };
      return { submissionUid, uuid: base32(randomBytes(26), 26), errors: [] };
    },
    async getDocumentStatus(uuid) {
      if (!FAKE_ID.test(uuid)) throw new MyInvoisUnavailable(`document ${uuid}: HTTP 404`);
      const digest = createHash('sha256').update(`fake-myinvois:${uuid}`).digest();
      return { status: 'valid', longId: base32(digest, 40), errors: [] };
    },
    validationLink(uuid, longId) {
      return `${MYINVOIS_HOSTS.preprod.portal}/${uuid}/share/${longId}`;
    },
  };
}

type Json = Record<string, unknown>;
const first = (value: unknown): Json | undefined =>
  Array.isArray(value) && value[0] && typeof value[0] === 'object' ? (value[0] as Json) : undefined;
const valueOf = (element: unknown): unknown => first(element)?._;

function partyTin(party: unknown): unknown {
  const ids = (first(first(party)?.Party)?.PartyIdentification as Json[] | undefined) ?? [];
  return valueOf(ids.map((id) => id.ID).find((id) => first(id)?.schemeID === 'TIN'));
}

/** What the fake checks before accepting: the structural validation MyInvois does synchronously. */
function fakeStructureErrors(document: Json, codeNumber: string): MyInvoisError[] {
  const invoice = first(document.Invoice);
  if (!invoice) return [{ code: 'BadStructure', message: 'Invoice element missing' }];
  const errors: MyInvoisError[] = [];
  if (valueOf(invoice.ID) !== codeNumber)
    errors.push({ code: 'CodeNumber', message: 'ID differs from codeNumber' });
  for (const [role, party] of [
    ['Supplier', invoice.AccountingSupplierParty],
    ['Buyer', invoice.AccountingCustomerParty],
  ] as const) {
    const tin = partyTin(party);
    if (typeof tin !== 'string' || !isWellFormedTin(tin)) {
      errors.push({ code: 'CF401', message: `${role} TIN is missing or malformed` });
    }
  }
  const lines = invoice.InvoiceLine;
  if (!Array.isArray(lines) || lines.length === 0)
    errors.push({ code: 'CF367', message: 'No invoice lines' });
  const totals = first(invoice.LegalMonetaryTotal);
  const amount = (name: string) => Number(valueOf(totals?.[name]) ?? Number.NaN);
  const cents = (x: number) => Math.round(x * 100);
  const payable =
    cents(amount('TaxInclusiveAmount')) -
    cents(amount('PrepaidAmount')) +
    cents(amount('PayableRoundingAmount'));
  if (!totals || !Number.isFinite(payable) || payable !== cents(amount('PayableAmount'))) {
    errors.push({ code: 'CF410', message: 'Payable amount does not add up' });
  }
  return errors;
}
