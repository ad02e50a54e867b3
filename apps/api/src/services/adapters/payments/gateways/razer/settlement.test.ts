import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseRazerSettlementReport, razerSettlementReportToken } from './settlement';

// Fiuu API Spec for Merchant v13.86, "Settlement Report (Reconciliation)": its JSON example (the
// records the page prints; the page itself says the figures are a format reference only).
const published = readFileSync(new URL('./fixtures/razer-settlement-report.json', import.meta.url), 'utf8');

describe('parseRazerSettlementReport', () => {
  it("Fiuu's published example -> 4 settled payments and 1 refund, in the batch of its H record", () => {
    const result = parseRazerSettlementReport(published);
    if (!result.ok) throw new Error(result.error.key);
    expect(
      result.rows.map((r) => [r.kind, r.gatewayTransactionId, r.orderId, r.gross, r.fee, r.net]),
    ).toEqual([
      ['payment', '18300981', 'OP-02559', 9900, 178, 9722],
      ['payment', '18310736', '163138', 303630, 9656, 293974],
      ['payment', '18516590', '79126387162378123', 158500, 5040, 153460],
      ['payment', '18532262', '31283671293', 10000, 318, 9682],
      ['refund', '13251784', '54671293761293', -185300, -5559, -179741],
    ]);
    expect(result.rows[0]).toEqual({
      gateway: 'razer',
      kind: 'payment',
      refundId: null,
      gatewayTransactionId: '18300981',
      orderId: 'OP-02559',
      method: 'maybank2u',
      gross: 9900,
      fee: 178,
      net: 9722,
      currency: 'MYR',
      status: 'settled',
      refunded: 0,
      settledOn: '2017-08-17',
      payoutBatchId: '20170817-613',
      line: 2,
    });
    expect(result.rows[4]).toMatchObject({ status: 'refunded', refunded: 185300, line: 6 });
  });

  it('a G record (refunded in full before settlement) -> a payment refunded in full', () => {
    const g = JSON.stringify([
      { RecordIdentifier: 'H', BatchReferenceNumber: 'B2', SettlementDate: '20261201' },
      {
        RecordIdentifier: 'G',
        OrderId: 'SNTP-9',
        Channel: 'credit',
        AcquirerReference: '777',
        TransactionGrossAmount: '5000',
        TransactionCurrency: 'MYR',
        SettlementNetAmountInProcessingCurrency: '0',
        Status: 'CANCELLED',
      },
    ]);
    const result = parseRazerSettlementReport(g);
    expect(result.ok && result.rows[0]).toMatchObject({
      kind: 'payment',
      status: 'refunded',
      refunded: 5000,
    });
  });

  it.each([
    ['not json at all', 'settlement.error.unreadable', undefined],
    [
      '{"success":false,"token":"invalid token"}',
      'settlement.error.gatewayError',
      { message: 'invalid token' },
    ],
    ['[]', 'settlement.error.empty', undefined],
    ['[{"RecordIdentifier":"X"}]', 'settlement.error.unreadable', undefined],
    ['[{"RecordIdentifier":"H","SettlementDate":"17-08-2017"}]', 'settlement.error.badDate', { line: 1 }],
    [
      '[{"RecordIdentifier":"D","OrderId":"A","AcquirerReference":"1","Status":"SETTLED","TransactionGrossAmount":"99.00"}]',
      'settlement.error.badAmount',
      { line: 1, column: 'TransactionGrossAmount' },
    ],
    [
      '[{"RecordIdentifier":"D","OrderId":"A","AcquirerReference":"1","Status":"PAID","TransactionGrossAmount":"9900"}]',
      'settlement.error.unknownStatus',
      { line: 1, status: 'PAID' },
    ],
    [
      '[{"RecordIdentifier":"D","OrderId":"A","Status":"SETTLED","TransactionGrossAmount":"9900"}]',
      'settlement.error.missingValue',
      { line: 1, column: 'AcquirerReference' },
    ],
  ])('%s -> %s', (body, key, values) => {
    expect(parseRazerSettlementReport(body)).toEqual({
      ok: false,
      error: values ? { key, values } : { key },
    });
  });
});

describe('razerSettlementReportToken', () => {
  it('merchant, verify key, date -> md5 of the three in that order', () => {
    const expected = createHash('md5').update('merchantIDSBvkey12017-08-17').digest('hex');
    expect(razerSettlementReportToken('merchantIDSB', 'vkey1', '2017-08-17')).toBe(expected);
  });
});

describe('parseRazerSettlementReport on any input', () => {
  it('any text or JSON -> a result (rows or a settlement.* key), never a throw', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.jsonValue().map((v) => JSON.stringify([v])),
        ),
        (body) => {
          const result = parseRazerSettlementReport(body);
          expect(result.ok || result.error.key.startsWith('settlement.error.')).toBe(true);
        },
      ),
    );
  });
});
