import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PrintBlock, PrintDocument } from './document';
import { paperColumns, paperDots } from './document';
import type { PrintRow } from './layout';
import {
  MAX_LINES_PER_CUT,
  alignText,
  displayWidth,
  layoutRows,
  paginate,
  rowLines,
  splitIntoCuts,
  wrapText,
} from './layout';

const texts = (rows: readonly PrintRow[]) => rows.flatMap((row) => (row.kind === 'text' ? [row.text] : []));

describe('paper', () => {
  it('58 mm -> 32 columns, 384 dots; 80 mm -> 48 columns, 576 dots', () => {
    expect([paperColumns(58), paperDots(58), paperColumns(80), paperDots(80)]).toEqual([32, 384, 48, 576]);
  });
});

describe('displayWidth', () => {
  it.each([
    ['Nasi lemak', 10],
    ['海南鸡饭', 8],
    ['Phở bò', 6],
    ['ｒｍ', 4],
    ['e\u0301', 1],
  ])('%s -> %i columns', (text, width) => {
    expect(displayWidth(text)).toBe(width);
  });
});

describe('wrapText', () => {
  it('breaks at spaces, keeps words whole', () => {
    expect(wrapText('Nasi lemak ayam goreng berempah', 12)).toEqual([
      'Nasi lemak',
      'ayam goreng',
      'berempah',
    ]);
  });

  it('breaks a word longer than a line inside it, never drops a letter', () => {
    expect(wrapText('Supercalifragilistic', 8)).toEqual(['Supercal', 'ifragili', 'stic']);
  });

  it('breaks between CJK characters, two columns each', () => {
    expect(wrapText('海南鸡饭 Hainanese', 6)).toEqual(['海南鸡', '饭', 'Hainan', 'ese']);
  });

  it('keeps a paragraph per line and indents every line of an indented one', () => {
    expect(wrapText('one\n   + extra sambal pedas', 12)).toEqual([
      'one',
      '   + extra',
      '   sambal',
      '   pedas',
    ]);
  });

  it('every line fits and the words come back in order (any text, any width)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.integer({ min: 4, max: 48 }), (text, width) => {
        const lines = wrapText(text, width);
        for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(width);
        const squeeze = (value: string) => value.normalize('NFC').replace(/[\s\p{Cc}]/gu, '');
        expect(squeeze(lines.join(''))).toBe(squeeze(text));
      }),
    );
  });
});

describe('alignText', () => {
  it.each([
    ['left', 'ab    '],
    ['center', '  ab  '],
    ['right', '    ab'],
  ] as const)('%s -> %j', (align, expected) => {
    expect(alignText('ab', 6, align)).toBe(expected);
  });
});

describe('layoutRows', () => {
  it('a name and an amount -> the amount on the last line, flush right', () => {
    const rows = layoutRows(
      { blocks: [{ kind: 'columns', left: 'Nasi lemak ayam goreng berempah special', right: 'RM 25.00' }] },
      58,
    );
    expect(texts(rows)).toEqual(['Nasi lemak ayam goreng          ', 'berempah special        RM 25.00']);
  });

  it('a heading -> double size at half the columns; inverse -> a margin inside the black band', () => {
    const rows = layoutRows(
      {
        blocks: [
          { kind: 'heading', text: 'Table T5' },
          { kind: 'inverse', text: 'ALLERGY: nuts' },
        ],
      },
      58,
    );
    expect(rows).toEqual([
      { kind: 'text', text: '    Table T5    ', size: 2, bold: true, invert: false },
      { kind: 'text', text: ' ALLERGY: nuts                  ', size: 1, bold: true, invert: true },
    ]);
  });
});

describe('splitIntoCuts', () => {
  const line = (index: number): PrintRow => ({
    kind: 'text',
    text: `${index}`,
    size: 1,
    bold: false,
    invert: false,
  });

  it('150 lines -> three pieces of at most 60 lines, every line kept in order', () => {
    const rows = splitIntoCuts(Array.from({ length: 150 }, (_, index) => line(index)));
    expect(texts(rows)).toEqual(Array.from({ length: 150 }, (_, index) => `${index}`));
    const pieces: number[] = [0];
    for (const row of rows) {
      if (row.kind === 'cut') pieces.push(0);
      else pieces[pieces.length - 1]! += rowLines(row);
    }
    expect(pieces.slice(0, -1)).toEqual([60, 60, 30]);
    expect(rows.at(-1)).toEqual({ kind: 'cut' });
  });

  it('a short document -> one cut at its end; its own cuts are kept, empty pieces are not', () => {
    expect(splitIntoCuts([{ kind: 'cut' }, line(1), { kind: 'cut' }, { kind: 'cut' }, line(2)])).toEqual([
      line(1),
      { kind: 'cut' },
      line(2),
      { kind: 'cut' },
    ]);
  });
});

describe('paginate', () => {
  const continuation = {
    header: (part: number, parts: number): PrintBlock[] => [{ kind: 'text', text: `T5 ${part}/${parts}` }],
    footer: (): PrintBlock[] => [{ kind: 'text', text: 'more below' }],
  };

  it('a short docket -> unchanged', () => {
    const doc: PrintDocument = { blocks: [{ kind: 'text', text: 'one' }] };
    expect(paginate(doc, 80, continuation)).toBe(doc);
  });

  it('a long one -> slips within the limit, each after the first headed, each but the last footed', () => {
    const blocks: PrintBlock[] = [
      { kind: 'heading', text: 'Table T5' },
      ...Array.from({ length: 130 }, (_, index): PrintBlock => ({ kind: 'text', text: `dish ${index}` })),
    ];
    const rows = layoutRows(paginate({ blocks }, 80, continuation), 80);
    const slips: PrintRow[][] = [[]];
    for (const row of rows) {
      if (row.kind === 'cut') slips.push([]);
      else slips[slips.length - 1]!.push(row);
    }
    slips.pop();
    expect(slips).toHaveLength(3);
    slips.forEach((slip, index) => {
      expect(slip.reduce((sum, row) => sum + rowLines(row), 0)).toBeLessThanOrEqual(MAX_LINES_PER_CUT);
      const words = texts(slip).map((text) => text.trim());
      if (index > 0) expect(words[0]).toBe(`T5 ${index + 1}/3`);
      expect(words.at(-1) === 'more below').toBe(index < 2);
    });
    const dishes = texts(rows)
      .map((text) => text.trim())
      .filter((text) => text.startsWith('dish'));
    expect(dishes).toEqual(Array.from({ length: 130 }, (_, index) => `dish ${index}`));
  });

  it('a special request longer than a slip -> split between its lines, nothing lost', () => {
    const request = Array.from({ length: 90 }, (_, index) => `word${index}`).join(' ');
    const doc = paginate({ blocks: [{ kind: 'inverse', text: request }] }, 58, continuation, 20);
    const words = texts(layoutRows(doc, 58))
      .join(' ')
      .split(/\s+/)
      .filter((word) => word.startsWith('word'));
    expect(words).toEqual(request.split(' '));
  });
});
