/**
 * The spooler and long transactions (apps/api docs/printing.md, "The spooler"): on PostgreSQL the
 * horizon of running transactions is the whole server's, so a transaction left open anywhere — another
 * database on the same server, a migration, a stuck connection — must not hold a docket back, nor make
 * one print twice once it ends. PostgreSQL only: PGlite has one connection and no other transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { ENGINES } from '../../test/harness';
import { startPrintingBench, starText } from '../../test/printing-kit';
import type { PrintingBench } from '../../test/printing-kit';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url || !ENGINES.includes('postgres'))(
  'printing beside a long transaction on postgres',
  () => {
    let bench: PrintingBench;
    let other: pg.Client;

    beforeAll(async () => {
      bench = await startPrintingBench('postgres');
      other = new pg.Client({ connectionString: url });
      await other.connect();
    }, 180_000);
    afterAll(async () => {
      await other?.end();
      await bench?.server.close();
    });

    it('a transaction open elsewhere on the server -> a new order still prints at once, once; it ends -> nothing more', async () => {
      // A transaction with an id of its own, older than the order's, left open in another database.
      await other.query('begin');
      await other.query('select pg_current_xact_id()');
      const [first, second] = bench.dishes;
      await bench.order(first!);
      expect(await bench.star.drain()).toHaveLength(1);
      expect(starText(bench.star.printed.at(-1)!.bytes)).toContain(first!.name);
      // Polled again and again while it stays open: read again, made once.
      expect(await bench.star.drain()).toEqual([]);
      await bench.order(second!);
      expect(await bench.star.drain()).toHaveLength(1);
      expect(await bench.star.drain()).toEqual([]);
      await other.query('commit');
      expect(await bench.star.drain()).toEqual([]);
      expect(bench.star.printed).toHaveLength(2);
    });
  },
);
