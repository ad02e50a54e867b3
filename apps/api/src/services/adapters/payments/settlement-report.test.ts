import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hasKey, resources } from '@santap/i18n';
import {
  parseSettlementCsv,
  readCsv,
  SETTLEMENT_ERROR_KEYS,
  SETTLEMENT_FILE_MAX_BYTES,
  toMinorUnits,
  type SettlementFormat,
} from './settlement-report';

// A format made up for these tests only: no gateway's published report is mimicked here (the
// gateways' READMEs say which formats are documented).
const testFormat: SettlementFormat = {
  gateway: 'test',
  columns: {
    gatewayTransactionId: 'Txn',
    orderId: 'Ref',
    method: 'Method',
    gross: 'Gross',
    fee: 'Fee',
    net: 'Net',
    status: 'Status',
    refunded: 'Refunded',
    settledOn: 'Settled',
    payoutBatchId: 'Batch',
  },
  currency: 'MYR',
  fractionDigits: 2,
  status: (word) => (word === 'SETTLED' ? 'settled' : word === 'REFUNDED' ? 'refunded' : undefined),
  date: (cell) => (/^\d{4}-\d{2}-\d{2}$/.test(cell) ? cell : undefined),
};
const header = 'Txn,Ref,Method,Gross,Fee,Net,Status,Refunded,Settled,Batch';

describe('readCsv', () => {
  it('quoted comma, doubled quote, CRLF and a BOM -> cells as written', () => {
    expect(readCsv('\ufeffa,"b, c","say ""hi"""\r\n1,2,3\r\n')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['1', '2', '3'],
    ]);
  });
  it('a quote left open -> undefined', () => {
    expect(readCsv('a,"b\n1,2')).toBeUndefined();
  });
});

describe('toMinorUnits', () => {
  it.each([
    ['38.50', 2, 3850],
    ['1,250.50', 2, 125050],
    ['100000.00', 0, 100000],
    ['-5.1', 2, -510],
    ['7', 2, 700],
  ])('%s with %i digits -> %i', (cell, digits, expected) => {
    expect(toMinorUnits(cell, digits)).toBe(expected);
  });
  it.each([['12.345'], ['RM 5'], ['1,25.00'], [''], ['1e3']])('%s -> undefined', (cell) => {
    expect(toMinorUnits(cell, 2)).toBeUndefined();
  });
});

