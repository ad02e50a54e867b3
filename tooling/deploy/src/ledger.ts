/**
 * What a restore must bring back, read in one snapshot: for each table of money and orders, its rows,
 * the sums of its money columns, the count and sum per state, and a checksum of every row's text (so a
 * row changed or lost shows even when the counts and sums agree).
 */
import type pg from 'pg';

/** Each table, its money columns and the column that holds its state. */
export const LEDGER_TABLES = {
  orders: { money: ['total', 'paid_amount', 'refunded_amount'], state: 'payment_status' },
  order_items: { money: [], state: undefined },
  food_court_orders: { money: ['total'], state: 'payment_status' },
  payments: { money: ['amount', 'refunded_amount'], state: 'state' },
  refunds: { money: ['amount'], state: 'state' },
  payment_events: { money: [], state: 'status' },
} as const;

export type LedgerTable = keyof typeof LEDGER_TABLES;

export interface TableFigures {
  rows: number;
  sums: Record<string, number>;
  /** `state: rows / sum of the first money column` */
  byState: Record<string, string>;
  checksum: string;
}

export type Ledger = Record<LedgerTable, TableFigures>;

/**
 * The figures of every ledger table, through `client` (inside a transaction when the caller wants
 * them from one snapshot). Row text in UTC and ISO dates, so both clusters write it alike.
 */
export async function readLedger(client: pg.ClientBase): Promise<Ledger> {
  await client.query(`SET TimeZone = 'UTC'`);
  await client.query(`SET DateStyle = 'ISO, YMD'`);
  const ledger = {} as Ledger;
  for (const [table, { money, state }] of Object.entries(LEDGER_TABLES) as Array<
    [LedgerTable, (typeof LEDGER_TABLES)[LedgerTable]]
  >) {
    const sums = money.map((column) => `coalesce(sum(${column}), 0)::bigint::text as ${column}`).join(', ');
    const { rows } = await client.query<Record<string, string>>(
      `select count(*)::text as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t.id), '')) as checksum
         ${sums ? `, ${sums}` : ''} from ${table} t`,
    );
    const row = rows[0]!;
    const byState: Record<string, string> = {};
    if (state) {
      const first = money[0];
      const grouped = await client.query<{ state: string; rows: string; sum: string }>(
        `select ${state}::text as state, count(*)::text as rows,
           ${first ? `coalesce(sum(${first}), 0)::bigint::text` : `''`} as sum
         from ${table} group by 1 order by 1`,
      );
      for (const group of grouped.rows)
        byState[group.state] = first ? `${group.rows} / ${group.sum}` : group.rows;
    }
    ledger[table] = {
      rows: Number(row.rows),
      sums: Object.fromEntries(money.map((column) => [column, Number(row[column])])),
      byState,
      checksum: row.checksum!,
    };
  }
  return ledger;
}

/** Where two ledgers differ, one line each; empty when they agree. */
export function ledgerDifferences(expected: Ledger, actual: Ledger): string[] {
  const lines: string[] = [];
  for (const table of Object.keys(LEDGER_TABLES) as LedgerTable[]) {
    const [a, b] = [expected[table], actual[table]];
    if (a.rows !== b.rows) lines.push(`${table}: ${a.rows} rows, restored ${b.rows}`);
    for (const [column, sum] of Object.entries(a.sums)) {
      if (b.sums[column] !== sum) lines.push(`${table}.${column}: sum ${sum}, restored ${b.sums[column]}`);
    }
    if (JSON.stringify(a.byState) !== JSON.stringify(b.byState)) {
      lines.push(`${table} by state: ${JSON.stringify(a.byState)}, restored ${JSON.stringify(b.byState)}`);
    }
    if (a.checksum !== b.checksum)
      lines.push(`${table}: the rows' checksum differs (a row changed in the restore)`);
  }
  return lines;
}
