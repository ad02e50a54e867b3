import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { computeBill, formatMoney } from '@santap/domain';
import type { Language } from '@santap/domain';
import { TRANSLATION_KEYS, createTranslator } from '@santap/i18n';
import {
  INVOICE_KEYS,
  foodCourtInvoiceModel,
  formatInvoiceDateTime,
  orderInvoiceModel,
  shareInvoiceModel,
} from './model';
import type { InvoiceShareSource } from './share-source';
import type { InvoiceOrderSource, Translate } from './model';
import { renderInvoicePdf, winAnsiSafe } from './pdf';
import { renderInvoiceHtml, renderInvoiceText } from './render';
import { escapeHtml } from '../../../lib/html';

const translate = (lang: Language) => createTranslator(lang) as Translate;

function source(overrides: { name?: string; restaurant?: string; items?: number } = {}): InvoiceOrderSource {
  const count = overrides.items ?? 2;
  const items = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    name: {
      en: overrides.name ?? `Nasi Lemak ${i + 1}`,
      id: overrides.name ?? `Nasi Uduk ${i + 1}`,
      my: overrides.name ?? `Nasi Lemak Berempah ${i + 1}`,
    },
    quantity: 2,
    unitPrice: 1450,
    options: [{ groupId: 'side', optionId: 'egg', price: 0 }],
    // Rows read from the database carry the diner's notes; the invoice must not print them.
    notes: '<b>no onions</b>',
    status: i === 1 ? 'declined' : 'active',
  }));
  return {
    order: {
      id: 42,
      createdAt: new Date('2026-11-23T04:00:00Z'),
      orderType: 1,
      pickupType: null,
      tableNo: 'T3',
      paymentStatus: 'paid',
      bill: computeBill({
        currency: 'MYR',
        lines: items.map((item) => ({ unitPrice: item.unitPrice, quantity: item.quantity })),
        serviceChargeRate: 1000,
        taxes: [{ key: 'bill.sst', rate: 600, base: 'subtotal_service' }],
      }),
    },
    restaurant: {
      name: {
        en: overrides.restaurant ?? 'Kopitiam Ali',
        id: overrides.restaurant ?? 'Kopitiam Ali',
        my: overrides.restaurant ?? 'Kopitiam Ali',
      },
      address: 'Jalan Tun Perak, 50050 Kuala Lumpur',
      timeZone: 'Asia/Kuala_Lumpur',
    },
    items,
    optionNames: new Map([['side/egg', { en: 'Fried egg', id: 'Telur ceplok', my: 'Telur mata' }]]),
  };
}

describe('formatInvoiceDateTime', () => {
  it.each([
    ['Asia/Kuala_Lumpur', '23/11/2026 12:00 MYT'],
    ['Asia/Jakarta', '23/11/2026 11:00 WIB'],
    ['Asia/Makassar', '23/11/2026 12:00 WITA'],
    ['Asia/Jayapura', '23/11/2026 13:00 WIT'],
    ['Asia/Kolkata', '23/11/2026 09:30 GMT+5:30'],
  ])('2026-11-23T04:00Z in %s -> %s', (zone, expected) => {
    expect(formatInvoiceDateTime(new Date('2026-11-23T04:00:00Z'), zone)).toBe(expected);
  });

  it('23:30 UTC in Kuala Lumpur -> the next day, 07:30', () => {
    expect(formatInvoiceDateTime(new Date('2026-11-23T23:30:00Z'), 'Asia/Kuala_Lumpur')).toBe(
      '24/11/2026 07:30 MYT',
    );
  });
});

