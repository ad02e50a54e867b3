/**
 * The part of opentype.js (2.x, which ships no types) that `glyphs.ts` uses: parse a font, find a
 * character's glyph, read its outline as path commands.
 */
declare module 'opentype.js' {
  export type PathCommand =
    | { type: 'M' | 'L'; x: number; y: number }
    | { type: 'Q'; x1: number; y1: number; x: number; y: number }
    | { type: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
    | { type: 'Z' };

  export interface Glyph {
    index: number;
    advanceWidth?: number;
    getPath(x: number, y: number, fontSize: number): { commands: PathCommand[] };
  }

  export interface Font {
    unitsPerEm: number;
    charToGlyph(char: string): Glyph | null;
  }

  const opentype: { parse(buffer: ArrayBuffer): Font };
  export default opentype;
}
