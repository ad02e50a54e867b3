/**
 * What a docket, a receipt or a queue ticket is made from: a plain object the spooler fills from the
 * order, its lines, its bill and its payment (apps/api docs/printing.md). The layouts read nothing
 * else: no database, no clock, no settings.
 */
import type { Allergen, Bill, Country, Language, OrderTypeCode, PickupType } from '@santap/domain';
import type { PaperWidth, PrintDocument } from '../../../adapters/printers/document';

/** A name in the product's languages, as order lines keep them; a missing language falls back to en. */
export type DocketName = Readonly<Partial<Record<Language, string>>> & { readonly en: string };

/** One chosen option of a line (`Extra egg`, `Less spicy`), with its group when known (`Add-ons`). */
export interface DocketOption {
  name: DocketName;
  group?: DocketName | null;
  /** How many of it on each unit of the dish (default 1). */
  quantity?: number;
}

/** One line of the order as the kitchen reads it. */
export interface DocketLine {
  name: DocketName;
  quantity: number;
  options: readonly DocketOption[];
  /** The diner's note on this dish ('no onions'), printed as written. */
  notes: string | null;
  /** `declined`: struck off by the kitchen (printed on a CANCELLED docket). */
  status: 'active' | 'declined';
  /** The batch it was ordered in (1 the first order, 2 the first items added later…). */
  batch: number;
  /** The line's total in minor units (options included, packaging excluded); receipts print it. */
  amount: number;
}

/**
 * The restaurant's tax details printed on a receipt: the SST registration number in Malaysia, the
 * NPWPD (regional tax payer number) in Indonesia; absent ones are left off.
 */
export interface DocketTaxDetails {
  /** The registered business name when it differs from the restaurant's name. */
  companyName?: string | null;
  /** Company registration number (SSM in Malaysia). */
  registrationNo?: string | null;
  /** Malaysian SST registration number. */
  sstNo?: string | null;
  /** Malaysian tax identification number (TIN) for e-invoicing. */
  tin?: string | null;
  /** Indonesian NPWPD. */
  npwpd?: string | null;
}

/** The restaurant's side of every document. */
export interface DocketRestaurant {
  name: string;
  address?: string | null;
  phone?: string | null;
  country: Country;
  /** IANA zone the times print in (`Asia/Kuala_Lumpur`). */
  timeZone: string;
  tax?: DocketTaxDetails | null;
}

/**
 * How the order was paid, as recorded: `mode` is the order's payment mode (`online`, `pay_later`,
 * `cash_kiosk`, `loyalty`), `method` and `channel` the payment's codes (`Card`, `Wallet` +
 * `tng_ewallet`…), printed by the rail's name. Amounts in minor units.
 */
export interface DocketPayment {
  mode: string;
  method: string | null;
  channel: string | null;
  amount: number;
  paidAt: Date | null;
  /** The gateway's or the counter's reference, printed as is. */
  reference: string | null;
}

/** Everything a docket, receipt or queue ticket of one order may print. */
export interface DocketInput {
  restaurant: DocketRestaurant;
  /** The order's number as staff call it (its id). */
  orderNo: string;
  /** Dine-in: the table's name ('T5', 'Patio 2'); null otherwise. */
  tableName: string | null;
  /** Kiosk and counter orders: the queue number called out; null otherwise. */
  queueNo: number | null;
  orderType: OrderTypeCode;
  pickupType?: PickupType | null;
  /** The diner's name for pickup and delivery orders, when given. */
  customerName?: string | null;
  placedAt: Date;
  /**
   * The lines this document carries, chosen by the caller: every active line for a new-order docket,
   * only the batch's lines for ADDED, the declined (or, for a cancelled order, all) lines for
   * CANCELLED, every line for a receipt.
   */
  lines: readonly DocketLine[];
  /** The diner's special request for the whole order, printed in reverse. */
  specialRequest: string | null;
  /** Allergies the diner flagged, printed in reverse on kitchen dockets. */
  allergies: readonly Allergen[];
  /** The order's `bill` column (computeBill of @santap/domain); receipts print its lines. */
  bill: Bill | null;
  payment: DocketPayment | null;
  /** Malaysia: the link a diner scans to request an e-invoice for this receipt (printed as a QR). */
  einvoiceUrl: string | null;
}

/** Which docket the kitchen gets: the order's first, items added later, or what was cancelled. */
export type KitchenDocketKind = 'new' | 'added' | 'cancelled';

/** Options every layout takes. */
export interface LayoutOptions {
  /** The printer's language (the kitchen's, not the diner's). */
  lang: Language;
  width: PaperWidth;
  /** A reprint asked for by staff: marked as such at the top. */
  reprint?: boolean;
}

/** Options of a kitchen docket. */
export interface KitchenDocketOptions extends LayoutOptions {
  kind: KitchenDocketKind;
}

/**
 * The layouts' signatures (`index.ts` of this folder exports the functions): `kitchenDocket`,
 * `receipt` and `queueTicket`, each a pure function of its input to a {@link PrintDocument}.
 */
export type KitchenDocketLayout = (input: DocketInput, options: KitchenDocketOptions) => PrintDocument;
export type ReceiptLayout = (input: DocketInput, options: LayoutOptions) => PrintDocument;
export type QueueTicketLayout = (input: DocketInput, options: LayoutOptions) => PrintDocument;
