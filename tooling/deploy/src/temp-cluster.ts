/**
 * A throwaway PostgreSQL cluster: initdb in a temp folder, pg_ctl on a free loopback port (trust auth,
 * loopback only), stopped and removed after. PostgreSQL refuses to run as root, so under root the
 * cluster's programs run as the `postgres` system user (`runuser`), which then owns the folder.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { freePort } from './free-port';
import type { PostgresProgram } from './postgres-binaries';

export interface TempCluster {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database: string): string;
  dir: string;
  stop(): void;
}

/** The uid and gid of the `postgres` user, for a root run. */
function postgresUser(): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

export async function startTempCluster(programs: Record<PostgresProgram, string>): Promise<TempCluster> {
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'santap-cluster-'));
  const data = join(dir, 'data');
  if (asRoot) {
    const { uid, gid } = postgresUser();
    chownSync(dir, uid, gid);
  }
  const run = (program: PostgresProgram, args: string[]) => {
    const [command, full] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', programs[program], ...args]]
      : [programs[program], args];
    execFileSync(command, full, { stdio: ['ignore', 'pipe', 'pipe'] });
  };
  const port = await freePort();
  run('initdb', ['--pgdata', data, '--username=postgres', '--auth=trust', '--encoding=UTF8', '--locale=C']);
  run('pg_ctl', [
    '--pgdata',
    data,
    '--log',
    join(dir, 'postgres.log'),
    '--wait',
    '--options',
    `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c fsync=off`,
    'start',
  ]);
  let stopped = false;
  return {
    dir,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['--pgdata', data, '--mode=fast', '--wait', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
