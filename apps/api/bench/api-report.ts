/**
 * What `pnpm bench:api` reports: the rows of a run, their table and targets, the machine they ran on,
 * and the dated section it writes to docs/benchmarks.md (under a header describing the bench).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { format, resolveConfig } from 'prettier';
import { CONNECTIONS, ORDER_RATE } from './api-knobs';
import type { MenuEncoding } from './api-knobs';
import type { LoadFigures } from './load';

export const DOCS = new URL('../../../docs/benchmarks.md', import.meta.url);

export interface Row {
  scenario: string;
  engine: string;
  figures: LoadFigures;
  /** Menu rows: which encoding, to compare with the ceiling of the same bytes. */
  encoding?: MenuEncoding;
}

export const CEILING = 'bare node:http';

/** Two runs of one scenario as one row: mean throughput and median, the worse p99, the counts summed. */
export function meanOf(a: LoadFigures, b: LoadFigures): LoadFigures {
  return {
    title: a.title,
    rps: (a.rps + b.rps) / 2,
    p50: Math.round((a.p50 + b.p50) / 2),
    p99: Math.max(a.p99, b.p99),
    ok: a.ok + b.ok,
    non2xx: a.non2xx + b.non2xx,
    errors: a.errors + b.errors,
    seconds: a.seconds + b.seconds,
    ...(a.firstFailure || b.firstFailure ? { firstFailure: a.firstFailure ?? b.firstFailure } : {}),
  };
}

/** Sums load runs made at once against several instances: their throughput, the worse p50 and p99. */
export function together(runs: LoadFigures[]): LoadFigures {
  return {
    title: runs[0]!.title,
    rps: runs.reduce((sum, run) => sum + run.rps, 0),
    p50: Math.max(...runs.map((run) => run.p50)),
    p99: Math.max(...runs.map((run) => run.p99)),
    ok: runs.reduce((sum, run) => sum + run.ok, 0),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    seconds: Math.max(...runs.map((run) => run.seconds)),
  };
}

export function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown CPU',
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    /** Other work on the machine skews every figure: recorded beside them. */
    load: os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' '),
    platform: `${os.platform()} ${os.release()}`,
  };
}

export function table(rows: Row[]): string {
  const lines = [
    '| Scenario | Database | req/s | p50 ms | p99 ms | 2xx | non-2xx / errors |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const { scenario, engine, figures: f } of rows) {
    lines.push(
      `| ${scenario} | ${engine} | ${Math.round(f.rps)} | ${f.p50} | ${f.p99} | ${f.ok} | ${f.non2xx} / ${f.errors} |`,
    );
  }
  return lines.join('\n');
}

export function targets(rows: Row[], postgresMeasured: boolean): string[] {
  const lines: string[] = [];
  for (const row of rows.filter((r) => r.encoding && !r.engine.startsWith(CEILING))) {
    const beside = `${CEILING} beside ${row.engine}`;
    const ceiling = rows.find((r) => r.engine === beside && r.encoding === row.encoding)?.figures.rps ?? 0;
    const ratio = ceiling > 0 ? row.figures.rps / ceiling : 0;
    lines.push(
      `- Menu GET at least half of the bare ceiling (${row.engine}, ${row.encoding}): ${Math.round(row.figures.rps)} of ${Math.round(ceiling)} req/s = ${(ratio * 100).toFixed(0)}% -> **${ratio >= 0.5 ? 'met' : 'not met'}**`,
    );
  }
  const order = rows.find((row) => row.engine === 'PostgreSQL' && row.scenario.startsWith('order create at'));
  const alone = rows.find(
    (row) => row.engine === 'PostgreSQL' && row.scenario.startsWith('order create, one at a time'),
  );
  if (order && postgresMeasured) {
    const failed = order.figures.non2xx + order.figures.errors > 0;
    const met = order.figures.p99 <= 50 && !failed;
    const perCreate = alone ? `; one at a time p50 ${alone.figures.p50} ms, p99 ${alone.figures.p99} ms` : '';
    lines.push(
      `- Order create p99 <= 50 ms at ${CONNECTIONS} connections on PostgreSQL (Poisson arrivals at ${ORDER_RATE}/s; the saturated run measures throughput, its latency is queueing): p99 ${order.figures.p99} ms${failed ? ' (with failed requests)' : ''} -> **${met ? 'met' : 'not met'}**${perCreate}`,
    );
  } else {
    lines.push(
      '- Order create p99 <= 50 ms at 100 connections on PostgreSQL: **not measured** (set DATABASE_URL or TEST_DATABASE_URL)',
    );
  }
  return lines;
}

