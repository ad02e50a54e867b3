/** CPU time the benches read from /proc (Linux): what one request costs each process, not its wait. */
import { readFileSync } from 'node:fs';
import type pg from 'pg';

/** CPU milliseconds (user + system) of a process so far, from /proc (Linux; 100 ticks a second). */
export function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * CPU milliseconds of the PostgreSQL backends connected to database `name` (the API's pooled
 * connections; the asking connection's own is left out). PostgreSQL on this machine only.
 */
export async function backendsCpuMs(client: pg.Client, name: string): Promise<number> {
  const { rows } = await client.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [name],
  );
  return rows.reduce((sum, row) => sum + cpuMs(row.pid), 0);
}
