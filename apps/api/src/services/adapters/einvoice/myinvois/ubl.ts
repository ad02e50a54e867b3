/**
 * The Malaysian e-invoice document: MyInvois "Invoice v1.0" in UBL 2.1 JSON (the `_D/_A/_B` namespace
 * form, every element an array of objects with `_` as value). Pure: the same order gives the same
 * document, and its totals are the order's stored bill (spec §9), line for line:
 *
 * - each order item is an invoice line (classification 022 'Others'); packaging, service charge and
 *   delivery fee are lines of their own, so the taxes that fall on them can be put on a line;
 * - coupon and referral discounts are document allowances (they lower the taxable amount);
 * - loyalty cashback, spent after tax like store credit, is `PrepaidAmount`;
 * - cash rounding is `PayableRoundingAmount`; so `PayableAmount` = the bill's total;
 * - each added tax (SST is Malaysian service tax, code 02) is a `TaxSubtotal` of the document, and its
 *   amount is spread over the lines it falls on in proportion to their amounts (largest remainder),
 *   so the line taxes add up to the document's exactly. A tax included in prices is not added.
 *
 * Version 1.0 carries no digital signature (version 1.1 needs the taxpayer's certificate).
 */
import { BILL_LINE_KEY } from '@santap/domain';
import type { Bill, BillLine } from '@santap/domain';

export const UBL_NAMESPACES = {
  _D: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  _A: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  _B: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
} as const;

/** MSIC code of restaurants (the supplier's industry classification). */
export const RESTAURANT_MSIC = { code: '56101', description: 'Restaurants and restaurant cum night clubs' };

export interface EInvoiceAddress {
  line1: string;
  line2?: string | null;
  city: string;
  postcode?: string | null;
  /** MyInvois state code ('14' Kuala Lumpur, '17' not applicable). */
  state: string;
  /** ISO 3166-1 alpha-3. */
  country: string;
}

export interface EInvoiceSupplier {
  name: string;
  tin: string;
  brn: string;
  sst: string;
  ttx: string;
  msic: { code: string; description: string };
  address: EInvoiceAddress;
  phone: string;
  email?: string | null;
}

export interface EInvoiceBuyerParty {
  name: string;
  /** The TIN on the document (the buyer's or LHDN's general TIN). */
  tin: string;
  idType: 'NRIC' | 'PASSPORT' | 'BRN' | 'ARMY';
  /** 'NA' when the buyer gave no ID number. */
  idValue: string;
  sst: string;
  address: EInvoiceAddress;
  phone: string;
  email: string;
}

export interface UblInvoiceInput {
  /** The supplier's invoice number (the submission's `codeNumber`). */
  invoiceNumber: string;
  issuedAt: Date;
  supplier: EInvoiceSupplier;
  buyer: EInvoiceBuyerParty;
  /**
   * Order items: unit price including options, in minor units. Their line totals make the bill's
   * subtotal. `amount` is the line's total when it is not `unitPrice × quantity`: a payer's part of a
   * dish (a share of a table's tab), whose quantity is then the fraction of the dish it pays.
   */
  items: { id: string; description: string; quantity: number; unitPrice: number; amount?: number }[];
  bill: Bill;
  /**
   * Lines paid on top of the bill and outside every tax (a share's tip): each an invoice line of its
   * own, in the payable amount (`bill.total` plus these).
   */
  extras?: { id: string; description: string; amount: number }[];
  /** Which base each tax of the bill is on (restaurant settings); inferred from the bill when missing. */
  taxBases?: Readonly<Record<string, 'subtotal' | 'subtotal_service' | 'delivery'>>;
  /** Words for the charge and discount lines (English: the document is read by LHDN and accountants). */
  label: (line: BillLine) => string;
}

type Value = string | number;
type Element = Record<string, unknown>;

const v = (value: Value, attributes: Record<string, string> = {}): Element[] => [{ _: value, ...attributes }];

/** Minor units (sen) as ringgit with two decimals, as a JSON number. */
export function ringgit(minor: number): number {
  return Math.round(minor) / 100;
}

const money = (minor: number, currency: string) => v(ringgit(minor), { currencyID: currency });

/** Splits `total` over `weights` in proportion (largest remainder), so the parts add up to `total`. */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, frac: x - Math.floor(x) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left--;
  }
  return parts;
}

function address(a: EInvoiceAddress): Element[] {
  return [
    {
      CityName: v(a.city),
      ...(a.postcode ? { PostalZone: v(a.postcode) } : {}),
      CountrySubentityCode: v(a.state),
      AddressLine: [a.line1, ...(a.line2 ? [a.line2] : [])].map((line) => ({ Line: v(line) })),
      Country: [{ IdentificationCode: v(a.country, { listID: 'ISO3166-1', listAgencyID: '6' }) }],
    },
  ];
}

function contact(phone: string, email?: string | null): Element[] {
  return [{ Telephone: v(phone), ...(email ? { ElectronicMail: v(email) } : {}) }];
}

const isTaxKey = (key: string) => !(Object.values(BILL_LINE_KEY) as string[]).includes(key);

