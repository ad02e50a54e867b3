/**
 * The image's entrypoint started as the image starts it (the Dockerfile's ENTRYPOINT, its ENV, only
 * the environment given), from this checkout's build (`pnpm test` builds first): what production
 * needs is refused at start with one clear line and a non-zero exit, never a half-working instance.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port';
import { answering, readImage, run } from './image';
import type { Running } from './image';
import { probedHealthPath } from './manifests';

const image = readImage();
const healthPath = probedHealthPath();
const dataDir = mkdtempSync(join(tmpdir(), 'santap-entrypoint-'));
const adminUrl = process.env.TEST_DATABASE_URL;

/** A fresh PostgreSQL database when TEST_DATABASE_URL is set (CI), else PGlite in a temp folder. */
async function freshDatabase(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (!adminUrl) return { env: {}, drop: async () => undefined };
  const name = `santap_entrypoint_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** What a production install sets (deploy/compose, deploy/kubernetes), on loopback for the test. */
function productionEnv(port: number, overrides: Record<string, string | undefined> = {}) {
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    ...image.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: 'https://santap.example.com',
    TRUST_PROXY: '1',
    OTP_PEPPER: randomBytes(16).toString('hex'),
    OTP_SENDERS: 'none',
    TABLE_TICKET_SECRET: randomBytes(24).toString('hex'),
    LOG_LEVEL: 'warn',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined)) as Record<
    string,
    string
  >;
}

/** A start that must be refused: its exit code and the lines it wrote. */
async function refused(env: Record<string, string>) {
  const running = run(image, image.entrypoint, env);
  const code = await running.exited;
  return { code, lines: running.output().trim().split('\n') };
}

const nothingAnswers = (port: number) =>
  fetch(`http://127.0.0.1:${port}${healthPath}`).then(
    () => false,
    () => true,
  );

describe("the image's ENTRYPOINT with a production environment", () => {
  let port: number;
  let server: Running;
  let database: Awaited<ReturnType<typeof freshDatabase>>;

  beforeAll(async () => {
    port = await freePort();
    database = await freshDatabase();
    server = run(image, image.entrypoint, productionEnv(port, database.env));
    await answering(server, `http://127.0.0.1:${port}${healthPath}`, 90_000);
  }, 120_000);

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("the probes' path -> 200 up; the image's HEALTHCHECK -> exit 0; the diner's page served", async () => {
    const health = await fetch(`http://127.0.0.1:${port}${healthPath}`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'up' });

    const check = run(image, image.healthcheck, { PATH: process.env.PATH ?? '', PORT: String(port) });
    expect(await check.exited).toBe(0);

    const page = await fetch(`http://127.0.0.1:${port}/`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    await page.arrayBuffer();
  });

  it('SIGTERM -> the server closes and exits 0 (graceful shutdown)', async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(await nothingAnswers(port)).toBe(true);
  });
});

describe("the image's ENTRYPOINT refuses a start production cannot run", () => {
  it('OTP_PEPPER missing -> exit 1, one line naming it, nothing listening', async () => {
    const port = await freePort();
    const { code, lines } = await refused(productionEnv(port, { OTP_PEPPER: undefined }));
    expect(code).toBe(1);
    expect(lines).toEqual([
      expect.stringMatching(/^santap: not started: OTP_PEPPER must be set in production/),
    ]);
    expect(await nothingAnswers(port)).toBe(true);
  });

  it('a malformed value (PORT=http) -> exit 1 naming the variable', async () => {
    const { code, lines } = await refused(productionEnv(0, { PORT: 'http' }));
    expect(code).toBe(1);
    expect(lines).toEqual([expect.stringMatching(/^santap: not started: PORT: /)]);
  });

  it('SANTAP_MODE=demo -> exit 1: the image runs the production server only', async () => {
    const port = await freePort();
    const { code, lines } = await refused(productionEnv(port, { SANTAP_MODE: 'demo' }));
    expect(code).toBe(1);
    expect(lines).toEqual([expect.stringMatching(/^santap: not started: SANTAP_MODE=demo: /)]);
  });

  it('NODE_ENV=test -> exit 1: no test defaults (fake e-invoices, fake logins) in the image', async () => {
    const { code, lines } = await refused(productionEnv(await freePort(), { NODE_ENV: 'test' }));
    expect(code).toBe(1);
    expect(lines).toEqual([expect.stringMatching(/^santap: not started: NODE_ENV=test: /)]);
  });

  it('SIGTERM while the database does not answer -> stopped at once (143), not ignored', async () => {
    // A "database" that accepts connections and never answers: the start waits on it.
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port: databasePort } = silent.address() as { port: number };
    const running = run(
      image,
      image.entrypoint,
      productionEnv(await freePort(), {
        DATABASE_URL: `postgres://santap@127.0.0.1:${databasePort}/santap`,
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(143);
    expect(running.output()).toMatch(/SIGTERM before the server was up/);
    silent.close();
  });

  it("the image's HEALTHCHECK where nothing answers -> exit 1", async () => {
    const check = run(image, image.healthcheck, {
      PATH: process.env.PATH ?? '',
      PORT: String(await freePort()),
    });
    expect(await check.exited).toBe(1);
  });
});
