import { describe, expect, it } from 'vitest';
import { computeBill, formatRate } from '@santap/domain';
import type { BillInput } from '@santap/domain';
import { allocate, buildUblInvoice, ringgit } from './ubl';
import type { UblInvoiceInput } from './ubl';

type Json = Record<string, unknown>;
const first = (value: unknown) => (value as Json[])[0]!;
const val = (value: unknown) => first(value)._;
const cents = (value: unknown) => Math.round((val(value) as number) * 100);

const SUPPLIER: UblInvoiceInput['supplier'] = {
  name: 'Kopitiam Ali Sdn Bhd',
  tin: 'C2000010010',
  brn: '202401001001',
  sst: 'W10-1808-32000001',
  ttx: 'NA',
  msic: { code: '56101', description: 'Restaurants and restaurant cum night clubs' },
  phone: '+60321234567',
  email: 'hello@kopitiam-ali.my',
  address: { line1: 'Jalan Tun Perak', city: 'Kuala Lumpur', postcode: '50050', state: '14', country: 'MYS' },
};

const BUYER: UblInvoiceInput['buyer'] = {
  name: 'Siti Nurhaliza binti Ahmad',
  tin: 'IG12345678901',
  idType: 'NRIC',
  idValue: '900101145678',
  sst: 'NA',
  phone: '+60123456789',
  email: 'siti@example.com',
  address: {
    line1: 'No. 12, Jalan Ampang',
    city: 'Kuala Lumpur',
    postcode: '50450',
    state: '14',
    country: 'MYS',
  },
};

const ITEMS = [
  { id: '1', description: 'Nasi Lemak (Fried chicken)', quantity: 2, unitPrice: 1450 },
  { id: '2', description: 'Teh Tarik', quantity: 3, unitPrice: 350 },
];

function invoiceFor(input: Partial<BillInput>, extra: Partial<UblInvoiceInput> = {}) {
  const bill = computeBill({
    currency: 'MYR',
    lines: ITEMS.map((item) => ({ unitPrice: item.unitPrice, quantity: item.quantity })),
    ...input,
  });
  const document = buildUblInvoice({
    invoiceNumber: 'SANTAP-42',
    issuedAt: new Date('2026-11-23T04:05:06Z'),
    supplier: SUPPLIER,
    buyer: BUYER,
    items: ITEMS,
    bill,
    label: (line) => `${line.key}${line.rate !== undefined ? ` ${formatRate(line.rate)}` : ''}`,
    ...extra,
  });
  return { bill, document, invoice: first(document.Invoice) };
}

