/**
 * The kitchen's docket: what to make (a new order), what was added to it later (only the new lines),
 * or what no longer is (cancelled or declined lines). The table or queue number large at the top,
 * the diner's allergies and special request in reverse before the dishes, each dish with its
 * options and notes in the kitchen's language. A reprint says so above everything.
 */
import type { PrintBlock, PrintDocument } from '../../../adapters/printers/document';
import { paginate } from '../../../adapters/printers/layout';
import type { DocketInput, KitchenDocketOptions } from './input';
import type { Translator } from './words';
import { allergiesOf, dishOf, headlineOf, optionsOf, orderTypeOf, placedAtOf, translatorFor } from './words';

const KIND_KEYS = {
  new: 'docket.kind.new',
  added: 'docket.kind.added',
  cancelled: 'docket.kind.cancelled',
} as const;

/** The top of every docket, and of every slip of a long one: reprint mark, kind, who it is for. */
function header(input: DocketInput, options: KitchenDocketOptions, t: Translator): PrintBlock[] {
  return [
    ...(options.reprint ? [{ kind: 'inverse' as const, text: t('docket.reprint') }] : []),
    options.kind === 'new'
      ? { kind: 'text', text: t(KIND_KEYS.new), bold: true, align: 'center' }
      : { kind: 'heading', text: t(KIND_KEYS[options.kind]) },
    { kind: 'heading', text: headlineOf(input, t) },
  ];
}

/**
 * A kitchen docket of `input.lines` (the caller picks them: every line of a new order, the batch's
 * lines for `added`, the cancelled or declined ones for `cancelled`). Longer than one slip, it is
 * split into several, each repeating who it is for and counting `continued 2/3`.
 *
 * @example
 * ```ts
 * kitchenDocket(input, { lang: 'my', width: 80, kind: 'added' });
 * // TAMBAHAN / Meja T5 / Makan di Sini · Pesanan #1042 / 23/11/2026 12:00 MYT / 1 x Teh tarik …
 * ```
 */
export function kitchenDocket(input: DocketInput, options: KitchenDocketOptions): PrintDocument {
  const t = translatorFor(options.lang);
  const allergies = allergiesOf(input, t);
  const count = input.lines.reduce((sum, line) => sum + line.quantity, 0);
  const subtitle = [
    orderTypeOf(input, t),
    input.tableName || input.queueNo !== null ? t('docket.order', { number: input.orderNo }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const blocks: PrintBlock[] = [
    ...header(input, options, t),
    { kind: 'text', text: subtitle, align: 'center' },
    ...(input.customerName
      ? [
          {
            kind: 'text' as const,
            text: t('docket.customer', { name: input.customerName }),
            align: 'center' as const,
          },
        ]
      : []),
    { kind: 'text', text: placedAtOf(input), align: 'center' },
    { kind: 'rule' },
    ...(allergies ? [{ kind: 'inverse' as const, text: allergies }] : []),
    ...(input.specialRequest?.trim()
      ? [
          {
            kind: 'inverse' as const,
            text: t('docket.specialRequest', { text: input.specialRequest.trim() }),
          },
        ]
      : []),
    ...(allergies || input.specialRequest?.trim() ? [{ kind: 'feed' as const, lines: 1 }] : []),
    ...input.lines.flatMap((line): PrintBlock[] => [
      { kind: 'text', text: dishOf(line, options.lang), bold: true },
      ...optionsOf(line, options.lang).map((text): PrintBlock => ({ kind: 'text', text: `   ${text}` })),
      ...(line.notes?.trim()
        ? [{ kind: 'text' as const, text: `   ${t('docket.lineNote', { note: line.notes.trim() })}` }]
        : []),
    ]),
    { kind: 'rule' },
    { kind: 'text', text: t('docket.itemCount', { count }) },
    { kind: 'feed', lines: 1 },
  ];
  const headline = headlineOf(input, t);
  return paginate({ blocks }, options.width, {
    header: (part, parts) => [
      ...(options.reprint ? [{ kind: 'inverse' as const, text: t('docket.reprint') }] : []),
      {
        kind: 'text',
        text: `${headline} · ${t('docket.continued', { part, parts })}`,
        bold: true,
        align: 'center',
      },
      { kind: 'rule' },
    ],
    footer: () => [{ kind: 'rule' }, { kind: 'text', text: t('docket.continuesOnNext'), align: 'center' }],
  });
}
