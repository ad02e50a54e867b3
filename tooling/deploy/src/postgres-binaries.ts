/**
 * PostgreSQL's own programs for a second cluster on this machine (initdb, pg_ctl) and for the backup
 * (pg_dump, pg_restore): Debian keeps each major version's in /usr/lib/postgresql/<major>/bin. The
 * newest there that is at least the running server's major is taken (pg_dump refuses an older one).
 * Nothing is installed: when they are missing, the error says how.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const POSTGRES_PROGRAMS = ['initdb', 'pg_ctl', 'pg_dump', 'pg_restore'] as const;
export type PostgresProgram = (typeof POSTGRES_PROGRAMS)[number];

export class MissingPostgresPrograms extends Error {
  constructor(serverMajor: number, found: string) {
    super(
      `PostgreSQL ${serverMajor}'s own programs (${POSTGRES_PROGRAMS.join(', ')}) are not on this machine` +
        ` (${found}). Nothing was installed. On Debian or Ubuntu:\n` +
        `  sudo apt-get install postgresql-${serverMajor}\n` +
        `(it also installs a server service; 'sudo systemctl disable --now postgresql' if you do not want it),` +
        ` then run pnpm test:deploy again.`,
    );
    this.name = 'MissingPostgresPrograms';
  }
}

/** The folder of each program, for a server of major version `serverMajor`. */
export function postgresPrograms(
  serverMajor: number,
  root = '/usr/lib/postgresql',
): Record<PostgresProgram, string> {
  const majors = existsSync(root)
    ? readdirSync(root)
        .map(Number)
        .filter((major) => Number.isInteger(major) && major >= serverMajor)
        .sort((a, b) => b - a)
    : [];
  for (const major of majors) {
    const bin = join(root, String(major), 'bin');
    if (POSTGRES_PROGRAMS.every((program) => existsSync(join(bin, program)))) {
      return Object.fromEntries(POSTGRES_PROGRAMS.map((p) => [p, join(bin, p)])) as Record<
        PostgresProgram,
        string
      >;
    }
  }
  const found = existsSync(root)
    ? `${root} holds ${readdirSync(root).join(', ') || 'nothing'}`
    : `no ${root}`;
  throw new MissingPostgresPrograms(serverMajor, found);
}
