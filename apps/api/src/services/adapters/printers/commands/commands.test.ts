import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EncodeOptions, PaperWidth, PrintDocument } from '../document';
import { paperColumns } from '../document';
import { MAX_LINES_PER_CUT, displayWidth } from '../layout';
import { escPos, eposPrintXml, printableAsText, starPrnt } from './index';
import type { DecodedItem } from './decode';
import { decodeEposXml, decodeEscPos, decodeStarPrnt, decodedText, imageArt } from './decode';
import { CELL_HEIGHT, CELL_WIDTH, dotAt, rasterRow } from './raster';

const ENCODERS = {
  'ESC/POS': (doc: PrintDocument, options: EncodeOptions) => decodeEscPos(escPos(doc, options)),
  StarPRNT: (doc: PrintDocument, options: EncodeOptions) => decodeStarPrnt(starPrnt(doc, options)),
  'ePOS-Print XML': (doc: PrintDocument, options: EncodeOptions) => decodeEposXml(eposPrintXml(doc, options)),
} as const;

const textLines = (items: readonly DecodedItem[]) =>
  items.flatMap((item) => (item.kind === 'line' && item.text.trim() !== '' ? [item] : []));
const count = (items: readonly DecodedItem[], kind: DecodedItem['kind']) =>
  items.filter((item) => item.kind === kind).length;