/** MyInvois tax type: SST on food and beverage is service tax (02); anything else 'not applicable' (06). */
export function taxTypeFor(key: string): '02' | '06' {
  return key.startsWith('bill.sst') ? '02' : '06';
}

type Base = 'subtotal' | 'subtotal_service' | 'delivery';

interface DocLine {
  id: string;
  description: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  /** Which tax bases the line belongs to. */
  bases: ReadonlySet<Base>;
  classification: string;
}

/** Builds the MyInvois UBL JSON invoice of one order. */
export function buildUblInvoice(input: UblInvoiceInput): Record<string, unknown> {
  const { bill, supplier, buyer } = input;
  const currency = bill.currency;
  const amountOf = (key: string) => bill.lines.find((line) => line.key === key)?.amount ?? 0;

  const lineAmount = (item: UblInvoiceInput['items'][number]) =>
    item.amount ?? item.unitPrice * item.quantity;
  const itemsTotal = input.items.reduce((sum, item) => sum + lineAmount(item), 0);
  if (itemsTotal !== bill.subtotal) {
    throw new RangeError(`e-invoice items add up to ${itemsTotal}, the bill's subtotal is ${bill.subtotal}`);
  }

  const food = new Set<Base>(['subtotal', 'subtotal_service']);
  const lines: DocLine[] = input.items.map((item) => ({
    id: item.id,
    description: item.description,
    quantity: item.quantity,
    unitPrice: item.unitPrice,
    amount: lineAmount(item),
    bases: food,
    classification: '022',
  }));
  const chargeLine = (key: string, bases: Base[]) => {
    const line = bill.lines.find((l) => l.key === key);
    if (!line || line.amount === 0) return;
    lines.push({
      id: key.replace(/^bill\./, ''),
      description: input.label(line),
      quantity: 1,
      unitPrice: line.amount,
      amount: line.amount,
      bases: new Set(bases),
      classification: '022',
    });
  };
  chargeLine(BILL_LINE_KEY.packaging, ['subtotal', 'subtotal_service']);
  chargeLine(BILL_LINE_KEY.serviceCharge, ['subtotal_service']);
  chargeLine(BILL_LINE_KEY.deliveryFee, ['delivery']);
  const extras = input.extras ?? [];
  for (const extra of extras) {
    if (extra.amount === 0) continue;
    lines.push({
      id: extra.id,
      description: extra.description,
      quantity: 1,
      unitPrice: extra.amount,
      amount: extra.amount,
      bases: new Set(),
      classification: '022',
    });
  }

  const allowances = [BILL_LINE_KEY.couponDiscount, BILL_LINE_KEY.referralDiscount]
    .map((key) => bill.lines.find((line) => line.key === key))
    .filter((line): line is BillLine => line !== undefined && line.amount !== 0);
  const allowanceTotal = allowances.reduce((sum, line) => sum - line.amount, 0);

  const deliveryIndex = bill.lines.findIndex((line) => line.key === BILL_LINE_KEY.deliveryFee);
  const baseOf = (line: BillLine, index: number): Base => {
    const known = input.taxBases?.[line.key];
    if (known) return known;
    if (deliveryIndex >= 0 && index > deliveryIndex) return 'delivery';
    // Which of the two food bases gives the printed amount at this rate.
    const withService =
      bill.subtotal -
      allowanceTotal +
      amountOf(BILL_LINE_KEY.packaging) +
      amountOf(BILL_LINE_KEY.serviceCharge);
    return Math.round((withService * (line.rate ?? 0)) / 10_000) === line.amount
      ? 'subtotal_service'
      : 'subtotal';
  };

  // Per tax: its base on the document, and its amount spread over the lines it falls on.
  const lineTaxes = lines.map(() => [] as { key: string; rate: number; taxable: number; amount: number }[]);
  const documentTaxes: { key: string; rate: number; taxable: number; amount: number }[] = [];
  bill.lines.forEach((line, index) => {
    if (!isTaxKey(line.key) || line.included || line.rate === undefined) return;
    const base = baseOf(line, index);
    const onLines = lines.map((l, i) => ({ l, i })).filter(({ l }) => l.bases.has(base));
    const gross = onLines.reduce((sum, { l }) => sum + l.amount, 0);
    const taxable = base === 'delivery' ? gross : gross - allowanceTotal;
    const weights = onLines.map(({ l }) => l.amount);
    const amounts = allocate(line.amount, weights);
    const taxables = allocate(taxable, weights);
    onLines.forEach(({ i }, k) => {
      lineTaxes[i]!.push({ key: line.key, rate: line.rate!, taxable: taxables[k]!, amount: amounts[k]! });
    });
    documentTaxes.push({ key: line.key, rate: line.rate, taxable, amount: line.amount });
  });
  const taxTotal = documentTaxes.reduce((sum, tax) => sum + tax.amount, 0);

  const taxScheme = [{ ID: v('OTH', { schemeID: 'UN/ECE 5153', schemeAgencyID: '6' }) }];
  const taxSubtotal = (tax: { key: string; rate: number; taxable: number; amount: number }) => ({
    TaxableAmount: money(tax.taxable, currency),
    TaxAmount: money(tax.amount, currency),
    Percent: v(tax.rate / 100),
    TaxCategory: [{ ID: v(taxTypeFor(tax.key)), TaxScheme: taxScheme }],
  });
  const notTaxed = (taxable: number) => ({
    TaxableAmount: money(taxable, currency),
    TaxAmount: money(0, currency),
    TaxCategory: [{ ID: v('06'), TaxScheme: taxScheme }],
  });

  const lineExtension = lines.reduce((sum, line) => sum + line.amount, 0);
  const taxExclusive = lineExtension - allowanceTotal;
  const taxInclusive = taxExclusive + taxTotal;
  const prepaid = -amountOf(BILL_LINE_KEY.loyaltyDiscount);
  const rounding = amountOf(BILL_LINE_KEY.rounding);
  const payable = taxInclusive - prepaid + rounding;
  const extrasTotal = extras.reduce((sum, extra) => sum + extra.amount, 0);
  if (payable !== bill.total + extrasTotal) {
    throw new RangeError(
      `e-invoice payable ${payable} differs from the bill's total ${bill.total} and extras ${extrasTotal}`,
    );
  }

  const issued = input.issuedAt.toISOString();
  const invoice: Element = {
    ID: v(input.invoiceNumber),
    IssueDate: v(issued.slice(0, 10)),
    IssueTime: v(`${issued.slice(11, 19)}Z`),
    InvoiceTypeCode: v('01', { listVersionID: '1.0' }),
    DocumentCurrencyCode: v(currency),
    TaxCurrencyCode: v(currency),
    AccountingSupplierParty: [
      {
        Party: [
          {
            IndustryClassificationCode: v(supplier.msic.code, { name: supplier.msic.description }),
            PartyIdentification: [
              { ID: v(supplier.tin, { schemeID: 'TIN' }) },
              { ID: v(supplier.brn, { schemeID: 'BRN' }) },
              { ID: v(supplier.sst, { schemeID: 'SST' }) },
              { ID: v(supplier.ttx, { schemeID: 'TTX' }) },
            ],
            PostalAddress: address(supplier.address),
            PartyLegalEntity: [{ RegistrationName: v(supplier.name) }],
            Contact: contact(supplier.phone, supplier.email),
          },
        ],
      },
    ],
    AccountingCustomerParty: [
      {
        Party: [
          {
            PartyIdentification: [
              { ID: v(buyer.tin, { schemeID: 'TIN' }) },
              { ID: v(buyer.idValue, { schemeID: buyer.idType }) },
              { ID: v(buyer.sst, { schemeID: 'SST' }) },
            ],
            PostalAddress: address(buyer.address),
            PartyLegalEntity: [{ RegistrationName: v(buyer.name) }],
            Contact: contact(buyer.phone, buyer.email),
          },
        ],
      },
    ],
    ...(allowances.length
      ? {
          AllowanceCharge: allowances.map((line) => ({
            ChargeIndicator: [{ _: false }],
            AllowanceChargeReason: v(input.label(line)),
            Amount: money(-line.amount, currency),
          })),
        }
      : {}),
    TaxTotal: [
      {
        TaxAmount: money(taxTotal, currency),
        TaxSubtotal: documentTaxes.length ? documentTaxes.map(taxSubtotal) : [notTaxed(taxExclusive)],
      },
    ],
    LegalMonetaryTotal: [
      {
        LineExtensionAmount: money(lineExtension, currency),
        TaxExclusiveAmount: money(taxExclusive, currency),
        TaxInclusiveAmount: money(taxInclusive, currency),
        AllowanceTotalAmount: money(allowanceTotal, currency),
        ChargeTotalAmount: money(0, currency),
        PrepaidAmount: money(prepaid, currency),
        PayableRoundingAmount: money(rounding, currency),
        PayableAmount: money(payable, currency),
      },
    ],
    InvoiceLine: lines.map((line, i) => {
      const taxes = lineTaxes[i]!;
      const lineTax = taxes.reduce((sum, tax) => sum + tax.amount, 0);
      return {
        ID: v(line.id),
        InvoicedQuantity: v(line.quantity, { unitCode: 'C62' }),
        LineExtensionAmount: money(line.amount, currency),
        TaxTotal: [
          {
            TaxAmount: money(lineTax, currency),
            TaxSubtotal: taxes.length ? taxes.map(taxSubtotal) : [notTaxed(line.amount)],
          },
        ],
        Item: [
          {
            CommodityClassification: [
              { ItemClassificationCode: v(line.classification, { listID: 'CLASS' }) },
            ],
            Description: v(line.description),
          },
        ],
        Price: [{ PriceAmount: money(line.unitPrice, currency) }],
        ItemPriceExtension: [{ Amount: money(line.amount, currency) }],
      };
    }),
  };
  return { ...UBL_NAMESPACES, Invoice: [invoice] };
}
