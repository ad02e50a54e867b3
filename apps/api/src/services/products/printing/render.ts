/**
 * A due docket rendered for one printer: its lines (the station's dishes only), the layout in the
 * printer's language and paper width, encoded in what the printer speaks (Star CloudPRNT: StarPRNT;
 * Epson Server Direct Print: ePOS-Print XML; a tablet's printer: its command set), with its copies.
 */
import { KITCHEN_DEFAULTS } from '../../../db/settings';
import type { Language } from '@santap/domain';
import { pick, settingsOf } from '../../model/restaurants';
import type { RestaurantRow } from '../../model/restaurants';
import type { PrinterRow, PrintKind } from '../../model/printers';
import type { PaperWidth } from '../../adapters/printers/document';
import { escPos, eposPrintXml, starPrnt } from '../../adapters/printers/commands';
import { kitchenDocket, queueTicket, receipt } from './dockets';
import type { OrderForPrint } from './docket-input';

/** What a printer is sent: the payload and how it is written. */
export interface RenderedJob {
  payload: string;
  commandSet: 'esc-pos' | 'star-prnt' | 'epos-xml';
}

/** What to render: a kitchen docket of some lines, a receipt or a queue ticket. */
export interface DocketSpec {
  kind: Exclude<PrintKind, 'shift_report'>;
  docket?: 'new' | 'added' | 'cancelled';
  itemIds: readonly number[];
  reprint?: boolean;
}

/**
 * The menu categories a printer's station makes, or null for every dish: no station, or a station
 * name the kitchen settings no longer have (printing everything beats losing a docket).
 */
export function stationCategories(
  restaurant: RestaurantRow,
  station: string | null,
): ReadonlySet<number> | null {
  if (station === null) return null;
  const stations = (settingsOf(restaurant).kitchen ?? KITCHEN_DEFAULTS).stations;
  const found = stations.find((candidate) => candidate.name === station);
  return found ? new Set(found.categoryIds) : null;
}

/** How a printer's jobs are written: fixed by a cloud printer's protocol, chosen for a tablet's. */
export function commandSetOf(
  printer: Pick<PrinterRow, 'connection' | 'commandSet'>,
): RenderedJob['commandSet'] {
  if (printer.connection === 'cloudprnt') return 'star-prnt';
  if (printer.connection === 'epson_sdp') return 'epos-xml';
  return printer.commandSet === 'star-prnt' ? 'star-prnt' : 'esc-pos';
}

/**
 * The job for `printer`, or null when there is nothing for it: a kitchen docket with none of its
 * station's dishes.
 */
export function renderFor(printer: PrinterRow, spec: DocketSpec, order: OrderForPrint): RenderedJob | null {
  const lang = printer.language as Language;
  const width = printer.paperWidth as PaperWidth;
  const options = { lang, width, reprint: spec.reprint === true };
  const restaurant = { ...order.input.restaurant, name: pick(order.restaurant.name, lang) };
  let document;
  if (spec.docket) {
    const categories = stationCategories(order.restaurant, printer.station);
    const lines = order.lines.filter(
      (line) =>
        spec.itemIds.includes(line.id) &&
        (categories === null || (line.categoryId !== null && categories.has(line.categoryId))),
    );
    if (lines.length === 0) return null;
    const input = { ...order.input, restaurant, lines: lines.map((line) => line.line) };
    document = kitchenDocket(input, { ...options, kind: spec.docket });
  } else if (spec.kind === 'receipt') {
    document = receipt({ ...order.input, restaurant }, options);
  } else {
    document = queueTicket({ ...order.input, restaurant }, options);
  }
  const encode = { width, copies: printer.copies };
  const commandSet = commandSetOf(printer);
  if (commandSet === 'epos-xml') return { commandSet, payload: eposPrintXml(document, encode) };
  const bytes = commandSet === 'star-prnt' ? starPrnt(document, encode) : escPos(document, encode);
  return { commandSet, payload: Buffer.from(bytes).toString('base64') };
}
