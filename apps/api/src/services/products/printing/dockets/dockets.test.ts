import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { TRANSLATION_KEYS } from '@santap/i18n';
import { describe, expect, it } from 'vitest';
import { eposPrintXml, escPos, starPrnt } from '../../../adapters/printers/commands';
import type { DecodedItem } from '../../../adapters/printers/commands/decode';
import {
  decodeEposXml,
  decodeEscPos,
  decodeStarPrnt,
  decodedText,
} from '../../../adapters/printers/commands/decode';
import type { PaperWidth, PrintDocument } from '../../../adapters/printers/document';
import { MAX_LINES_PER_CUT, displayWidth } from '../../../adapters/printers/layout';
import { indonesianOrder, malaysianLines, malaysianOrder } from './fixtures';
import { kitchenDocket, queueTicket, receipt } from './index';

const printed = (doc: PrintDocument, width: PaperWidth): DecodedItem[] =>
  decodeEscPos(escPos(doc, { width }));
const paper = (doc: PrintDocument, width: PaperWidth): string => decodedText(printed(doc, width));
const words = (items: readonly DecodedItem[]): string[] =>
  items.flatMap((item) => (item.kind === 'line' && item.text.trim() ? [item.text.trim()] : []));

describe('kitchen docket', () => {
  it.each([
    ['en', 80],
    ['id', 58],
    ['my', 58],
  ] as const)('a new dine-in order in %s on %i mm paper', (lang, width) => {
    expect(paper(kitchenDocket(malaysianOrder, { lang, width, kind: 'new' }), width)).toMatchSnapshot();
  });

  it('the Chinese dish name is drawn, the rest of the docket is text', () => {
    const items = printed(kitchenDocket(malaysianOrder, { lang: 'en', width: 80, kind: 'new' }), 80);
    expect(items.filter((item) => item.kind === 'image')).toHaveLength(1);
    expect(words(items)).toContain('Note: Sauce on the side');
  });

  it('an added Chinese dish on 58 mm paper, its drawn line shown dot by dot', () => {
    const added = {
      ...malaysianOrder,
      specialRequest: null,
      allergies: [],
      lines: [{ ...malaysianLines[1]!, name: { en: '海南鸡饭', my: '海南鸡饭' }, notes: null }],
    };
    const doc = kitchenDocket(added, { lang: 'my', width: 58, kind: 'added' });
    expect(decodedText(printed(doc, 58), { art: true })).toMatchSnapshot();
  });

  it('allergies and the special request are in reverse, before the dishes', () => {
    const items = printed(kitchenDocket(malaysianOrder, { lang: 'my', width: 80, kind: 'new' }), 80);
    const inverse = items.flatMap((item) => (item.kind === 'line' && item.invert ? [item.text.trim()] : []));
    expect(inverse.join(' ')).toBe(
      'ALAHAN: kacang, kerang-kerangan PERMINTAAN: Birthday: bring the cake after the mains',
    );
    const lines = words(items);
    expect(lines.indexOf('ALAHAN: kacang, kerang-kerangan')).toBeLessThan(lines.indexOf('2 x Nasi lemak'));
  });

  it('items added later -> ADDED with only those lines', () => {
    const added = { ...malaysianOrder, lines: malaysianLines.filter((line) => line.batch === 2) };
    const text = paper(kitchenDocket(added, { lang: 'en', width: 58, kind: 'added' }), 58);
    expect(text).toMatchSnapshot();
    expect(text).toContain('1 x Teh tarik');
    expect(text).not.toContain('Nasi lemak');
  });

  it('cancelled lines, reprinted -> CANCELLED, marked as a reprint above everything', () => {
    const cancelled = { ...malaysianOrder, lines: [{ ...malaysianLines[0]!, status: 'declined' as const }] };
    const items = printed(
      kitchenDocket(cancelled, { lang: 'id', width: 58, kind: 'cancelled', reprint: true }),
      58,
    );
    expect(words(items).slice(0, 3)).toEqual(['*** CETAK ULANG ***', 'DIBATALKAN', 'T5']);
    expect(words(items)).toContain('2 x Nasi lemak');
  });

  it.each([
    ['T5', 'en', 'T5'],
    ['Table 3', 'my', 'Table 3'],
    ['Patio 2', 'id', 'Patio 2'],
    ['5', 'en', 'Table 5'],
    ['5', 'id', 'Meja 5'],
  ] as const)(
    'table named %j in %s -> headed %j (the name as the board shows it)',
    (tableName, lang, heading) => {
      const docket = kitchenDocket({ ...malaysianOrder, tableName }, { lang, width: 80, kind: 'new' });
      expect(docket.blocks.find((block) => block.kind === 'heading')).toMatchObject({ text: heading });
    },
  );

  it('a kiosk order -> its queue number large, the order type and time in the restaurant zone', () => {
    const items = printed(kitchenDocket(indonesianOrder, { lang: 'id', width: 58, kind: 'new' }), 58);
    const big = items.flatMap((item) => (item.kind === 'line' && item.size === 2 ? [item.text.trim()] : []));
    expect(big).toEqual(['Antrean 12']);
    expect(words(items)).toEqual(
      expect.arrayContaining(['Bawa Pulang · Pesanan #77', '23/11/2026 11:00 WIB', 'Nama: Budi']),
    );
  });

  it('a docket of 80 dishes -> several slips, each one continued, no dish lost', () => {
    const many = {
      ...malaysianOrder,
      lines: Array.from({ length: 80 }, (_, index) => ({
        ...malaysianLines[2]!,
        notes: null,
        name: { en: `Dish ${index + 1}` },
      })),
    };
    const items = printed(kitchenDocket(many, { lang: 'en', width: 80, kind: 'new' }), 80);
    const lines = words(items);
    expect(lines.filter((text) => /^1 x Dish \d+$/.test(text))).toEqual(
      Array.from({ length: 80 }, (_, index) => `1 x Dish ${index + 1}`),
    );
    const slips = decodedText(items).split('--- cut ---').slice(0, -1);
    expect(slips.length).toBeGreaterThan(1);
    expect(lines).toContain(`T5 · continued 2/${slips.length}`);
    expect(lines.filter((text) => text === 'Continued on the next slip')).toHaveLength(slips.length - 1);
    for (const slip of slips) {
      expect(slip.split('\n').filter((text) => text.startsWith('|')).length).toBeLessThanOrEqual(
        MAX_LINES_PER_CUT,
      );
    }
  });
});

