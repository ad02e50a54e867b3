/**
 * Once per test run, before any file: the seeded demo database both engines start from, so a test
 * file opens a copy instead of creating, migrating and seeding its own (most of a file's start-up on
 * PGlite is its cluster's initdb). PGlite: the seeded data directory dumped to a tarball that each
 * file loads; PostgreSQL (when TEST_DATABASE_URL is set): a template database each file clones.
 * Both are made fresh by every run and removed after it. Read by `openTestDatabase` (harness.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { seedDemoData } from '../src/seed/seed';
import { useTestScryptCost } from '../src/services/flows/accounts/passwords';

export const PGLITE_SNAPSHOT_ENV = 'SANTAP_TEST_PGLITE_SNAPSHOT';
export const PG_TEMPLATE_ENV = 'SANTAP_TEST_PG_TEMPLATE';

/**
 * PostgreSQL itself: TEST_DATABASE_LISTEN_URL when set (TEST_DATABASE_URL may be PgBouncer, whose
 * server connections to the template would stop it being copied), else TEST_DATABASE_URL.
 */
const directUrl = () => process.env.TEST_DATABASE_LISTEN_URL ?? process.env.TEST_DATABASE_URL;

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: directUrl() });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/**
 * Makes the run's seeded databases and says where they are (environment, inherited by the test
 * workers); returns their removal. `postgres: false` skips the template (the e2e runs PGlite only).
 */
export async function prepareSeededDatabases(
  options: { postgres: boolean } = { postgres: true },
): Promise<() => Promise<void>> {
  // The seeded hashes at the test runs' cost, as the workers check them (harness.ts).
  useTestScryptCost();
  const dir = await mkdtemp(join(tmpdir(), 'santap-test-'));
  const lite = await openDatabase({ engine: 'pglite' });
  await seedDemoData(lite.db);
  const snapshot = await lite.dump!();
  await lite.close();
  const file = join(dir, 'seeded.tar');
  await writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
  process.env[PGLITE_SNAPSHOT_ENV] = file;

  let template: string | undefined;
  const adminUrl = directUrl();
  if (adminUrl && options.postgres) {
    template = `santap_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${template}`);
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    const database = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 5 });
    await seedDemoData(database.db);
    await database.close();
    process.env[PG_TEMPLATE_ENV] = template;
  }

  return async () => {
    await rm(dir, { recursive: true, force: true });
    if (template) await adminQuery(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  };
}

export default function setup(): Promise<() => Promise<void>> {
  return prepareSeededDatabases();
}
