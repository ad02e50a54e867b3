/**
 * Epson ePOS-Print XML of a document: the `<epos-print>` element Server Direct Print hands a printer
 * (inside its PrintRequestInfo, which the `epson-sdp` protocol writes). Only the documented elements
 * `<text>`, `<feed>`, `<image>`, `<symbol>` and `<cut>` are used (README links the reference pages).
 * A line outside the code page is an `<image>` like in the byte encoders, so a docket prints the
 * same on every printer whatever fonts its firmware has.
 */
import type { EncodeOptions, PrintDocument } from '../document';
import { paperDots } from '../document';
import type { TextRow } from '../layout';
import { printableAsText } from './codepage';
import { rasterRow } from './raster';
import { printedRows } from './rows';
// The escapes of HTML are XML's too (`&#39;` for an apostrophe).
import { escapeHtml } from '../../../../lib/html';

/** The namespace of ePOS-Print documents. */
export const EPOS_PRINT_NAMESPACE = 'http://www.epson-pos.com/schemas/2011/03/epos-print';

/** Lines fed before a cut (`<cut type="feed"/>` feeds to the cutter itself; this is the margin). */
const FEED_BEFORE_CUT = 1;

function textElement(row: TextRow, dots: number): string {
  if (!printableAsText(row.text)) {
    const bitmap = rasterRow(row, dots);
    const base64 = Buffer.from(bitmap.data).toString('base64');
    return `<image width="${bitmap.width}" height="${bitmap.height}" color="color_1" mode="mono">${base64}</image>`;
  }
  // Every attribute is set on every line: a <text> element's styles stay in force for the ones after it.
  const style = `width="${row.size}" height="${row.size}" em="${row.bold}" reverse="${row.invert}"`;
  return `<text ${style}>${escapeHtml(row.text)}&#10;</text>`;
}

/**
 * The `<epos-print>` document of `doc`, every copy in it, each piece ending in a feed cut.
 *
 * @example
 * ```ts
 * eposPrintXml({ blocks: [{ kind: 'text', text: 'Hello' }] }, { width: 58 });
 * // '<epos-print xmlns="…"><text lang="en" smooth="true"/><text width="1" …>Hello …&#10;</text>…<cut type="feed"/></epos-print>'
 * ```
 */
export function eposPrintXml(doc: PrintDocument, options: EncodeOptions): string {
  const dots = paperDots(options.width);
  const parts: string[] = [`<epos-print xmlns="${EPOS_PRINT_NAMESPACE}">`, '<text lang="en" smooth="true"/>'];
  for (const row of printedRows(doc, options)) {
    if (row.kind === 'text') parts.push(textElement(row, dots));
    else if (row.kind === 'qr') {
      parts.push(
        '<text align="center"/>',
        `<symbol type="qrcode_model_2" level="level_m" width="${row.size}">${escapeHtml(row.data)}</symbol>`,
        '<feed/>',
        '<text align="left"/>',
      );
    } else if (row.kind === 'feed') parts.push(`<feed line="${row.lines}"/>`);
    else parts.push(`<feed line="${FEED_BEFORE_CUT}"/>`, '<cut type="feed"/>');
  }
  parts.push('</epos-print>');
  return parts.join('');
}
