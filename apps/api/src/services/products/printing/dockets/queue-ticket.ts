/**
 * The ticket a kiosk hands the diner: the queue number as large as the printer prints, what was
 * ordered, the total, and a line telling them to wait for the number to be called.
 */
import type { PrintBlock, PrintDocument } from '../../../adapters/printers/document';
import type { DocketInput, LayoutOptions } from './input';
import { dishOf, moneyOf, orderTypeOf, placedAtOf, translatorFor } from './words';

/**
 * A queue ticket of `input`: its queue number (its order number when it has none), the order type
 * and time, its active lines, the total, and the wait line.
 */
export function queueTicket(input: DocketInput, options: LayoutOptions): PrintDocument {
  const t = translatorFor(options.lang);
  const number = input.queueNo !== null ? String(input.queueNo) : `#${input.orderNo}`;
  const lines = input.lines.filter((line) => line.status === 'active');
  const blocks: PrintBlock[] = [
    ...(options.reprint ? [{ kind: 'inverse' as const, text: t('docket.reprint') }] : []),
    { kind: 'text', text: input.restaurant.name, bold: true, align: 'center' },
    { kind: 'feed', lines: 1 },
    { kind: 'text', text: t('docket.queueTicket.title'), align: 'center' },
    { kind: 'heading', text: number },
    {
      kind: 'text',
      text: `${orderTypeOf(input, t)} · ${t('docket.order', { number: input.orderNo })}`,
      align: 'center',
    },
    { kind: 'text', text: placedAtOf(input), align: 'center' },
    { kind: 'rule' },
    ...lines.map((line): PrintBlock => ({ kind: 'text', text: dishOf(line, options.lang) })),
    ...(input.bill
      ? [
          { kind: 'rule' as const },
          {
            kind: 'columns' as const,
            left: t('bill.total'),
            right: moneyOf(input, input.bill.total, options.lang),
            bold: true,
          },
        ]
      : []),
    { kind: 'feed', lines: 1 },
    { kind: 'text', text: t('docket.queueTicket.wait'), align: 'center' },
    { kind: 'feed', lines: 1 },
  ];
  return { blocks };
}
