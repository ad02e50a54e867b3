/**
 * `pnpm test:deploy`, the container smoke: where a container runtime answers (`docker`, else `podman`),
 * the root Dockerfile is built and the image started on the host's network against a fresh database of
 * this machine's PostgreSQL, with a production environment; passes when `/health` answers 200 and the
 * diner page is served, and when `docker stop` (SIGTERM) ends it with exit 0. Where no runtime answers
 * (this workplace has none) it says so and passes: the image drill (image-drill.ts) then stands in for it,
 * assembling the same last stage without an engine. DRILL_ADMIN_URL as for the restore drill.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import process from 'node:process';
import pg from 'pg';
import { freePort } from './free-port';
import { probedHealthPath } from './manifests';
import { REPO_ROOT } from './repo';

const ADMIN_URL = process.env.DRILL_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const t0 = Date.now();
const log = (line: string) =>
  console.log(`container smoke +${((Date.now() - t0) / 1000).toFixed(1)}s  ${line}`);

/** The first container runtime that answers `info`, or undefined. */
function runtime(): string | undefined {
  for (const candidate of ['docker', 'podman']) {
    const probe = spawnSync(candidate, ['info'], { stdio: 'ignore', timeout: 20_000 });
    if (probe.status === 0) return candidate;
  }
  return undefined;
}

function must(engine: string, args: string[], what: string): string {
  const result = spawnSync(engine, args, { cwd: REPO_ROOT, encoding: 'utf8', timeout: 30 * 60_000 });
  if (result.status !== 0) throw new Error(`${what} failed (${engine} ${args[0]}):\n${result.stderr}`);
  return result.stdout.trim();
}

async function answered(url: string, ms: number): Promise<Response> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      const reply = await fetch(url, { headers: { accept: 'text/html' } });
      if (reply.ok) return reply;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error(`no 200 from ${url} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function main(): Promise<number> {
  const engine = runtime();
  if (!engine) {
    log(
      'no container runtime answers here (docker, podman): skipped; the image drill assembles the image instead',
    );
    return 0;
  }
  const tag = `santap-smoke:${randomBytes(4).toString('hex')}`;
  const databaseName = `santap_smoke_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${databaseName}`;
  let container: string | undefined;
  try {
    log(`${engine} build -t ${tag} .`);
    must(engine, ['build', '-t', tag, '.'], 'the image build');
    const port = await freePort();
    const env = {
      PORT: String(port),
      DATABASE_URL: databaseUrl.toString(),
      PUBLIC_URL: 'https://santap.example.com',
      TRUST_PROXY: '1',
      OTP_PEPPER: randomBytes(16).toString('hex'),
      OTP_SENDERS: 'none',
      TABLE_TICKET_SECRET: randomBytes(24).toString('hex'),
    };
    container = must(
      engine,
      [
        'run',
        '-d',
        '--network',
        'host',
        ...Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]),
        tag,
      ],
      'starting the image',
    );
    const base = `http://127.0.0.1:${port}`;
    await answered(`${base}${probedHealthPath()}`, 120_000);
    log(`${probedHealthPath()} 200 from the container`);
    const page = await (await answered(`${base}/`, 10_000)).text();
    if (!page.includes('<div id="root"')) throw new Error('the diner page is not the built app');
    log('the diner page is served');
    must(engine, ['stop', '-t', '30', container], 'stopping the container');
    const exit = must(engine, ['inspect', '-f', '{{.State.ExitCode}}', container], 'reading its exit code');
    if (exit !== '0') throw new Error(`SIGTERM ended the container with exit ${exit}, not 0`);
    log('SIGTERM -> exit 0');
    log('passed');
    return 0;
  } finally {
    if (container) spawnSync(engine, ['rm', '-f', container], { stdio: 'ignore' });
    spawnSync(engine, ['rmi', '-f', tag], { stdio: 'ignore' });
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`container smoke failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
