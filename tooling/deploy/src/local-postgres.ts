/**
 * PostgreSQL's and PgBouncer's own binaries on this machine, for the replica and pooler harnesses:
 * found (never installed: a missing one is a message saying how to install it), run as the `postgres`
 * user when the harness runs as root (initdb, postgres and pgbouncer refuse root), each cluster or
 * pooler in a temporary folder on a free loopback port.
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, chown, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { promisify } from 'node:util';
import pg from 'pg';
import { MissingPostgresPrograms, postgresPrograms } from './postgres-binaries';

const exec = promisify(execFile);

/** Thrown when a binary is missing: the harness prints it and fails without trying anything. */
export class MissingBinaries extends Error {
  constructor(names: string[], install: string) {
    super(
      `${names.join(', ')} not found on this machine. This harness ` +
        `installs nothing; on Debian or Ubuntu, as root: ${install}`,
    );
    this.name = 'MissingBinaries';
  }
}

export const POSTGRES_INSTALL = 'apt-get update && apt-get install -y postgresql-15';
export const PGBOUNCER_INSTALL = 'apt-get update && apt-get install -y pgbouncer';

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

export interface PostgresBinaries {
  initdb: string;
  pg_ctl: string;
  pg_basebackup: string;
}

/**
 * initdb, pg_ctl and pg_basebackup of the newest PostgreSQL under /usr/lib/postgresql (found the way
 * the restore drill finds its programs, postgres-binaries.ts; pg_basebackup beside them).
 */
export function postgresBinaries(): PostgresBinaries {
  let programs;
  try {
    programs = postgresPrograms(0);
  } catch (error) {
    if (error instanceof MissingPostgresPrograms)
      throw new MissingBinaries(['initdb', 'pg_ctl'], POSTGRES_INSTALL);
    throw error;
  }
  const pgBasebackup = join(dirname(programs.initdb), 'pg_basebackup');
  if (!existsSync(pgBasebackup)) throw new MissingBinaries(['pg_basebackup'], POSTGRES_INSTALL);
  return { initdb: programs.initdb, pg_ctl: programs.pg_ctl, pg_basebackup: pgBasebackup };
}

export function pgbouncerBinary(): string {
  const path = onPath('pgbouncer') ?? (existsSync('/usr/sbin/pgbouncer') ? '/usr/sbin/pgbouncer' : undefined);
  if (!path) throw new MissingBinaries(['pgbouncer'], PGBOUNCER_INSTALL);
  return path;
}

/** Root runs the servers as `postgres` (they refuse root); anyone else as themselves. */
const asRoot = process.getuid?.() === 0;

function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const uid = id('-u');
  const gid = id('-g');
  if (uid.status !== 0 || gid.status !== 0) {
    throw new Error(
      'running as root needs a `postgres` user to run the servers as (the postgresql-15 package makes it)',
    );
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** `[command, args]` to run `binary` as the user the servers run as. */
export function asServerUser(binary: string, args: string[]): [string, string[]] {
  return asRoot ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
}

export async function run(binary: string, args: string[], timeoutMs = 120_000): Promise<string> {
  const [command, fullArgs] = asServerUser(binary, args);
  try {
    // From a folder every user may enter: the servers' user may not read the checkout.
    const { stdout } = await exec(command, fullArgs, { timeout: timeoutMs, encoding: 'utf8', cwd: tmpdir() });
    return stdout;
  } catch (error) {
    const failure = error as Error & { stderr?: string; stdout?: string };
    throw new Error(
      `${binary} ${args.join(' ')} failed: ${failure.stderr || failure.stdout || failure.message}`,
      { cause: error },
    );
  }
}

/** A temporary folder the servers' user owns (removed by the returned function). */
export async function serverFolder(prefix: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  if (asRoot) {
    const { uid, gid } = postgresUser();
    await chown(dir, uid, gid);
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A folder inside a server folder, owned by the servers' user. */
export async function ownedFolder(path: string): Promise<string> {
  await mkdir(path, { recursive: true, mode: 0o700 });
  if (asRoot) {
    const { uid, gid } = postgresUser();
    await chown(path, uid, gid);
  }
  return path;
}

export const postgresUrl = (port: number, database = 'postgres') =>
  `postgres://postgres@127.0.0.1:${port}/${database}`;

/** One query on a short-lived connection. */
export async function query<Row extends pg.QueryResultRow = Record<string, unknown>>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A PostgreSQL cluster of its own in `dir`, listening on 127.0.0.1:`port` only. */
export class LocalCluster {
  constructor(
    readonly bin: PostgresBinaries,
    readonly dir: string,
    readonly port: number,
  ) {}

  get url(): string {
    return postgresUrl(this.port);
  }

  /** Settings appended to postgresql.conf (later lines win over earlier ones). */
  async configure(lines: Record<string, string | number>): Promise<void> {
    const text = Object.entries(lines)
      .map(([key, value]) => `${key} = ${typeof value === 'number' ? value : `'${value}'`}`)
      .join('\n');
    await appendFile(join(this.dir, 'postgresql.conf'), `\n${text}\n`);
  }

  /** A new primary: initdb (trust on loopback, replication allowed), this port, the socket in the folder. */
  static async init(bin: PostgresBinaries, dir: string, port: number): Promise<LocalCluster> {
    await run(bin.initdb, ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    const cluster = new LocalCluster(bin, dir, port);
    await cluster.configure({
      listen_addresses: '127.0.0.1',
      port,
      unix_socket_directories: dir,
      wal_level: 'replica',
      max_wal_senders: 4,
      // A drill, not a store: no fsync (replication and replay behave the same).
      fsync: 'off',
      synchronous_commit: 'off',
      max_connections: 60,
    });
    return cluster;
  }

  /** A streaming replica of `primary`: pg_basebackup -R into `dir`, on its own port. */
  static async replicaOf(primary: LocalCluster, dir: string, port: number): Promise<LocalCluster> {
    await run(primary.bin.pg_basebackup, [
      '-h',
      '127.0.0.1',
      '-p',
      String(primary.port),
      '-U',
      'postgres',
      '-D',
      dir,
      '-R',
      '-X',
      'stream',
      '--checkpoint=fast',
      '--no-sync',
    ]);
    const replica = new LocalCluster(primary.bin, dir, port);
    await replica.configure({ port, unix_socket_directories: dir, hot_standby: 'on' });
    return replica;
  }

  async start(): Promise<void> {
    await run(this.bin.pg_ctl, [
      '-D',
      this.dir,
      '-l',
      join(this.dir, 'server.log'),
      '-w',
      '-t',
      '60',
      'start',
    ]);
  }

  async stop(): Promise<void> {
    await run(this.bin.pg_ctl, ['-D', this.dir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
  }

  /** The end of the server's log, for a failure's message. */
  async logTail(lines = 20): Promise<string> {
    const text = await readFile(join(this.dir, 'server.log'), 'utf8').catch(() => '');
    return text.split('\n').slice(-lines).join('\n');
  }
}