describe.each(Object.entries(ENCODERS))('%s', (_name, print) => {
  it('a line in the code page prints as text; a Chinese dish name as one image, and only it', () => {
    const items = print(
      {
        blocks: [
          { kind: 'text', text: 'Café latte · Nasi lemak' },
          { kind: 'text', text: '海南鸡饭' },
        ],
      },
      { width: 58 },
    );
    expect(textLines(items).map((line) => line.text.trimEnd())).toEqual(['Café latte · Nasi lemak']);
    const images = items.flatMap((item) => (item.kind === 'image' ? [item.bitmap] : []));
    expect(images.map((image) => [image.width, image.height])).toEqual([[384, 24]]);
    expect(imageArt(images[0]!)).toContain('#');
  });

  it.each([58, 80] as const)('every line on %i mm paper is exactly as wide as its size allows', (width) => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({
              kind: fc.constant('text' as const),
              text: fc.string({ maxLength: 120 }),
              bold: fc.boolean(),
            }),
            fc.record({
              kind: fc.constant('heading' as const),
              text: fc.string({ minLength: 1, maxLength: 60 }),
            }),
            fc.record({ kind: fc.constant('inverse' as const), text: fc.string({ maxLength: 100 }) }),
            fc.record({
              kind: fc.constant('columns' as const),
              left: fc.string({ maxLength: 80 }),
              right: fc.constantFrom('RM 12.50', 'Rp 150.000', '-RM 1.00'),
            }),
          ),
          { maxLength: 8 },
        ),
        (blocks) => {
          for (const line of textLines(print({ blocks }, { width }))) {
            expect(displayWidth(line.text)).toBe(paperColumns(width) / line.size);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('a docket longer than one cut is split into several cuts and no line is lost', () => {
    const blocks = Array.from({ length: 150 }, (_, index) => ({
      kind: 'text' as const,
      text: `line ${String(index + 1).padStart(3, '0')}`,
    }));
    const items = print({ blocks }, { width: 80 });
    expect(textLines(items).map((line) => line.text.trim())).toEqual(blocks.map((block) => block.text));
    const pieces = decodedText(items).split('--- cut ---').slice(0, -1);
    expect(pieces).toHaveLength(Math.ceil(150 / MAX_LINES_PER_CUT));
    for (const piece of pieces)
      expect(piece.split('\n').filter((line) => line.startsWith('|')).length).toBeLessThanOrEqual(
        MAX_LINES_PER_CUT,
      );
  });

  it('copies repeat the whole document in one payload, each ending in a cut', () => {
    const doc: PrintDocument = {
      blocks: [
        { kind: 'heading', text: 'T5' },
        { kind: 'text', text: '2x Teh tarik' },
      ],
    };
    const once = print(doc, { width: 58, copies: 1 });
    const thrice = print(doc, { width: 58, copies: 3 });
    expect(count(once, 'cut')).toBe(1);
    expect(count(thrice, 'cut')).toBe(3);
    expect(decodedText(thrice)).toBe([decodedText(once), decodedText(once), decodedText(once)].join('\n'));
    expect(count(print(doc, { width: 58, copies: 0 }), 'cut')).toBe(1);
    expect(count(print(doc, { width: 58, copies: 9 }), 'cut')).toBe(5);
  });

  it('a QR code carries its data, and styles reach the paper', () => {
    const items = print(
      {
        blocks: [
          { kind: 'heading', text: 'A12' },
          { kind: 'inverse', text: 'Nuts' },
          { kind: 'qr', data: 'https://santap.example/e?r=1&o=2' },
        ],
      },
      { width: 80 },
    );
    expect(items.find((item) => item.kind === 'qr')).toEqual({
      kind: 'qr',
      data: 'https://santap.example/e?r=1&o=2',
    });
    expect(textLines(items).map(({ text, ...style }) => [text.trim(), style])).toEqual([
      ['A12', { kind: 'line', size: 2, bold: true, invert: false }],
      ['Nuts', { kind: 'line', size: 1, bold: true, invert: true }],
    ]);
  });
});

describe('the three encoders', () => {
  it('print the same lines for the same document', () => {
    const doc: PrintDocument = {
      blocks: [
        { kind: 'heading', text: 'Meja 7' },
        { kind: 'columns', left: '2x Ayam penyet sambal ijo extra pedas', right: 'Rp 70.000' },
        { kind: 'inverse', text: 'Alergi: kacang' },
        { kind: 'rule', char: '=' },
        { kind: 'text', text: 'Tanpa bawang <please> & "thanks"', align: 'right' },
      ],
    };
    const [escpos, star, xml] = Object.values(ENCODERS).map((print) =>
      decodedText(print(doc, { width: 58 })),
    );
    expect(star).toBe(escpos);
    const squeezed = (text: string) => text.replace(/\n+/g, '\n').trim();
    expect(squeezed(xml!)).toBe(squeezed(escpos!));
  });

  it('the decoder refuses bytes the encoders never write', () => {
    expect(() => decodeEscPos(Uint8Array.from([0x1b, 0x70, 0x00, 0x19, 0xfa]))).toThrow(/unknown command/);
    expect(() => decodeStarPrnt(Uint8Array.from([0x07]))).toThrow(/unknown command/);
    expect(() => decodeEposXml('<epos-print xmlns="x"><pulse/></epos-print>')).toThrow(/unexpected element/);
  });
});

describe('drawn lines', () => {
  it('海南鸡饭 is drawn glyph by glyph, two columns a character, each one different', () => {
    const bitmap = rasterRow({ kind: 'text', text: '海南鸡饭', size: 1, bold: true, invert: false }, 384);
    const cell = (index: number) =>
      Array.from({ length: CELL_HEIGHT }, (_, y) =>
        Array.from({ length: 2 * CELL_WIDTH }, (_, x) =>
          dotAt(bitmap, index * 2 * CELL_WIDTH + x, y) ? '#' : '.',
        ).join(''),
      ).join('\n');
    const cells = [0, 1, 2, 3].map(cell);
    for (const art of cells) expect(art.split('#').length - 1).toBeGreaterThan(60);
    expect(new Set(cells).size).toBe(4);
    expect(cell(4)).not.toContain('#');
    expect(imageArt(bitmap)).toMatchSnapshot();
  });

  it('inverse lines are white on black; a character no font has prints as a box, never as nothing', () => {
    const inverse = rasterRow({ kind: 'text', text: '鸡', size: 1, bold: false, invert: true }, 384);
    expect(dotAt(inverse, 300, 10)).toBe(true);
    const missing = rasterRow({ kind: 'text', text: '\u{e000}', size: 1, bold: false, invert: false }, 384);
    expect(imageArt(missing)).toContain('#');
  });

  it('text outside CP858 is drawn, text inside is not', () => {
    expect(printableAsText('Nasi lemak RM 12.50 jalapeño €')).toBe(true);
    for (const text of ['海南鸡饭', 'தோசை', 'ข้าวผัด', 'Phở bò']) expect(printableAsText(text)).toBe(false);
  });

  it('a double-size drawn line is twice as tall', () => {
    const widths: PaperWidth[] = [58, 80];
    for (const width of widths) {
      const items = decodeEscPos(escPos({ blocks: [{ kind: 'heading', text: '叉烧' }] }, { width }));
      const image = items.find((item) => item.kind === 'image');
      expect(image?.kind === 'image' && [image.bitmap.width, image.bitmap.height]).toEqual([
        paperColumns(width) * 12,
        48,
      ]);
    }
  });
});
