/**
 * ESC/POS and StarPRNT bytes of a document, written by `@point-of-sale/receipt-printer-encoder`:
 * every copy in one payload, each piece ending in a partial cut, lines the code page cannot print
 * drawn as raster images.
 */
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { EncodeOptions, PrintDocument } from '../document';
import { paperColumns, paperDots } from '../document';
import type { TextRow } from '../layout';
import { TEXT_CODEPAGE, printableAsText } from './codepage';
import type { Bitmap } from './raster';
import { rasterRow } from './raster';
import { printedRows } from './rows';

/** Lines fed before each cut so the last printed line clears the cutter. */
const FEED_BEFORE_CUT = 4;

type Language = 'esc-pos' | 'star-prnt';

/** RGBA pixels of a 1-bit image, the input the encoder's `image` takes. */
function rgbaOf(bitmap: Bitmap): { data: Uint8ClampedArray; width: number; height: number } {
  const data = new Uint8ClampedArray(bitmap.width * bitmap.height * 4);
  for (let index = 0; index < bitmap.width * bitmap.height; index++) {
    const black = ((bitmap.data[index >> 3] ?? 0) & (0x80 >> (index & 7))) !== 0;
    const value = black ? 0 : 255;
    data.set([value, value, value, 255], index * 4);
  }
  return { data, width: bitmap.width, height: bitmap.height };
}

function textRow(encoder: ReceiptPrinterEncoder, row: TextRow, dots: number): void {
  if (!printableAsText(row.text)) {
    const bitmap = rasterRow(row, dots);
    encoder.image(rgbaOf(bitmap), bitmap.width, bitmap.height, 'threshold');
    return;
  }
  encoder.size(row.size, row.size).bold(row.bold).invert(row.invert).line(row.text);
  encoder.invert(false).bold(false).size(1, 1);
}

function encode(language: Language, doc: PrintDocument, options: EncodeOptions): Uint8Array {
  const dots = paperDots(options.width);
  const encoder = new ReceiptPrinterEncoder({
    language,
    columns: paperColumns(options.width),
    imageMode: 'raster',
    feedAfterBlock: false,
    feedBeforeCut: FEED_BEFORE_CUT,
    codepageCandidates: [TEXT_CODEPAGE],
  });
  encoder.initialize().codepage(TEXT_CODEPAGE);
  for (const row of printedRows(doc, options)) {
    if (row.kind === 'text') textRow(encoder, row, dots);
    else if (row.kind === 'qr') {
      encoder
        .align('center')
        .qrcode(row.data, { model: 2, size: row.size, errorlevel: 'm' })
        .newline()
        .align('left');
    } else if (row.kind === 'feed') encoder.newline(row.lines);
    else encoder.cut('partial');
  }
  return encoder.encode();
}

/**
 * ESC/POS bytes of `doc` (Epson and compatible printers, and what a tablet's USB, Bluetooth or
 * serial printer takes).
 */
export function escPos(doc: PrintDocument, options: EncodeOptions): Uint8Array {
  return encode('esc-pos', doc, options);
}

/** StarPRNT bytes of `doc` (Star printers: CloudPRNT's `application/vnd.star.starprnt`). */
export function starPrnt(doc: PrintDocument, options: EncodeOptions): Uint8Array {
  return encode('star-prnt', doc, options);
}
