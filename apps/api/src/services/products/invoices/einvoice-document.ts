/**
 * The document of a Malaysian e-invoice (einvoice.ts has the calls): the supplier from the
 * restaurant's settings, and one order's lines, taxes and buyer as MyInvois receives them; or one
 * payer's share of a table's tab (apps/api docs/tabs.md, "Receipts and e-invoices per share").
 */
import { z } from 'zod';
import { MY_STATE_CODES, isWellFormedTin } from '@santap/contract';
import type { EInvoiceBuyer } from '@santap/contract';
import { formatRate, normalisePhone } from '@santap/domain';
import type { BillLine } from '@santap/domain';
import { createTranslator } from '@santap/i18n';
import type { TranslationKey } from '@santap/i18n';
import type { AppContext } from '../../context';
import type { loadOwnedOrder } from '../../model/orders';
import { pick, settingsOf } from '../../model/restaurants';
import type { RestaurantRow } from '../../model/restaurants';
import { invoiceSources } from './email';
import { quantityOf } from './model';
import type { InvoiceShareSource } from './share-source';
import type { MyInvoisAdapter } from '../../adapters/einvoice/myinvois/myinvois';
import { RESTAURANT_MSIC, buildUblInvoice } from '../../adapters/einvoice/myinvois/ubl';
import type { EInvoiceSupplier } from '../../adapters/einvoice/myinvois/ubl';

/**
 * The restaurant's e-invoice identity, `settings.einvoice` of the restaurant:
 * `{ name, tin, brn, sst?, ttx?, msic?: { code, description }, phone, email?, address: { line1, line2?,
 * city, postcode?, state, country? } }`.
 */
export const supplierSettingsSchema = z.object({
  name: z.string().min(1),
  tin: z.string().refine((tin) => isWellFormedTin(tin)),
  brn: z.string().min(1),
  sst: z.string().min(1).default('NA'),
  ttx: z.string().min(1).default('NA'),
  msic: z.object({ code: z.string(), description: z.string() }).default(RESTAURANT_MSIC),
  phone: z.string().min(5),
  email: z.string().nullable().optional(),
  address: z.object({
    line1: z.string().min(1),
    line2: z.string().nullable().optional(),
    city: z.string().min(1),
    postcode: z.string().nullable().optional(),
    state: z.enum(MY_STATE_CODES),
    country: z.string().length(3).default('MYS'),
  }),
});

/**
 * The supplier on the document: the restaurant's `settings.einvoice`; with the fake MyInvois a
 * restaurant without one gets a demo identity made from its own data (a TIN of the documented shape),
 * so the flow can be tried on the demo restaurants. With the real MyInvois there is no stand-in.
 */
