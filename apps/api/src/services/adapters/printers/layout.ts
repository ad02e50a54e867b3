/**
 * From a {@link PrintDocument} to the rows a printer prints, the same for every command set: text
 * wrapped and padded to the paper's columns (wide CJK characters take two), and long documents split
 * into several cuts, never truncated. Pure, no I/O.
 */
import type { PaperWidth, PrintAlign, PrintBlock, PrintDocument } from './document';
import { paperColumns } from './document';

/**
 * The most a single cut holds, in standard text lines (24-dot characters with the printers' default
 * 30-dot line pitch, 3.75 mm a line): 60 lines, about 23 cm of paper, so a docket still fits a
 * kitchen rail's ticket holder and one piece of paper never runs across the pass.
 */
export const MAX_LINES_PER_CUT = 60;

/** The lines a printed QR code takes, counted generously (an e-invoice link at 6 dots a module). */
export const QR_LINES = 10;

/** One printed line of text, exactly as wide as its row allows (`columns / size` display columns). */
export interface TextRow {
  kind: 'text';
  text: string;
  /** 2: double width and height. */
  size: 1 | 2;
  bold: boolean;
  invert: boolean;
}

/** What an encoder prints, in order. */
export type PrintRow =
  TextRow | { kind: 'qr'; data: string; size: number } | { kind: 'feed'; lines: number } | { kind: 'cut' };

const ZERO_WIDTH = /[\p{Mn}\p{Me}\p{Cf}]/u;

/** East Asian wide and fullwidth characters: two columns of a receipt printer's font. */
function isWide(codePoint: number): boolean {
  return (
    (codePoint >= 0x1100 && codePoint <= 0x115f) ||
    (codePoint >= 0x2e80 && codePoint <= 0xa4cf && codePoint !== 0x303f) ||
    (codePoint >= 0xac00 && codePoint <= 0xd7a3) ||
    (codePoint >= 0xf900 && codePoint <= 0xfaff) ||
    (codePoint >= 0xfe30 && codePoint <= 0xfe4f) ||
    (codePoint >= 0xff00 && codePoint <= 0xff60) ||
    (codePoint >= 0xffe0 && codePoint <= 0xffe6) ||
    (codePoint >= 0x1f300 && codePoint <= 0x1f64f) ||
    (codePoint >= 0x1f900 && codePoint <= 0x1f9ff) ||
    (codePoint >= 0x20000 && codePoint <= 0x3fffd)
  );
}

/**
 * Columns one character takes: 2 for wide (CJK, Hangul, fullwidth), 0 for combining marks and format
 * characters, 1 otherwise.
 */
export function charWidth(char: string): 0 | 1 | 2 {
  if (ZERO_WIDTH.test(char)) return 0;
  return isWide(char.codePointAt(0) ?? 0) ? 2 : 1;
}

/**
 * Columns a string takes on the paper.
 *
 * @example
 * ```ts
 * displayWidth('Nasi lemak'); // 10
 * displayWidth('海南鸡饭'); // 8
 * ```
 */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += charWidth(char);
  return width;
}

/** Text as printers take it: NFC, tabs as spaces, no control characters, one paragraph per line. */
function paragraphsOf(text: string): string[] {
  return text
    .normalize('NFC')
    .replace(/\t/g, ' ')
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/\p{Cc}/gu, '').trimEnd());
}

/** Words to lay out: runs of narrow characters, each wide character alone (CJK breaks anywhere). */
function tokensOf(paragraph: string): { text: string; spaceBefore: boolean }[] {
  const tokens: { text: string; spaceBefore: boolean }[] = [];
  let current = '';
  let spaceBefore = false;
  const flush = (): void => {
    if (current) tokens.push({ text: current, spaceBefore });
    current = '';
    spaceBefore = false;
  };
  for (const char of paragraph) {
    if (char === ' ') {
      flush();
      spaceBefore = tokens.length > 0;
    } else if (charWidth(char) === 2) {
      flush();
      tokens.push({ text: char, spaceBefore });
      spaceBefore = false;
    } else {
      current += char;
    }
  }
  flush();
  return tokens;
}

