/**
 * What a printer prints, before any printer language: a list of blocks that every command encoder
 * (`commands/`: ESC/POS, StarPRNT, ePOS-Print XML) turns into its own bytes or XML. Layouts
 * (`products/printing/dockets/`) build it; encoders never decide what a docket says. Pure, no I/O.
 */

/** Where a block's text sits on the line. */
export type PrintAlign = 'left' | 'center' | 'right';

/**
 * One block of a {@link PrintDocument}.
 *
 * - `heading`: large (double width and height) bold text: the table name or queue number, a header
 *   such as ADDED or CANCELLED. Wraps at half the paper's columns.
 * - `text`: plain text, optionally bold, double height or double width and height (`size: 2`).
 * - `inverse`: white on black, bold: the diner's special request and flagged allergies.
 * - `rule`: a line of `-` (or `=`) across the paper.
 * - `columns`: a name on the left and an amount on the right (`Nasi lemak .... RM 12.50`); a long
 *   name wraps and the amount stays on the last line.
 * - `qr`: a QR code of `data` (the e-invoice request link on a Malaysian receipt), `size` the module
 *   size in dots (default 6).
 * - `feed`: `lines` empty lines.
 * - `cut`: feed past the cutter and cut (partial cut). Encoders also cut at the end of every copy.
 */
export type PrintBlock =
  | { kind: 'heading'; text: string; align?: PrintAlign }
  | { kind: 'text'; text: string; bold?: boolean; size?: 1 | 2; align?: PrintAlign }
  | { kind: 'inverse'; text: string }
  | { kind: 'rule'; char?: '-' | '=' }
  | { kind: 'columns'; left: string; right: string; bold?: boolean }
  | { kind: 'qr'; data: string; size?: number }
  | { kind: 'feed'; lines: number }
  | { kind: 'cut' };

/** A document for one printer: its blocks in order. Copies are an encoder option, not blocks. */
export interface PrintDocument {
  blocks: PrintBlock[];
}

/** Paper roll widths in millimetres that the printers take. */
export type PaperWidth = 58 | 80;

/** Characters a line holds in the printers' standard font (font A, 12 × 24 dots). */
export type PaperColumns = 32 | 48;

/**
 * Characters of the standard font on one line of a roll: 58 mm paper prints 384 dots (32 × 12),
 * 80 mm prints 576 dots (48 × 12).
 *
 * @example
 * ```ts
 * paperColumns(58); // 32
 * paperColumns(80); // 48
 * ```
 */
export function paperColumns(width: PaperWidth): PaperColumns {
  return width === 58 ? 32 : 48;
}

/** Dots across the printable width of a roll (8 dots per mm): 384 on 58 mm, 576 on 80 mm. */
export function paperDots(width: PaperWidth): number {
  return paperColumns(width) * 12;
}

/**
 * Options every command encoder (`commands/`) takes: the roll's width and how many copies the
 * printer makes of the document (each copy ends in a cut, all in one payload).
 */
export interface EncodeOptions {
  width: PaperWidth;
  copies?: number;
}

/**
 * The encoders' signatures (`commands/index.ts` exports them): `escPos` and `starPrnt` give the bytes
 * a printer takes (ESC/POS, StarPRNT), `eposPrintXml` the `<epos-print>` document of Epson's
 * ePOS-Print XML (what Server Direct Print hands the printer).
 */
export type BytesEncoder = (doc: PrintDocument, options: EncodeOptions) => Uint8Array;
export type XmlEncoder = (doc: PrintDocument, options: EncodeOptions) => string;