describe('parseSettlementCsv', () => {
  it('a settled and a refunded line -> two rows in minor units', () => {
    const file = `${header}\nT1,SNTP-1,FPX,38.50,0.80,37.70,SETTLED,,2026-12-01,B9\nT2,SNTP-2,Card,10.00,0.20,9.80,REFUNDED,,,\n`;
    const result = parseSettlementCsv(file, testFormat);
    expect(result).toEqual({
      ok: true,
      rows: [
        {
          gateway: 'test',
          kind: 'payment',
          refundId: null,
          gatewayTransactionId: 'T1',
          orderId: 'SNTP-1',
          method: 'FPX',
          gross: 3850,
          fee: 80,
          net: 3770,
          currency: 'MYR',
          status: 'settled',
          refunded: 0,
          settledOn: '2026-12-01',
          payoutBatchId: 'B9',
          line: 2,
        },
        {
          gateway: 'test',
          kind: 'payment',
          refundId: null,
          gatewayTransactionId: 'T2',
          orderId: 'SNTP-2',
          method: 'Card',
          gross: 1000,
          fee: 20,
          net: 980,
          currency: 'MYR',
          status: 'refunded',
          refunded: 1000,
          settledOn: null,
          payoutBatchId: null,
          line: 3,
        },
      ],
    });
  });

  it('columns in another order and an extra column -> read by header name', () => {
    const file =
      'Branch,Status,Net,Fee,Gross,Method,Ref,Txn,Refunded,Settled,Batch\nKL,SETTLED,9.80,0.20,10.00,QR,R1,T1,,,\n';
    const result = parseSettlementCsv(file, testFormat);
    expect(result.ok && result.rows[0]).toMatchObject({ gatewayTransactionId: 'T1', gross: 1000, net: 980 });
  });

  it('a format without a net column -> net is gross minus fee', () => {
    const { net: _net, ...columns } = testFormat.columns;
    const format = { ...testFormat, columns };
    const result = parseSettlementCsv(
      'Txn,Ref,Method,Gross,Fee,Status,Refunded,Settled,Batch\nT1,R1,QR,10.00,0.25,SETTLED,,,\n',
      format,
    );
    expect(result.ok && result.rows[0]?.net).toBe(975);
  });

  it.each([
    ['', 'settlement.error.empty', undefined],
    [`${header}\n`, 'settlement.error.empty', undefined],
    ['Txn,"Ref\nT1,R1', 'settlement.error.notCsv', undefined],
    [
      'Order,Amount\nA,1.00\n',
      'settlement.error.missingColumns',
      { columns: 'Txn, Ref, Method, Gross, Fee, Net, Status, Refunded, Settled, Batch' },
    ],
    [`${header}\nT1,R1,QR,ten,0,10,SETTLED,,,\n`, 'settlement.error.badAmount', { line: 2, column: 'Gross' }],
    [`${header}\nT1,R1,QR,10.00,0.20,9.00,SETTLED,,,\n`, 'settlement.error.amountsDisagree', { line: 2 }],
    [
      `${header}\nT1,R1,QR,10.00,0.20,9.80,PAID?,,,\n`,
      'settlement.error.unknownStatus',
      { line: 2, status: 'PAID?' },
    ],
    [`${header}\nT1,R1,QR,10.00,0.20,9.80,SETTLED,,01/12/2026,\n`, 'settlement.error.badDate', { line: 2 }],
    [
      `${header}\n,R1,QR,10.00,0.20,9.80,SETTLED,,,\n`,
      'settlement.error.missingValue',
      { line: 2, column: 'Txn' },
    ],
  ])('%j -> %s', (file, key, values) => {
    const result = parseSettlementCsv(file, testFormat);
    expect(result).toEqual({ ok: false, error: values ? { key, values } : { key } });
  });

  it('a file over the size limit -> tooLarge, not read', () => {
    const result = parseSettlementCsv(header + 'x'.repeat(SETTLEMENT_FILE_MAX_BYTES), testFormat);
    expect(result).toEqual({ ok: false, error: { key: 'settlement.error.tooLarge' } });
  });

  it('a binary file (an XLSX sent as CSV) -> refused with a key, no throw', () => {
    const zipish = 'PK\u0003\u0004\u0014\u0000\u0006\u0000"\u0000[Content_Types].xml';
    const result = parseSettlementCsv(zipish, testFormat);
    expect(result.ok).toBe(false);
  });
});

describe('settlement error keys', () => {
  it('every key -> words in en, id and my, each naming the values its error carries', () => {
    for (const key of SETTLEMENT_ERROR_KEYS) {
      expect(hasKey(key)).toBe(true);
      for (const lang of ['en', 'id', 'my'] as const) {
        const words = (resources[lang].translation as Record<string, string>)[key];
        expect(words, `${lang} ${key}`).toBeTruthy();
      }
    }
    expect(resources.id.translation['settlement.error.missingColumns']).toContain('{{columns}}');
    expect(resources.my.translation['settlement.error.badAmount']).toContain('{{line}}');
  });
});

describe('parseSettlementCsv on any input', () => {
  it('any text -> a result (rows or a settlement.* key), never a throw', () => {
    const csvish = fc.array(
      fc.constantFrom(header, '\n', ',', '"', 'T1', '10.00', 'SETTLED', '2026-12-01', 'x'),
      {
        maxLength: 40,
      },
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          csvish.map((parts) => parts.join('')),
        ),
        (text) => {
          const result = parseSettlementCsv(text, testFormat);
          expect(result.ok || result.error.key.startsWith('settlement.error.')).toBe(true);
        },
      ),
    );
  });
});
