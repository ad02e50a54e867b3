/**
 * Razer (Fiuu) Settlement Report (Reconciliation), versions 4.0 to 6.0, in its JSON format: the
 * reply of `GET /RMS/API/settlement/report.php` (Fiuu API Spec for Merchant v13.86, "Settlement
 * Report (Reconciliation)"; README, "Settlement report"). Pure: text in, rows or a catalogue key out.
 *
 * Records: `H` the batch (its `BatchReferenceNumber` and `SettlementDate` apply to the records after
 * it), `D` a settled transaction, `R` a refund or chargeback, `G` a transaction fully refunded before
 * settlement, `F` a page summary (ignored). Amounts are minor units without a decimal point.
 */

import {
  SETTLEMENT_FILE_MAX_BYTES,
  type SettlementFileError,
  type SettlementParseResult,
  type SettlementRow,
  type SettlementStatus,
} from '../../settlement-report';
import { md5 } from './protocol';

/** The Settlement Report call's path on the API host (`api.fiuu.com`), asked with `version=6.0&format=json`. */
export const RAZER_SETTLEMENT_REPORT_PATH = '/RMS/API/settlement/report.php';

/** The call's `token`: md5(merchant_id + verify_key + date), `date` as sent (`YYYY-MM-DD`). */
export function razerSettlementReportToken(merchantId: string, verifyKey: string, date: string): string {
  return md5(merchantId + verifyKey + date);
}

/**
 * `Status` of a record onto ours ("usually SETTLED for D, REFUND for R, CANCELLED for G"); a word not
 * on the page refuses the file rather than being guessed.
 */
const STATUS: Record<string, SettlementStatus> = {
  SETTLED: 'settled',
  REFUND: 'refunded',
  CANCELLED: 'refunded',
};

type Cell = string | number | null | undefined;

const text = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

/** "0009722", "-185300", 0 -> an integer; '' or null -> undefined; anything else -> 'bad'. */
function minor(value: Cell): number | undefined | 'bad' {
  const cell = text(value);
  if (cell === '') return undefined;
  if (!/^-?\d+$/.test(cell)) return 'bad';
  const n = Number(cell);
  return Number.isSafeInteger(n) ? n : 'bad';
}

/** `YYYYMMDD` -> `YYYY-MM-DD`, or undefined. */
function day(value: Cell): string | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(text(value));
  return match ? `${match[1]}-${match[2]}-${match[3]}` : undefined;
}

/**
 * The Settlement Report's JSON -> {@link SettlementRow}s (`gateway: 'razer'`). `D` and `G` records
 * are payments (`G` already refunded in full), `R` records are refunds. `net` is
 * `SettlementNetAmountInProcessingCurrency` (what the batch pays for the record, after MDR and
 * tax) and `fee` is `gross - net`, so the MDR's tax is part of the fee.
 *
 * @example
 * ```ts
 * const result = parseRazerSettlementReport(await reply.text());
 * if (!result.ok) return refuse(result.error.key, result.error.values);
 * ```
 */
export function parseRazerSettlementReport(body: string): SettlementParseResult {
  const fail = (
    key: SettlementFileError['key'],
    values?: SettlementFileError['values'],
  ): SettlementParseResult => ({
    ok: false,
    error: values ? { key, values } : { key },
  });
  if (Buffer.byteLength(body, 'utf8') > SETTLEMENT_FILE_MAX_BYTES) return fail('settlement.error.tooLarge');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return fail('settlement.error.unreadable');
  }
  if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
    // Errors are "always in JSON format": { success: false, token: 'invalid token' } and the like.
    const fields = Object.entries(parsed as Record<string, unknown>).filter(([name]) => name !== 'success');
    if ((parsed as { success?: unknown }).success === false && fields.length > 0) {
      return fail('settlement.error.gatewayError', { message: fields.map(([, v]) => text(v)).join('; ') });
    }
    return fail('settlement.error.unreadable');
  }
  if (!Array.isArray(parsed)) return fail('settlement.error.unreadable');

  const rows: SettlementRow[] = [];
  let settledOn: string | null = null;
  let payoutBatchId: string | null = null;
  for (const [index, record] of parsed.entries()) {
    const line = index + 1;
    if (record === null || typeof record !== 'object') return fail('settlement.error.unreadable');
    const r = record as Record<string, Cell>;
    const type = text(r.RecordIdentifier);
    if (type === 'H') {
      const date = day(r.SettlementDate);
      if (date === undefined) return fail('settlement.error.badDate', { line });
      settledOn = date;
      payoutBatchId = text(r.BatchReferenceNumber) || null;
      continue;
    }
    if (type === 'F') continue;
    if (type !== 'D' && type !== 'R' && type !== 'G') return fail('settlement.error.unreadable');

    for (const column of ['AcquirerReference', 'OrderId', 'Status'] as const) {
      if (!text(r[column])) return fail('settlement.error.missingValue', { line, column });
    }
    const gross = minor(r.TransactionGrossAmount);
    if (gross === undefined || gross === 'bad') {
      return fail('settlement.error.badAmount', { line, column: 'TransactionGrossAmount' });
    }
    const net = minor(r.SettlementNetAmountInProcessingCurrency);
    if (net === 'bad')
      return fail('settlement.error.badAmount', { line, column: 'SettlementNetAmountInProcessingCurrency' });
    const word = text(r.Status);
    const status = STATUS[word.toUpperCase()];
    if (status === undefined) return fail('settlement.error.unknownStatus', { line, status: word });

    const refund = type === 'R';
    // A refund is money given back: negative however the record signs it.
    const signedGross = refund ? -Math.abs(gross) : gross;
    const signedNet = net === undefined ? 0 : refund ? -Math.abs(net) : net;
    rows.push({
      gateway: 'razer',
      kind: refund ? 'refund' : 'payment',
      refundId: refund ? text(r.RefundID) || null : null,
      gatewayTransactionId: text(r.AcquirerReference),
      orderId: text(r.OrderId),
      method: text(r.Channel),
      gross: signedGross,
      fee: signedGross - signedNet,
      net: signedNet,
      currency: text(r.TransactionCurrency) || 'MYR',
      status: type === 'G' ? 'refunded' : status,
      refunded: refund ? Math.abs(gross) : type === 'G' ? gross : 0,
      settledOn,
      payoutBatchId,
      line,
    });
  }
  if (rows.length === 0) return fail('settlement.error.empty');
  return { ok: true, rows };
}