const HEADER = `# API benchmarks

\`pnpm bench:api\` (apps/api/bench/api-bench.ts) starts the API in-process on a loopback port and drives it
with autocannon from a worker thread: menu GET of the 200-item restaurant 1004 (gzip, as browsers ask, and
uncompressed), each between two runs of a bare \`node:http\` server sending the very same bytes (the
ceiling, measured just before and just after, so a busy shared machine skews both alike); cart update
(many distinct cart tokens); and order create (each request places a different cart prepared
beforehand, dine-in pay later at kopitiam-ali table 5003, its own Idempotency-Key) one at a time (the
milliseconds of one create, which hardly depend on other load), at a mean arrival rate of 100/s over up
to 100 keep-alive connections, and saturated (autocannon, 100 requests always in flight). Cart update and
saturated order create also run between two runs of a bare \`node:http\` server that reads the same POST
and answers the API's reply bytes (the ceiling of that call on the machine at that moment). The rated run
is open-loop: requests arrive as a seeded Poisson process, each latency counted from its scheduled
arrival (autocannon's own rate option sends every connection's share at the start of each second, so
100 connections at 100/s would be one 100-request burst per second). On PGlite and on PostgreSQL (when DATABASE_URL or TEST_DATABASE_URL is
set; a fresh database, default pool of 10 connections). On PostgreSQL, cart update and saturated order
create also run against one and then two API instances as processes of their own on the same database
(\`live-instance.ts\`; the connections split between the two, the figures summed): what a second
instance adds on the same machine. Server and load generator share the machine, so
the figures are a floor for a real deployment. Each run adds or replaces its dated section below
(\`BENCH_SECONDS\`, \`BENCH_CONNECTIONS\`, \`BENCH_ORDER_RATE\`, \`BENCH_ENGINES\`, \`BENCH_SCENARIOS\` =
\`menu,cart,order,scale\` change the run).

On PostgreSQL the bench also runs the live status fan-out (\`apps/api/bench/live-fanout.ts\`): two API
instances as processes of their own on one database, 10,000 open status pages (websockets, half on
each), each watching its own order (one real order cloned in SQL, each with its own cart token), while
the manager confirms orders at 200 a second through the HTTP API, alternating instances (open loop).
Each change is timed from just before the staff call to its page receiving the event; events that
never arrive within 10 s are lost. \`LIVE_PAGES\`, \`LIVE_RATE\`, \`LIVE_SECONDS\`, \`BENCH_LIVE=off\`.

\`node --import tsx apps/api/bench/round-trips.ts\` (TEST_DATABASE_URL set) counts the database round trips
of one cart update and one order create (node-postgres' \`Client.query\` wrapped), prints their
statements, and measures N of each one at a time with the CPU milliseconds each costs the Node process
and the PostgreSQL backends (\`/proc\`); \`node --cpu-prof\` on it, or \`SATURATE=cart\` (100 connections),
gives the profiles quoted below.

Targets: menu GET at least half of the bare ceiling; order create p99 <= 50 ms at 100 connections on
PostgreSQL; at least 1,000 order creates/s and 2,000 cart updates/s with p99 <= 100 ms, or the figures
that show why this machine cannot.
`;

export async function writeDocs(section: string, heading: string) {
  let text: string;
  try {
    text = await readFile(DOCS, 'utf8');
  } catch {
    text = '';
  }
  // The header always describes the current bench; the dated sections below it are kept.
  const firstSection = text.indexOf('\n## ');
  text = HEADER + (firstSection >= 0 ? text.slice(firstSection) : '');
  // The heading as a whole line: '## 2026-11-27 · …' must not match inside a web section's '### …'.
  const at = text.indexOf(`\n${heading}\n`);
  const start = at >= 0 ? at + 1 : -1;
  if (start >= 0) {
    const next = text.indexOf('\n## ', start + heading.length);
    text = text.slice(0, start) + section + (next >= 0 ? text.slice(next + 1) : '');
  } else {
    text = `${text.trimEnd()}\n\n${section}`;
  }
  await mkdir(new URL('.', DOCS), { recursive: true });
  // Formatted like the rest of the repository, so `prettier --check` stays green after a run.
  const options = (await resolveConfig(DOCS.pathname)) ?? {};
  await writeFile(DOCS, await format(`${text.trimEnd()}\n`, { ...options, parser: 'markdown' }));
}
