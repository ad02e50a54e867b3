/**
 * `pnpm bench:web` (README; figures in docs/benchmarks.md): Lighthouse — mobile, its default simulated
 * throttling — on the diner's menu of the 200-item restaurant (`/r/menu-besar`), the food court
 * (`/fc/mall-demo`) and a diner's order status page (an order placed in the demo server first,
 * `bench-order.ts`; Lighthouse's browser holds that diner's cart token), served by the real server the way
 * `pnpm start` runs it: the production builds of the API and the diner, `node apps/api/dist/main.js` on a
 * fresh PGlite database (seeded on first start) on a loopback port. Debian's Chromium runs Lighthouse. Prints
 * the Performance score, LCP, TBT and CLS of each run and their median, and records a dated section in
 * docs/benchmarks.md. Figures, not a timed test.
 *
 * Environment: BENCH_RUNS (default 5), BENCH_PATHS (default
 * /r/menu-besar,/fc/mall-demo,/orderstatus/order_id/:order_id — that one the bench's order; BENCH_PATH
 * one page), BENCH_SKIP_BUILD=1 (use the
 * builds there are), CHROMIUM_PATH / SANTAP_BROWSER (which browser: `@santap/browser`), BENCH_REPORT_DIR (keep each run's whole
 * Lighthouse report there, as JSON).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer as createNetServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { resolveBrowser } from '@santap/browser';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { format, resolveConfig } from 'prettier';
import { placeBenchOrder } from './bench-order';
import { medianRun, summarise, updateWebSection } from './web-report';
import type { RunFigures } from './web-report';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const DOCS = join(ROOT, 'docs', 'benchmarks.md');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
/** The order status page: measured on an order the bench places first (`bench-order.ts`). */
const ORDER_PAGE = '/orderstatus/order_id/:order_id';
/**
 * The first screens measured (BENCH_PATHS, comma-separated; BENCH_PATH names one). The order status
 * page first: measured after the others' runs, its document once came back 404 (its diner's cookie
 * lost beside what those runs left in the browser); measured first, or alone, it loads.
 */
const PAGES = (
  process.env.BENCH_PATHS ??
  process.env.BENCH_PATH ??
  `${ORDER_PAGE},/r/menu-besar,/fc/mall-demo`
)
  .split(',')
  .map((path) => path.trim())
  .filter(Boolean);

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolvePort(port));
    });
  });
}

