/**
 * One shape for a gateway's settlement or transaction report, and the pure reading of such a file
 * (docs/payments.md, "Settlement reports"). A gateway whose report format is published gives its
 * column names to {@link parseSettlementCsv} from its own folder (`gateways/<name>/settlement.ts`);
 * a gateway whose format is not published has no parser (its README says so), so nothing here
 * guesses a column.
 *
 * A file in the wrong format is an error result carrying a catalogue key of `@santap/i18n`
 * (`settlement.*`), never a throw: the upload route answers it as a 4xx in the manager's language.
 */

/** What the gateway says became of one transaction in the report. */
export type SettlementStatus = 'settled' | 'refunded' | 'partiallyRefunded' | 'chargeback' | 'other';

/** One transaction of a gateway's report, money in integer minor units (sen, rupiah). */
export interface SettlementRow {
  /** The gateway's name as the registry knows it (`razer`, `midtrans`, `doku`). */
  gateway: string;
  /**
   * `payment`: a captured payment paid out. `refund`: money given back on an earlier payment, its
   * amounts negative as reports print them (`gross` = -refunded, `net` = gross - fee).
   */
  kind: 'payment' | 'refund';
  /** The gateway's id of the refund, for a `refund` row whose report gives one. */
  refundId: string | null;
  /** The gateway's own id of the transaction (Razer tranID, Midtrans transaction_id, …). */
  gatewayTransactionId: string;
  /** Our reference as the gateway received it (the order id we sent). */
  orderId: string;
  /** The method or channel as the gateway names it. */
  method: string;
  gross: number;
  /** The gateway's fee (MDR, with its tax when the report folds it in; a refund's refund fee). */
  fee: number;
  /** What the gateway pays out for this transaction: `gross - fee`. */
  net: number;
  currency: string;
  status: SettlementStatus;
  /** Minor units refunded at the gateway (0 when none). */
  refunded: number;
  /** The day the gateway settled it, `YYYY-MM-DD`, or null when the report does not say. */
  settledOn: string | null;
  /** The payout (settlement batch) it was paid in, or null when the report does not say. */
  payoutBatchId: string | null;
  /** 1-based line of the file it came from, so a duplicate can be pointed at. */
  line: number;
}

/** The catalogue keys a report file can be refused with (`packages/i18n` section `settlement`). */
export const SETTLEMENT_ERROR_KEYS = [
  'settlement.error.empty',
  'settlement.error.tooLarge',
  'settlement.error.notCsv',
  'settlement.error.unreadable',
  'settlement.error.gatewayError',
  'settlement.error.missingColumns',
  'settlement.error.badAmount',
  'settlement.error.badDate',
  'settlement.error.amountsDisagree',
  'settlement.error.unknownStatus',
  'settlement.error.missingValue',
] as const;
export type SettlementErrorKey = (typeof SETTLEMENT_ERROR_KEYS)[number];

/** Why a file was refused: a catalogue key and the values its sentence names. */
export interface SettlementFileError {
  key: SettlementErrorKey;
  values?: Record<string, string | number>;
}

export type SettlementParseResult =
  { ok: true; rows: SettlementRow[] } | { ok: false; error: SettlementFileError };

/** A file larger than this is refused before it is read (a day's report is far smaller). */
export const SETTLEMENT_FILE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * How one gateway's documented report maps onto {@link SettlementRow}: the header of each column
 * exactly as the gateway's page prints it. `fee` or `net` may be missing from a format (the other
 * is then derived); every other named column must be in the file's header row.
 */
export interface SettlementColumns {
  gatewayTransactionId: string;
  orderId: string;
  method: string;
  gross: string;
  fee?: string;
  net?: string;
  /** Absent when a format is in one currency only: `currency` of the spec is then used. */
  currency?: string;
  status: string;
  refunded?: string;
  settledOn?: string;
  payoutBatchId?: string;
}

export interface SettlementFormat {
  gateway: string;
  columns: SettlementColumns;
  /** Used when the format has no currency column. */
  currency: string;
  /** Digits after the decimal point of the currency's minor unit (MYR 2, IDR 0). */
  fractionDigits: number;
  /** The gateway's status word -> ours; `undefined` refuses the file (a status not on its page). */
  status: (word: string) => SettlementStatus | undefined;
  /** The gateway's date cell -> `YYYY-MM-DD`, or `undefined` when unreadable. */
  date: (cell: string) => string | undefined;
}

/**
 * RFC 4180 CSV -> rows of cells (quoted fields, doubled quotes, CRLF or LF, a leading BOM).
 * `undefined` when a quote is left open: the file is not CSV.
 */
export function readCsv(text: string): string[][] | undefined {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (quoted) return undefined;
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => !(r.length === 1 && r[0]?.trim() === ''));
}