describe('buildUblInvoice', () => {
  it('dine-in bill with service charge 10% and SST 6% on it -> MyInvois v1.0 shape, totals = the bill', () => {
    const { bill, document, invoice } = invoiceFor({
      serviceChargeRate: 1000,
      taxes: [{ key: 'bill.sst', rate: 600, base: 'subtotal_service' }],
      cashRounding: 'nearest5',
    });
    expect(document._D).toBe('urn:oasis:names:specification:ubl:schema:xsd:Invoice-2');
    expect(invoice.ID).toEqual([{ _: 'SANTAP-42' }]);
    expect(invoice.IssueDate).toEqual([{ _: '2026-11-23' }]);
    expect(invoice.IssueTime).toEqual([{ _: '04:05:06Z' }]);
    expect(invoice.InvoiceTypeCode).toEqual([{ _: '01', listVersionID: '1.0' }]);
    expect(invoice.DocumentCurrencyCode).toEqual([{ _: 'MYR' }]);

    const supplier = first(first(invoice.AccountingSupplierParty).Party);
    expect(supplier.PartyIdentification).toEqual([
      { ID: [{ _: 'C2000010010', schemeID: 'TIN' }] },
      { ID: [{ _: '202401001001', schemeID: 'BRN' }] },
      { ID: [{ _: 'W10-1808-32000001', schemeID: 'SST' }] },
      { ID: [{ _: 'NA', schemeID: 'TTX' }] },
    ]);
    expect(supplier.IndustryClassificationCode).toEqual([
      { _: '56101', name: 'Restaurants and restaurant cum night clubs' },
    ]);
    const buyer = first(first(invoice.AccountingCustomerParty).Party);
    expect(buyer.PartyIdentification).toEqual([
      { ID: [{ _: 'IG12345678901', schemeID: 'TIN' }] },
      { ID: [{ _: '900101145678', schemeID: 'NRIC' }] },
      { ID: [{ _: 'NA', schemeID: 'SST' }] },
    ]);
    expect(buyer.PartyLegalEntity).toEqual([{ RegistrationName: [{ _: 'Siti Nurhaliza binti Ahmad' }] }]);
    expect(first(buyer.PostalAddress).Country).toEqual([
      { IdentificationCode: [{ _: 'MYS', listID: 'ISO3166-1', listAgencyID: '6' }] },
    ]);

    // Items 2 x 14.50 + 3 x 3.50 = 39.50; service charge 3.95; SST 6% of 43.45 = 2.61; 46.06 -> 46.05.
    const lines = invoice.InvoiceLine as Json[];
    expect(lines.map((line) => val(line.ID))).toEqual(['1', '2', 'serviceCharge']);
    expect(lines.map((line) => cents(line.LineExtensionAmount))).toEqual([2900, 1050, 395]);
    expect(first(first(lines[0]!.Item).CommodityClassification)).toEqual({
      ItemClassificationCode: [{ _: '022', listID: 'CLASS' }],
    });
    const lineTaxes = lines.map((line) => cents(first(line.TaxTotal).TaxAmount));
    expect(lineTaxes.reduce((a, b) => a + b, 0)).toBe(261);
    const lineSubtotal = first(first(lines[0]!.TaxTotal).TaxSubtotal);
    expect(lineSubtotal.Percent).toEqual([{ _: 6 }]);
    expect(first(lineSubtotal.TaxCategory).ID).toEqual([{ _: '02' }]);

    const tax = first(invoice.TaxTotal);
    expect(cents(tax.TaxAmount)).toBe(261);
    expect(cents(first(tax.TaxSubtotal).TaxableAmount)).toBe(4345);
    const totals = first(invoice.LegalMonetaryTotal);
    expect(cents(totals.LineExtensionAmount)).toBe(4345);
    expect(cents(totals.TaxExclusiveAmount)).toBe(4345);
    expect(cents(totals.TaxInclusiveAmount)).toBe(4606);
    expect(cents(totals.PayableRoundingAmount)).toBe(-1);
    expect(cents(totals.PayableAmount)).toBe(bill.total);
    expect(bill.total).toBe(4605);
  });

  it('coupon -> a document allowance that lowers the taxable amount; loyalty -> prepaid; payable = bill total', () => {
    const { bill, invoice } = invoiceFor({
      serviceChargeRate: 1000,
      taxes: [{ key: 'bill.sst', rate: 600, base: 'subtotal_service' }],
      discounts: [
        { kind: 'coupon', amount: 500 },
        { kind: 'loyalty', amount: 300 },
      ],
    });
    expect(invoice.AllowanceCharge).toEqual([
      {
        ChargeIndicator: [{ _: false }],
        AllowanceChargeReason: [{ _: 'bill.discount.coupon' }],
        Amount: [{ _: 5, currencyID: 'MYR' }],
      },
    ]);
    const totals = first(invoice.LegalMonetaryTotal);
    expect(cents(totals.AllowanceTotalAmount)).toBe(500);
    expect(cents(totals.PrepaidAmount)).toBe(300);
    expect(cents(totals.PayableAmount)).toBe(bill.total);
    const tax = first(invoice.TaxTotal);
    // (39.50 - 5.00) + 3.45 service charge = 37.95 taxable.
    expect(cents(first(tax.TaxSubtotal).TaxableAmount)).toBe(3795);
    expect(cents(tax.TaxAmount)).toBe(bill.lines.find((line) => line.key === 'bill.sst')!.amount);
  });

  it('delivery with packaging and an SST on the delivery fee -> each charge a line, delivery tax on the fee only', () => {
    const { bill, invoice } = invoiceFor({
      lines: ITEMS.map((item) => ({
        unitPrice: item.unitPrice,
        quantity: item.quantity,
        packagingCharge: 50,
      })),
      serviceChargeRate: 0,
      deliveryFee: 500,
      taxes: [
        { key: 'bill.sst', rate: 600, base: 'subtotal' },
        { key: 'bill.sstDelivery', rate: 800, base: 'delivery' },
      ],
    });
    const lines = invoice.InvoiceLine as Json[];
    expect(lines.map((line) => val(line.ID))).toEqual(['1', '2', 'packaging', 'deliveryFee']);
    const delivery = lines[3]!;
    expect(cents(first(delivery.TaxTotal).TaxAmount)).toBe(40);
    expect(first(delivery.TaxTotal).TaxSubtotal as Json[]).toHaveLength(1);
    expect(cents(first(invoice.LegalMonetaryTotal).PayableAmount)).toBe(bill.total);
  });

  it('restaurant without tax -> every line and the document carry tax type 06 with 0', () => {
    const { invoice } = invoiceFor({});
    const tax = first(invoice.TaxTotal);
    expect(cents(tax.TaxAmount)).toBe(0);
    expect(first(first(tax.TaxSubtotal).TaxCategory).ID).toEqual([{ _: '06' }]);
    for (const line of invoice.InvoiceLine as Json[]) {
      expect(first(first(first(line.TaxTotal).TaxSubtotal).TaxCategory).ID).toEqual([{ _: '06' }]);
    }
  });

  it('items that do not add up to the bill subtotal -> refused rather than a wrong legal document', () => {
    const bill = computeBill({ currency: 'MYR', lines: [{ unitPrice: 100, quantity: 1 }] });
    expect(() =>
      buildUblInvoice({
        invoiceNumber: 'X',
        issuedAt: new Date(0),
        supplier: SUPPLIER,
        buyer: BUYER,
        items: ITEMS,
        bill,
        label: () => '',
      }),
    ).toThrow(RangeError);
  });
});

