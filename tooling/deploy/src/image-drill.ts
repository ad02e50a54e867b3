/**
 * `pnpm test:deploy`, the image drill: the root Dockerfile's last stage assembled and run without a
 * Docker engine. The `runtime-deps` stage's RUN lines are run as written, in a copy of the workspace's
 * package files (the frozen, offline, production install); each COPY of the last stage then copies
 * from that install or from this checkout's build (what the `build` stage makes) to the same place
 * under a temp /app; and the image's ENTRYPOINT starts from there, as the image's user, with its ENV,
 * on a fresh PostgreSQL database. Passes when the server answers /health, each app's page is served
 * and its server render loaded (react & co. from the image's node_modules), sharp's native binary
 * loads, and SIGTERM ends it with exit 0: the image holds what `node apps/api/dist/main.js` needs.
 * DRILL_ADMIN_URL as for the restore drill.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import process from 'node:process';
import pg from 'pg';
import { all } from './dockerfile';
import { freePort } from './free-port';
import { answering, readImage, run } from './image';
import { probedHealthPath } from './manifests';
import { REPO_ROOT } from './repo';

const ADMIN_URL = process.env.DRILL_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const t0 = Date.now();
const log = (line: string) => console.log(`image drill +${((Date.now() - t0) / 1000).toFixed(1)}s  ${line}`);

const image = readImage();
const [uid, gid = uid] = image.user.split(':').map(Number) as [number, number?];
const asRoot = process.getuid?.() === 0;

/** What `pnpm install` reads: the workspace's manifests, the lockfile and the settings. */
function copyWorkspaceManifests(to: string) {
  for (const file of ['package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml', '.npmrc']) {
    cpSync(join(REPO_ROOT, file), join(to, file));
  }
  for (const group of ['apps', 'packages', 'tooling']) {
    for (const name of readdirSync(join(REPO_ROOT, group))) {
      const manifest = join(REPO_ROOT, group, name, 'package.json');
      if (!existsSync(manifest)) continue;
      mkdirSync(join(to, group, name), { recursive: true });
      cpSync(manifest, join(to, group, name, 'package.json'));
    }
  }
}

/** The tree of `du -sh`, for the report. */
const sizeOf = (path: string) => execFileSync('du', ['-sh', path], { encoding: 'utf8' }).split('\t')[0];

async function main(): Promise<number> {
  const work = mkdtempSync(join(tmpdir(), 'santap-image-'));
  chmodSync(work, 0o755);
  const stageDirs: Record<string, string> = { build: REPO_ROOT, 'runtime-deps': join(work, 'src') };
  const app = join(work, 'app');
  const data = join(work, 'data');
  const databaseName = `santap_image_${randomBytes(5).toString('hex')}`;
  let createdDatabase = false;
  try {
    // The runtime-deps stage, its RUN lines as written, in its workdir (the workspace's manifests).
    const deps = image.stages.find((stage) => stage.name === 'runtime-deps');
    if (!deps) throw new Error('the Dockerfile has no runtime-deps stage');
    copyWorkspaceManifests(stageDirs['runtime-deps']!);
    for (const line of all(deps, 'RUN')) {
      const done = spawnSync('sh', ['-c', line.args], {
        cwd: stageDirs['runtime-deps'],
        stdio: ['ignore', 'pipe', 'pipe'],
        encoding: 'utf8',
      });
      if (done.status !== 0) throw new Error(`RUN ${line.args}\n${done.stdout}${done.stderr}`);
    }
    log(
      `runtime-deps: ${sizeOf(join(stageDirs['runtime-deps']!, 'node_modules'))} of production node_modules`,
    );

    // The last stage's COPY lines, each to the same place under a temp /app.
    const workdir = all(image.runtime, 'WORKDIR').at(-1)!.args;
    for (const copy of image.copies) {
      const from = stageDirs[copy.from ?? ''];
      if (!from) throw new Error(`COPY --from=${copy.from}: not a stage the drill knows`);
      const source = join(from, relative(image.sourceDir, copy.source));
      if (!existsSync(source))
        throw new Error(
          `COPY ${copy.source}: ${source} does not exist (${copy.from === 'build' ? 'pnpm build makes it' : 'its stage did not make it'})`,
        );
      const target = join(app, relative(workdir, copy.target));
      mkdirSync(dirname(target), { recursive: true });
      cpSync(source, target, { recursive: true, verbatimSymlinks: true });
    }
    mkdirSync(data);
    if (asRoot) chownSync(data, uid, gid);
    log(`the image's /app assembled: ${sizeOf(app)} (${image.copies.length} COPY lines)`);

    // sharp's native binary, loaded from the server's node_modules in the image.
    const sharp = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "import sharp from 'sharp'; const webp = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c33' } }).webp().toBuffer(); console.log(webp.length);",
      ],
      { cwd: join(app, 'apps', 'api'), encoding: 'utf8', ...(asRoot ? { uid, gid } : {}) },
    );
    if (sharp.status !== 0) throw new Error(`sharp did not load in the image:\n${sharp.stderr}`);
    log(`sharp: a webp of ${sharp.stdout.trim()} bytes made in the image's tree`);

    await new Promise<void>((resolve, reject) => {
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      admin
        .connect()
        .then(() => admin.query(`CREATE DATABASE ${databaseName}`))
        .then(() => admin.end())
        .then(resolve, reject);
    });
    createdDatabase = true;
    const databaseUrl = new URL(ADMIN_URL);
    databaseUrl.pathname = `/${databaseName}`;
    const port = await freePort();
    const env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      ...image.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: data,
      DATABASE_URL: databaseUrl.toString(),
      PUBLIC_URL: 'https://santap.example.com',
      TRUST_PROXY: '1',
      OTP_PEPPER: randomBytes(16).toString('hex'),
      OTP_SENDERS: 'none',
      TABLE_TICKET_SECRET: randomBytes(24).toString('hex'),
      LOG_LEVEL: 'warn',
    };
    const server = run(image, image.entrypoint, env, app, asRoot ? { uid, gid } : {});
    const base = `http://127.0.0.1:${port}`;
    try {
      await answering(server, `${base}${probedHealthPath()}`, 90_000);
      log(`ENTRYPOINT as ${image.user}: ${probedHealthPath()} 200 (migrated from the image's drizzle/)`);
      const problems: string[] = [];
      for (const page of ['/', '/fc/', '/kiosk/', '/staff/']) {
        const reply = await fetch(`${base}${page}`, { headers: { accept: 'text/html' }, redirect: 'manual' });
        const body = await reply.text();
        if (reply.status !== 200 || !body.includes('<script'))
          problems.push(`${page} answered ${reply.status}`);
      }
      const renderFailures = server
        .output()
        .split('\n')
        .filter((line) => /server render/.test(line));
      problems.push(...renderFailures);
      server.child.kill('SIGTERM');
      const code = await server.exited;
      if (code !== 0) problems.push(`SIGTERM: exit ${code}`);
      if (problems.length > 0) {
        console.error(`image drill FAILED:\n  ${problems.join('\n  ')}\n${server.output()}`);
        return 1;
      }
      log('the four apps served, their server renders loaded; SIGTERM -> exit 0');
    } finally {
      server.child.kill('SIGKILL');
    }
    console.log(`image drill passed in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    return 0;
  } finally {
    rmSync(work, { recursive: true, force: true });
    if (createdDatabase) {
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await admin.end();
    }
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('image drill: error', error);
    process.exit(1);
  },
);
