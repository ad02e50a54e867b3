/**
 * The diner's receipt: the restaurant with its tax details (SST registration number and TIN in
 * Malaysia, NPWPD in Indonesia, when it has them), the order, its dishes with their amounts, the
 * bill lines as the order's `bill` holds them (subtotal, discounts, service charge, taxes, rounding)
 * and its total, the payment, and in Malaysia the QR through which the diner requests an e-invoice.
 */
import type { PrintBlock, PrintDocument } from '../../../adapters/printers/document';
import { paginate } from '../../../adapters/printers/layout';
import { labelledBill } from '../../../flows/ordering/pricing';
import type { DocketInput, DocketTaxDetails, LayoutOptions } from './input';
import type { Translator } from './words';
import {
  dishOf,
  headlineOf,
  moneyOf,
  optionsOf,
  orderTypeOf,
  paymentNameOf,
  placedAtOf,
  translatorFor,
} from './words';

const centered = (text: string): PrintBlock => ({ kind: 'text', text, align: 'center' });

function taxDetails(
  tax: DocketTaxDetails | null | undefined,
  input: DocketInput,
  t: Translator,
): PrintBlock[] {
  if (!tax) return [];
  const lines: (string | null)[] = [
    tax.companyName && tax.companyName !== input.restaurant.name ? tax.companyName : null,
    tax.registrationNo ? t('docket.receipt.registrationNo', { value: tax.registrationNo }) : null,
    tax.sstNo ? t('docket.receipt.sstNo', { value: tax.sstNo }) : null,
    tax.tin ? t('docket.receipt.tin', { value: tax.tin }) : null,
    tax.npwpd ? t('docket.receipt.npwpd', { value: tax.npwpd }) : null,
  ];
  return lines.flatMap((line) => (line ? [centered(line)] : []));
}

function restaurantBlocks(input: DocketInput, t: Translator): PrintBlock[] {
  const { restaurant } = input;
  return [
    { kind: 'heading', text: restaurant.name },
    ...(restaurant.address ? [centered(restaurant.address)] : []),
    ...(restaurant.phone ? [centered(t('docket.receipt.phone', { value: restaurant.phone }))] : []),
    ...taxDetails(restaurant.tax, input, t),
  ];
}

function billBlocks(input: DocketInput, options: LayoutOptions, t: Translator): PrintBlock[] {
  if (!input.bill) return [];
  const bill = labelledBill(input.bill, (key, values) => t(key as Parameters<Translator>[0], values));
  const money = (minor: number) => moneyOf(input, minor, options.lang);
  return [
    ...bill.lines.map((line): PrintBlock => ({
      kind: 'columns',
      left: line.label,
      right: line.included ? `(${money(line.amount)})` : money(line.amount),
    })),
    { kind: 'rule', char: '=' },
    { kind: 'columns', left: t('bill.total'), right: money(bill.total), bold: true },
  ];
}

function paymentBlocks(input: DocketInput, options: LayoutOptions, t: Translator): PrintBlock[] {
  const { payment } = input;
  if (!payment || payment.paidAt === null)
    return [{ kind: 'text', text: t('docket.receipt.unpaid'), bold: true }];
  return [
    {
      kind: 'columns',
      left: t('docket.receipt.paid', { method: paymentNameOf(payment, t) }),
      right: moneyOf(input, payment.amount, options.lang),
    },
    ...(payment.reference
      ? [{ kind: 'text' as const, text: t('docket.receipt.reference', { value: payment.reference }) }]
      : []),
  ];
}

/**
 * A receipt of `input`: every active line with its amount, then the bill and the payment. The
 * e-invoice QR prints for a Malaysian restaurant when `einvoiceUrl` is set.
 */
export function receipt(input: DocketInput, options: LayoutOptions): PrintDocument {
  const t = translatorFor(options.lang);
  const lines = input.lines.filter((line) => line.status === 'active');
  const einvoice = input.restaurant.country === 'MY' && input.einvoiceUrl ? input.einvoiceUrl : null;
  const blocks: PrintBlock[] = [
    ...(options.reprint ? [{ kind: 'inverse' as const, text: t('docket.reprint') }] : []),
    ...restaurantBlocks(input, t),
    { kind: 'feed', lines: 1 },
    { kind: 'text', text: t('docket.receipt.title'), bold: true, align: 'center' },
    { kind: 'text', text: `${t('docket.order', { number: input.orderNo })} · ${orderTypeOf(input, t)}` },
    ...(input.tableName || input.queueNo !== null
      ? [{ kind: 'text' as const, text: headlineOf(input, t) }]
      : []),
    { kind: 'text', text: t('docket.receipt.date', { value: placedAtOf(input) }) },
    { kind: 'rule' },
    ...lines.flatMap((line): PrintBlock[] => [
      { kind: 'columns', left: dishOf(line, options.lang), right: moneyOf(input, line.amount, options.lang) },
      ...optionsOf(line, options.lang).map((text): PrintBlock => ({ kind: 'text', text: `   ${text}` })),
    ]),
    { kind: 'rule' },
    ...billBlocks(input, options, t),
    { kind: 'feed', lines: 1 },
    ...paymentBlocks(input, options, t),
    ...(einvoice
      ? [
          { kind: 'feed' as const, lines: 1 },
          centered(t('docket.einvoice')),
          { kind: 'qr' as const, data: einvoice },
        ]
      : []),
    { kind: 'feed', lines: 1 },
    centered(t('docket.thanks')),
    { kind: 'feed', lines: 1 },
  ];
  const title = `${t('docket.receipt.title')} · ${t('docket.order', { number: input.orderNo })}`;
  return paginate({ blocks }, options.width, {
    header: (part, parts) => [
      {
        kind: 'text',
        text: `${title} · ${t('docket.continued', { part, parts })}`,
        bold: true,
        align: 'center',
      },
      { kind: 'rule' },
    ],
    footer: () => [{ kind: 'rule' }, centered(t('docket.continuesOnNext'))],
  });
}
