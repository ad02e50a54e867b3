/** The figures of one Lighthouse run (times in ms, sizes in KB as transferred). */
export interface RunFigures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  scriptKb: number;
  totalKb: number;
}

export interface Machine {
  date: string;
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  chromium: string;
  load: string;
  /** The load average once the page's runs were done (the machine is shared: noisy figures). */
  loadAfter?: string;
}

/**
 * The first screens' targets (server-rendered pages, ARCHITECTURE "Rendering"): Performance score
 * >= 98, LCP <= 1.2 s, CLS <= 0.02, TBT <= 150 ms.
 */
export const TARGETS = { score: 98, lcpMs: 1_200, cls: 0.02, tbtMs: 150 } as const;

/**
 * The run in the middle: runs ordered by score, ties by LCP (Lighthouse's advice: report the median
 * run, not a mix of medians from different runs).
 */
export function medianRun(runs: readonly RunFigures[]): RunFigures {
  if (runs.length === 0) throw new Error('no runs');
  const ordered = [...runs].sort((a, b) => a.score - b.score || b.lcpMs - a.lcpMs);
  return ordered[Math.floor((ordered.length - 1) / 2)]!;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const millis = (ms: number) => `${Math.round(ms)} ms`;

function row(label: string, run: RunFigures): string {
  return `| ${label} | ${run.score} | ${seconds(run.fcpMs)} | ${seconds(run.lcpMs)} | ${millis(run.tbtMs)} | ${run.cls.toFixed(3)} | ${seconds(run.speedIndexMs)} | ${run.scriptKb.toFixed(1)} KB | ${run.totalKb.toFixed(1)} KB |`;
}

const verdict = (met: boolean) => (met ? '**met**' : '**not met**');

/** The dated section of a bench run, and the text printed to the terminal. */
export function summarise(page: string, runs: readonly RunFigures[], machine: Machine) {
  const median = medianRun(runs);
  const heading = `### ${machine.date} · ${page} · ${machine.cpu}, ${machine.cores} cores`;
  const table = [
    '| Run | Performance | FCP | LCP | TBT | CLS | Speed Index | JS transferred | All transferred |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...runs.map((run, index) => row(String(index + 1), run)),
    row('median run', median),
  ];
  const checks = [
    `- Performance score >= ${TARGETS.score}: ${median.score} -> ${verdict(median.score >= TARGETS.score)}`,
    `- LCP <= ${seconds(TARGETS.lcpMs)}: ${seconds(median.lcpMs)} -> ${verdict(median.lcpMs <= TARGETS.lcpMs)}`,
    `- CLS <= ${TARGETS.cls}: ${median.cls.toFixed(3)} -> ${verdict(median.cls <= TARGETS.cls)}`,
    `- TBT <= ${millis(TARGETS.tbtMs)}: ${millis(median.tbtMs)} -> ${verdict(median.tbtMs <= TARGETS.tbtMs)}`,
  ];
  const after = machine.loadAfter ? `, after ${machine.loadAfter}` : '';
  const context = `${page} on ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.chromium}, Node ${machine.node}, load average before the run ${machine.load}${after} (the machine is shared: a load above its cores makes the figures noisy); ${runs.length} run${runs.length === 1 ? '' : 's'}.`;
  const section = [heading, '', context, '', ...table, '', ...checks, ''].join('\n');
  const text = [context, '', ...table, '', ...checks].join('\n');
  return { heading, section, text };
}

export const WEB_HEADING = '## Web: Lighthouse on the menu page';

export const WEB_INTRO = `${WEB_HEADING}

\`pnpm bench:web\` (tooling/bench) builds the API and the apps as \`pnpm start\` does, starts
\`node apps/api/dist/main.js\` on a fresh PGlite database (demo data seeded on first start) on a loopback
port, and runs Lighthouse 12 on each first screen (\`/r/menu-besar\`, the 200-item menu rendered on the
server; \`/fc/mall-demo\`, the food court; the status page of an order it places) in Chromium (the
system's, else the one packaged in npm): mobile, its default simulated throttling
(slow 4G, 4x CPU slowdown), performance category, each run on an empty cache. It records the runs and
the median run (by score) of each page in a dated section below; a run of the same day, page and machine
replaces it. Targets: Performance score >= 98, LCP <= 1.2 s, CLS <= 0.02, TBT <= 150 ms (earlier
sections: score >= 90, LCP <= 2.0 s, CLS <= 0.05).
`;

/**
 * `docs` with the web section in place: the web part (a level-2 heading, kept apart from the API
 * bench's dated level-2 sections, which that bench rewrites) gets a fresh intro, then `section`
 * replacing the dated section with the same heading or as the newest one; the older ones are kept.
 */
export function updateWebSection(docs: string, heading: string, section: string): string {
  const start = docs.indexOf(WEB_HEADING);
  let before = docs;
  let after = '';
  let dated: string[] = [];
  if (start >= 0) {
    const next = docs.indexOf('\n## ', start + WEB_HEADING.length);
    const end = next >= 0 ? next + 1 : docs.length;
    before = docs.slice(0, start);
    after = docs.slice(end);
    const part = docs.slice(start, end);
    dated = part
      .split(/\n(?=### )/)
      .slice(1)
      .map((text) => text.trim());
  }
  const kept = dated.filter((text) => !text.startsWith(heading));
  const web = [WEB_INTRO.trim(), section.trim(), ...kept].join('\n\n');
  const head = before.trimEnd();
  const tail = after.trim();
  return `${head ? `${head}\n\n` : ''}${web}\n${tail ? `\n${tail}\n` : ''}`;
}
