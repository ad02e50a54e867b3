/**
 * The invoice as words and formatted amounts in one language: what the HTML mail and the PDF both
 * print, so the two never disagree. Building it is pure (no database, no clock).
 */
import { ORDER_TYPE, formatMoney, intlLocale } from '@santap/domain';
import type { Bill, Currency, Language } from '@santap/domain';
import type { Translated } from '../../../db/schema';
import { labelledBill } from '../../flows/ordering/pricing';
import { pick } from '../../model/restaurants';
import type { InvoiceShareSource, ShareDish } from './share-source';

/**
 * Every `invoice.*` catalogue key the invoice and its confirmation mail print (a test checks the
 * catalogues hold no other).
 */
export const INVOICE_KEYS = [
  'invoice.title',
  'invoice.foodCourtTitle',
  'invoice.subject',
  'invoice.foodCourtSubject',
  'invoice.orderId',
  'invoice.foodCourtOrderId',
  'invoice.dateTime',
  'invoice.table',
  'invoice.orderType',
  'invoice.item',
  'invoice.quantity',
  'invoice.unitPrice',
  'invoice.amount',
  'invoice.itemDeclined',
  'invoice.taxIncluded',
  'invoice.grandTotal',
  'invoice.paymentStatus',
  'invoice.paid',
  'invoice.partiallyPaid',
  'invoice.unpaid',
  'invoice.refunded',
  'invoice.thanks',
  'invoice.pdfAttached',
  'invoice.fileName',
  'invoice.page',
  'invoice.confirmSubject',
  'invoice.confirmIntro',
  'invoice.confirmAction',
  'invoice.confirmedSent',
  'invoice.shareTitle',
  'invoice.shareSubject',
  'invoice.shareId',
  'invoice.sharePart',
  'invoice.wholeOrder',
  'invoice.tip',
  'invoice.paymentMethod',
  'invoice.methodCash',
  'invoice.methodCard',
  'invoice.methodWallet',
  'invoice.methodNetBanking',
  'invoice.shareConfirmSubject',
  'invoice.shareConfirmIntro',
] as const;

export type Translate = (key: string, values?: Record<string, string | number>) => string;

export interface InvoiceOrderSource {
  order: {
    id: number;
    createdAt: Date;
    orderType: number;
    pickupType: string | null;
    tableNo: string | null;
    paymentStatus: string;
    bill: Bill;
  };
  restaurant: { name: Translated; address: string | null; timeZone: string };
  items: {
    id: number;
    name: Translated;
    quantity: number;
    unitPrice: number;
    options: { groupId: string; optionId: string; price: number }[];
    status: string;
  }[];
  /** Option names by `groupId/optionId`, from the menu. */
  optionNames: ReadonlyMap<string, Translated>;
}

export interface InvoiceLine {
  name: string;
  options: string[];
  /** As printed: a whole number, or the fraction of a dish a share pays ('0.33'). */
  quantity: string;
  unitPrice: string;
  amount: string;
  declined: boolean;
}

export interface InvoiceAmountLine {
  label: string;
  amount: string;
  /** A tax already contained in the other lines (shown, not added). */
  included: boolean;
}

export interface InvoiceSection {
  /** Null for a share's receipt. */
  orderId: number | null;
  restaurantName: string;
  restaurantAddress: string | null;
  details: { label: string; value: string }[];
  lines: InvoiceLine[];
  bill: InvoiceAmountLine[];
  total: InvoiceAmountLine;
}

export interface InvoiceModel {
  lang: Language;
  title: string;
  subject: string;
  /** Without extension. */
  fileName: string;
  /** Lines above the sections (the food-court order id and its mall). */
  heading: { label: string; value: string }[];
  sections: InvoiceSection[];
  grandTotal: InvoiceAmountLine | null;
  columns: { item: string; quantity: string; unitPrice: string; amount: string };
  words: { itemDeclined: string; taxIncluded: string; thanks: string; pdfAttached: string };
  /** 'Page {{page}} of {{pages}}' in the invoice's language. */
  pageLabel: (page: number, pages: number) => string;
}

/** Zones whose diners know them by name (Indonesia has three); others print their UTC offset. */
const ZONE_NAMES: Readonly<Record<string, string>> = {
  'Asia/Kuala_Lumpur': 'MYT',
  'Asia/Kuching': 'MYT',
  'Asia/Jakarta': 'WIB',
  'Asia/Pontianak': 'WIB',
  'Asia/Makassar': 'WITA',
  'Asia/Jayapura': 'WIT',
};

