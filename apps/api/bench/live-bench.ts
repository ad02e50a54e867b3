/**
 * `pnpm --filter @santap/api bench:live`: the live status fan-out alone (see live-fanout.ts), on a
 * fresh database next to DATABASE_URL / TEST_DATABASE_URL. LIVE_PAGES, LIVE_RATE, LIVE_SECONDS.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { FANOUT_HEADER, fanoutLine, runLiveFanout } from './live-fanout';

const adminUrl =
  process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `santap_bench_live_${randomBytes(5).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
try {
  const figures = await runLiveFanout(url.toString(), {
    pages: Number(process.env.LIVE_PAGES ?? 10_000),
    rate: Number(process.env.LIVE_RATE ?? 200),
    seconds: Number(process.env.LIVE_SECONDS ?? 15),
  });
  console.log([...FANOUT_HEADER, fanoutLine(figures)].join('\n'));
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
process.exit(0);