describe('buildUblInvoice for a share of a table tab', () => {
  it('a third of a dish (amount given, quantity a fraction) and a tip -> the tip untaxed, payable = bill total + tip', () => {
    // A share's own lines: a third of Nasi Lemak 2 x 14.50 (9.67), its service charge and SST parts.
    const bill = {
      currency: 'MYR' as const,
      lineTotals: [967],
      subtotal: 967,
      lines: [
        { key: 'bill.subtotal', amount: 967 },
        { key: 'bill.serviceCharge', amount: 97, rate: 1000 },
        { key: 'bill.sst', amount: 64, rate: 600 },
      ],
      total: 1128,
    };
    const document = buildUblInvoice({
      invoiceNumber: 'SANTAP-S7',
      issuedAt: new Date('2026-11-23T04:05:06Z'),
      supplier: SUPPLIER,
      buyer: BUYER,
      items: [{ id: '1', description: 'Nasi Lemak', quantity: 0.3334, unitPrice: 1450, amount: 967 }],
      bill,
      extras: [{ id: 'tip', description: 'Tip', amount: 200 }],
      taxBases: { 'bill.sst': 'subtotal_service' },
      label: (line) => line.key,
    });
    const invoice = first(document.Invoice);
    const lines = invoice.InvoiceLine as Json[];
    expect(lines.map((line) => val(line.ID))).toEqual(['1', 'serviceCharge', 'tip']);
    expect(lines.map((line) => cents(line.LineExtensionAmount))).toEqual([967, 97, 200]);
    expect(lines[0]!.InvoicedQuantity).toEqual([{ _: 0.3334, unitCode: 'C62' }]);
    expect(lines.map((line) => cents(first(line.TaxTotal).TaxAmount))).toEqual([58, 6, 0]);
    const totals = first(invoice.LegalMonetaryTotal);
    expect(cents(totals.TaxInclusiveAmount)).toBe(967 + 97 + 200 + 64);
    expect(cents(totals.PayableAmount)).toBe(1328);
    expect(() =>
      buildUblInvoice({
        invoiceNumber: 'SANTAP-S7',
        issuedAt: new Date(),
        supplier: SUPPLIER,
        buyer: BUYER,
        items: [{ id: '1', description: 'Nasi Lemak', quantity: 0.3334, unitPrice: 1450, amount: 966 }],
        bill,
        label: () => '',
      }),
    ).toThrow(RangeError);
  });
});

describe('allocate', () => {
  it('261 over [2900, 1050, 395] -> parts in proportion adding up to 261', () => {
    const parts = allocate(261, [2900, 1050, 395]);
    expect(parts).toEqual([174, 63, 24]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(261);
  });

  it('1 over three equal weights -> the first gets it', () => {
    expect(allocate(1, [5, 5, 5])).toEqual([1, 0, 0]);
  });

  it('weights summing to 0 -> all to the first', () => {
    expect(allocate(7, [0, 0])).toEqual([7, 0]);
  });
});

describe('ringgit', () => {
  it('1250 sen -> 12.5; 5 -> 0.05', () => {
    expect(ringgit(1250)).toBe(12.5);
    expect(ringgit(5)).toBe(0.05);
  });
});
