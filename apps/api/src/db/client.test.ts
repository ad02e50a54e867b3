import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../test/harness';
import { createLiveEvents } from '../lib/live-events';
import type { LiveEvent } from '../lib/live-events';
import type { TestDatabase } from '../../test/harness';

// What a database restart or an administrator's termination does to a running server: PostgreSQL only.
describe.runIf(process.env.TEST_DATABASE_URL)('a PostgreSQL connection lost under the server', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase('postgres');
  });
  afterAll(async () => {
    await test?.close();
  });

  it('idle pooled connections terminated by the database -> no crash; the next query opens a new one', async () => {
    const { db } = test.database;
    // Fill the pool with idle connections.
    await Promise.all(Array.from({ length: 4 }, () => db.execute(sql`select pg_sleep(0.05)`)));
    type Rows<T> = { rows: T[] };
    const current = (await db.execute(sql`select current_database() as name`)) as Rows<{ name: string }>;
    const name = current.rows[0]!.name;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const terminated = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    await admin.end();
    expect(terminated.rowCount).toBeGreaterThan(0);
    // The terminated connections report their 'error' now; an unhandled one would fail this file.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = (await db.execute(sql`select 1 as one`)) as Rows<{ one: number }>;
    expect(after.rows[0]!.one).toBe(1);
  });

  it('a connection terminated while checked out (a transaction between two queries) -> no crash; that transaction fails, the next query answers', async () => {
    const { db } = test.database;
    type Rows<T> = { rows: T[] };
    const crashes: unknown[] = [];
    const onUncaught = (error: unknown) => crashes.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const transaction = db.transaction(async (tx) => {
        const pid = ((await tx.execute(sql`select pg_backend_pid() as pid`)) as Rows<{ pid: number }>)
          .rows[0]!.pid;
        // The connection is checked out of the pool and idle in the transaction when it is terminated.
        await admin.query('select pg_terminate_backend($1)', [pid]);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 1`);
      });
      await expect(transaction).rejects.toThrow();
      await admin.end();
      const after = (await db.execute(sql`select 1 as one`)) as Rows<{ one: number }>;
      expect(after.rows[0]!.one).toBe(1);
      expect(crashes).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });

  it("the live events' LISTEN connection terminated -> reconnected and listening again: a later event reaches the subscriber", async () => {
    const { db } = test.database;
    const events = createLiveEvents(test.database);
    await events.start();
    const received: LiveEvent[] = [];
    const unsubscribe = events.subscribe('order:424242', (event) => received.push(event));
    type Rows<T> = { rows: T[] };
    const listenerPids = async () =>
      (
        (await db.execute(
          sql`select pid from pg_stat_activity where datname = current_database() and query like 'LISTEN %'`,
        )) as Rows<{ pid: number }>
      ).rows.map((row) => row.pid);
    const send = (n: number) =>
      events.publishCommitted([{ topics: ['order:424242'], type: 'order.status', data: { n } }]);
    try {
      send(1);
      await vi.waitFor(() => expect(received.map((e) => e.data.n)).toContain(1), { timeout: 10_000 });
      const before = await listenerPids();
      expect(before).toHaveLength(1);

      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [before[0]]);
      await admin.end();

      // A new LISTEN backend, and an event sent after it reaches the subscriber.
      await vi.waitFor(
        async () => {
          const after = await listenerPids();
          expect(after).toHaveLength(1);
          expect(after[0]).not.toBe(before[0]);
        },
        { timeout: 10_000, interval: 100 },
      );
      send(2);
      await vi.waitFor(() => expect(received.map((e) => e.data.n)).toContain(2), { timeout: 5_000 });
    } finally {
      unsubscribe();
      await events.stop();
    }
    // Stopped: the listener's connection is closed, and no reconnect brings it back.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await listenerPids()).toEqual([]);
  });
});
