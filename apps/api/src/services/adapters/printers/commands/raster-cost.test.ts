/**
 * What drawing lines outside the code page costs. A diner's note on a line is up to 300 characters and
 * nothing stops them being Chinese (or any script the code page lacks): every one is drawn, on every
 * printer, for every copy, while the spooler holds the printer's row and the server's one thread. A
 * heavy docket must cost a fraction of a second, not the tens of seconds of drawing each glyph afresh.
 */
import { describe, expect, it } from 'vitest';
import type { PrintDocument } from '../document';
import { eposPrintXml, starPrnt } from './index';
import { CELL_WIDTH, dotAt, rasterRow } from './raster';

/** A 300-character note in Chinese (the most a cart line takes): 13 drawn lines on 80 mm paper. */
const NOTE = '不要辣椒多加葱花少油少盐'.repeat(25).slice(0, 300);

/** The kitchen docket of an order of 20 lines, each with that note, as the layout would block it. */
const heavyDocket: PrintDocument = {
  blocks: Array.from({ length: 20 }, (_, index) => [
    { kind: 'text' as const, text: `1 x Nasi lemak ${index + 1}`, bold: true },
    { kind: 'text' as const, text: `   Note: ${NOTE}` },
  ]).flat(),
};

describe('drawn lines cost', () => {
  it('a docket of 20 lines with 300-character Chinese notes encodes for two printers in well under 3 s', () => {
    const started = performance.now();
    const xml = eposPrintXml(heavyDocket, { width: 80, copies: 2 });
    const star = starPrnt(heavyDocket, { width: 80, copies: 1 });
    const elapsed = performance.now() - started;
    // Every note line was drawn (an image each), nothing dropped to save time.
    expect(xml.match(/<image /g)?.length).toBeGreaterThanOrEqual(2 * 20 * 12);
    expect(star.length).toBeGreaterThan(20 * 12 * 24 * 72);
    // Drawing each glyph afresh took over 12 s here; drawn once and stamped, well under 1 s.
    expect(elapsed).toBeLessThan(3_000);
  });

  it('a character drawn again, or in another column, has the same dots', () => {
    const row = { kind: 'text' as const, text: '鸡 鸡鸡', size: 1 as const, bold: false, invert: false };
    const first = rasterRow(row, 576);
    const again = rasterRow(row, 576);
    expect(Buffer.from(again.data).equals(Buffer.from(first.data))).toBe(true);
    const cell = (column: number) =>
      Array.from({ length: first.height }, (_, y) =>
        Array.from({ length: 2 * CELL_WIDTH }, (_, x) =>
          dotAt(first, column * CELL_WIDTH + x, y) ? '#' : '.',
        ).join(''),
      ).join('\n');
    expect(cell(0)).toContain('#');
    expect(cell(3)).toBe(cell(0));
    expect(cell(5)).toBe(cell(0));
  });
});