export function supplierOf(
  restaurant: RestaurantRow,
  adapter: MyInvoisAdapter['kind'],
): EInvoiceSupplier | null {
  const parsed = supplierSettingsSchema.safeParse((restaurant.settings as Record<string, unknown>).einvoice);
  if (parsed.success) return parsed.data;
  if (adapter !== 'fake') return null;
  const id = String(restaurant.id).padStart(8, '0');
  const address = restaurant.address ?? pick(restaurant.name, 'en');
  return {
    name: pick(restaurant.name, 'en'),
    tin: `C2${id}0`,
    brn: `2024${id}`,
    sst: 'NA',
    ttx: 'NA',
    msic: RESTAURANT_MSIC,
    phone: '+60300000000',
    address: {
      line1: address,
      city: /kuala lumpur/i.test(address) ? 'Kuala Lumpur' : 'NA',
      postcode: /\b\d{5}\b/.exec(address)?.[0] ?? null,
      state: /kuala lumpur/i.test(address) ? '14' : '17',
      country: 'MYS',
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------------

export function phoneOf(contact: string): string {
  try {
    return normalisePhone(contact, 'MY');
  } catch {
    return `+${contact.replace(/\D/g, '')}`;
  }
}

export const english = createTranslator('en');

/** The e-invoice document of one order for one buyer (pure apart from loading the order's items). */
export async function documentFor(
  ctx: AppContext,
  order: Awaited<ReturnType<typeof loadOwnedOrder>>,
  restaurant: RestaurantRow,
  supplier: EInvoiceSupplier,
  buyer: EInvoiceBuyer,
  tinUsed: string,
) {
  const [source] = await invoiceSources(ctx.db, [order]);
  const taxBases = Object.fromEntries(settingsOf(restaurant).taxes.map((tax) => [tax.key, tax.base]));
  const codeNumber = `SANTAP-${order.id}`;
  const document = buildUblInvoice({
    invoiceNumber: codeNumber,
    issuedAt: ctx.now(),
    supplier,
    buyer: buyerParty(buyer, tinUsed),
    items: source!.items.map((item) => {
      const options = item.options
        .map((o) => pick(source!.optionNames.get(`${o.groupId}/${o.optionId}`), 'en'))
        .filter(Boolean);
      const name = pick(item.name, 'en');
      return {
        id: String(item.id),
        description: options.length ? `${name} (${options.join(', ')})` : name,
        quantity: item.quantity,
        unitPrice: item.unitPrice,
      };
    }),
    bill: source!.order.bill,
    taxBases,
    label: billLabel,
  });
  return { codeNumber, document };
}

/** The buyer on the document: the TIN used, 'NA' for what they did not give. */
function buyerParty(buyer: EInvoiceBuyer, tinUsed: string) {
  return {
    name: buyer.name,
    tin: tinUsed,
    idType: buyer.id_type ?? 'NRIC',
    idValue: buyer.id_value ?? 'NA',
    sst: buyer.sst_number,
    address: buyer.address,
    phone: phoneOf(buyer.contact),
    email: buyer.email,
  };
}

/** A bill line's words on the document (English: it is read by LHDN and accountants). */
const billLabel = (line: BillLine) =>
  english(line.key as TranslationKey, line.rate !== undefined ? { rate: formatRate(line.rate) } : undefined);

/**
 * The e-invoice document of one payer's share of a table's tab: each dish it pays part of is a line
 * (its part of the dish's price, the fraction of the dish as quantity, the dish's unit price), the
 * share's own lines give the service charge, taxes, discounts and rounding exactly as its receipt
 * has them, and a tip is a line of its own outside every tax. So the document's payable amount is
 * what the payer paid (`tab_shares.amount`). Invoice number `SANTAP-S<share id>`: never an order's.
 */
export function shareDocumentFor(
  ctx: AppContext,
  source: InvoiceShareSource,
  supplier: EInvoiceSupplier,
  buyer: EInvoiceBuyer,
  tinUsed: string,
) {
  const { share, restaurant } = source;
  const taxBases = Object.fromEntries(settingsOf(restaurant).taxes.map((tax) => [tax.key, tax.base]));
  const codeNumber = `SANTAP-S${share.id}`;
  const items = source.dishes.map((dish) => {
    const item = dish.item;
    const options = item
      ? item.options
          .map((o) => pick(source.optionNames.get(`${o.groupId}/${o.optionId}`), 'en'))
          .filter(Boolean)
      : [];
    const name = item ? pick(item.name, 'en') : english('invoice.wholeOrder', { id: dish.orderId });
    return {
      id: dish.lineId,
      description: options.length ? `${name} (${options.join(', ')})` : name,
      quantity: quantityOf(dish),
      unitPrice: dish.unitPrice,
      amount: dish.subtotal,
    };
  });
  const subtotal = items.reduce((sum, item) => sum + item.amount, 0);
  const document = buildUblInvoice({
    invoiceNumber: codeNumber,
    issuedAt: ctx.now(),
    supplier,
    buyer: buyerParty(buyer, tinUsed),
    items,
    bill: {
      currency: share.currency,
      lineTotals: items.map((item) => item.amount),
      subtotal,
      lines: share.lines,
      total: share.amount - share.tip,
    },
    extras: [{ id: 'tip', description: english('invoice.tip'), amount: share.tip }],
    taxBases,
    label: billLabel,
  });
  return { codeNumber, document };
}