/**
 * An instant as a receipt prints it in the restaurant's zone: `23/11/2026 12:00 MYT` (day first, as in
 * Malaysia and Indonesia, 24-hour clock). Built from parts so every runtime prints the same.
 */
export function formatInvoiceDateTime(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'shortOffset',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const zone = ZONE_NAMES[timeZone] ?? part('timeZoneName');
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')} ${zone}`;
}

function orderTypeKey(orderType: number, pickupType: string | null): string {
  if (orderType === ORDER_TYPE.DINE_IN) return 'orderType.dineIn';
  if (orderType === ORDER_TYPE.DELIVERY) return 'orderType.delivery';
  return pickupType === 'takeaway' ? 'orderType.takeaway' : 'orderType.pickup';
}

function paymentKey(paymentStatus: string): string {
  if (paymentStatus === 'paid') return 'invoice.paid';
  if (paymentStatus === 'partial paid') return 'invoice.partiallyPaid';
  if (paymentStatus === 'refunded' || paymentStatus === 'refund initiated') return 'invoice.refunded';
  return 'invoice.unpaid';
}

function sectionOf(source: InvoiceOrderSource, lang: Language, t: Translate): InvoiceSection {
  const { order, restaurant } = source;
  const currency = order.bill.currency as Currency;
  const money = (minor: number) => formatMoney(minor, currency, lang);
  const details = [
    { label: t('invoice.orderId'), value: `#${order.id}` },
    { label: t('invoice.dateTime'), value: formatInvoiceDateTime(order.createdAt, restaurant.timeZone) },
    { label: t('invoice.orderType'), value: t(orderTypeKey(order.orderType, order.pickupType)) },
    ...(order.tableNo && order.orderType === ORDER_TYPE.DINE_IN
      ? [{ label: t('invoice.table'), value: order.tableNo }]
      : []),
    { label: t('invoice.paymentStatus'), value: t(paymentKey(order.paymentStatus)) },
  ];
  const labelled = labelledBill(order.bill, t);
  return {
    orderId: order.id,
    restaurantName: pick(restaurant.name, lang),
    restaurantAddress: restaurant.address,
    details,
    lines: source.items.map((item) => ({
      name: pick(item.name, lang),
      options: item.options.map(
        (option) =>
          pick(source.optionNames.get(`${option.groupId}/${option.optionId}`), lang) || option.optionId,
      ),
      quantity: String(item.quantity),
      unitPrice: money(item.unitPrice),
      amount: money(item.unitPrice * item.quantity),
      declined: item.status === 'declined',
    })),
    bill: labelled.lines.map((line) => ({
      label: line.label,
      amount: money(line.amount),
      included: line.included === true,
    })),
    total: { label: t('bill.total'), amount: money(labelled.total), included: false },
  };
}

function common(lang: Language, t: Translate) {
  return {
    lang,
    columns: {
      item: t('invoice.item'),
      quantity: t('invoice.quantity'),
      unitPrice: t('invoice.unitPrice'),
      amount: t('invoice.amount'),
    },
    words: {
      itemDeclined: t('invoice.itemDeclined'),
      taxIncluded: t('invoice.taxIncluded'),
      thanks: t('invoice.thanks'),
      pdfAttached: t('invoice.pdfAttached'),
    },
    pageLabel: (page: number, pages: number) => t('invoice.page', { page, pages }),
  };
}

/** The invoice of one order. */
export function orderInvoiceModel(source: InvoiceOrderSource, lang: Language, t: Translate): InvoiceModel {
  const section = sectionOf(source, lang, t);
  return {
    ...common(lang, t),
    title: t('invoice.title'),
    subject: t('invoice.subject', { restaurant: section.restaurantName, orderId: source.order.id }),
    fileName: t('invoice.fileName', { id: source.order.id }),
    heading: [],
    sections: [section],
    grandTotal: null,
  };
}