describe('invoice words', () => {
  it('catalogues hold exactly the invoice.* keys the invoice prints', () => {
    expect(TRANSLATION_KEYS.filter((key) => key.startsWith('invoice.')).sort()).toEqual(
      [...INVOICE_KEYS].sort(),
    );
  });

  it.each(['en', 'id', 'my'] as const)(
    '%s model -> every invoice key translated (no raw key left)',
    (lang) => {
      const model = orderInvoiceModel(source(), lang, translate(lang));
      const html = renderInvoiceHtml(model) + renderInvoiceText(model) + model.pageLabel(1, 2);
      expect(html).not.toMatch(/invoice\.[a-zA-Z]+/);
      expect(html).not.toMatch(/bill\.[a-zA-Z]+/);
    },
  );
});

/** A share paying a third of one dish and all of another, with a tip, paid by e-wallet. */
function shareSourceOf(): InvoiceShareSource {
  const order = source();
  const [first, second] = order.items;
  return {
    share: {
      id: 9,
      tabId: 3,
      memberId: 4,
      paymentId: 5,
      state: 'paid',
      request: { kind: 'lines' },
      allocation: [],
      lines: [
        { key: 'bill.subtotal', amount: 3867 },
        { key: 'bill.serviceCharge', amount: 387, rate: 1000 },
        { key: 'bill.sst', amount: 255, rate: 600 },
      ],
      settles: 4509,
      tip: 300,
      amount: 4809,
      currency: 'MYR',
      method: 'Wallet',
      holdUntil: null,
      createdAt: new Date('2026-11-23T04:00:00Z'),
      settledAt: new Date('2026-11-23T04:10:00Z'),
    },
    restaurant: {
      name: order.restaurant.name,
      address: order.restaurant.address,
      timeZone: 'Asia/Kuala_Lumpur',
    },
    tableLabel: 'T3',
    dishes: [
      {
        lineId: '1',
        orderId: 42,
        item: { ...first!, orderId: 42, itemId: 1 },
        subtotal: 967,
        unitPrice: 1450,
        quantity: 2,
        whole: false,
      },
      {
        lineId: '2',
        orderId: 42,
        item: { ...second!, orderId: 42, itemId: 2 },
        subtotal: 2900,
        unitPrice: 1450,
        quantity: 2,
        whole: true,
      },
    ],
    orderIds: [42],
    optionNames: order.optionNames,
    paidAt: new Date('2026-11-23T04:10:00Z'),
  } as unknown as InvoiceShareSource;
}

describe('shareInvoiceModel', () => {
  it.each(['en', 'id', 'my'] as const)('%s share receipt -> every word translated, tip and total', (lang) => {
    const model = shareInvoiceModel(shareSourceOf(), lang, translate(lang));
    const html = renderInvoiceHtml(model) + renderInvoiceText(model);
    expect(html).not.toMatch(/invoice\.[a-zA-Z]+/);
    expect(html).not.toMatch(/bill\.[a-zA-Z]+/);
    const [section] = model.sections;
    expect(section!.lines.map((line) => line.quantity)).toEqual([lang === 'id' ? '0,67' : '0.67', '2']);
    expect(section!.bill.at(-1)).toMatchObject({ label: translate(lang)('invoice.tip') });
    expect(section!.total.amount).toBe(formatMoney(4809, 'MYR', lang));
  });

  it('English -> share number, paid time, table, method in words; a part of a dish says so', () => {
    const model = shareInvoiceModel(shareSourceOf(), 'en', translate('en'));
    expect(model.subject).toBe('Your receipt from Kopitiam Ali - your share #9');
    expect(model.sections[0]!.details).toEqual([
      { label: 'Share', value: '#9' },
      { label: 'Date and time', value: '23/11/2026 12:10 MYT' },
      { label: 'Table', value: 'T3' },
      { label: 'Paid with', value: 'E-wallet' },
      { label: 'Payment', value: 'Paid' },
    ]);
    expect(model.sections[0]!.lines[0]!.options).toContain('your part of this dish');
    expect(model.sections[0]!.lines[1]!.options).not.toContain('your part of this dish');
  });
});

