/**
 * The one-time confirmation link of an invoice mail (apps/api/README.md, "Invoice mails"): the diner
 * typed an address; before the invoice goes there, that address receives a link and the invoice goes
 * only after the click. The link is signed by the server (HMAC-SHA256 under `TABLE_TICKET_SECRET`,
 * with its own purpose prefix; without it a key per process) and lasts 24 hours; the send it
 * triggers is recorded, so a second click sends nothing more.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isSupportedLanguage } from '@santap/i18n';
import type { SupportedLanguage } from '@santap/i18n';
import type { AppContext } from '../../context';

/** A confirmation link lasts a day. */
export const INVOICE_LINK_SECONDS = 24 * 60 * 60;

/**
 * What a link names: an order's or a food-court order's invoice, or a payer's share's receipt (apps/api
 * docs/tabs.md, "Receipts and e-invoices per share"); the address, the language.
 */
export interface InvoiceLink {
  target: { orderId: number } | { fcOrderId: number } | { tabShareId: number };
  email: string;
  lang: SupportedLanguage;
  /** When the link was made (Unix seconds): a send recorded after it means the link was used. */
  issuedAt: number;
}

interface LinkBody {
  o: number | null;
  f: number | null;
  /** A share's id (absent in links made before shares had receipts). */
  s?: number | null;
  e: string;
  l: string;
  i: number;
}

const PROCESS_SECRET = randomBytes(32).toString('hex');

const sign = (ctx: AppContext, body: string) =>
  createHmac('sha256', ctx.config.tableTicketSecret ?? PROCESS_SECRET)
    .update(`invoice-link:${body}`)
    .digest('base64url');

/** The link's signed code (the `c` query parameter). */
export function invoiceLinkCode(ctx: AppContext, link: Omit<InvoiceLink, 'issuedAt'>): string {
  const body: LinkBody = {
    o: 'orderId' in link.target ? link.target.orderId : null,
    f: 'fcOrderId' in link.target ? link.target.fcOrderId : null,
    s: 'tabShareId' in link.target ? link.target.tabShareId : null,
    e: link.email,
    l: link.lang,
    i: Math.floor(ctx.now().getTime() / 1000),
  };
  const encoded = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${encoded}.${sign(ctx, encoded)}`;
}

/** The link of a code the server signed less than a day ago; null otherwise. */
export function readInvoiceLink(ctx: AppContext, code: unknown): InvoiceLink | null {
  if (typeof code !== 'string' || code.length > 1200) return null;
  const [encoded, signature, extra] = code.split('.');
  if (!encoded || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(ctx, encoded));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let body: LinkBody;
  try {
    body = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as LinkBody;
  } catch {
    return null;
  }
  const now = ctx.now().getTime() / 1000;
  if (typeof body.i !== 'number' || body.i + INVOICE_LINK_SECONDS <= now) return null;
  if (typeof body.e !== 'string' || !isSupportedLanguage(body.l)) return null;
  const target =
    typeof body.o === 'number'
      ? { orderId: body.o }
      : typeof body.f === 'number'
        ? { fcOrderId: body.f }
        : typeof body.s === 'number'
          ? { tabShareId: body.s }
          : null;
  return target ? { target, email: body.e, lang: body.l, issuedAt: body.i } : null;
}