/** One invoice for a food-court order: each outlet's order with its own bill, then the grand total. */
export function foodCourtInvoiceModel(
  fc: { id: number; mallName: Translated; currency: Currency },
  sources: InvoiceOrderSource[],
  lang: Language,
  t: Translate,
): InvoiceModel {
  const mall = pick(fc.mallName, lang);
  const grand = sources.reduce((sum, source) => sum + source.order.bill.total, 0);
  return {
    ...common(lang, t),
    title: t('invoice.foodCourtTitle'),
    subject: t('invoice.foodCourtSubject', { mall, fcOrderId: fc.id }),
    fileName: t('invoice.fileName', { id: `fc-${fc.id}` }),
    heading: [
      { label: mall, value: '' },
      { label: t('invoice.foodCourtOrderId'), value: `#${fc.id}` },
    ],
    sections: sources.map((source) => sectionOf(source, lang, t)),
    grandTotal: {
      label: t('invoice.grandTotal'),
      amount: formatMoney(grand, fc.currency, lang),
      included: false,
    },
  };
}

/**
 * The fraction of a dish a share pays, as a quantity: the whole quantity when it pays all of the
 * dish, else its part of the price over the unit price, to 4 decimals (MyInvois takes decimals).
 */
export function quantityOf(dish: Pick<ShareDish, 'whole' | 'unitPrice' | 'quantity' | 'subtotal'>): number {
  if (dish.whole || dish.unitPrice <= 0) return dish.quantity;
  return Math.round((dish.subtotal / dish.unitPrice) * 10_000) / 10_000;
}

/** A share's payment method ('Cash', 'Card', 'Wallet', 'Net Banking', as payments name them) in words. */
const METHOD_KEYS: Readonly<Record<string, string>> = {
  Cash: 'invoice.methodCash',
  Card: 'invoice.methodCard',
  Wallet: 'invoice.methodWallet',
  'Net Banking': 'invoice.methodNetBanking',
};

/**
 * The receipt of a payer's share of a table's tab (apps/api docs/tabs.md, "Receipts and e-invoices
 * per share"): the dishes it pays part of (each with its part of the price, the fraction of the dish
 * as quantity), the share's own lines (service charge, taxes, discounts, rounding), its tip, and its
 * amount as the total; the share's number, when it was paid, the table and how.
 */
export function shareInvoiceModel(source: InvoiceShareSource, lang: Language, t: Translate): InvoiceModel {
  const { share, restaurant } = source;
  const money = (minor: number) => formatMoney(minor, share.currency, lang);
  const quantity = new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: 2 });
  const restaurantName = pick(restaurant.name, lang);
  const method = METHOD_KEYS[share.method];
  const labelled = labelledBill(
    { currency: share.currency, lineTotals: [], subtotal: 0, lines: share.lines, total: 0 },
    t,
  ).lines;
  const section: InvoiceSection = {
    orderId: null,
    restaurantName,
    restaurantAddress: restaurant.address,
    details: [
      { label: t('invoice.shareId'), value: `#${share.id}` },
      { label: t('invoice.dateTime'), value: formatInvoiceDateTime(source.paidAt, restaurant.timeZone) },
      ...(source.tableLabel ? [{ label: t('invoice.table'), value: source.tableLabel }] : []),
      { label: t('invoice.paymentMethod'), value: method ? t(method) : share.method },
      {
        label: t('invoice.paymentStatus'),
        value: t(share.state === 'paid' ? 'invoice.paid' : 'invoice.unpaid'),
      },
    ],
    lines: source.dishes.map((dish) => {
      const item = dish.item;
      const options = item
        ? item.options.map(
            (option) =>
              pick(source.optionNames.get(`${option.groupId}/${option.optionId}`), lang) || option.optionId,
          )
        : [];
      return {
        name: item ? pick(item.name, lang) : t('invoice.wholeOrder', { id: dish.orderId }),
        options: dish.whole ? options : [...options, t('invoice.sharePart')],
        quantity: quantity.format(quantityOf(dish)),
        unitPrice: money(dish.unitPrice),
        amount: money(dish.subtotal),
        declined: item?.status === 'declined',
      };
    }),
    bill: [
      ...labelled.map((line) => ({
        label: line.label,
        amount: money(line.amount),
        included: line.included === true,
      })),
      ...(share.tip > 0 ? [{ label: t('invoice.tip'), amount: money(share.tip), included: false }] : []),
    ],
    total: { label: t('bill.total'), amount: money(share.amount), included: false },
  };
  return {
    ...common(lang, t),
    title: t('invoice.shareTitle'),
    subject: t('invoice.shareSubject', { restaurant: restaurantName, shareId: share.id }),
    fileName: t('invoice.fileName', { id: `s${share.id}` }),
    heading: [],
    sections: [section],
    grandTotal: null,
  };
}
