/**
 * `pnpm --filter @santap/api bench:live`: the live status benches alone, each on a fresh database
 * next to DATABASE_URL / TEST_DATABASE_URL: first the staff status change with no page open
 * (live-staff.ts; LIVE_STAFF_SECONDS, 0 skips it; LIVE_STAFF_IN_FLIGHT), then the fan-out
 * (live-fanout.ts; LIVE_PAGES, 0 skips it; LIVE_RATE, LIVE_SECONDS).
 */
import { freshPostgres } from './api-scenarios';
import { FANOUT_HEADER, fanoutLine, runLiveFanout } from './live-fanout';
import { STAFF_CALL_HEADER, runStaffCalls, staffCallLine } from './live-staff';

const adminUrl =
  process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function onFreshDatabase<T>(run: (url: string) => Promise<T>): Promise<T> {
  const fresh = await freshPostgres(adminUrl);
  try {
    return await run(fresh.url);
  } finally {
    await fresh.drop();
  }
}

const staffSeconds = Number(process.env.LIVE_STAFF_SECONDS ?? 10);
if (staffSeconds > 0) {
  const figures = await onFreshDatabase((url) =>
    runStaffCalls(url, { seconds: staffSeconds, inFlight: Number(process.env.LIVE_STAFF_IN_FLIGHT ?? 32) }),
  );
  console.log([...STAFF_CALL_HEADER, staffCallLine(figures), ''].join('\n'));
}
const pages = Number(process.env.LIVE_PAGES ?? 10_000);
if (pages > 0) {
  const figures = await onFreshDatabase((url) =>
    runLiveFanout(url, {
      pages,
      rate: Number(process.env.LIVE_RATE ?? 200),
      seconds: Number(process.env.LIVE_SECONDS ?? 15),
    }),
  );
  console.log([...FANOUT_HEADER, fanoutLine(figures)].join('\n'));
}
process.exit(0);