/** Splits a token wider than a line into pieces that fit. */
function piecesOf(token: string, width: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of token) {
    if (displayWidth(piece + char) > width && piece) {
      pieces.push(piece);
      piece = '';
    }
    piece += char;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/** Lines of one paragraph of at most `width` columns. */
function wrapParagraph(paragraph: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const token of tokensOf(paragraph)) {
    for (const piece of piecesOf(token.text, width)) {
      const joined = line && token.spaceBefore ? `${line} ${piece}` : line + piece;
      if (displayWidth(joined) <= width) {
        line = joined;
      } else {
        lines.push(line);
        line = piece;
      }
    }
  }
  lines.push(line);
  return lines;
}

/**
 * Wraps text into lines of at most `width` columns: at spaces, between wide characters, and inside a
 * word only when the word alone is wider than a line. A paragraph's leading spaces indent each of
 * its lines (up to half the width). Nothing is dropped but spaces at line ends.
 *
 * @example
 * ```ts
 * wrapText('Nasi lemak ayam goreng', 12); // ['Nasi lemak', 'ayam goreng']
 * wrapText('   + Extra sambal', 12); // ['   + Extra', '   sambal']
 * ```
 */
export function wrapText(text: string, width: number): string[] {
  return paragraphsOf(text).flatMap((paragraph) => {
    const indent = ' '.repeat(
      Math.min(paragraph.length - paragraph.trimStart().length, Math.floor(width / 2)),
    );
    return wrapParagraph(paragraph, width - indent.length).map((line) => (line ? indent + line : line));
  });
}

/** `text` placed in `width` columns by `align`, padded with spaces to exactly `width`. */
export function alignText(text: string, width: number, align: PrintAlign = 'left'): string {
  const room = Math.max(0, width - displayWidth(text));
  if (align === 'right') return ' '.repeat(room) + text;
  if (align === 'center') {
    const left = Math.floor(room / 2);
    return ' '.repeat(left) + text + ' '.repeat(room - left);
  }
  return text + ' '.repeat(room);
}

function textRows(
  text: string,
  columns: number,
  style: { size: 1 | 2; bold: boolean; invert: boolean; align?: PrintAlign; margin?: number },
): TextRow[] {
  const width = columns / style.size;
  const margin = style.margin ?? 0;
  return wrapText(text, width - 2 * margin).map((line) => ({
    kind: 'text',
    text: alignText(' '.repeat(margin) + alignText(line, width - 2 * margin, style.align), width),
    size: style.size,
    bold: style.bold,
    invert: style.invert,
  }));
}

/** A name on the left, an amount on the right of its last line. */
function columnRows(left: string, right: string, bold: boolean, columns: number): TextRow[] {
  const rightWidth = displayWidth(right);
  const style = { size: 1 as const, bold, invert: false };
  if (rightWidth > columns - 8) {
    return [...textRows(left, columns, style), ...textRows(right, columns, { ...style, align: 'right' })];
  }
  const lines = wrapText(left, columns - rightWidth - 1);
  return lines.map((line, index) => ({
    kind: 'text',
    text:
      index === lines.length - 1 ? alignText(line, columns - rightWidth) + right : alignText(line, columns),
    ...style,
  }));
}

function rowsOfBlock(block: PrintBlock, columns: number): PrintRow[] {
  switch (block.kind) {
    case 'heading':
      return textRows(block.text, columns, {
        size: 2,
        bold: true,
        invert: false,
        align: block.align ?? 'center',
      });
    case 'text':
      return textRows(block.text, columns, {
        size: block.size ?? 1,
        bold: block.bold ?? false,
        invert: false,
        align: block.align,
      });
    case 'inverse':
      return textRows(block.text, columns, { size: 1, bold: true, invert: true, margin: 1 });
    case 'rule':
      return [
        { kind: 'text', text: (block.char ?? '-').repeat(columns), size: 1, bold: false, invert: false },
      ];
    case 'columns':
      return columnRows(block.left, block.right, block.bold ?? false, columns);
    case 'qr':
      return [{ kind: 'qr', data: block.data, size: block.size ?? 6 }];
    case 'feed':
      return block.lines > 0 ? [{ kind: 'feed', lines: block.lines }] : [];
    case 'cut':
      return [{ kind: 'cut' }];
  }
}

/** The rows of a document on paper of `width`. */
export function layoutRows(doc: PrintDocument, width: PaperWidth): PrintRow[] {
  const columns = paperColumns(width);
  return doc.blocks.flatMap((block) => rowsOfBlock(block, columns));
}