describe('receipt', () => {
  it.each([
    ['en', 80],
    ['my', 58],
  ] as const)(
    'a Malaysian receipt in %s on %i mm: SST number, bill lines, payment, e-invoice QR',
    (lang, width) => {
      const items = printed(receipt(malaysianOrder, { lang, width }), width);
      expect(decodedText(items)).toMatchSnapshot();
      expect(items.filter((item) => item.kind === 'qr')).toEqual([
        { kind: 'qr', data: malaysianOrder.einvoiceUrl },
      ]);
    },
  );

  it('an Indonesian receipt in id: NPWPD, PB1, unpaid, no e-invoice QR', () => {
    const items = printed(receipt(indonesianOrder, { lang: 'id', width: 58 }), 58);
    expect(decodedText(items)).toMatchSnapshot();
    expect(words(items)).toEqual(expect.arrayContaining(['NPWPD: P2.0001234.09.01', 'Belum dibayar']));
    expect(items.some((item) => item.kind === 'qr')).toBe(false);
  });

  it('the bill lines add up to the total printed', () => {
    const bill = malaysianOrder.bill!;
    expect(bill.lines.filter((line) => !line.included).reduce((sum, line) => sum + line.amount, 0)).toBe(
      bill.total,
    );
    const lines = words(printed(receipt(malaysianOrder, { lang: 'en', width: 80 }), 80));
    expect(lines.find((text) => text.startsWith('Total'))).toMatch(/RM 52\.20$/);
    expect(lines).toEqual(expect.arrayContaining([expect.stringMatching(/^Service Charge 10% +RM 4\.50$/)]));
  });
});

describe('queue ticket', () => {
  it('a kiosk order in my -> the number, the dishes, the total, the wait line', () => {
    const text = paper(queueTicket(indonesianOrder, { lang: 'my', width: 58 }), 58);
    expect(text).toMatchSnapshot();
  });
});

describe('every printer language', () => {
  it('ESC/POS, StarPRNT and ePOS-Print XML print the same docket', () => {
    const doc = kitchenDocket(malaysianOrder, { lang: 'my', width: 58, kind: 'new' });
    const squeeze = (items: DecodedItem[]) => decodedText(items).replace(/\n+/g, '\n').trim();
    const escpos = squeeze(decodeEscPos(escPos(doc, { width: 58 })));
    expect(squeeze(decodeStarPrnt(starPrnt(doc, { width: 58 })))).toBe(escpos);
    expect(squeeze(decodeEposXml(eposPrintXml(doc, { width: 58 })))).toBe(escpos);
  });

  it.each([58, 80] as const)('no line of any layout is wider than %i mm paper', (width) => {
    const docs = (['en', 'id', 'my'] as const).flatMap((lang) => [
      kitchenDocket(malaysianOrder, { lang, width, kind: 'new' }),
      receipt(malaysianOrder, { lang, width }),
      receipt(indonesianOrder, { lang, width, reprint: true }),
      queueTicket(indonesianOrder, { lang, width }),
    ]);
    for (const doc of docs) {
      for (const item of printed(doc, width)) {
        if (item.kind === 'line' && item.text)
          expect(displayWidth(item.text) * item.size).toBe(width === 58 ? 32 : 48);
      }
    }
  });
});

describe('docket words', () => {
  it('every docket.* key of the catalogues is used by a layout, and no layout uses another', () => {
    const source = readdirSync(__dirname)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'fixtures.ts')
      .map((file) => readFileSync(join(__dirname, file), 'utf8'))
      .join('\n');
    const used = new Set(source.match(/'docket\.[a-zA-Z.]+'/g)?.map((key) => key.slice(1, -1)));
    expect([...used].sort()).toEqual(TRANSLATION_KEYS.filter((key) => key.startsWith('docket.')).sort());
  });
});
