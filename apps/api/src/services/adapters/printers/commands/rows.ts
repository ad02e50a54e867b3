/** What every encoder prints: the document's rows for the paper, in pieces, once per copy. */
import type { EncodeOptions, PrintDocument } from '../document';
import type { PrintRow } from '../layout';
import { layoutRows, splitIntoCuts } from '../layout';

/** Most copies one payload carries (the contract allows 1 to 5). */
export const MAX_COPIES = 5;

/** Copies asked for, kept within 1..{@link MAX_COPIES}. */
export function copiesOf(options: EncodeOptions): number {
  return Math.min(MAX_COPIES, Math.max(1, Math.trunc(options.copies ?? 1)));
}

/**
 * The rows of a document as printed: laid out for the paper, split into pieces of at most
 * MAX_LINES_PER_CUT lines each ending in a cut, the whole repeated once per copy.
 */
export function printedRows(doc: PrintDocument, options: EncodeOptions): PrintRow[] {
  const rows = splitIntoCuts(layoutRows(doc, options.width));
  return Array.from({ length: copiesOf(options) }, () => rows).flat();
}