/**
 * A decimal amount as reports print it ("38.50", "1,250.00", "100000") -> integer minor units, or
 * `undefined` when it is not a number or carries more precision than the currency has.
 *
 * @example
 * ```ts
 * toMinorUnits('1,250.50', 2); // 125050
 * toMinorUnits('100000.00', 0); // 100000
 * toMinorUnits('12.345', 2); // undefined
 * ```
 */
export function toMinorUnits(cell: string, fractionDigits: number): number | undefined {
  const trimmed = cell.trim();
  const match = /^(-?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/.exec(trimmed);
  if (!match) return undefined;
  const [, sign, whole = '', fraction = ''] = match;
  const kept = fraction.slice(0, fractionDigits).padEnd(fractionDigits, '0');
  if (/[^0]/.test(fraction.slice(fractionDigits))) return undefined;
  const value = Number(whole.replace(/,/g, '') + kept);
  if (!Number.isSafeInteger(value)) return undefined;
  return sign === '-' ? -value : value;
}

/**
 * A documented report file -> {@link SettlementRow}s, or the first reason it cannot be read. The
 * header row is matched by exact column names (surrounding spaces ignored); extra columns are
 * allowed, as gateways add custom ones (DOKU's `additional_info.report`, for one).
 */
export function parseSettlementCsv(text: string, format: SettlementFormat): SettlementParseResult {
  const fail = (key: SettlementErrorKey, values?: SettlementFileError['values']): SettlementParseResult => ({
    ok: false,
    error: values ? { key, values } : { key },
  });
  if (Buffer.byteLength(text, 'utf8') > SETTLEMENT_FILE_MAX_BYTES) return fail('settlement.error.tooLarge');
  const table = readCsv(text);
  if (table === undefined) return fail('settlement.error.notCsv');
  const [header, ...body] = table;
  if (header === undefined || body.length === 0) return fail('settlement.error.empty');

  const names = header.map((h) => h.trim());
  const wanted = Object.entries(format.columns) as [keyof SettlementColumns, string][];
  const missing = wanted.filter(([, name]) => !names.includes(name)).map(([, name]) => name);
  if (missing.length > 0) return fail('settlement.error.missingColumns', { columns: missing.join(', ') });
  const at = new Map(wanted.map(([field, name]) => [field, names.indexOf(name)]));

  const rows: SettlementRow[] = [];
  for (const [index, cells] of body.entries()) {
    const line = index + 2;
    const cell = (field: keyof SettlementColumns): string | undefined => {
      const column = at.get(field);
      return column === undefined ? undefined : (cells[column] ?? '').trim();
    };
    const amount = (field: 'gross' | 'fee' | 'net' | 'refunded'): number | undefined | 'bad' => {
      const raw = cell(field);
      if (raw === undefined || (raw === '' && field === 'refunded')) return undefined;
      return toMinorUnits(raw, format.fractionDigits) ?? 'bad';
    };

    for (const field of ['gatewayTransactionId', 'orderId', 'status'] as const) {
      if (!cell(field)) return fail('settlement.error.missingValue', { line, column: format.columns[field] });
    }
    const gross = amount('gross');
    const fee = amount('fee');
    const net = amount('net');
    const refunded = amount('refunded');
    for (const [field, value] of [
      ['gross', gross],
      ['fee', fee],
      ['net', net],
      ['refunded', refunded],
    ] as const) {
      if (value === 'bad' || (field === 'gross' && value === undefined)) {
        return fail('settlement.error.badAmount', { line, column: format.columns[field] ?? field });
      }
    }
    const g = gross as number;
    const f = typeof fee === 'number' ? fee : typeof net === 'number' ? g - net : 0;
    const n = typeof net === 'number' ? net : g - f;
    if (g - f !== n) return fail('settlement.error.amountsDisagree', { line });

    const word = cell('status') ?? '';
    const status = format.status(word);
    if (status === undefined) return fail('settlement.error.unknownStatus', { line, status: word });

    const dateCell = cell('settledOn');
    let settledOn: string | null = null;
    if (dateCell) {
      const day = format.date(dateCell);
      if (day === undefined) return fail('settlement.error.badDate', { line });
      settledOn = day;
    }

    rows.push({
      gateway: format.gateway,
      kind: 'payment',
      refundId: null,
      gatewayTransactionId: cell('gatewayTransactionId') ?? '',
      orderId: cell('orderId') ?? '',
      method: cell('method') ?? '',
      gross: g,
      fee: f,
      net: n,
      currency: cell('currency') || format.currency,
      status,
      refunded: typeof refunded === 'number' ? refunded : status === 'refunded' ? g : 0,
      settledOn,
      payoutBatchId: cell('payoutBatchId') || null,
      line,
    });
  }
  return { ok: true, rows };
}