/** Standard lines a row takes on the paper (a cut takes none). */
export function rowLines(row: PrintRow): number {
  switch (row.kind) {
    case 'text':
      return row.size;
    case 'qr':
      return QR_LINES;
    case 'feed':
      return row.lines;
    case 'cut':
      return 0;
  }
}

/**
 * Inserts cuts so that no piece between two cuts is longer than `maxLines`, ending with a cut; rows
 * are never dropped. A single row taller than `maxLines` (a feed of 100 lines) stands alone.
 */
export function splitIntoCuts(rows: readonly PrintRow[], maxLines = MAX_LINES_PER_CUT): PrintRow[] {
  const out: PrintRow[] = [];
  let used = 0;
  for (const row of rows) {
    if (row.kind === 'cut') {
      if (used > 0) out.push(row);
      used = 0;
      continue;
    }
    const lines = rowLines(row);
    if (used > 0 && used + lines > maxLines) {
      out.push({ kind: 'cut' });
      used = 0;
    }
    out.push(row);
    used += lines;
  }
  if (used > 0) out.push({ kind: 'cut' });
  return out;
}

/** One block per printed line, so a document can be cut between any two lines. */
function lineBlocks(block: PrintBlock, columns: number): PrintBlock[] {
  switch (block.kind) {
    case 'heading':
      return wrapText(block.text, columns / 2).map((text) => ({ ...block, text }));
    case 'text':
      return wrapText(block.text, columns / (block.size ?? 1)).map((text) => ({ ...block, text }));
    case 'inverse':
      return wrapText(block.text, columns - 2).map((text) => ({ ...block, text }));
    case 'columns': {
      const rightWidth = displayWidth(block.right);
      if (rightWidth > columns - 8) return [block];
      const lines = wrapText(block.left, columns - rightWidth - 1);
      return lines.map((left, index) =>
        index === lines.length - 1
          ? { ...block, left }
          : { kind: 'text', text: left, ...(block.bold ? { bold: true } : {}) },
      );
    }
    default:
      return [block];
  }
}

function blockLines(block: PrintBlock, columns: number): number {
  return rowsOfBlock(block, columns).reduce((sum, row) => sum + rowLines(row), 0);
}

/** What each piece of a document split over several cuts repeats: a header and a footer. */
export interface Continuation {
  /** Printed at the top of every piece after the first (`part` from 2). */
  header: (part: number, parts: number) => PrintBlock[];
  /** Printed at the end of every piece but the last. */
  footer: (part: number, parts: number) => PrintBlock[];
}

/**
 * Splits a document longer than `maxLines` into pieces that each end in a cut, every piece after the
 * first opening with `continuation.header` and every piece but the last ending with its footer, so
 * a long docket is read as one across its pieces. Nothing is dropped; a short document is returned
 * as it was.
 */
export function paginate(
  doc: PrintDocument,
  width: PaperWidth,
  continuation: Continuation,
  maxLines = MAX_LINES_PER_CUT,
): PrintDocument {
  const columns = paperColumns(width);
  const total = doc.blocks.reduce((sum, block) => sum + blockLines(block, columns), 0);
  if (total <= maxLines) return doc;

  const linesOf = (blocks: PrintBlock[]): number =>
    blocks.reduce((sum, b) => sum + blockLines(b, columns), 0);
  const headerLines = linesOf(continuation.header(99, 99));
  const footerLines = linesOf(continuation.footer(99, 99));
  const pieces: PrintBlock[][] = [[]];
  let used = 0;
  for (const block of doc.blocks.flatMap((b) => lineBlocks(b, columns))) {
    const lines = blockLines(block, columns);
    const room = maxLines - footerLines - (pieces.length > 1 ? headerLines : 0);
    if (block.kind === 'cut') {
      pieces.push([]);
      used = 0;
      continue;
    }
    if (used > 0 && used + lines > room) {
      pieces.push([]);
      used = 0;
    }
    pieces[pieces.length - 1]!.push(block);
    used += lines;
  }
  const parts = pieces.filter((piece) => piece.length > 0);
  return {
    blocks: parts.flatMap((piece, index) => [
      ...(index > 0 ? continuation.header(index + 1, parts.length) : []),
      ...piece,
      ...(index < parts.length - 1 ? continuation.footer(index + 1, parts.length) : []),
      { kind: 'cut' as const },
    ]),
  };
}