describe('renderInvoiceHtml', () => {
  it('Malay order -> Malay labels, money as RM 12.50, declined item marked, no diner free text', () => {
    const html = renderInvoiceHtml(orderInvoiceModel(source(), 'my', translate('my')));
    expect(html).toContain('<html lang="ms">');
    expect(html).toContain('Invois');
    expect(html).toContain('Caj Perkhidmatan 10%');
    expect(html).toContain('RM 29.00');
    expect(html).toContain('Telur mata');
    expect(html).toContain('ditolak oleh restoran');
    expect(html).toContain('Telah dibayar');
    // The mail goes to a typed address: a stranger's words must not ride on our domain.
    expect(html).not.toContain('no onions');
  });

  it('Indonesian food-court invoice -> each outlet, then Total keseluruhan', () => {
    const model = foodCourtInvoiceModel(
      { id: 7, mallName: { en: 'Mall Demo', id: 'Pujasera Mall Demo', my: 'Medan Selera' }, currency: 'MYR' },
      [source({ restaurant: 'Outlet A' }), source({ restaurant: 'Outlet B' })],
      'id',
      translate('id'),
    );
    const html = renderInvoiceHtml(model);
    expect(model.subject).toBe('Faktur Anda dari Pujasera Mall Demo - pesanan pujasera #7');
    expect(html.indexOf('Outlet A')).toBeLessThan(html.indexOf('Outlet B'));
    expect(html).toContain('Total keseluruhan');
  });

  it('escapeHtml -> & < > " \' escaped', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('winAnsiSafe', () => {
  const charsetOf = async () => {
    const doc = await PDFDocument.create();
    return new Set((await doc.embedFont(StandardFonts.Helvetica)).getCharacterSet());
  };

  it.each([
    ['Warung Bu Siti — Soto Betawi “Spesial” 12.000', 'Warung Bu Siti — Soto Betawi “Spesial” 12.000'],
    ['Kuih Şeri Muka, Ħalwa, Łódź, đồ ăn', 'Kuih Seri Muka, Halwa, Lódz, do an'],
    ['Nasi Kandar 炒粿條 🍛', 'Nasi Kandar ??? ?'],
    ['Café crème brûlée', 'Café crème brûlée'],
    ['Line one\nline two\ttab', 'Line one line two tab'],
    ['Rp\u00a015.000 → RM\u202f5', 'Rp\u00a015.000 -> RM 5'],
  ])('%j -> %j', async (input, expected) => {
    expect(winAnsiSafe(input, await charsetOf())).toBe(expected);
  });

  it('decomposed accents (NFD input) -> composed where WinAnsi has the letter, bare otherwise', async () => {
    expect(winAnsiSafe('Ca\u0301fe\u0301 S\u0327ahak', await charsetOf())).toBe('Cáfé Sahak');
  });
});

describe('renderInvoicePdf', () => {
  it('Malay order with an Indonesian/Malay/Chinese dish name -> a PDF (%PDF) titled in Malay', async () => {
    const model = orderInvoiceModel(
      source({
        name: 'Nasi Goreng Kampung Istimewa — Ayam Berempah 炒饭 🍗',
        restaurant: 'Warung Pak Şahak',
      }),
      'my',
      translate('my'),
    );
    const pdf = await renderInvoicePdf(model, new Date('2026-11-23T04:00:00Z'));
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');
    const loaded = await PDFDocument.load(pdf);
    expect(loaded.getTitle()).toBe('Invois anda daripada Warung Pak Sahak - pesanan #42');
    expect(loaded.getPageCount()).toBe(1);
  });

  it('sixty items -> several A4 pages', async () => {
    const pdf = await renderInvoicePdf(
      orderInvoiceModel(source({ items: 60 }), 'en', translate('en')),
      new Date('2026-11-23T04:00:00Z'),
    );
    const loaded = await PDFDocument.load(pdf);
    expect(loaded.getPageCount()).toBeGreaterThan(1);
    expect(loaded.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });
  });
});
