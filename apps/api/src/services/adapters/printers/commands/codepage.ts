/**
 * The one code page text is printed in, and the test of whether a line can be: every character of
 * it must be in the page, else the line is drawn as an image (`raster.ts`).
 *
 * CP858 (CP850 with the euro sign) covers English, Malay and Indonesian with every Latin accent a
 * menu uses (café, jalapeño), and it is in the ESC/POS code tables of Epson-compatible printers (19)
 * and StarPRNT's (4), so the same bytes mean the same characters on both.
 */
import CodepageEncoder from '@point-of-sale/codepage-encoder';

export const TEXT_CODEPAGE = 'cp858';

let table: readonly number[] | null = null;
let page: ReadonlySet<number> | null = null;

/** The code point of each byte of the page (index = byte). */
export function codepageTable(): readonly number[] {
  table ??= CodepageEncoder.getCodepoints(TEXT_CODEPAGE, true);
  return table;
}

/** The code points the page prints: its slots but the control bytes (below 0x20, and 0x7f). */
export function codepageCharacters(): ReadonlySet<number> {
  page ??= new Set(codepageTable().filter((_, byte) => byte >= 0x20 && byte !== 0x7f));
  return page;
}

/**
 * Can the printer print `text` as text in {@link TEXT_CODEPAGE}? Control characters never reach
 * here (the layout drops them).
 *
 * @example
 * ```ts
 * printableAsText('Nasi lemak RM 12.50'); // true
 * printableAsText('海南鸡饭'); // false: drawn as an image
 * ```
 */
export function printableAsText(text: string): boolean {
  const characters = codepageCharacters();
  for (const char of text) {
    if (!characters.has(char.codePointAt(0) ?? 0)) return false;
  }
  return true;
}
