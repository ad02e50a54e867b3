import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness';
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
    const current = (await db.execute(sql`select current_database() as name`)) as unknown as Rows<{
      name: string;
    }>;
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
    const after = (await db.execute(sql`select 1 as one`)) as unknown as Rows<{ one: number }>;
    expect(after.rows[0]!.one).toBe(1);
  });
});
