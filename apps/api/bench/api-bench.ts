/**
 * `pnpm bench:api` (README: Performance; figures in docs/benchmarks.md): the API in-process on a loopback
 * port, driven by autocannon from a worker thread at 100 connections, on PGlite and (when DATABASE_URL or
 * TEST_DATABASE_URL is set) on PostgreSQL in a fresh database, beside a bare `node:http` server returning the
 * same menu bytes (run just before and just after each menu run, so a busy shared machine skews both alike).
 * Order create also runs one request at a time: milliseconds per create hardly depend on other load.
 * Prints a table and records a dated section in docs/benchmarks.md. Figures, not a timed test.
 *
 * Knobs: BENCH_SECONDS (per scenario, default 5), BENCH_CONNECTIONS (default 100), BENCH_ENGINES
 * (e.g. `postgres`, to run one engine; the docs section then lacks the other). On PostgreSQL it also
 * runs the live status fan-out (live-fanout.ts: LIVE_PAGES 10,000 on two instances, LIVE_RATE 200
 * changes/s, LIVE_SECONDS 15; BENCH_LIVE=off skips it).
 */
import { CONNECTIONS, SECONDS } from './api-knobs';
import type { Engine } from './api-knobs';
import { DOCS, machine, table, targets, writeDocs } from './api-report';
import type { Row } from './api-report';
import { benchEngine, freshPostgres } from './api-scenarios';
import { FANOUT_HEADER, fanoutLine, runLiveFanout } from './live-fanout';
import type { FanoutFigures } from './live-fanout';

async function main() {
  const adminUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const available: Engine[] = adminUrl ? ['pglite', 'postgres'] : ['pglite'];
  const only = process.env.BENCH_ENGINES?.split(',');
  const engines = only ? available.filter((engine) => only.includes(engine)) : available;
  const rows: Row[] = [];
  const began = performance.now();
  const m = machine();
  console.error(`bench: ${engines.join(' + ')}, ${CONNECTIONS} connections, ${SECONDS} s per scenario`);

  for (const engine of engines) await benchEngine(engine, adminUrl, rows);
  // Live status on a busy evening: two instances, 10,000 pages (live-fanout.ts); BENCH_LIVE=off skips.
  let fanout: FanoutFigures | undefined;
  if (adminUrl && engines.includes('postgres') && process.env.BENCH_LIVE !== 'off') {
    const fresh = await freshPostgres(adminUrl);
    try {
      fanout = await runLiveFanout(fresh.url, {
        pages: Number(process.env.LIVE_PAGES ?? 10_000),
        rate: Number(process.env.LIVE_RATE ?? 200),
        seconds: Number(process.env.LIVE_SECONDS ?? 15),
      });
      console.error(`  live: ${fanoutLine(fanout)}`);
    } finally {
      await fresh.drop();
    }
  }
  const loadAfter = machine().load;

  const date = new Date().toISOString().slice(0, 10);
  const heading = `## ${date} · ${m.cpu}, ${m.cores} cores`;
  const failures = rows
    .filter((row) => row.figures.firstFailure)
    .map((row) => `- ${row.engine} ${row.scenario}: first failure \`${row.figures.firstFailure}\``);
  const section = [
    heading,
    '',
    `${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node}, ${m.platform}, load average before the run ${m.load}, after it ${loadAfter} (the machine is shared: other work skews every figure); ${CONNECTIONS} connections, ${SECONDS} s per scenario (order create: one request per prepared cart); total ${Math.round((performance.now() - began) / 1000)} s.`,
    '',
    table(rows),
    '',
    ...(fanout ? [...FANOUT_HEADER, fanoutLine(fanout), ''] : []),
    ...targets(rows, engines.includes('postgres')),
    ...(failures.length ? ['', ...failures] : []),
    '',
  ].join('\n');
  console.log(`\n${section}`);
  await writeDocs(section, heading);
  console.error(`bench: written to ${DOCS.pathname}`);
}

await main();
