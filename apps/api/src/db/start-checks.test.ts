import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmptyDatabase, withDatabase } from '../../test/harness';
import type { TestDatabase } from '../../test/harness';
import { openDatabase } from './client';
import { pgbouncerPoolMode, redactUrl } from './start-checks';

describe('redactUrl', () => {
  it('a URL with a password -> the password hidden; no password -> as it was', () => {
    expect(redactUrl('postgres://santap:s3cret@db:5432/santap')).toBe('postgres://santap:***@db:5432/santap');
    expect(redactUrl('postgres://postgres@127.0.0.1:5432/test')).toBe(
      'postgres://postgres@127.0.0.1:5432/test',
    );
  });
});

// The local PostgreSQL as both the primary and the "replica": what the start-up must refuse.
describe.runIf(process.env.TEST_DATABASE_URL)('start-up refusals on PostgreSQL', () => {
  let test: TestDatabase;
  let url: string;
  beforeAll(async () => {
    test = await openEmptyDatabase('postgres');
    type Rows = { rows: { name: string }[] };
    const name = ((await test.database.db.execute(sql`select current_database() as name`)) as Rows).rows[0]!
      .name;
    url = withDatabase(process.env.TEST_DATABASE_LISTEN_URL ?? process.env.TEST_DATABASE_URL!, name);
  });
  afterAll(async () => {
    await test?.close();
  });

  it('DATABASE_READ_URL naming the primary itself -> refused: pg_is_in_recovery() is false there', async () => {
    await expect(openDatabase({ engine: 'postgres', url, readUrl: url, poolSize: 2 })).rejects.toThrow(
      /Refusing to start: DATABASE_READ_URL .* reaches a primary \(pg_is_in_recovery\(\) is false\)/,
    );
  });

  it('DATABASE_READ_URL naming the primary by another address (localhost for 127.0.0.1) -> refused all the same', async () => {
    const other = new URL(url);
    other.hostname = other.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    await expect(
      openDatabase({ engine: 'postgres', url, readUrl: other.toString(), poolSize: 2 }),
    ).rejects.toThrow(/reaches a primary/);
  });

  it('DATABASE_LISTEN_URL naming another database of the server -> refused before anything is migrated: live events would never arrive', async () => {
    const other = await openEmptyDatabase('postgres');
    try {
      type Rows = { rows: { name: string }[] };
      const name = ((await other.database.db.execute(sql`select current_database() as name`)) as Rows)
        .rows[0]!.name;
      await other.database.db.execute(sql`drop schema drizzle cascade`);
      const elsewhere = withDatabase(url, name);
      await expect(
        openDatabase({ engine: 'postgres', url, listenUrl: elsewhere, poolSize: 2 }),
      ).rejects.toThrow(/DATABASE_URL .* and DATABASE_LISTEN_URL reach different databases/);
      // The refusal came before the migrations: the listen database's migration journal is still gone.
      type Exists = { rows: { journal: string | null }[] };
      const journal = (await other.database.db.execute(
        sql`select to_regclass('drizzle.__drizzle_migrations')::text as journal`,
      )) as Exists;
      expect(journal.rows[0]!.journal).toBeNull();
    } finally {
      await other.close();
    }
  });

  it('DATABASE_LISTEN_URL the same server directly -> opens; no replica: every catalogue read is the primary', async () => {
    const database = await openDatabase({ engine: 'postgres', url, listenUrl: url, poolSize: 2 });
    try {
      expect(database.reader('restaurant:1001')).toBe(database.db);
      expect(database.replicaStatus).toBeUndefined();
      // LISTEN works on it: a notify through the pool reaches the subscriber.
      const heard = new Promise<string>((resolve) => {
        void database.listen('santap_check', resolve);
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      await database.db.execute(sql`select pg_notify('santap_check', 'hello')`);
      await expect(heard).resolves.toBe('hello');
    } finally {
      await database.close();
    }
  });

  it("PostgreSQL itself asked for PgBouncer's console -> no pool mode (nothing to refuse)", async () => {
    expect(await pgbouncerPoolMode(url)).toBeNull();
  });
});