/** `pnpm start`'s build step: the API and the diner (and what they depend on), through turbo. */
function build() {
  const result = spawnSync(
    'pnpm',
    [
      'exec',
      'turbo',
      'run',
      'build',
      '--filter=@santap/api...',
      '--filter=@santap/diner...',
      '--filter=@santap/foodcourt...',
      '--output-logs=errors-only',
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('the build failed');
}

/** The production server on a fresh PGlite database in a temporary folder, ready when /health answers and the demo's photos are made. */
async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'santap-bench-web-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
  };
  delete env.DATABASE_URL;
  // `--demo`, as `pnpm start` runs it: the demo data and the embedded database (the production
  // mode refuses to start without its secrets).
  const child = spawn(process.execPath, [join(ROOT, 'apps/api/dist/main.js'), '--demo'], {
    cwd: join(ROOT, 'apps/api'),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    const healthy = await fetch(`${baseUrl}/health`).then(
      (response) => response.ok,
      () => false,
    );
    // The demo's photos are made after the server starts: a page measured before them would have no
    // banner to paint, a restaurant in service has.
    if (healthy && output.includes('demo photos made')) return { baseUrl, stop };
    await new Promise((done) => setTimeout(done, 250));
  }
  await stop();
  throw new Error(`the server did not answer /health with its demo photos made within 120 s:\n${output}`);
}

interface LighthouseAudit {
  numericValue?: number;
  details?: { items?: { transferSize?: number; resourceType?: string }[] };
}

async function runLighthouse(
  url: string,
  port: number,
  extraHeaders?: Record<string, string>,
): Promise<RunFigures> {
  const result = await lighthouse(url, {
    port,
    ...(extraHeaders ? { extraHeaders } : {}),
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  if (!result) throw new Error('Lighthouse returned no result');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  // BENCH_REPORT_DIR=<dir>: keep each run's whole Lighthouse report (diagnostics: LCP element,
  // main-thread work, long tasks) beside the figures.
  if (process.env.BENCH_REPORT_DIR) {
    await mkdir(process.env.BENCH_REPORT_DIR, { recursive: true });
    await writeFile(join(process.env.BENCH_REPORT_DIR, `lighthouse-${Date.now()}.json`), JSON.stringify(lhr));
  }
  const audit = (id: string) => lhr.audits[id] as LighthouseAudit | undefined;
  const value = (id: string) => audit(id)?.numericValue ?? Number.NaN;
  const requests = audit('network-requests')?.details?.items ?? [];
  const transfer = (type?: string) =>
    requests
      .filter((item) => type === undefined || item.resourceType === type)
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    speedIndexMs: value('speed-index'),
    scriptKb: transfer('Script') / 1024,
    totalKb: transfer() / 1024,
  };
}

const loadNow = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') build();
  const load = loadNow();
  const browser = await resolveBrowser();
  console.log(`browser: ${browser.description}`);
  const server = await startServer();
  const chrome = await launch({
    chromePath: browser.executablePath,
    chromeFlags: ['--headless=new', ...browser.args],
    envVars: { ...process.env, ...browser.env },
  });
  const measured: { page: string; runs: RunFigures[]; loadAfter: string }[] = [];
  try {
    for (const page of PAGES) {
      // The order status page is one diner's: an order placed now, its guest's cart token sent as
      // that browser's cookie (Lighthouse resets storage between runs; the header goes every time).
      const order = page === ORDER_PAGE ? await placeBenchOrder(server.baseUrl) : undefined;
      const url = `${server.baseUrl}${order ? order.path : page}`;
      const headers = order ? { cookie: order.cookie } : undefined;
      // One visit first, so the server has built its menu reply cache, as it has in service.
      const first = await fetch(url, { headers: { accept: 'text/html', ...headers } });
      if (!first.ok) throw new Error(`${url}: ${first.status}`);
      const runs: RunFigures[] = [];
      for (let run = 1; run <= RUNS; run++) {
        const figures = await runLighthouse(url, chrome.port, headers);
        runs.push(figures);
        console.log(
          `${page} run ${run}/${RUNS}: score ${figures.score}, LCP ${figures.lcpMs.toFixed(0)} ms, TBT ${figures.tbtMs.toFixed(0)} ms, CLS ${figures.cls.toFixed(3)}`,
        );
      }
      measured.push({ page, runs, loadAfter: loadNow() });
    }
  } finally {
    chrome.kill();
    await server.stop();
  }

  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const machine = {
    date: new Date().toISOString().slice(0, 10),
    cpu,
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 1024 ** 3),
    node: process.version,
    chromium: `${browser.version} (${browser.source})`,
    load,
  };
  let docs = await readFile(DOCS, 'utf8').catch(() => '');
  // The last page first, so the sections read in the order the pages were measured.
  for (const { page, runs, loadAfter } of [...measured].reverse()) {
    const summary = summarise(page, runs, { ...machine, loadAfter });
    console.log(`\n${summary.text}`);
    docs = updateWebSection(docs, summary.heading, summary.section);
    console.log(`${page}: median run score ${medianRun(runs).score}`);
  }
  // Formatted like the rest of the repository, so `prettier --check` stays green after a run.
  const options = (await resolveConfig(DOCS)) ?? {};
  await writeFile(DOCS, await format(docs, { ...options, parser: 'markdown' }));
  console.log('\nrecorded in docs/benchmarks.md');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
